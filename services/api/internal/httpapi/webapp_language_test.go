package httpapi_test

import (
	"fmt"
	"net/http"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
)

// builtPage is an app's index.html as its build writes it in one language (tools/vite/html-texts.ts).
func builtPage(language, title, loading string) string {
	return fmt.Sprintf(`<!doctype html>
<html lang="%s">
  <head>
    <meta name="description" content="%s: description" />
    <title>%s</title>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
  </head>
  <body>
    <div id="root"><main><div class="loader" role="status" aria-live="polite"><span class="loader__spinner" aria-hidden="true"></span><span class="visually-hidden">%s</span></div></main></div>
    <noscript>%s: noscript</noscript>
  </body>
</html>
`, language, title, title, loading, title)
}

// appsInLanguages are TestApps with the account portal's and the centre's pages in four languages, as the build
// writes them: index.html in German, and one file a language beside it.
func appsInLanguages() fstest.MapFS {
	apps := apitest.TestApps()
	pages := map[string]struct{ account, centre, loading string }{
		"de": {"Kundenkonto", "Präferenzcenter", "Wird geladen …"},
		"fr": {"Compte client", "Centre de préférences", "Chargement …"},
		"nl": {"Klantaccount", "Voorkeurencentrum", "Bezig met laden …"},
		"pl": {"Konto klienta", "Centrum preferencji", "Ładowanie …"},
	}
	for language, p := range pages {
		apps["account-portal/index."+language+".html"] = &fstest.MapFile{Data: []byte(builtPage(language, p.account, p.loading))}
		apps["preference-centre/index."+language+".html"] = &fstest.MapFile{Data: []byte(builtPage(language, p.centre, p.loading))}
	}
	apps["account-portal/index.html"] = apps["account-portal/index.de.html"]
	apps["preference-centre/index.html"] = apps["preference-centre/index.de.html"]
	return apps
}

// TestPagesInTheShoppersLanguage: the service sends an app's page in the language the app will pick on its first
// load (libs/i18n detectLanguage), so its first paint, its title and what a screen reader speaks are in that language
// rather than German until the app's texts are in: the link's ?lang=, the remembered choice (the i18next cookie), the
// browser's languages, then the site's default language, each only among the site's languages.
func TestPagesInTheShoppersLanguage(t *testing.T) {
	german := config.Default().Metadata
	belgian := config.Metadata{Locales: []string{"nl_BE", "fr_BE"}, DefaultLocale: "nl_BE"}
	tests := []struct {
		name     string
		site     config.Metadata
		host     string
		target   string
		header   map[string]string
		wantLang string
		want     []string
	}{
		{name: "the German site without a hint", site: german, target: "/login", wantLang: "de-DE",
			want: []string{"<title>Kundenkonto</title>", `content="Kundenkonto: description"`, "<noscript>Kundenkonto: noscript</noscript>", ">Wird geladen …<"}},
		{name: "a Belgian Dutch mail link", site: german, target: "/login/reset-password?pwrt=abc&lang=nl-BE", wantLang: "nl-BE",
			want: []string{"<title>Klantaccount</title>", `content="Klantaccount: description"`, "<noscript>Klantaccount: noscript</noscript>", ">Bezig met laden …<"}},
		{name: "a link's language in the locale form", site: german, target: "/login?lang=fr_LU", wantLang: "fr-LU", want: []string{"<title>Compte client</title>", ">Chargement …<"}},
		{name: "the link's language before the remembered one", site: german, target: "/login?lang=pl-PL", header: map[string]string{"Cookie": "i18next=fr-FR"}, wantLang: "pl-PL",
			want: []string{"<title>Konto klienta</title>", ">Ładowanie …<"}},
		{name: "a base language takes the browser's region", site: german, target: "/login?lang=nl", header: map[string]string{"Accept-Language": "nl-BE,nl;q=0.9"}, wantLang: "nl-BE"},
		{name: "a base language alone takes the site's first", site: german, target: "/login?lang=fr", wantLang: "fr-FR"},
		{name: "a language the site lacks is passed over", site: german, target: "/login?lang=it-IT", header: map[string]string{"Accept-Language": "it-IT, pl;q=0.5"}, wantLang: "pl-PL"},
		{name: "the remembered language", site: german, target: "/personaldata", header: map[string]string{"Cookie": "session=x; i18next=fr-BE", "Accept-Language": "nl-NL"}, wantLang: "fr-BE",
			want: []string{"<title>Compte client</title>"}},
		{name: "an encoded remembered language", site: german, target: "/login", header: map[string]string{"Cookie": "i18next=fr%2DBE"}, wantLang: "fr-BE"},
		{name: "the browser's languages in their order of preference", site: german, target: "/login", header: map[string]string{"Accept-Language": "en-US;q=0.5, fr-FR;q=0.8, *;q=0.1"}, wantLang: "fr-FR"},
		{name: "the preference centre's mail link", site: german, target: "/preferences/token/eyJh.eyJz.c2ln?lang=fr-BE", wantLang: "fr-BE",
			want: []string{"<title>Centre de préférences</title>", ">Chargement …<"}},
		{name: "its unsubscribe page", site: german, target: "/unsubscribe-success", header: map[string]string{"Accept-Language": "pl"}, wantLang: "pl-PL",
			want: []string{"<title>Centrum preferencji</title>"}},
		{name: "the Belgian site's host without a hint", site: belgian, host: "konto.example.be", target: "/login", wantLang: "nl-BE",
			want: []string{"<title>Klantaccount</title>", ">Bezig met laden …<"}},
		{name: "a German browser on the Belgian site", site: belgian, host: "konto.example.be", target: "/login", header: map[string]string{"Accept-Language": "de-DE,de"}, wantLang: "nl-BE"},
		{name: "a French browser on the Belgian site", site: belgian, host: "konto.example.be", target: "/login", header: map[string]string{"Accept-Language": "fr-FR,fr;q=0.9"}, wantLang: "fr-BE",
			want: []string{"<title>Compte client</title>"}},
		{name: "the Belgian centre's host", site: belgian, host: "voorkeuren.example.be", target: "/preferences/token/eyJ", wantLang: "nl-BE",
			want: []string{"<title>Voorkeurencentrum</title>"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			svc := apitest.New(t, apitest.WithApps(appsInLanguages()), apitest.WithConfig(func(c *config.Config) {
				c.Metadata.Locales, c.Metadata.DefaultLocale = tc.site.Locales, tc.site.DefaultLocale
				if tc.host != "" {
					c.Apps = config.Apps{AccountPortal: config.AppHost{Host: "konto.example.be"}, PreferenceCentre: config.AppHost{Host: "voorkeuren.example.be"}}
				}
			}))
			rec := svc.Do(apitest.Request{Target: tc.target, Host: tc.host, Header: tc.header})
			require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
			body := rec.Body.String()
			require.Contains(t, body, `<html lang="`+tc.wantLang+`">`)
			for _, want := range tc.want {
				require.Contains(t, body, want)
			}
			require.Equal(t, "no-cache", rec.Header().Get("Cache-Control"))
		})
	}
}

// The page's answer differs with the cookie and the browser's languages, so it says so (Vary) and each language has
// its own validator: a browser holding the German page revalidates to the Dutch one once the shopper chose Dutch.
func TestPageInALanguageIsCachedAsItself(t *testing.T) {
	svc := apitest.New(t, apitest.WithApps(appsInLanguages()), apitest.WithConfig(func(c *config.Config) {
		c.Metadata.UserCentrics.SettingsID = "AbC123"
	}))
	german := svc.Get("/login")
	dutch := svc.Do(apitest.Request{Target: "/login", Header: map[string]string{"Cookie": "i18next=nl-NL"}})
	require.Contains(t, dutch.Body.String(), `<html lang="nl-NL">`)
	require.Contains(t, dutch.Body.String(), `data-settings-id="AbC123" async></script></head>`, "the consent manager starts in every language")
	require.NotEqual(t, german.Header().Get("ETag"), dutch.Header().Get("ETag"))
	for _, rec := range []*http.Response{german.Result(), dutch.Result()} {
		require.ElementsMatch(t, []string{"Accept-Language, Cookie", "Accept-Encoding"}, rec.Header.Values("Vary"))
	}

	stale := svc.Do(apitest.Request{Target: "/login", Header: map[string]string{"Cookie": "i18next=nl-NL", "If-None-Match": german.Header().Get("ETag")}})
	require.Equal(t, http.StatusOK, stale.Code)
	require.Contains(t, stale.Body.String(), "<title>Klantaccount</title>")
	fresh := svc.Do(apitest.Request{Target: "/login", Header: map[string]string{"Cookie": "i18next=nl-NL", "If-None-Match": dutch.Header().Get("ETag")}})
	require.Equal(t, http.StatusNotModified, fresh.Code)
	require.Equal(t, "Accept-Language, Cookie", fresh.Header().Get("Vary"))

	// A site of one language sends one page to everybody.
	one := apitest.New(t, apitest.WithApps(appsInLanguages()), apitest.WithConfig(func(c *config.Config) {
		c.Metadata.Locales, c.Metadata.DefaultLocale = []string{"pl_PL"}, "pl_PL"
	}))
	rec := one.Do(apitest.Request{Target: "/login", Header: map[string]string{"Accept-Language": "de-DE", "Cookie": "i18next=de-DE"}})
	require.Contains(t, rec.Body.String(), `<html lang="pl-PL">`)
	require.Equal(t, []string{"Accept-Encoding"}, rec.Result().Header.Values("Vary"))
}
