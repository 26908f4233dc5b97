package app_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/qamode"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

func qaService(t *testing.T) *apitest.Service {
	return apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Metadata.Identity.Provider = "fake" }))
}

func TestQAModeServesTheChosenScenarioWithTheServicesSchemaAndForcedAnswersOnce(t *testing.T) {
	s := qaService(t)
	open := s.Get("/dev/qa/open?scenario=outage&force=login:206006&force=getAccountInfo-403005&target=/registration")
	require.Equal(t, http.StatusSeeOther, open.Code, open.Body.String())
	require.Equal(t, "/registration", open.Header().Get("Location"))
	cookies := open.Result().Cookies()
	require.Len(t, cookies, 2)
	header := map[string]string{"Cookie": cookies[0].Name + "=" + cookies[0].Value + "; " + cookies[1].Name + "=" + cookies[1].Value}

	rec := s.Do(apitest.Request{Target: qamode.ScenarioPath, Header: header})
	require.Equal(t, http.StatusOK, rec.Code)
	require.Equal(t, "no-store", rec.Header().Get("Cache-Control"))
	var doc struct {
		Name                    string `json:"name"`
		Outage                  bool   `json:"outage"`
		ServiceSubscriberTokens bool   `json:"serviceSubscriberTokens"`
		Schema                  struct {
			ProfileSchema struct {
				Fields map[string]struct{ Required bool } `json:"fields"`
			} `json:"profileSchema"`
		} `json:"schema"`
		Policies      map[string]any        `json:"policies"`
		Consent       map[string]any        `json:"consent"`
		ForcedAnswers []qamode.ForcedAnswer `json:"forcedAnswers"`
	}
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &doc))
	require.Equal(t, "outage", doc.Name)
	require.True(t, doc.Outage)
	require.True(t, doc.ServiceSubscriberTokens)
	require.True(t, doc.Schema.ProfileSchema.Fields["firstName"].Required, "the service's own schema: first name required")
	require.Contains(t, doc.Policies, "passwordComplexity")
	require.Contains(t, doc.Consent, "terms.customeraccount")
	require.Equal(t, []string{"login", "getAccountInfo"}, []string{doc.ForcedAnswers[0].Method, doc.ForcedAnswers[1].Method})
	cleared := rec.Result().Cookies()
	require.Len(t, cleared, 1)
	require.Equal(t, -1, cleared[0].MaxAge, "forced answers are for one page load")
}

func TestQAModeOpenRefusesWhatItCannotUse(t *testing.T) {
	s := qaService(t)
	for target, want := range map[string]string{
		"/dev/qa/open?scenario=nope":                               "is not one of default, outage",
		"/dev/qa/open?force=login:abc":                             "the code must be a number",
		"/dev/qa/open?target=" + url.QueryEscape("//evil.example"): "a path on this site",
	} {
		rec := s.Get(target)
		require.Equal(t, http.StatusBadRequest, rec.Code, target)
		require.Contains(t, rec.Body.String(), want, target)
	}
}

func TestQAModeTokenExchangeAnswersATokenTheFakeAdoptsAndRemindersAreSeeded(t *testing.T) {
	s := qaService(t)
	link, _, err := tokensOf(t, s).Mint("reminders@qa.example", time.Hour)
	require.NoError(t, err)
	rec := s.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/regToken/jwt", Body: "jwt=" + link,
		Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	require.Contains(t, rec.Body.String(), `"regToken":"`+qamode.SubscriberToken("reminders@qa.example")+`"`)

	search := s.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/productreminder/search", Body: `{"authToken":"` + link + `"}`,
		Header: map[string]string{"Content-Type": "application/json"}})
	require.Equal(t, http.StatusOK, search.Code, search.Body.String())
	require.Equal(t, 3, strings.Count(search.Body.String(), `"reminderId"`))
}

func TestQAPanelListsScenariosAccountsAndPresets(t *testing.T) {
	s := qaService(t)
	rec := s.Get(qamode.PanelPath)
	require.Equal(t, http.StatusOK, rec.Code)
	body := rec.Body.String()
	for _, want := range []string{"unverified@qa.example", "locked@qa.example", "Scenario “outage”", "login: account not activated", "/preferences/token/"} {
		require.Contains(t, body, want)
	}
}

func TestQAModeIsAbsentWithTheEmbeddedProvider(t *testing.T) {
	s := apitest.New(t)
	require.Equal(t, http.StatusNotFound, s.Get(qamode.PanelPath).Code)
	// An unknown file at the root is a 404 (never the app's page), so the scenario file is plainly absent.
	require.Equal(t, http.StatusNotFound, s.Get(qamode.ScenarioPath).Code)
}

// tokensOf signs links the way `portal link` does, with the service's keys.
func tokensOf(t *testing.T, s *apitest.Service) *subscribers.Tokens {
	t.Helper()
	tokens, err := app.SubscriberTokens(context.Background(), s.Config, s.DB, nil)
	require.NoError(t, err)
	return tokens
}
