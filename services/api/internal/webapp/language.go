package webapp

import (
	"cmp"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The language of an app's page, picked as the apps pick it on their first load (libs/i18n language.ts,
// detectLanguage; libs/cms SiteProvider), so that its HTML is in that language from the first paint: its lang
// attribute, title, description, noscript text and loader. The apps showed German furniture, and a screen reader
// spoke with a German voice, until metadata and their texts were in (2026-11-30).

// Visitor is what a request tells of the language its page will show. What only the browser holds (the language
// remembered in local storage beside the cookie) the app still reads; it then corrects the page as before.
type Visitor struct {
	// Lang is the link's ?lang= (a mail link's nl-BE).
	Lang string
	// Remembered is the language the i18next cookie remembers, decoded.
	Remembered string
	// AcceptLanguage is the browser's Accept-Language header, its languages as navigator.languages lists them.
	AcceptLanguage string
}

// languageCookie is the cookie in which the apps remember the shopper's language (libs/i18n LANGUAGE_COOKIE).
const languageCookie = "i18next"

// fallbackLanguage is the language of a site that names none (libs/i18n DEFAULT_LANGUAGE).
const fallbackLanguage = "de-DE"

// VisitorOf reads a request's language hints. A cookie value that is no valid percent-encoding remembers nothing,
// as in the apps (languageCookie of libs/i18n).
func VisitorOf(r *http.Request) Visitor {
	v := Visitor{Lang: r.URL.Query().Get("lang"), AcceptLanguage: r.Header.Get("Accept-Language")}
	if c, err := r.Cookie(languageCookie); err == nil {
		if remembered, err := url.PathUnescape(c.Value); err == nil {
			v.Remembered = remembered
		}
	}
	return v
}

// browserLanguages are the languages of an Accept-Language header, most wanted first (a tie keeps their order),
// without the wildcard and those refused (q=0).
func browserLanguages(header string) []string {
	type wanted struct {
		tag string
		q   float64
	}
	var languages []wanted
	for part := range strings.SplitSeq(header, ",") {
		tag, params, _ := strings.Cut(part, ";")
		tag, q := strings.TrimSpace(tag), 1.0
		if value, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if parsed, err := strconv.ParseFloat(value, 64); err == nil {
				q = parsed
			}
		}
		if tag != "" && tag != "*" && q > 0 {
			languages = append(languages, wanted{tag, q})
		}
	}
	slices.SortStableFunc(languages, func(a, b wanted) int { return cmp.Compare(b.q, a.q) })
	tags := make([]string, len(languages))
	for i, l := range languages {
		tags[i] = l.tag
	}
	return tags
}

var languageTagPattern = regexp.MustCompile(`^([a-zA-Z]{2,3})(?:[-_]([a-zA-Z]{2}))?$`)

// languageTag turns a metadata locale (de_DE) or a language tag (de-de, DE) into a canonical tag (de-DE, de), as
// toLanguageTag of libs/i18n; "" for anything else.
func languageTag(value string) string {
	m := languageTagPattern.FindStringSubmatch(strings.TrimSpace(value))
	if m == nil {
		return ""
	}
	if m[2] == "" {
		return strings.ToLower(m[1])
	}
	return strings.ToLower(m[1]) + "-" + strings.ToUpper(m[2])
}

// baseLanguage is the language of a tag without its region: fr-BE → fr.
func baseLanguage(tag string) string {
	base, _, _ := strings.Cut(tag, "-")
	return strings.ToLower(base)
}

// matchLanguage is the available language a candidate asks for, as matchLanguage of libs/i18n: the same tag; for a
// base language alone, the first of preferred in that language that is available, then that language in the country
// of one of preferred; then the first available one in that language. "" when none is.
func matchLanguage(candidate string, available, preferred []string) string {
	tag := languageTag(candidate)
	if tag == "" {
		return ""
	}
	base := baseLanguage(tag)
	exact := func(wanted string) string {
		if i := slices.IndexFunc(available, func(l string) bool { return strings.EqualFold(l, wanted) }); i >= 0 {
			return available[i]
		}
		return ""
	}
	if found := exact(tag); found != "" {
		return found
	}
	if tag == base {
		for _, p := range preferred {
			if found := exact(p); found != "" && baseLanguage(found) == base {
				return found
			}
		}
	}
	if tag == base {
		for _, p := range preferred {
			if _, region, ok := strings.Cut(languageTag(p), "-"); ok {
				if found := exact(base + "-" + region); found != "" {
					return found
				}
			}
		}
	}
	if i := slices.IndexFunc(available, func(l string) bool { return baseLanguage(l) == base }); i >= 0 {
		return available[i]
	}
	return ""
}

// detectLanguage picks the page's language as detectLanguage of libs/i18n: the link's language, the remembered one,
// the browser's, each only if the site offers it, else the site's default language.
func detectLanguage(available []string, defaultLanguage string, v Visitor) string {
	var preferred []string
	if v.Remembered != "" {
		preferred = append(preferred, v.Remembered)
	}
	preferred = append(preferred, browserLanguages(v.AcceptLanguage)...)
	for _, candidate := range append([]string{v.Lang}, preferred...) {
		if candidate == "" {
			continue
		}
		if found := matchLanguage(candidate, available, preferred); found != "" {
			return found
		}
	}
	if found := matchLanguage(defaultLanguage, available, nil); found != "" {
		return found
	}
	if len(available) > 0 {
		return available[0]
	}
	return fallbackLanguage
}
