package demopartner

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The partner speaks the portal's seven languages, each with every text: chosen with ?lang= (kept for the
// visit), else from the browser's Accept-Language, else German.
func TestThePartnerSpeaksSevenLanguages(t *testing.T) {
	require.ElementsMatch(t, []string{"de", "en", "fr", "nl", "es", "pl", "pt"}, languages)
	for _, lang := range languages {
		require.Len(t, texts[lang], len(texts["de"]), lang)
		for key, de := range texts["de"] {
			require.NotEmpty(t, texts[lang][key], "%s %s", lang, key)
			require.Equal(t, strings.Count(de, "%s"), strings.Count(texts[lang][key], "%s"), "%s %s", lang, key)
			if lang != "de" && key != "hello" {
				require.NotEqual(t, de, texts[lang][key], "%s %s is still German", lang, key)
			}
		}
	}
	// The portal's voice (QA): Spanish says usted, and no text assumes the shopper's gender.
	informalSpanish := regexp.MustCompile(`(?i)(^|[^\pL])(tú|tu|tus|te|has|pide|inténtalo)([^\pL]|$)`)
	gendered := map[string]*regexp.Regexp{
		"es": regexp.MustCompile(`(?i)^¡?bienvenid[oa]`),
		"fr": regexp.MustCompile(`(?i)connectée?([^\pL]|$)|\(e\)`),
		"pl": regexp.MustCompile(`(?i)\pL+(łeś|łaś|any|ana)([^\pL]|$)|\(-?a\)`),
		"pt": regexp.MustCompile(`(?i)^bem-vind[oa]`),
	}
	for key, text := range texts["es"] {
		require.False(t, informalSpanish.MatchString(text), "es %s: %q", key, text)
	}
	for lang, pattern := range gendered {
		for key, text := range texts[lang] {
			require.False(t, pattern.MatchString(text), "%s %s: %q", lang, key, text)
		}
	}
	p := New(Settings{IssuerPath: "/oidc"})
	get := func(target, acceptLanguage string, cookies ...*http.Cookie) (string, []*http.Cookie) {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		req.Header.Set("Accept-Language", acceptLanguage)
		for _, ck := range cookies {
			req.AddCookie(ck)
		}
		rec := httptest.NewRecorder()
		p.ServeHTTP(rec, req)
		require.Equal(t, http.StatusOK, rec.Code)
		body, _ := io.ReadAll(rec.Body)
		return string(body), rec.Result().Cookies()
	}
	for _, lang := range languages {
		body, _ := get(HomePath+"?lang="+lang+"_XX", "")
		require.Contains(t, body, `<html lang="`+lang+`">`)
		require.Contains(t, body, texts[lang]["welcome"])
		require.Contains(t, body, texts[lang]["login"])
	}
	body, cookies := get(HomePath, "pl-PL,pl;q=0.9,en;q=0.5")
	require.Contains(t, body, texts["pl"]["pitch"])
	body, _ = get(HomePath+"?lang=fr", "", cookies...)
	require.Contains(t, body, texts["fr"]["welcome"])
	body, _ = get(HomePath, "de-DE", cookies...)
	require.Contains(t, body, texts["fr"]["welcome"], "the choice is kept for the visit")
	body, _ = get(HomePath, "ja-JP")
	require.Contains(t, body, texts["de"]["welcome"], "German when the browser asks for none of the seven")
}
