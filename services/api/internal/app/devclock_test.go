package app_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

func advance(s *apitest.Service, body string) *http.Response {
	rec := s.Do(apitest.Request{Method: http.MethodPost, Target: "/dev/clock", Body: body,
		Header: map[string]string{"Content-Type": "application/json"}})
	return rec.Result()
}

func TestDevClockMovesTheIdentityProvidersTime(t *testing.T) {
	s := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Dev.Clock.Enabled = true }))
	require.NotNil(t, s.App.Clock)
	ctx := context.Background()
	register := func(regToken string) int {
		t.Helper()
		r, err := s.App.Identity.Register(ctx, embedded.Caller{}, embedded.RegisterParams{
			Email: "clock-" + regToken[:8] + "@example.com", Password: "Secret-Passw0rd", RegToken: regToken})
		require.NoError(t, err)
		return r.ErrorCode
	}

	early, err := s.App.Identity.InitRegistration(ctx, embedded.Caller{})
	require.NoError(t, err)

	res := advance(s, `{"advance":"61m"}`)
	require.Equal(t, http.StatusOK, res.StatusCode)
	var state struct {
		Offset        string  `json:"offset"`
		OffsetSeconds float64 `json:"offsetSeconds"`
	}
	require.NoError(t, json.NewDecoder(res.Body).Decode(&state))
	require.Equal(t, "1h1m0s", state.Offset)
	require.InDelta(t, 3660, state.OffsetSeconds, 0.001)

	require.Equal(t, contract.CodeInvalidParameter, register(early.RegToken), "the regToken expired an hour after it was issued")
	fresh, err := s.App.Identity.InitRegistration(ctx, embedded.Caller{})
	require.NoError(t, err)
	require.Equal(t, contract.CodePendingRegistration, register(fresh.RegToken), "a regToken issued after the step is valid")

	res = advance(s, `{"advanceSeconds":900}`)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Equal(t, 76*time.Minute, s.App.Clock.Offset())

	for _, body := range []string{`{}`, `{"advance":"-5m"}`, `{"advance":"soon"}`, `{"advance":"1m","advanceSeconds":60}`, `not json`} {
		require.Equal(t, http.StatusBadRequest, advance(s, body).StatusCode, body)
	}
	require.Equal(t, 76*time.Minute, s.App.Clock.Offset(), "refused steps do not move the clock")

	rec := s.Get("/dev/clock")
	require.Equal(t, http.StatusOK, rec.Code)
	require.Contains(t, rec.Body.String(), `"offset":"1h16m0s"`)
}

// Preference-centre links age on the same clock: a QA engineer who moves it past a link's expiry (and the 30 s
// leeway) sees the link refused, as a shopper would once the time has really passed.
func TestDevClockExpiresPreferenceCentreLinks(t *testing.T) {
	s := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Dev.Clock.Enabled = true }))
	// Minted as `portal link` mints, on the wall clock of another process.
	tokens, err := app.SubscriberTokens(context.Background(), s.Config, s.DB, nil)
	require.NoError(t, err)
	link, _, err := tokens.Mint(identity.Email("clock-link@example.com"), time.Minute)
	require.NoError(t, err)
	exchange := func() int {
		return s.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/regToken/jwt",
			Body: url.Values{"jwt": {link}}.Encode(), Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}}).Code
	}

	require.Equal(t, http.StatusOK, exchange())
	require.Equal(t, http.StatusOK, advance(s, `{"advance":"1m"}`).StatusCode)
	require.Equal(t, http.StatusOK, exchange(), "within the leeway after its expiry")
	require.Equal(t, http.StatusOK, advance(s, `{"advance":"31s"}`).StatusCode)
	require.Equal(t, http.StatusUnauthorized, exchange(), "expired on the development clock")
}

func TestDevClockIsAbsentUnlessEnabledOutsideProduction(t *testing.T) {
	for name, configure := range map[string]func(*config.Config){
		"disabled (the default)": func(*config.Config) {},
		"production":             func(c *config.Config) { c.Env = config.EnvProduction },
	} {
		t.Run(name, func(t *testing.T) {
			s := apitest.New(t, apitest.WithConfig(configure))
			require.Nil(t, s.App.Clock)
			res := advance(s, `{"advance":"15m"}`)
			require.Contains(t, []int{http.StatusNotFound, http.StatusMethodNotAllowed}, res.StatusCode)
		})
	}
}

// TestJobLeasesKeepTheWallClock: with the development clock a year ahead, the sweep's lease still ends on the
// wall clock's time, so a later process on the real clock can take it (QA operations round: the lease, stamped on
// the moved clock, kept every later process from sweeping for a year).
func TestJobLeasesKeepTheWallClock(t *testing.T) {
	s := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Dev.Clock.Enabled = true }))
	require.Equal(t, http.StatusOK, advance(s, `{"advance":"8760h"}`).StatusCode)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); s.App.Run(ctx) }()
	var until int64
	require.Eventually(t, func() bool {
		return s.DB.QueryRowContext(context.Background(), `SELECT until FROM job_leases WHERE name = 'sweep'`).Scan(&until) == nil
	}, 5*time.Second, 10*time.Millisecond)
	cancel()
	<-done
	require.Less(t, time.UnixMilli(until), time.Now().Add(time.Hour), "the lease ends within the sweep interval of the wall clock")
}
