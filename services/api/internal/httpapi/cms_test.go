package httpapi_test

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/content"
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
		// wantServed is the document sent in place of the one asked for (Content-Location).
		wantServed string
	}{
		{name: "german", target: "/cms/portal/de_DE.json", wantStatus: http.StatusOK, wantText: "Anmeldedaten"},
		{name: "english", target: "/cms/portal/en_GB.json", wantStatus: http.StatusOK, wantText: "Login details"},
		{name: "default", target: "/cms/default.json", wantStatus: http.StatusOK, wantText: "Impressum"},
		// A 404 names the parameter without a document, as every error names what is at fault (QA robustness round of
		// 2026-11-30: it named nothing).
		{name: "unknown language", target: "/cms/portal/it_IT.json", wantStatus: http.StatusNotFound, wantField: "file"},
		{name: "unknown locale", target: "/cms/portal/xx_XX.json", wantStatus: http.StatusNotFound, wantField: "file"},
		{name: "unknown content set", target: "/cms/shop/de_DE.json", wantStatus: http.StatusNotFound, wantField: "cmsId"},
		{name: "language without country is its first locale", target: "/cms/portal/de.json", wantStatus: http.StatusOK, wantText: "Anmeldedaten", wantServed: "/cms/portal/de_DE.json"},
		// A locale without a document of its own gets its language's, not the 404 after which the apps show
		// default.json's German (QA content round).
		{name: "locale without a document is its language's", target: "/cms/portal/en_IE.json", wantStatus: http.StatusOK, wantText: "Login details", wantServed: "/cms/portal/en_GB.json"},
		{name: "a language's locales in the configured order", target: "/cms/portal/fr_CH.json", wantStatus: http.StatusOK, wantServed: "/cms/portal/fr_FR.json"},
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
			require.Equal(t, tc.wantServed, rec.Header().Get("Content-Location"))
			// Revalidated every time, as metadata is: after a release, no five minutes of old content beside the
			// new metadata (QA content round).
			require.Equal(t, "no-cache", rec.Header().Get("Cache-Control"))
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
	dir := contentDir(t, map[string]string{
		"portal/fr_FR.json": strings.Replace(shipped(t, "portal/fr_FR.json"), `"copyright": "`, `"copyright": "Tous droits réservés. `, 1),
		"README.md":         "Content of the French market, from the CMS export.",
	})
	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Content.Dir = dir }))

	rec := svc.Get("/cms/portal/fr_FR.json")
	require.Equal(t, http.StatusOK, rec.Code)
	require.Contains(t, rec.Body.String(), "Tous droits")
	require.Equal(t, http.StatusOK, svc.Get("/cms/portal/de_DE.json").Code, "embedded files remain")

	// Start-up says what it loaded, and what it skipped (QA content round: nothing did).
	loaded := svc.Logs.FilterMessage("content loaded").All()
	require.Len(t, loaded, 1)
	fields := loaded[0].ContextMap()
	require.Equal(t, map[string]int{"portal": 11}, fields["documents"])
	require.Equal(t, []any{"portal/fr_FR.json"}, fields["fromContentDir"])
	ignored := svc.Logs.FilterMessage("content.dir: file ignored, not a content document").All()
	require.Len(t, ignored, 1)
	require.Equal(t, "README.md", ignored[0].ContextMap()["file"])
}

// TestCMSContentDirFromAConfigMap: a projected volume mounted as content.dir, as the kubelet lays it out (the
// visible portal/ a link through ..data to a hidden timestamped folder), is served; its linked folder was logged as
// an ignored file and its documents never read (2026-11-30).
func TestCMSContentDirFromAConfigMap(t *testing.T) {
	dir := t.TempDir()
	stamp := filepath.Join(dir, "..2026_11_30_01_02_03.123456789")
	french := strings.Replace(shipped(t, "portal/fr_FR.json"), `"copyright": "`, `"copyright": "Contenu du ConfigMap. `, 1)
	require.NoError(t, os.MkdirAll(filepath.Join(stamp, "portal"), 0o750))
	require.NoError(t, os.WriteFile(filepath.Join(stamp, "portal", "fr_FR.json"), []byte(french), 0o600))
	require.NoError(t, os.Symlink(filepath.Base(stamp), filepath.Join(dir, "..data")))
	require.NoError(t, os.Symlink(filepath.Join("..data", "portal"), filepath.Join(dir, "portal")))
	svc := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Content.Dir = dir }))

	rec := svc.Get("/cms/portal/fr_FR.json")
	require.Equal(t, http.StatusOK, rec.Code)
	require.Contains(t, rec.Body.String(), "Contenu du ConfigMap")
	loaded := svc.Logs.FilterMessage("content loaded").All()
	require.Len(t, loaded, 1)
	require.Equal(t, []any{"portal/fr_FR.json"}, loaded[0].ContextMap()["fromContentDir"])
	require.Empty(t, svc.Logs.FilterMessage("content.dir: file ignored, not a content document").All())
}

// shipped is an embedded content file.
func shipped(t *testing.T, name string) string {
	t.Helper()
	raw, err := fs.ReadFile(content.Embedded(), name)
	require.NoError(t, err)
	return string(raw)
}

// contentDir writes files into a new content.dir.
func contentDir(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o750))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600))
	}
	return dir
}

// TestContentMeetsTheConfiguration: start-up refuses content the configuration or the apps cannot use, naming
// the file, the entry and the field (QA content round), every problem at once.
func TestContentMeetsTheConfiguration(t *testing.T) {
	german := shipped(t, "portal/de_DE.json")
	withoutCentre := german[:strings.Index(german, `,
  "preferenceCentre"`)] + "\n}"
	tests := []struct {
		name      string
		files     map[string]string
		configure func(c *config.Config)
		wantErr   []string
	}{
		{
			name:      "a market language without its document",
			configure: func(c *config.Config) { c.Metadata.Locales = append(c.Metadata.Locales, "de_AT", "it_IT") },
			wantErr: []string{
				"content: portal/de_AT.json: missing: metadata.locales lists de_AT, whose shoppers would read default.json's content",
				"content: portal/it_IT.json: missing: metadata.locales lists it_IT",
			},
		},
		{
			name:      "a cms id without content",
			configure: func(c *config.Config) { c.Metadata.CMS.ID = "portal-be" },
			wantErr:   []string{`content: metadata.cms.id "portal-be" names no content set: there is no portal-be/<language>.json (content sets: portal)`},
		},
		{
			name: "a picture no app serves",
			files: map[string]string{"portal/nl_BE.json": strings.NewReplacer(
				"/images/tile-organic.svg", "/images/tile-bio.svg",
				"/images/sso-travel.svg", "/images/sso-reizen.svg",
				"/logo.svg", "/images/logo.png",
			).Replace(shipped(t, "portal/nl_BE.json"))},
			wantErr: []string{
				"content: portal/nl_BE.json: header.logo.src: the apps load /images/logo.png, which is no file they serve",
				`content: portal/nl_BE.json: components.SsoClientsOverview.items[1].image (id "travel"): the apps load /images/sso-reizen.svg, which is no file they serve`,
				`content: portal/nl_BE.json: preferenceCentre.tabs[1].items[0].icon (id "organic"): the apps load /images/tile-bio.svg`,
			},
		},
		{
			name: "a partner picture without its renditions",
			files: map[string]string{
				"portal/nl_BE.json": strings.Replace(shipped(t, "portal/nl_BE.json"), "/images/sso-travel.svg", "/images/tile-wine.svg", 1),
			},
			wantErr: []string{`components.SsoClientsOverview.items[1].image (id "travel"): the apps load /images/tile-wine-233w.png, which is no file they serve`},
		},
		{
			name:    "a document of the centre without its section",
			files:   map[string]string{"portal/pl_PL.json": withoutCentre, "default.json": withoutCentre},
			wantErr: []string{"content: default.json: preferenceCentre: required", "content: portal/pl_PL.json: preferenceCentre: required: the preference centre (metadata.marketingPreferenceCenter) shows this document"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := config.Default()
			cfg.Content.Dir = contentDir(t, tc.files)
			if tc.configure != nil {
				tc.configure(&cfg)
			}
			_, err := httpapi.New(httpapi.Deps{Config: cfg, Apps: apitest.TestApps()})
			require.ErrorIs(t, err, content.ErrInvalid)
			for _, want := range tc.wantErr {
				require.ErrorContains(t, err, want)
			}
			require.Len(t, strings.Split(err.Error(), "\n"), len(tc.wantErr), err.Error())
		})
	}

	t.Run("without the centre, its section is optional", func(t *testing.T) {
		cfg := config.Default()
		cfg.Content.Dir = contentDir(t, map[string]string{"portal/pl_PL.json": withoutCentre})
		cfg.Metadata.MarketingPreferenceCenter.APIKey = ""
		_, err := httpapi.New(httpapi.Deps{Config: cfg, Apps: apitest.TestApps()})
		require.ErrorContains(t, err, "the Identity service is required", "content passes; the next check fails")
	})
}

// TestMissingPictureIsNotAPage: a picture the content names that is not there answers 404, never the app's page
// with 200, which showed as a broken picture (QA content round); pages still get the app.
func TestMissingPictureIsNotAPage(t *testing.T) {
	svc := apitest.New(t)
	for _, target := range []string{"/images/tile-gone.svg", "/preferences/images/tile-gone.svg"} {
		rec := svc.Get(target)
		require.Equal(t, http.StatusNotFound, rec.Code, target)
		require.NotContains(t, rec.Header().Get("Content-Type"), "text/html", target)
	}
	require.Equal(t, http.StatusOK, svc.Get("/images/tile-organic.svg").Code)
	page := svc.Get("/personaldata")
	require.Equal(t, http.StatusOK, page.Code)
	require.Contains(t, page.Body.String(), "account portal")
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
