package identityapi_test

// What the account pages need from the embedded provider (issue 10), proven through the real service: the
// router, middleware and wiring of internal/app on a migrated database (apitest).

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
	"github.com/grocer-portal/portal/services/api/internal/sso"
	"github.com/grocer-portal/portal/services/api/internal/sso/ssosql"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

// shopper is a browser of one shopper against a service built by apitest: it keeps the session cookie.
type shopper struct {
	t      testing.TB
	s      *apitest.Service
	cookie *http.Cookie
}

func newShopper(t testing.TB, s *apitest.Service) *shopper { return &shopper{t: t, s: s} }

// call posts accounts.<method> as the http adapter does (JSON, same origin) and answers the envelope.
func (b *shopper) call(method string, params map[string]any) map[string]any {
	b.t.Helper()
	body, err := json.Marshal(params)
	require.NoError(b.t, err)
	headers := map[string]string{"Content-Type": "application/json", "Origin": "http://portal.test"}
	if b.cookie != nil {
		headers["Cookie"] = b.cookie.Name + "=" + b.cookie.Value
	}
	rec := b.s.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts." + method, Body: string(body), Header: headers, Host: "portal.test"})
	require.Equal(b.t, http.StatusOK, rec.Code, rec.Body.String())
	b.keepCookie(rec)
	var out map[string]any
	require.NoError(b.t, json.Unmarshal(rec.Body.Bytes(), &out), rec.Body.String())
	return out
}

func (b *shopper) keepCookie(rec *httptest.ResponseRecorder) {
	for _, c := range rec.Result().Cookies() {
		if c.Name != "portal_session" {
			continue
		}
		if c.MaxAge < 0 || c.Value == "" {
			b.cookie = nil
		} else {
			b.cookie = c
		}
	}
}

// mails answers the kinds and links of the mails to an address, newest first, as GET /dev/outbox shows them.
func mails(t testing.TB, s *apitest.Service, to string) []struct {
	Kind  string   `json:"kind"`
	Links []string `json:"links"`
} {
	t.Helper()
	rec := s.Get("/dev/outbox?to=" + url.QueryEscape(to))
	require.Equal(t, http.StatusOK, rec.Code)
	var out []struct {
		Kind  string   `json:"kind"`
		Links []string `json:"links"`
	}
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &out))
	return out
}

func follow(t testing.TB, s *apitest.Service, to, kind string) string {
	t.Helper()
	for _, m := range mails(t, s, to) {
		if m.Kind == kind {
			return s.OpenMailLink(m.Links[0])
		}
	}
	t.Fatalf("no %s mail to %s", kind, to)
	return ""
}

const shopperPassword = "Secret-Passw0rd"

var termsAccepted = map[string]any{"terms": map[string]any{"customeraccount": map[string]any{"isConsentGranted": true}}}

// registerAndLogIn registers with the given profile, confirms the address and logs in.
func registerAndLogIn(t testing.TB, s *apitest.Service, email string, profile map[string]any) *shopper {
	t.Helper()
	b := newShopper(t, s)
	init := b.call("initRegistration", nil)
	r := b.call("register", map[string]any{"email": email, "password": shopperPassword, "regToken": init["regToken"],
		"profile": profile, "preferences": termsAccepted, "lang": "de"})
	require.EqualValues(t, contract.CodePendingVerification, r["errorCode"], r)
	require.Equal(t, "/double-opt-in-done?errorCode=0", follow(t, s, email, embedded.MailVerification))
	l := b.call("login", map[string]any{"loginID": email, "password": shopperPassword})
	require.EqualValues(t, 0, l["errorCode"], l)
	require.NotNil(t, b.cookie)
	return b
}

func (b *shopper) data() map[string]any {
	b.t.Helper()
	info := b.call("getAccountInfo", map[string]any{"include": "profile,data,preferences"})
	require.EqualValues(b.t, 0, info["errorCode"], info)
	return info["data"].(map[string]any)
}

var erika = map[string]any{"firstName": "Erika", "lastName": "Muster"}

func withProfile(extra map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range erika {
		out[k] = v
	}
	for k, v := range extra {
		out[k] = v
	}
	return out
}

func address(country, zip string, standard bool) map[string]any {
	return map[string]any{"addressBook": []any{map[string]any{
		"salutation": "mrs", "firstName": "Erika", "lastName": "Muster", "street": "Hauptstraße", "streetNo": "1",
		"zip": zip, "city": "Stadt", "country": country, "isStandardAddress": standard,
	}}}
}

func TestCustomerAssignmentIsDerivedFromAGermanPostcode(t *testing.T) {
	s := apitest.New(t)

	t.Run("registration", func(t *testing.T) {
		b := registerAndLogIn(t, s, "reg-nord@example.com", withProfile(map[string]any{"zip": "20095", "country": "DE"}))
		require.Equal(t, "NORD", b.data()["customerassignment"])
	})

	t.Run("finalize with the regToken", func(t *testing.T) {
		b := newShopper(t, s)
		init := b.call("initRegistration", nil)
		r := b.call("register", map[string]any{"email": "finalize-sued@example.com", "password": shopperPassword,
			"regToken": init["regToken"], "preferences": termsAccepted})
		require.EqualValues(t, contract.CodePendingRegistration, r["errorCode"], "first and last name are required")
		regToken := r["regToken"]
		saved := b.call("setAccountInfo", map[string]any{"regToken": regToken, "profile": withProfile(map[string]any{"zip": "80331", "country": "DE"})})
		require.EqualValues(t, 0, saved["errorCode"], saved)
		info := b.call("getAccountInfo", map[string]any{"regToken": regToken, "include": "data"})
		require.Equal(t, "SUED", info["data"].(map[string]any)["customerassignment"])
	})

	t.Run("personal data and address", func(t *testing.T) {
		b := registerAndLogIn(t, s, "moves@example.com", erika)
		_, assigned := b.data()["customerassignment"]
		require.False(t, assigned, "no postcode, no store area")

		r := b.call("setAccountInfo", map[string]any{"profile": map[string]any{"zip": "20095", "country": "DE"}})
		require.EqualValues(t, 0, r["errorCode"], r)
		require.Equal(t, "NORD", b.data()["customerassignment"])

		r = b.call("setAccountInfo", map[string]any{"data": address("DE", "80331", true)})
		require.EqualValues(t, 0, r["errorCode"], r)
		require.Equal(t, "SUED", b.data()["customerassignment"], "the standard address wins over the profile's postcode")

		r = b.call("setAccountInfo", map[string]any{"data": address("BE", "1000", true)})
		require.EqualValues(t, 0, r["errorCode"], r)
		require.Equal(t, "NORD", b.data()["customerassignment"], "a Belgian address leaves the profile's German postcode")

		r = b.call("setAccountInfo", map[string]any{"data": address("DE", "99999", false)})
		require.EqualValues(t, 0, r["errorCode"], r)
		require.Equal(t, "UNKNOWN", b.data()["customerassignment"], "a postcode outside the table")
	})
}

// On the German site a profile's postcode without a country is a German one, for its rule and so for the store area:
// the postcode of a profile that named no country set no store area, though the site held it to the German rule
// (spec 000 §1: the store area from the postcode, Germany only). Elsewhere the metadata names no country of the site,
// and such a postcode sets none.
func TestCustomerAssignmentFromAProfilePostcodeWithoutCountry(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, s *apitest.Service) {
		b := registerAndLogIn(t, s, "area-site@example.com", withProfile(map[string]any{"zip": "80331"}))
		require.Equal(t, "SUED", b.data()["customerassignment"], "registration")

		r := b.call("setAccountInfo", map[string]any{"profile": map[string]any{"zip": "20095"}})
		require.EqualValues(t, 0, r["errorCode"], r)
		require.Equal(t, "NORD", b.data()["customerassignment"], "personal data")

		r = b.call("setAccountInfo", map[string]any{"profile": map[string]any{"zip": "1000", "country": "BE"}})
		require.EqualValues(t, 0, r["errorCode"], r)
		r = b.call("setAccountInfo", map[string]any{"profile": map[string]any{"zip": "1030"}})
		require.EqualValues(t, 0, r["errorCode"], r)
		require.Equal(t, "NORD", b.data()["customerassignment"], "the profile's own country decides where it has one")
	})
	t.Run("a site other than the German one", func(t *testing.T) {
		s := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Metadata.CountryGermany = false }))
		b := newShopper(t, s)
		init := b.call("initRegistration", nil)
		privacy := map[string]any{"privacy": map[string]any{"aec": map[string]any{"isConsentGranted": true}}}
		r := b.call("register", map[string]any{"email": "area-be@example.com", "password": shopperPassword, "regToken": init["regToken"],
			"profile": withProfile(map[string]any{"zip": "20095"}), "preferences": privacy, "lang": "nl"})
		require.EqualValues(t, contract.CodePendingVerification, r["errorCode"], r)
		require.Equal(t, "/double-opt-in-done?errorCode=0", follow(t, s, "area-be@example.com", embedded.MailVerification))
		require.EqualValues(t, 0, b.call("login", map[string]any{"loginID": "area-be@example.com", "password": shopperPassword})["errorCode"])
		_, assigned := b.data()["customerassignment"]
		require.False(t, assigned, "a postcode of no known country sets no store area")
	})
}

func TestClientsCannotSetTheCustomerAssignment(t *testing.T) {
	s := apitest.New(t)
	b := registerAndLogIn(t, s, "sneaky@example.com", withProfile(map[string]any{"zip": "20095", "country": "DE"}))

	for name, data := range map[string]map[string]any{
		"plain":              {"customerassignment": "SUED"},
		"beside an address":  {"customerassignment": "SUED", "addressBook": address("DE", "20095", true)["addressBook"]},
		"removing it (null)": {"customerassignment": nil},
	} {
		t.Run(name, func(t *testing.T) {
			r := b.call("setAccountInfo", map[string]any{"data": data})
			require.EqualValues(t, contract.CodeReadOnlyField, r["errorCode"], r)
			require.Equal(t, "NORD", b.data()["customerassignment"])
		})
	}

	init := b.call("initRegistration", nil)
	r := b.call("register", map[string]any{"email": "sneaky-new@example.com", "password": shopperPassword, "regToken": init["regToken"],
		"profile": erika, "preferences": termsAccepted, "data": map[string]any{"customerassignment": "SUED"}})
	require.EqualValues(t, contract.CodeReadOnlyField, r["errorCode"], r)
}

func TestAddressBook(t *testing.T) {
	s := apitest.New(t)
	b := registerAndLogIn(t, s, "address@example.com", erika)

	entry := func(change func(map[string]any)) map[string]any {
		e := address("BE", "1000", true)["addressBook"].([]any)[0].(map[string]any)
		change(e)
		return map[string]any{"addressBook": []any{e}}
	}
	for name, tc := range map[string]struct {
		data  map[string]any
		field string
		code  int
	}{
		"Belgian postcode of five digits": {entry(func(e map[string]any) { e["zip"] = "10000" }), "data.addressBook.zip", contract.CodeInvalidFormat},
		"German postcode of four digits":  {entry(func(e map[string]any) { e["country"], e["zip"] = "DE", "2009" }), "data.addressBook.zip", contract.CodeInvalidFormat},
		"country outside the 32":          {entry(func(e map[string]any) { e["country"] = "US" }), "data.addressBook.country", contract.CodeInvalidFormat},
		"street missing":                  {entry(func(e map[string]any) { delete(e, "street") }), "data.addressBook.street", contract.CodeMissingRequiredValue},
		"unknown salutation":              {entry(func(e map[string]any) { e["salutation"] = "dr" }), "data.addressBook.salutation", contract.CodeInvalidFormat},
		"unknown field":                   {entry(func(e map[string]any) { e["floor"] = "3" }), "data.addressBook.floor", contract.CodeInvalidParameter},
		"flag not a boolean":              {entry(func(e map[string]any) { e["isStandardAddress"] = "yes" }), "data.addressBook.isStandardAddress", contract.CodeInvalidParameter},
		"not a list":                      {map[string]any{"addressBook": map[string]any{"zip": "1000"}}, "data.addressBook", contract.CodeInvalidParameter},
		"two addresses":                   {map[string]any{"addressBook": []any{entry(func(map[string]any) {})["addressBook"].([]any)[0], entry(func(map[string]any) {})["addressBook"].([]any)[0]}}, "data.addressBook", contract.CodeInvalidParameter},
	} {
		t.Run(name, func(t *testing.T) {
			r := b.call("setAccountInfo", map[string]any{"data": tc.data})
			require.EqualValues(t, contract.CodeValidation, r["errorCode"], r)
			errs := r["validationErrors"].([]any)
			require.Equal(t, tc.field, errs[0].(map[string]any)["fieldName"], r)
			require.EqualValues(t, tc.code, errs[0].(map[string]any)["errorCode"], r)
		})
	}

	r := b.call("setAccountInfo", map[string]any{"data": entry(func(e map[string]any) { e["country"], e["city"] = "be", "  Bruxelles " })})
	require.EqualValues(t, 0, r["errorCode"], r)
	stored := b.data()["addressBook"].([]any)[0].(map[string]any)
	require.Equal(t, "BE", stored["country"], "country codes are stored upper case")
	require.Equal(t, "Bruxelles", stored["city"], "trimmed")
	require.Equal(t, true, stored["isStandardAddress"])

	r = b.call("setAccountInfo", map[string]any{"data": map[string]any{"addressBook": nil}})
	require.EqualValues(t, 0, r["errorCode"], r)
	_, kept := b.data()["addressBook"]
	require.False(t, kept, "null removes the address")
}

// TestAddressTextsHoldSomethingToRead: QA, 2026-12-01: the service stored a street, house number or town that was only a
// pasted zero-width space (the card showed " 12a") or only an emoji, and a house number of 60 characters. Invisible
// characters at either end (spaces, format characters such as U+200B, controls) are trimmed as spaces were, so a field
// of nothing else is missing (400027); a street, house number or town without a letter or a digit is refused with
// 400026; a house number is at most contract.AddressStreetNoMaxLength characters (400006). Each a 400 naming its field.
func TestAddressTextsHoldSomethingToRead(t *testing.T) {
	s := apitest.New(t)
	b := registerAndLogIn(t, s, "address-texts@example.com", erika)
	with := func(field, value string) map[string]any {
		book := address("DE", "20095", true)
		book["addressBook"].([]any)[0].(map[string]any)[field] = value
		return book
	}
	refused := func(field, value string, code int) {
		t.Helper()
		r := b.call("setAccountInfo", map[string]any{"data": with(field, value)})
		require.EqualValues(t, contract.CodeValidation, r["errorCode"], "%s %+q: %v", field, value, r)
		require.EqualValues(t, http.StatusBadRequest, r["statusCode"], r)
		errs := r["validationErrors"].([]any)
		require.Len(t, errs, 1, r)
		require.Equal(t, "data.addressBook."+field, errs[0].(map[string]any)["fieldName"], r)
		require.EqualValues(t, code, errs[0].(map[string]any)["errorCode"], "%s %+q: %v", field, value, r)
	}
	for _, field := range []string{"street", "streetNo", "city"} {
		for _, invisible := range []string{"\u200B", " \u200B ", "\uFEFF", "\u2060\u200D", "\u00AD", "\u200E\u200F", "\u00A0\u3000", "\u202E", "\u0007"} {
			refused(field, invisible, contract.CodeMissingRequiredValue)
		}
		for _, unreadable := range []string{"😀", "😀😀", "👍🏽", "\u200B😀\u200B", "-", "/", "...", "\u0301", "\uFE0F"} {
			refused(field, unreadable, contract.CodeInvalidFormat)
		}
		// A control inside (identity.IsTextControl), which the address form refuses as well (libs/forms
		// addressTextSchema, @portal/identity-contract/text hasTextControl): a pasted tab or line break, C1, an isolate.
		for _, control := range []string{"\u0007", "\t", "\n", "\u0085", "\u009F", "\u202E", "\u2066", "\u2028", "\uFEFF"} {
			refused(field, "1"+control+"a", contract.CodeInvalidFormat)
		}
	}
	// Every required text of an address: nothing to read is nothing given.
	for _, field := range []string{"firstName", "lastName", "zip"} {
		refused(field, "\u200B\u2060", contract.CodeMissingRequiredValue)
	}
	refused("streetNo", strings.Repeat("1", 60), contract.CodeInvalidParameter)
	refused("streetNo", strings.Repeat("1", contract.AddressStreetNoMaxLength+1), contract.CodeInvalidParameter)
	r := b.call("setAccountInfo", map[string]any{"data": with("streetNo", strings.Repeat("1", contract.AddressStreetNoMaxLength+1))})
	require.Equal(t, fmt.Sprintf("The value is too long: at most %d characters.", contract.AddressStreetNoMaxLength),
		r["validationErrors"].([]any)[0].(map[string]any)["message"], "the house number's own limit named")

	for _, streetNo := range []string{"1", "12a", "12-14", "123 b", "7/1", "12 bis", "Nr. 5", "\u0663", strings.Repeat("1", contract.AddressStreetNoMaxLength)} {
		r := b.call("setAccountInfo", map[string]any{"data": with("streetNo", streetNo)})
		require.EqualValues(t, 0, r["errorCode"], "%+q: %v", streetNo, r)
	}
	for _, place := range [][2]string{{"Ulica 3 Maja", "\u0141\u00f3d\u017a"}, {"Rue de l'\u00c9glise", "Saint-\u00c9tienne"}, {"Stra\u00dfe des 17. Juni", "'s-Hertogenbosch"}} {
		book := with("street", place[0])
		book["addressBook"].([]any)[0].(map[string]any)["city"] = place[1]
		r := b.call("setAccountInfo", map[string]any{"data": book})
		require.EqualValues(t, 0, r["errorCode"], "%+q: %v", place, r)
	}
	// Stored as trimmed, as spaces are: the card shows what there is to read.
	book := with("street", "\u200BHauptstra\u00dfe\uFEFF")
	book["addressBook"].([]any)[0].(map[string]any)["streetNo"] = " 12a\u2060"
	book["addressBook"].([]any)[0].(map[string]any)["city"] = "\u2060K\u00f6ln\u200B"
	r = b.call("setAccountInfo", map[string]any{"data": book})
	require.EqualValues(t, 0, r["errorCode"], r)
	stored := b.data()["addressBook"].([]any)[0].(map[string]any)
	require.Equal(t, []any{"Hauptstra\u00dfe", "12a", "K\u00f6ln"}, []any{stored["street"], stored["streetNo"], stored["city"]})
}

// The profile's postcode and country follow the rules the address book's do (spec 000 §5: the country's postcode
// rule, DE five digits; §3: the 32 countries): a German "ABCDE" was stored and derived the store area UNKNOWN.
func TestProfilePostcodeFollowsItsCountrysRule(t *testing.T) {
	s := apitest.New(t)
	b := registerAndLogIn(t, s, "profile-zip@example.com", withProfile(map[string]any{"zip": "20095", "country": "DE"}))
	for name, tc := range map[string]struct {
		profile map[string]any
		field   string
	}{
		"German postcode of letters":     {map[string]any{"zip": "ABCDE", "country": "DE"}, "profile.zip"},
		"German postcode of four digits": {map[string]any{"zip": "2009"}, "profile.zip"},
		"Belgian postcode of five":       {map[string]any{"zip": "10000", "country": "BE"}, "profile.zip"},
		"country outside the 32":         {map[string]any{"country": "XX"}, "profile.country"},
	} {
		t.Run(name, func(t *testing.T) {
			r := b.call("setAccountInfo", map[string]any{"profile": tc.profile})
			require.EqualValues(t, contract.CodeValidation, r["errorCode"], r)
			errs := r["validationErrors"].([]any)
			require.Equal(t, tc.field, errs[0].(map[string]any)["fieldName"], r)
			require.EqualValues(t, contract.CodeInvalidFormat, errs[0].(map[string]any)["errorCode"], r)
		})
	}
	require.Equal(t, "NORD", b.data()["customerassignment"], "nothing refused was stored")
	r := b.call("setAccountInfo", map[string]any{"profile": map[string]any{"zip": "1000", "country": "BE"}})
	require.EqualValues(t, 0, r["errorCode"], r)
	r = b.call("setAccountInfo", map[string]any{"profile": map[string]any{"firstName": "Eri"}})
	require.EqualValues(t, 0, r["errorCode"], "a save that leaves postcode and country alone is not refused for them")
}

// A profile without a country has the site's: on the German site its postcode follows the German rule, as the
// site's forms and the address book hold it (spec 000 §5: DE five digits). A German account's "1234" was stored (QA).
// Elsewhere the metadata names no country of the site, and such a postcode follows no rule.
func TestProfilePostcodeWithoutCountryFollowsTheSitesRule(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, s *apitest.Service) {
		b := registerAndLogIn(t, s, "profile-zip-site@example.com", withProfile(nil))
		r := b.call("setAccountInfo", map[string]any{"profile": map[string]any{"zip": "1234"}})
		require.EqualValues(t, contract.CodeValidation, r["errorCode"], r)
		errs := r["validationErrors"].([]any)
		require.Len(t, errs, 1, r)
		require.Equal(t, "profile.zip", errs[0].(map[string]any)["fieldName"], r)
		require.EqualValues(t, contract.CodeInvalidFormat, errs[0].(map[string]any)["errorCode"], r)
		info := b.call("getAccountInfo", map[string]any{"include": "profile"})
		require.NotContains(t, info["profile"], "zip", "nothing refused was stored")

		r = b.call("setAccountInfo", map[string]any{"profile": map[string]any{"zip": "20095"}})
		require.EqualValues(t, 0, r["errorCode"], r)
		r = b.call("setAccountInfo", map[string]any{"profile": map[string]any{"zip": "1000", "country": "BE"}})
		require.EqualValues(t, 0, r["errorCode"], "the profile's own country decides where it has one")
	})
	t.Run("a site other than the German one", func(t *testing.T) {
		s := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Metadata.CountryGermany = false }))
		b := newShopper(t, s)
		init := b.call("initRegistration", nil)
		privacy := map[string]any{"privacy": map[string]any{"aec": map[string]any{"isConsentGranted": true}}}
		r := b.call("register", map[string]any{"email": "profile-zip-be@example.com", "password": shopperPassword, "regToken": init["regToken"],
			"profile": withProfile(nil), "preferences": privacy, "lang": "nl"})
		require.EqualValues(t, contract.CodePendingVerification, r["errorCode"], r)
		require.Equal(t, "/double-opt-in-done?errorCode=0", follow(t, s, "profile-zip-be@example.com", embedded.MailVerification))
		require.EqualValues(t, 0, b.call("login", map[string]any{"loginID": "profile-zip-be@example.com", "password": shopperPassword})["errorCode"])
		r = b.call("setAccountInfo", map[string]any{"profile": map[string]any{"zip": "1234"}})
		require.EqualValues(t, 0, r["errorCode"], r)
	})
}

func TestConsentPerMarket(t *testing.T) {
	for name, tc := range map[string]struct {
		germany       bool
		given, needed string
	}{
		"Germany asks for the terms of use":      {true, "privacy", "preferences.terms.customeraccount"},
		"other markets ask for the privacy note": {false, "terms", "preferences.privacy.aec"},
	} {
		t.Run(name, func(t *testing.T) {
			s := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Metadata.CountryGermany = tc.germany }))
			b := newShopper(t, s)
			consent := map[string]any{"terms": map[string]any{"customeraccount": map[string]any{"isConsentGranted": true}}}
			if tc.given == "privacy" {
				consent = map[string]any{"privacy": map[string]any{"aec": map[string]any{"isConsentGranted": true}}}
			}
			init := b.call("initRegistration", nil)
			r := b.call("register", map[string]any{"email": "market@example.com", "password": shopperPassword, "regToken": init["regToken"],
				"profile": erika, "preferences": consent, "include": "missing-required-fields"})
			require.EqualValues(t, contract.CodePendingRegistration, r["errorCode"], r)
			require.Equal(t, []any{tc.needed}, r["missingRequiredFields"])

			details := b.call("getSiteConsentDetails", nil)["siteConsentDetails"].(map[string]any)
			require.Equal(t, true, details[strings.TrimPrefix(tc.needed, "preferences.")].(map[string]any)["isMandatory"])
		})
	}
}

// Raising the document version of the terms in the configuration makes the next login ask for consent again
// (206001); accepting records the new version and lets the shopper in.
func TestChangedTermsAskForConsentAgain(t *testing.T) {
	dbURL := dbtest.SQLiteURL(t)
	terms := func(version float64) func(*config.Config) {
		return func(c *config.Config) {
			c.Database.URL = dbURL
			c.Identity.Embedded.Consents = []config.IdentityConsent{{ID: "terms.customeraccount", IsActive: true, IsMandatory: true,
				LegalStatements: []config.IdentityLegalStatement{
					{Lang: "de", CurrentDocVersion: version, MinDocVersion: version, DocumentURL: fmt.Sprintf("/cms/terms/de-v%g.html", version)},
				}}}
		}
	}
	before := apitest.New(t, apitest.WithConfig(terms(1)))
	registerAndLogIn(t, before, "terms@example.com", erika)

	after := apitest.New(t, apitest.WithConfig(terms(2)))
	b := newShopper(t, after)
	l := b.call("login", map[string]any{"loginID": "terms@example.com", "password": shopperPassword, "include": "missing-required-fields"})
	require.EqualValues(t, contract.CodePendingRegistration, l["errorCode"], l)
	require.Equal(t, []any{"preferences.terms.customeraccount"}, l["missingRequiredFields"])
	regToken := l["regToken"]
	statement := b.call("getSiteConsentDetails", nil)["siteConsentDetails"].(map[string]any)["terms.customeraccount"].(map[string]any)["legalStatements"].(map[string]any)["de"].(map[string]any)
	require.Equal(t, "/cms/terms/de-v2.html", statement["documentUrl"])

	info := b.call("getAccountInfo", map[string]any{"regToken": regToken, "include": "preferences"})
	accepted := info["preferences"].(map[string]any)["terms"].(map[string]any)["customeraccount"].(map[string]any)
	require.Equal(t, true, accepted["isConsentGranted"], "granted once, at the old version")
	require.EqualValues(t, 1, accepted["docVersion"])

	r := b.call("setAccountInfo", map[string]any{"regToken": regToken, "preferences": termsAccepted})
	require.EqualValues(t, 0, r["errorCode"], r)
	f := b.call("finalizeRegistration", map[string]any{"regToken": regToken})
	require.EqualValues(t, 0, f["errorCode"], f)
	require.NotNil(t, b.cookie, "finalize logs in")
	info = b.call("getAccountInfo", map[string]any{"include": "preferences"})
	require.EqualValues(t, 2, info["preferences"].(map[string]any)["terms"].(map[string]any)["customeraccount"].(map[string]any)["docVersion"])
}

func TestExportAccountData(t *testing.T) {
	s := apitest.New(t)
	b := registerAndLogIn(t, s, "export@example.com", withProfile(map[string]any{"zip": "20095", "country": "DE",
		"phones": []any{map[string]any{"number": "+4912345678"}}}))
	r := b.call("setAccountInfo", map[string]any{"data": map[string]any{"salutation": "mrs"},
		"subscriptions": map[string]any{"NLT_GENERAL": map[string]any{"email": map[string]any{"isSubscribed": true}}}})
	require.EqualValues(t, 0, r["errorCode"], r)

	out := b.call("exportAccountData", nil)
	require.EqualValues(t, 0, out["errorCode"], out)
	require.NotEmpty(t, out["exportedAt"])
	account := out["account"].(map[string]any)
	require.Equal(t, "export@example.com", account["email"])
	profile := account["profile"].(map[string]any)
	require.Equal(t, "Erika", profile["firstName"])
	require.Equal(t, "+4912345678", profile["phones"].([]any)[0].(map[string]any)["number"])
	data := account["data"].(map[string]any)
	require.Equal(t, "mrs", data["salutation"])
	require.Equal(t, "NORD", data["customerassignment"], "the store area is the shopper's data too")
	terms := account["preferences"].(map[string]any)["terms"].(map[string]any)["customeraccount"].(map[string]any)
	require.EqualValues(t, 1, terms["docVersion"])
	require.NotEmpty(t, terms["lastConsentModified"])
	sub := account["subscriptions"].(map[string]any)["NLT_GENERAL"].(map[string]any)["email"].(map[string]any)
	require.Equal(t, "Pending", sub["doubleOptIn"].(map[string]any)["status"])
	require.Equal(t, []any{"site"}, account["loginProviders"])
	require.NotEmpty(t, account["verified"])
	require.NotEmpty(t, account["lastLogin"])

	raw, err := json.Marshal(out)
	require.NoError(t, err)
	for _, secret := range []string{"argon2", "password", "hash", "token", b.cookie.Value} {
		require.NotContains(t, strings.ToLower(string(raw)), strings.ToLower(secret), "no credential leaves in an export")
	}

	anonymous := newShopper(t, s)
	require.EqualValues(t, contract.CodeUnauthorized, anonymous.call("exportAccountData", nil)["errorCode"])
	init := anonymous.call("initRegistration", nil)
	require.EqualValues(t, contract.CodeUnauthorized, anonymous.call("exportAccountData", map[string]any{"regToken": init["regToken"]})["errorCode"],
		"a regToken is not enough")
}

func TestDeleteAccount(t *testing.T) {
	for dialect, dbURL := range map[string]func(testing.TB) string{"sqlite": dbtest.SQLiteURL, "postgres": dbtest.PostgresURL} {
		t.Run(dialect, func(t *testing.T) { deleteAccount(t, dbURL(t)) })
	}
}

func deleteAccount(t *testing.T, dbURL string) {
	{
		s := apitest.New(t, apitest.WithConfig(func(c *config.Config) { c.Database.URL = dbURL }))
		b := registerAndLogIn(t, s, "leaving@example.com", erika)
		uid, _ := b.call("getAccountInfo", nil)["UID"].(string)
		require.NotEmpty(t, uid)
		// A partner service holds a single sign-on token of the account.
		partnerTokens := ssosql.New(s.DB)
		now := time.Now()
		require.NoError(t, partnerTokens.CreateToken(context.Background(), sso.Token{ID: "partner-token", ClientID: "fotoservice", Subject: uid,
			CreatedAt: now, ExpiresAt: now.Add(time.Hour)}))
		ctx := context.Background()
		require.NoError(t, partnerTokens.SaveConsent(ctx, sso.Consent{UID: uid, ClientID: "fotoservice", Scopes: []string{"openid", "email"}, GrantedAt: now}))
		require.NoError(t, partnerTokens.CreateAuthRequest(ctx, sso.AuthRequest{ID: "partner-login", ClientID: "fotoservice", Subject: uid,
			Request: sso.Request{RedirectURI: "https://partner.example/cb", Scopes: []string{"openid"}}, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}))
		// The shop's product reminders of the address, one active and one waiting for its link, and newsletters.
		shop := reminders.NewSQLStore(s.DB)
		for i, status := range []reminders.Status{reminders.StatusActive, reminders.StatusPending} {
			r := reminders.Record{Reminder: reminders.Reminder{ID: fmt.Sprintf("rem-%d", i), VariantID: "v1", VariantName: reminders.VariantName{"de": "Kaffee"}},
				Email: "leaving@example.com", Language: "de", Status: status, CreatedAt: now}
			if status == reminders.StatusPending {
				r.ConfirmTokenHash, r.ConfirmExpiresAt = fmt.Sprintf("%064d", i), now.Add(time.Hour)
			}
			require.NoError(t, shop.Insert(ctx, r))
		}
		// NLT_GENERAL confirmed, NLT_OFFERS still waiting for its double opt-in: never consent, so not withdrawn.
		require.EqualValues(t, 0, b.call("setAccountInfo", map[string]any{
			"subscriptions": map[string]any{"NLT_GENERAL": map[string]any{"email": map[string]any{"isSubscribed": true}}}})["errorCode"])
		require.Equal(t, "/preferences/double-opt-in-done?newsletter=NLT_GENERAL", follow(t, s, "leaving@example.com", embedded.MailSubscriptionConfirmation))
		require.EqualValues(t, 0, b.call("setAccountInfo", map[string]any{
			"subscriptions": map[string]any{"NLT_OFFERS": map[string]any{"email": map[string]any{"isSubscribed": true}}}})["errorCode"])
		// A mail to the address still waiting for the relay, beside the delivered ones.
		_, err := s.DB.ExecContext(ctx, s.DB.Rebind(`UPDATE mail_outbox SET status = 'pending' WHERE recipient = ?`), "leaving@example.com")
		require.NoError(t, err)
		other := newShopper(t, s)
		require.EqualValues(t, 0, other.call("login", map[string]any{"loginID": "leaving@example.com", "password": shopperPassword})["errorCode"])
		require.EqualValues(t, contract.CodeInvalidLogin, newShopper(t, s).call("login", map[string]any{"loginID": "LEAVING@example.com", "password": "Wrong-Passw0rd"})["errorCode"])

		require.EqualValues(t, contract.CodeMissingRequiredParameter, b.call("deleteAccount", nil)["errorCode"])
		wrong := b.call("deleteAccount", map[string]any{"password": "Wrong-Passw0rd"})
		require.EqualValues(t, contract.CodeInvalidLogin, wrong["errorCode"])
		require.Equal(t, "password", wrong["validationErrors"].([]any)[0].(map[string]any)["fieldName"])
		require.EqualValues(t, contract.CodeUnauthorized, newShopper(t, s).call("deleteAccount", map[string]any{"password": shopperPassword})["errorCode"])

		r := b.call("deleteAccount", map[string]any{"password": shopperPassword})
		require.EqualValues(t, 0, r["errorCode"], r)
		require.Nil(t, b.cookie, "the session cookie is cleared")
		// Nothing of the account is left in any table, but for the security log and the confirmation mail; the
		// newsletter withdrawal is kept under the address's hash only.
		withdrawalKey, err := database.KeptSecret(ctx, s.DB, subscribers.WithdrawalKeyPurpose, "1")
		require.NoError(t, err)
		hash := subscribers.NewSQLWithdrawals(s.DB, withdrawalKey).HashEmail("leaving@example.com")
		require.Empty(t, rowsNaming(t, s.DB, subscribers.LegacyEmailHash("leaving@example.com"))["subscriber_withdrawals"],
			"not under a plain SHA-256 of the address")
		for table, rows := range rowsNaming(t, s.DB, uid, "leaving@example.com", hash) {
			switch table {
			case "audit_events":
			case "mail_outbox":
				require.Len(t, rows, 1, "only the confirmation mail")
				require.Contains(t, rows[0], embedded.MailAccountDeleted)
			case "subscriber_withdrawals":
				require.Len(t, rows, 1)
				require.Contains(t, rows[0], "NLT_GENERAL")
				require.NotContains(t, rows[0], "NLT_OFFERS", "a pending newsletter was never consent")
			default:
				require.Empty(t, rows, "%s still names the account", table)
			}
		}
		require.EqualValues(t, contract.CodeUnauthorized, other.call("getAccountInfo", nil)["errorCode"], "every session of the account ended")
		l := newShopper(t, s).call("login", map[string]any{"loginID": "leaving@example.com", "password": shopperPassword})
		require.EqualValues(t, contract.CodeInvalidLogin, l["errorCode"], "the login is refused afterwards")
		require.Equal(t, embedded.MailAccountDeleted, mails(t, s, "leaving@example.com")[0].Kind, "a confirmation goes to the former address")

		_, err = partnerTokens.TokenByID(ctx, "partner-token")
		require.ErrorIs(t, err, sso.ErrNotFound, "a partner's token of the account ends with it")
		_, err = s.App.Identity.Backend().SubscriberRegToken(ctx, "leaving@example.com")
		require.NoError(t, err, "the address is free again")
	}
}

// rowsNaming returns, per table of the database, the rows (as text) in which any column holds one of needles,
// case-insensitively: every table, so a table added later is covered without naming it here.
func rowsNaming(t *testing.T, db *database.DB, needles ...string) map[string][]string {
	t.Helper()
	ctx := context.Background()
	list := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if db.Dialect == database.Postgres {
		list = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
	}
	rows, err := db.QueryContext(ctx, list)
	require.NoError(t, err)
	var tables []string
	for rows.Next() {
		var name string
		require.NoError(t, rows.Scan(&name))
		tables = append(tables, name)
	}
	require.NoError(t, rows.Err())
	require.NoError(t, rows.Close())
	require.Contains(t, tables, "sso_consents")
	out := map[string][]string{}
	for _, table := range tables {
		rows, err := db.QueryContext(ctx, `SELECT * FROM `+table)
		require.NoError(t, err, table)
		cols, err := rows.Columns()
		require.NoError(t, err)
		out[table] = nil
		for rows.Next() {
			values := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range values {
				ptrs[i] = &values[i]
			}
			require.NoError(t, rows.Scan(ptrs...))
			var line strings.Builder
			for _, v := range values {
				if b, ok := v.([]byte); ok {
					v = string(b)
				}
				fmt.Fprintf(&line, "%v|", v)
			}
			text := strings.ToLower(line.String())
			for _, n := range needles {
				if strings.Contains(text, strings.ToLower(n)) {
					out[table] = append(out[table], line.String())
					break
				}
			}
		}
		require.NoError(t, rows.Err())
		require.NoError(t, rows.Close())
	}
	return out
}
