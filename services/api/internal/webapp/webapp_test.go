package webapp_test

import (
	"cmp"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/webapp"
)

func testFS() fstest.MapFS {
	return fstest.MapFS{
		"account-portal/index.html":                {Data: []byte("<html>account</html>")},
		"account-portal/favicon.svg":               {Data: []byte("<svg/>")},
		"account-portal/images/sso-photo.svg":      {Data: []byte("<svg/>")},
		"account-portal/images/sso-photo-286w.png": {Data: []byte("\x89PNG")},
		"account-portal/assets/index-abc123.js":    {Data: []byte("console.log(1)")},
		"preference-centre/index.html":             {Data: []byte("<html>preferences</html>")},
		"preference-centre/assets/main-def.css":    {Data: []byte("body{}")},
		"preference-centre/images/sso-photo.svg":   {Data: []byte("<svg/>")},
	}
}

func TestResolve(t *testing.T) {
	tests := []struct {
		name      string
		hosts     webapp.Hosts
		host      string
		path      string
		wantApp   webapp.App
		wantBody  string
		wantCache string
		wantType  string
		wantErr   error
	}{
		{name: "root is the account portal", host: "localhost:8080", path: "/", wantApp: webapp.AccountPortal, wantBody: "<html>account</html>", wantCache: webapp.CacheRevalidate, wantType: "text/html; charset=utf-8"},
		{name: "client route falls back to index", host: "localhost", path: "/personaldata", wantApp: webapp.AccountPortal, wantBody: "<html>account</html>", wantCache: webapp.CacheRevalidate},
		{name: "root static file", host: "localhost", path: "/favicon.svg", wantApp: webapp.AccountPortal, wantBody: "<svg/>", wantCache: webapp.CacheRevalidate, wantType: "image/svg+xml"},
		{name: "picture source revalidates", host: "localhost", path: "/images/sso-photo.svg", wantApp: webapp.AccountPortal, wantCache: webapp.CacheRevalidate},
		{name: "raster variant of a picture is kept long", host: "localhost", path: "/images/sso-photo-286w.png", wantApp: webapp.AccountPortal, wantCache: webapp.CacheImageVariant, wantType: "image/png"},
		{name: "hashed asset is immutable", host: "localhost", path: "/assets/index-abc123.js", wantApp: webapp.AccountPortal, wantCache: webapp.CacheImmutable, wantType: "text/javascript; charset=utf-8"},
		{name: "missing asset", host: "localhost", path: "/assets/gone.js", wantErr: webapp.ErrNotFound},
		{name: "missing asset under nested route", host: "localhost", path: "/registration/assets/x.js", wantErr: webapp.ErrNotFound},
		// A picture the CMS content names that is not there: not found, never the app's page (QA content round).
		{name: "missing picture", host: "localhost", path: "/images/tile-gone.svg", wantErr: webapp.ErrNotFound},
		{name: "missing picture deeper down", host: "localhost", path: "/images/new/tile.svg", wantErr: webapp.ErrNotFound},
		{name: "missing picture on the centre's host", hosts: webapp.Hosts{PreferenceCentre: "prefs.example.com"}, host: "prefs.example.com", path: "/images/tile-gone.svg", wantErr: webapp.ErrNotFound},
		{name: "missing picture under the centre's base", host: "localhost", path: "/preferences/images/tile-gone.svg", wantErr: webapp.ErrNotFound},
		{name: "the centre's picture on its host", hosts: webapp.Hosts{PreferenceCentre: "prefs.example.com"}, host: "prefs.example.com", path: "/images/sso-photo.svg", wantApp: webapp.PreferenceCentre, wantBody: "<svg/>"},
		{name: "a route named like no folder is a page", host: "localhost", path: "/images-of-me", wantApp: webapp.AccountPortal, wantBody: "<html>account</html>"},
		{name: "preferences root", host: "localhost", path: "/preferences", wantApp: webapp.PreferenceCentre, wantBody: "<html>preferences</html>"},
		{name: "preferences route", host: "localhost", path: "/preferences/error/notfound", wantApp: webapp.PreferenceCentre, wantBody: "<html>preferences</html>"},
		{name: "preferences asset", host: "localhost", path: "/preferences/assets/main-def.css", wantApp: webapp.PreferenceCentre, wantCache: webapp.CacheImmutable, wantType: "text/css; charset=utf-8"},
		{name: "unsubscribe success", host: "localhost", path: "/unsubscribe-success", wantApp: webapp.PreferenceCentre, wantBody: "<html>preferences</html>"},
		{name: "look-alike prefix is the account portal", host: "localhost", path: "/preferencesx", wantApp: webapp.AccountPortal},
		{name: "dot segments are cleaned", host: "localhost", path: "/preferences/../assets/index-abc123.js", wantApp: webapp.AccountPortal, wantCache: webapp.CacheImmutable},
		{name: "bound preference host serves any path", hosts: webapp.Hosts{PreferenceCentre: "prefs.example.com"}, host: "PREFS.example.com:443", path: "/error/notfound", wantApp: webapp.PreferenceCentre, wantBody: "<html>preferences</html>"},
		{name: "bound preference host: its paths elsewhere go there", hosts: webapp.Hosts{PreferenceCentre: "prefs.example.com"}, host: "localhost", path: "/preferences/", wantErr: &webapp.OtherHostError{Host: "prefs.example.com"}},
		{name: "account portal still shared when only preferences bound", hosts: webapp.Hosts{PreferenceCentre: "prefs.example.com"}, host: "localhost", path: "/", wantApp: webapp.AccountPortal},
		{name: "a preference centre link on the account portal's host goes to the centre's", hosts: webapp.Hosts{AccountPortal: "konto.example.com", PreferenceCentre: "prefs.example.com"}, host: "konto.example.com", path: "/preferences/token/abc", wantErr: &webapp.OtherHostError{Host: "prefs.example.com"}},
		{name: "and so does its unsubscribe page", hosts: webapp.Hosts{AccountPortal: "konto.example.com", PreferenceCentre: "prefs.example.com"}, host: "konto.example.com", path: "/unsubscribe-success", wantErr: &webapp.OtherHostError{Host: "prefs.example.com"}},
		{name: "an account page on the centre's host goes to the account portal's", hosts: webapp.Hosts{AccountPortal: "konto.example.com", PreferenceCentre: "prefs.example.com"}, host: "prefs.example.com", path: "/login", wantErr: &webapp.OtherHostError{Host: "konto.example.com"}},
		{name: "and so does the centre host's root", hosts: webapp.Hosts{AccountPortal: "konto.example.com", PreferenceCentre: "prefs.example.com"}, host: "prefs.example.com", path: "/", wantErr: &webapp.OtherHostError{Host: "konto.example.com"}},
		{name: "the centre's own pages stay on its host", hosts: webapp.Hosts{AccountPortal: "konto.example.com", PreferenceCentre: "prefs.example.com"}, host: "prefs.example.com", path: "/preferences/token/abc", wantApp: webapp.PreferenceCentre, wantBody: "<html>preferences</html>"},
		{name: "and so do its error pages", hosts: webapp.Hosts{AccountPortal: "konto.example.com", PreferenceCentre: "prefs.example.com"}, host: "prefs.example.com", path: "/error/notfound", wantApp: webapp.PreferenceCentre, wantBody: "<html>preferences</html>"},
		{name: "the centre host's robots.txt is its own", hosts: webapp.Hosts{AccountPortal: "konto.example.com", PreferenceCentre: "prefs.example.com"}, host: "prefs.example.com", path: "/robots.txt", wantApp: webapp.PreferenceCentre},
		{name: "a missing file there is not found, not a redirect", hosts: webapp.Hosts{AccountPortal: "konto.example.com", PreferenceCentre: "prefs.example.com"}, host: "prefs.example.com", path: "/sitemap.xml", wantErr: webapp.ErrNotFound},
		{name: "a page of a bound account portal asked elsewhere opens on its host", hosts: webapp.Hosts{AccountPortal: "konto.example.com"}, host: "www.example.com", path: "/login/reset-password", wantErr: &webapp.OtherHostError{Host: "konto.example.com"}},
		{name: "and so does its root", hosts: webapp.Hosts{AccountPortal: "konto.example.com"}, host: "other.example.com", path: "/", wantErr: &webapp.OtherHostError{Host: "konto.example.com"}},
		{name: "its files are not served elsewhere", hosts: webapp.Hosts{AccountPortal: "konto.example.com"}, host: "other.example.com", path: "/assets/index-abc123.js", wantErr: webapp.ErrNotFound},
		{name: "nor the host's root files", hosts: webapp.Hosts{AccountPortal: "konto.example.com"}, host: "other.example.com", path: "/robots.txt", wantErr: webapp.ErrNotFound},
		{name: "nor .well-known", hosts: webapp.Hosts{AccountPortal: "konto.example.com"}, host: "other.example.com", path: "/.well-known/change-password", wantErr: webapp.ErrNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			site, err := webapp.New(testFS(), tc.hosts)
			require.NoError(t, err)
			asset, app, err := site.Resolve(tc.host, tc.path, webapp.Visitor{})
			if want, moved := tc.wantErr.(*webapp.OtherHostError); moved {
				var got *webapp.OtherHostError
				require.ErrorAs(t, err, &got)
				require.Equal(t, want.Host, got.Host)
				return
			}
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.wantApp, app)
			if tc.wantBody != "" {
				require.Equal(t, tc.wantBody, string(asset.Body))
			}
			if tc.wantCache != "" {
				require.Equal(t, tc.wantCache, asset.CacheControl)
			}
			if tc.wantType != "" {
				require.Equal(t, tc.wantType, asset.ContentType)
			}
			require.NotEmpty(t, asset.ETag)
		})
	}
}

// TestServes: a site path the CMS content names must be a file of every built app (start-up checks the pictures).
func TestServes(t *testing.T) {
	site, err := webapp.New(testFS(), webapp.Hosts{})
	require.NoError(t, err)
	require.True(t, site.Serves("/images/sso-photo.svg"), "a file of both apps")
	require.False(t, site.Serves("/images/sso-photo-286w.png"), "the centre's build lacks it")
	require.False(t, site.Serves("/images/gone.svg"))
	require.False(t, site.Serves("/personaldata"), "a page is no file")
	require.False(t, site.Serves("/images"), "nor a folder")
	require.True(t, site.Serves("/robots.txt"), "the root files are served as themselves")

	unbuilt, err := webapp.New(fstest.MapFS{}, webapp.Hosts{})
	require.NoError(t, err)
	require.True(t, unbuilt.Serves("/images/gone.svg"), "nothing to check without a build")
}

func TestResolveNotBuilt(t *testing.T) {
	site, err := webapp.New(fstest.MapFS{"account-portal/index.html": {Data: []byte("x")}}, webapp.Hosts{})
	require.NoError(t, err)
	require.True(t, site.Built(webapp.AccountPortal))
	require.False(t, site.Built(webapp.PreferenceCentre))
	_, _, err = site.Resolve("localhost", "/preferences/", webapp.Visitor{})
	require.ErrorIs(t, err, webapp.ErrNotBuilt)
}

func TestEmbeddedLoads(t *testing.T) {
	_, err := webapp.New(webapp.Embedded(), webapp.Hosts{})
	require.NoError(t, err)
}

// TestRootFiles: what browsers and crawlers ask for at the root of a host is answered as itself, never with an
// app's index.html; other file names at the root and anything under /.well-known/ are not found, while client
// routes (a token link with dots in it, too) still get the app.
func TestRootFiles(t *testing.T) {
	shared := webapp.Hosts{}
	ownHosts := webapp.Hosts{AccountPortal: "konto.example.com", PreferenceCentre: "prefs.example.com"}
	tests := []struct {
		name     string
		hosts    webapp.Hosts
		host     string
		path     string
		wantApp  webapp.App
		wantType string
		wantBody string // a fragment
		wantErr  error
	}{
		{name: "robots.txt lets crawlers see the entry pages only", hosts: shared, host: "localhost", path: "/robots.txt",
			wantApp: webapp.AccountPortal, wantType: "text/plain; charset=utf-8", wantBody: "Allow: /login$\nAllow: /registration$\nDisallow: /\n"},
		{name: "the preference centre's own host is closed to crawlers", hosts: ownHosts, host: "prefs.example.com", path: "/robots.txt",
			wantApp: webapp.PreferenceCentre, wantType: "text/plain; charset=utf-8", wantBody: "User-agent: *\nDisallow: /\n"},
		{name: "favicon.ico", hosts: shared, host: "localhost", path: "/favicon.ico", wantApp: webapp.AccountPortal, wantType: "image/x-icon", wantBody: "\x00\x00\x01\x00"},
		{name: "favicon.ico on the preference centre's host", hosts: ownHosts, host: "prefs.example.com", path: "/favicon.ico", wantApp: webapp.PreferenceCentre, wantType: "image/x-icon"},
		{name: "touch icon", hosts: shared, host: "localhost", path: "/apple-touch-icon.png", wantApp: webapp.AccountPortal, wantType: "image/png", wantBody: "\x89PNG"},
		{name: "touch icon, precomposed name", hosts: shared, host: "localhost", path: "/apple-touch-icon-precomposed.png", wantApp: webapp.AccountPortal, wantType: "image/png", wantBody: "\x89PNG"},
		{name: "a file of the app at the root is its own", hosts: shared, host: "localhost", path: "/favicon.svg", wantApp: webapp.AccountPortal, wantBody: "<svg/>"},
		{name: "unknown root file", hosts: shared, host: "localhost", path: "/foo.txt", wantErr: webapp.ErrNotFound},
		{name: "no sitemap", hosts: shared, host: "localhost", path: "/sitemap.xml", wantErr: webapp.ErrNotFound},
		{name: "probe for a PHP file", hosts: ownHosts, host: "prefs.example.com", path: "/wp-login.php", wantErr: webapp.ErrNotFound},
		{name: "nothing under .well-known", hosts: shared, host: "localhost", path: "/.well-known/security.txt", wantErr: webapp.ErrNotFound},
		{name: "nothing under .well-known on the preference centre's host", hosts: ownHosts, host: "prefs.example.com", path: "/.well-known/change-password", wantErr: webapp.ErrNotFound},
		{name: "a token link with dots is a page", hosts: shared, host: "localhost", path: "/preferences/token/eyJh.eyJz.c2ln", wantApp: webapp.PreferenceCentre, wantType: "text/html; charset=utf-8", wantBody: "<html>preferences</html>"},
		{name: "a token link on the preference centre's host", hosts: ownHosts, host: "prefs.example.com", path: "/preferences/token/eyJh.eyJz.c2ln", wantApp: webapp.PreferenceCentre, wantBody: "<html>preferences</html>"},
		{name: "a route without a dot is a page", hosts: shared, host: "localhost", path: "/registration", wantApp: webapp.AccountPortal, wantBody: "<html>account</html>"},
		// Under the centre a file name that is none of its files is not found either (QA operator round: these
		// answered 200 with the centre's page); its routes keep their dots, a link's JWT has no file's ending.
		{name: "robots.txt under the centre", hosts: shared, host: "localhost", path: "/preferences/robots.txt", wantErr: webapp.ErrNotFound},
		{name: "favicon.ico under the centre", hosts: shared, host: "localhost", path: "/preferences/favicon.ico", wantErr: webapp.ErrNotFound},
		{name: "a picture under the centre", hosts: shared, host: "localhost", path: "/preferences/x.png", wantErr: webapp.ErrNotFound},
		{name: "a script under the centre", hosts: shared, host: "localhost", path: "/preferences/foo.js", wantErr: webapp.ErrNotFound},
		{name: "a file name deeper under the centre", hosts: shared, host: "localhost", path: "/preferences/token/x.PNG", wantErr: webapp.ErrNotFound},
		{name: "a PHP probe on the centre's host", hosts: ownHosts, host: "prefs.example.com", path: "/preferences/wp-login.php", wantErr: webapp.ErrNotFound},
		{name: "a file name on the centre's host, off its base", hosts: ownHosts, host: "prefs.example.com", path: "/error/x.png", wantErr: webapp.ErrNotFound},
		{name: "a signed link's JWT is a page", hosts: shared, host: "localhost", path: "/preferences/token/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
			wantApp: webapp.PreferenceCentre, wantType: "text/html; charset=utf-8", wantBody: "<html>preferences</html>"},
		{name: "the centre's error page with a dot in its code is a page", hosts: shared, host: "localhost", path: "/preferences/error/v1.2", wantApp: webapp.PreferenceCentre, wantBody: "<html>preferences</html>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			site, err := webapp.New(testFS(), tc.hosts)
			require.NoError(t, err)
			asset, app, err := site.Resolve(tc.host, tc.path, webapp.Visitor{})
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.wantApp, app)
			if tc.wantType != "" {
				require.Equal(t, tc.wantType, asset.ContentType)
			}
			require.Contains(t, string(asset.Body), tc.wantBody)
			require.NotEmpty(t, asset.ETag)
			if tc.wantType != "" && tc.wantType != "text/html; charset=utf-8" {
				require.NotContains(t, string(asset.Body), "<html>")
				require.Equal(t, webapp.CacheRootFile, asset.CacheControl)
			}
		})
	}
}

// builtFS is both apps' build with their pages in German (index.html) and in Dutch and French beside it, as
// tools/vite/html-texts.ts writes them.
func builtFS() fstest.MapFS {
	fsys := testFS()
	page := func(lang, title string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte(`<!doctype html><html lang="` + lang + `"><head><title>` + title + `</title></head><body></body></html>`)}
	}
	for app, titles := range map[string][3]string{
		"account-portal":    {"Kundenkonto", "Klantaccount", "Compte client"},
		"preference-centre": {"Präferenzcenter", "Voorkeurencentrum", "Centre de préférences"},
	} {
		fsys[app+"/index.html"] = page("de", titles[0])
		fsys[app+"/index.de.html"] = page("de", titles[0])
		fsys[app+"/index.nl.html"] = page("nl", titles[1])
		fsys[app+"/index.fr.html"] = page("fr", titles[2])
	}
	return fsys
}

// TestPageInTheVisitorsLanguage: each app's page is sent in the language the app will show on its first load
// (libs/i18n detectLanguage), among the site's languages, its lang attribute naming the site's tag.
func TestPageInTheVisitorsLanguage(t *testing.T) {
	germanSite := []string{"de_DE", "en_GB", "fr_FR", "nl_NL", "nl_BE", "fr_BE", "pl_PL"}
	tests := []struct {
		name          string
		locales       []string
		defaultLocale string
		hosts         webapp.Hosts
		host          string
		path          string
		visitor       webapp.Visitor
		want          string
	}{
		{name: "the site's default language", locales: germanSite, defaultLocale: "de_DE", path: "/login", want: `<html lang="de-DE"><head><title>Kundenkonto</title>`},
		{name: "a mail link's language", locales: germanSite, defaultLocale: "de_DE", path: "/login", visitor: webapp.Visitor{Lang: "nl-BE"}, want: `<html lang="nl-BE"><head><title>Klantaccount</title>`},
		{name: "the link before the cookie and the browser", locales: germanSite, defaultLocale: "de_DE", path: "/", visitor: webapp.Visitor{Lang: "fr_BE", Remembered: "nl-NL", AcceptLanguage: "de"}, want: `<html lang="fr-BE">`},
		{name: "the cookie before the browser", locales: germanSite, defaultLocale: "de_DE", path: "/", visitor: webapp.Visitor{Remembered: "nl-NL", AcceptLanguage: "fr-FR"}, want: `<html lang="nl-NL"><head><title>Klantaccount</title>`},
		{name: "a base language takes the remembered region", locales: germanSite, defaultLocale: "de_DE", path: "/", visitor: webapp.Visitor{Lang: "nl", Remembered: "nl-BE"}, want: `<html lang="nl-BE">`},
		{name: "a base language in the remembered country", locales: germanSite, defaultLocale: "de_DE", path: "/", visitor: webapp.Visitor{Lang: "nl", Remembered: "fr-BE", AcceptLanguage: "fr-BE"}, want: `<html lang="nl-BE">`},
		{name: "a base language in the browser's country", locales: germanSite, defaultLocale: "de_DE", path: "/", visitor: webapp.Visitor{Lang: "nl", AcceptLanguage: "de-DE,fr-BE;q=0.8"}, want: `<html lang="nl-BE">`},
		{name: "the browser's most wanted language the site offers", locales: germanSite, defaultLocale: "de_DE", path: "/", visitor: webapp.Visitor{AcceptLanguage: "it-IT,it;q=0.9,fr;q=0.8,nl;q=0.7"}, want: `<html lang="fr-FR"><head><title>Compte client</title>`},
		{name: "what the site does not offer is passed over", locales: germanSite, defaultLocale: "de_DE", path: "/", visitor: webapp.Visitor{Lang: "es-ES", Remembered: "xx", AcceptLanguage: "*, es;q=0.5"}, want: `<html lang="de-DE">`},
		{name: "the index.html path is the page", locales: germanSite, defaultLocale: "de_DE", path: "/index.html", visitor: webapp.Visitor{Lang: "nl-NL"}, want: `<html lang="nl-NL">`},
		{name: "the centre's page", locales: germanSite, defaultLocale: "de_DE", path: "/preferences/token/abc", visitor: webapp.Visitor{Lang: "fr-BE"}, want: `<html lang="fr-BE"><head><title>Centre de préférences</title>`},
		{name: "a language without the apps' texts shows German and says so", locales: []string{"it_IT", "de_DE"}, defaultLocale: "it_IT", path: "/", want: `<html lang="de"><head><title>Kundenkonto</title>`},
		{name: "a German region", locales: []string{"de_LU", "fr_LU"}, defaultLocale: "de_LU", path: "/", want: `<html lang="de-LU"><head><title>Kundenkonto</title>`},
		{name: "the Belgian site's account host", locales: []string{"nl_BE", "fr_BE"}, defaultLocale: "nl_BE", hosts: webapp.Hosts{AccountPortal: "konto.example.be", PreferenceCentre: "prefs.example.be"},
			host: "konto.example.be", path: "/login", visitor: webapp.Visitor{AcceptLanguage: "de-DE"}, want: `<html lang="nl-BE"><head><title>Klantaccount</title>`},
		{name: "the Belgian site's centre host", locales: []string{"nl_BE", "fr_BE"}, defaultLocale: "nl_BE", hosts: webapp.Hosts{AccountPortal: "konto.example.be", PreferenceCentre: "prefs.example.be"},
			host: "prefs.example.be", path: "/preferences/token/abc", visitor: webapp.Visitor{AcceptLanguage: "fr"}, want: `<html lang="fr-BE"><head><title>Centre de préférences</title>`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			site, err := webapp.New(builtFS(), tc.hosts)
			require.NoError(t, err)
			site.Localize(tc.locales, tc.defaultLocale)
			asset, _, err := site.Resolve(cmp.Or(tc.host, "localhost"), tc.path, tc.visitor)
			require.NoError(t, err)
			require.Contains(t, string(asset.Body), tc.want)
			require.Equal(t, "text/html; charset=utf-8", asset.ContentType)
			require.Equal(t, webapp.CacheRevalidate, asset.CacheControl)
			require.Equal(t, "Accept-Language, Cookie", asset.Vary)
		})
	}
}

// TestPagesAreMadeOnce: each language's page, with the head snippet, has its own validator; a site of one language
// varies with nothing but its URL; the languages' files are no files of the site.
func TestPagesAreMadeOnce(t *testing.T) {
	site, err := webapp.New(builtFS(), webapp.Hosts{})
	require.NoError(t, err)
	site.Localize([]string{"de_DE", "nl_NL"}, "de_DE")
	site.AddToHead(`<script src="/third-party/consent.js"></script>`)
	german, _, err := site.Resolve("localhost", "/", webapp.Visitor{})
	require.NoError(t, err)
	dutch, _, err := site.Resolve("localhost", "/", webapp.Visitor{Lang: "nl"})
	require.NoError(t, err)
	require.Contains(t, string(dutch.Body), `<title>Klantaccount</title><script src="/third-party/consent.js"></script></head>`)
	require.Contains(t, string(german.Body), `<title>Kundenkonto</title><script src="/third-party/consent.js"></script></head>`)
	require.NotEqual(t, german.ETag, dutch.ETag)
	again, _, err := site.Resolve("localhost", "/personaldata", webapp.Visitor{AcceptLanguage: "nl-NL"})
	require.NoError(t, err)
	require.Equal(t, dutch.ETag, again.ETag)
	require.Same(t, &dutch.Body[0], &again.Body[0], "made once, not for each request")

	for _, path := range []string{"/index.nl.html", "/preferences/index.fr.html"} {
		_, _, err := site.Resolve("localhost", path, webapp.Visitor{})
		require.ErrorIs(t, err, webapp.ErrNotFound, path)
	}
	require.False(t, site.Serves("/index.nl.html"))

	one, err := webapp.New(builtFS(), webapp.Hosts{})
	require.NoError(t, err)
	one.Localize([]string{"fr_BE"}, "fr_BE")
	page, _, err := one.Resolve("localhost", "/", webapp.Visitor{Remembered: "nl-NL", AcceptLanguage: "de"})
	require.NoError(t, err)
	require.Contains(t, string(page.Body), `<html lang="fr-BE"><head><title>Compte client</title>`)
	require.Empty(t, page.Vary)
}

func TestABuildWithoutTheLanguagesAttributeIsRefused(t *testing.T) {
	fsys := builtFS()
	fsys["account-portal/index.nl.html"] = &fstest.MapFile{Data: []byte(`<html><head></head></html>`)}
	_, err := webapp.New(fsys, webapp.Hosts{})
	require.ErrorContains(t, err, "index.nl.html")
}
