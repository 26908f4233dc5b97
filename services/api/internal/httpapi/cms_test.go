package httpapi_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/httpapi"
)

func TestCMSContent(t *testing.T) {
	svc := apitest.New(t)
	tests := []struct {
		name       string
		target     string
		wantStatus int
		wantField  string
		wantText   string
	}{
		{name: "german", target: "/cms/portal/de_DE.json", wantStatus: http.StatusOK, wantText: "Anmeldedaten"},
		{name: "english", target: "/cms/portal/en_GB.json", wantStatus: http.StatusOK, wantText: "Login details"},
		{name: "default", target: "/cms/default.json", wantStatus: http.StatusOK, wantText: "Impressum"},
		{name: "unknown language", target: "/cms/portal/it_IT.json", wantStatus: http.StatusNotFound},
		{name: "unknown content set", target: "/cms/shop/de_DE.json", wantStatus: http.StatusNotFound},
		{name: "language without country unknown", target: "/cms/portal/de.json", wantStatus: http.StatusNotFound},
		{name: "upper-case cms id", target: "/cms/Portal/de_DE.json", wantStatus: http.StatusBadRequest, wantField: "cmsId"},
		{name: "dot-dot cms id", target: "/cms/../de_DE.json", wantStatus: http.StatusBadRequest, wantField: "cmsId"},
		{name: "encoded dot-dot cms id", target: "/cms/%2e%2e/de_DE.json", wantStatus: http.StatusBadRequest, wantField: "cmsId"},
		{name: "encoded slash in cms id", target: "/cms/portal%2Fx/de_DE.json", wantStatus: http.StatusBadRequest, wantField: "cmsId"},
		{name: "encoded slash in language", target: "/cms/portal/..%2F..%2Fetc%2Fpasswd.json", wantStatus: http.StatusBadRequest, wantField: "file"},
		{name: "too long cms id", target: "/cms/" + string(make41()) + "/de_DE.json", wantStatus: http.StatusBadRequest, wantField: "cmsId"},
		{name: "lower-case country", target: "/cms/portal/de_de.json", wantStatus: http.StatusBadRequest, wantField: "file"},
		{name: "hyphenated locale", target: "/cms/portal/de-DE.json", wantStatus: http.StatusBadRequest, wantField: "file"},
		{name: "missing extension", target: "/cms/portal/de_DE", wantStatus: http.StatusBadRequest, wantField: "file"},
		{name: "other extension", target: "/cms/portal/de_DE.yaml", wantStatus: http.StatusBadRequest, wantField: "file"},
		{name: "too deep", target: "/cms/portal/de_DE/x.json", wantStatus: http.StatusBadRequest, wantField: "file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := svc.Get(tc.target)
			require.Equal(t, tc.wantStatus, rec.Code, rec.Body.String())
			if tc.wantStatus != http.StatusOK {
				body := apitest.ErrorBody(t, rec)
				require.Equal(t, tc.wantField, body.Field)
				return
			}
			require.True(t, json.Valid(rec.Body.Bytes()))
			require.Contains(t, rec.Body.String(), tc.wantText)
			require.Equal(t, "public, max-age=300", rec.Header().Get("Cache-Control"))
			require.Regexp(t, `^"[0-9a-f]+"$`, rec.Header().Get("ETag"))
		})
	}
}

func make41() []byte {
	b := make([]byte, 41)
	for i := range b {
		b[i] = 'a'
	}
	return b
}

func TestCMSConditionalRequests(t *testing.T) {
	svc := apitest.New(t)
	first := svc.Get("/cms/portal/de_DE.json")
	require.Equal(t, http.StatusOK, first.Code)
	etag := first.Header().Get("ETag")

	tests := []struct {
		name        string
		ifNoneMatch string
		wantStatus  int
	}{
		{"matching etag", etag, http.StatusNotModified},
		{"weak form of the etag", "W/" + etag, http.StatusNotModified},
		{"one of several", `"other", ` + etag, http.StatusNotModified},
		{"other etag", `"something-else"`, http.StatusOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := svc.Do(apitest.Request{Target: "/cms/portal/de_DE.json", Header: map[string]string{"If-None-Match": tc.ifNoneMatch}})
			require.Equal(t, tc.wantStatus, rec.Code)
			if tc.wantStatus == http.StatusNotModified {
				require.Empty(t, rec.Body.Bytes())
				require.Equal(t, etag, rec.Header().Get("ETag"))
			}
		})
	}
}

func TestCMSContentDirOverrides(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "portal"), 0o750))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "portal", "fr_FR.json"),
		[]byte(`{"header":{"logo":{"src":"/logo.svg","alt":"Logo"},"homeUrl":"/"},"footer":{"copyright":"Tous droits réservés"},"simpleFooter":{"footerLinks":[]},"components":{"accountPage":{"accountLinks":[]}}}`), 0o600))
	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Content.Dir = dir }))

	rec := svc.Get("/cms/portal/fr_FR.json")
	require.Equal(t, http.StatusOK, rec.Code)
	require.Contains(t, rec.Body.String(), "Tous droits")
	require.Equal(t, http.StatusOK, svc.Get("/cms/portal/de_DE.json").Code, "embedded files remain")
}

func TestInvalidContentStopsStartUp(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "portal"), 0o750))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "portal", "de_DE.json"), []byte(`{"header":{}}`), 0o600))
	cfg := config.Default()
	cfg.Content.Dir = dir
	_, err := httpapi.New(httpapi.Deps{Config: cfg, Apps: apitest.TestApps()})
	require.ErrorContains(t, err, `portal/de_DE.json: missing required section "footer"`)
}
