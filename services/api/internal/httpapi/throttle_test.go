package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
)

// TestMailSendingCallsAreThrottled: every call that makes the service send mail counts per account and per
// client address (identity.embedded.mailLimits); past a limit it answers 400125 (429 on the REST endpoint) and
// sends nothing (issue 15).
func TestMailSendingCallsAreThrottled(t *testing.T) {
	t.Run("per account", func(t *testing.T) {
		svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
			c.Identity.Embedded.MailLimits = config.IdentityMailLimits{PerAccount: 3, PerAddress: 100, Window: config.Default().Identity.Embedded.MailLimits.Window}
		}))
		registerUnverified(t, svc, "eva@example.com")
		for i := 0; i < 3; i++ {
			env := identityCall(t, svc, "resendVerificationCode", map[string]any{"email": "eva@example.com"})
			require.EqualValues(t, 0, env["errorCode"], "mail %d", i+1)
		}
		env := identityCall(t, svc, "resendVerificationCode", map[string]any{"email": "eva@example.com"})
		require.EqualValues(t, 400125, env["errorCode"], "the fourth mail within the hour is refused")
		rec := svc.Do(apitest.Request{Method: http.MethodPut, Target: "/rest/v1/account/registration/verification-email",
			Body: url.Values{"email": {"eva@example.com"}}.Encode(), Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
		require.Equal(t, http.StatusTooManyRequests, rec.Code, rec.Body.String())
		mails, err := svc.App.Outbox.Latest(t.Context(), "eva@example.com", 10)
		require.NoError(t, err)
		require.Len(t, mails, 4, "the registration mail and three resent ones")
		env = identityCall(t, svc, "resetPassword", map[string]any{"loginID": "eva@example.com"})
		require.EqualValues(t, 400125, env["errorCode"], "a reset request counts against the same account")

		// An address without a registration answers the same way, 201 and then 429, so that the limit does not
		// tell it from a pending one (QA security round).
		statuses := []int{}
		for i := 0; i < 4; i++ {
			rec := svc.Do(apitest.Request{Method: http.MethodPut, Target: "/rest/v1/account/registration/verification-email",
				Body: url.Values{"email": {"nobody@example.com"}}.Encode(), Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
			statuses = append(statuses, rec.Code)
		}
		require.Equal(t, []int{http.StatusCreated, http.StatusCreated, http.StatusCreated, http.StatusTooManyRequests}, statuses)
	})
	t.Run("per client address", func(t *testing.T) {
		svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
			c.Identity.Embedded.MailLimits = config.IdentityMailLimits{PerAccount: 100, PerAddress: 2, Window: config.Default().Identity.Embedded.MailLimits.Window}
		}))
		registerUnverified(t, svc, "eva@example.com")
		registerUnverified(t, svc, "max@example.com")
		resend := func(email, from string) float64 {
			rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.resendVerificationCode", RemoteAddr: from,
				Body: `{"email":"` + email + `"}`, Header: map[string]string{"Content-Type": "application/json"}})
			require.Equal(t, http.StatusOK, rec.Code)
			return decode(t, rec.Body.Bytes())["errorCode"].(float64)
		}
		require.EqualValues(t, 0, resend("eva@example.com", "192.0.2.1:1000"))
		require.EqualValues(t, 0, resend("max@example.com", "192.0.2.1:1001"))
		require.EqualValues(t, 400125, resend("eva@example.com", "192.0.2.1:1002"), "a third mail from the same address")
		require.EqualValues(t, 0, resend("eva@example.com", "198.51.100.4:1000"), "another address is not affected")
	})
}

// The machine itself is left out of the per-address limit only outside production, and the service says so
// when it starts; in production a loopback caller counts like any other (issue 15).
func TestTheLoopbackMailExemptionIsForDevelopmentOnly(t *testing.T) {
	for _, tc := range []struct {
		env    string
		exempt bool
	}{{config.EnvDevelopment, true}, {config.EnvProduction, false}} {
		t.Run(tc.env, func(t *testing.T) {
			svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) {
				c.Env = tc.env
				c.Identity.Embedded.MailLimits = config.IdentityMailLimits{PerAccount: 100, PerAddress: 2, Window: time.Hour, ExemptLoopback: true}
			}))
			require.Equal(t, tc.exempt, svc.Config.LoopbackMailExemption())
			warned := svc.Logs.FilterMessageSnippet("exempt from the per-address limit").Len()
			require.Equal(t, tc.exempt, warned == 1, "the start-up warning appears exactly when the exemption is active")
			registerUnverified(t, svc, "eva@example.com")
			codes := []float64{}
			for i := 0; i < 3; i++ {
				rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.resendVerificationCode", RemoteAddr: "127.0.0.1:4000",
					Body: `{"email":"eva@example.com"}`, Header: map[string]string{"Content-Type": "application/json"}})
				require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
				codes = append(codes, decode(t, rec.Body.Bytes())["errorCode"].(float64))
			}
			if tc.exempt {
				require.Equal(t, []float64{0, 0, 0}, codes)
			} else {
				require.Equal(t, []float64{0, 0, 400125}, codes, "in production the third mail from 127.0.0.1 is refused")
			}
		})
	}
}

func decode(t *testing.T, body []byte) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(body, &m), string(body))
	return m
}
