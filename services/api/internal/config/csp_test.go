package config_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/config"
)

func TestThirdPartySettingsAreChecked(t *testing.T) {
	for name, tc := range map[string]struct {
		env  map[string]string
		want string
	}{
		"launch URL over plain http": {map[string]string{"PORTAL_METADATA_ADOBETAGMANAGER_LAUNCHURL": "http://assets.adobedtm.com/x.js"}, "metadata.adobeTagManager.launchUrl"},
		"settings id with a quote":   {map[string]string{"PORTAL_METADATA_USERCENTRICS_SETTINGSID": "a'b"}, "metadata.userCentrics.settingsId"},
		"source that breaks out":     {map[string]string{"PORTAL_HTTP_CSP_TAGMANAGER": "https://x.example; script-src *"}, "http.csp"},
		"referrer without scheme":    {map[string]string{"PORTAL_METADATA_BACKBUTTONREFERRERS": "photo.example.com"}, "metadata.backButtonReferrers"},
	} {
		t.Run(name, func(t *testing.T) {
			isolate(t)
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			_, err := config.Load(config.Sources{})
			require.ErrorContains(t, err, tc.want)
		})
	}
}
