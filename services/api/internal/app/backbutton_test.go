package app_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
)

// TestDemoPartnerGetsTheBackButton: visitors coming from the demonstration photo partner see the account shell's
// back button like those of the configured partners (spec 000 §2); without the demonstration, only those.
func TestDemoPartnerGetsTheBackButton(t *testing.T) {
	referrers := func(s *apitest.Service) []string {
		rec := s.Do(apitest.Request{Method: http.MethodGet, Target: "/rest/v1/metadata"})
		require.Equal(t, http.StatusOK, rec.Code)
		var m struct {
			BackButtonReferrers []string `json:"backButtonReferrers"`
		}
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &m))
		return m.BackButtonReferrers
	}
	with := referrers(apitest.New(t))
	require.Contains(t, with, "https://photo.example.com")
	require.Contains(t, with, "http://portal.test/partner/fotoservice/")
	without := referrers(apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.SSO.DemoPartner = false })))
	require.NotContains(t, without, "http://portal.test/partner/fotoservice/")
}
