package httpapi_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
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
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
	"github.com/grocer-portal/portal/services/api/internal/stores"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

// subscriberFixture is a subscriber of the real service: a link, its regToken, and helpers to call as the
// preference centre does.
type subscriberFixture struct {
	svc      *apitest.Service
	email    identity.Email
	jwt      string
	regToken string
}

func newSubscriber(t *testing.T, svc *apitest.Service, email string) *subscriberFixture {
	t.Helper()
	f := &subscriberFixture{svc: svc, email: identity.Email(email), jwt: mintLink(t, svc, email)}
	status, body := f.exchange(t, f.jwt)
	require.Equal(t, http.StatusOK, status, body)
	f.regToken = body["regToken"].(string)
	return f
}

func mintLink(t *testing.T, svc *apitest.Service, email string) string {
	t.Helper()
	tokens, err := app.SubscriberTokens(context.Background(), svc.Config, svc.DB, nil)
	require.NoError(t, err)
	jwt, _, err := tokens.Mint(identity.Email(email), time.Hour)
	require.NoError(t, err)
	return jwt
}

func (f *subscriberFixture) exchange(t *testing.T, jwt string) (int, map[string]any) {
	t.Helper()
	rec := f.svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/regToken/jwt",
		Body: url.Values{"jwt": {jwt}}.Encode(), Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
	var body map[string]any
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body), rec.Body.String())
	return rec.Code, body
}

func (f *subscriberFixture) set(t *testing.T, params map[string]any) map[string]any {
	t.Helper()
	params["regToken"] = f.regToken
	return identityCall(t, f.svc, "setAccountInfo", params)
}

func (f *subscriberFixture) account(t *testing.T) map[string]any {
	t.Helper()
	return identityCall(t, f.svc, "getAccountInfo", map[string]any{"regToken": f.regToken, "include": "profile,data,preferences,subscriptions"})
}

func (f *subscriberFixture) reminders(t *testing.T, jwt string) (int, []any) {
	t.Helper()
	rec := f.svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/productreminder/search",
		Body: `{"authToken":"` + jwt + `"}`, Header: map[string]string{"Content-Type": "application/json"}})
	var body struct{ ProductReminders []any }
	_ = json.Unmarshal(rec.Body.Bytes(), &body)
	return rec.Code, body.ProductReminders
}

func oneClick(svc *apitest.Service, method, jwt, body, contentType string) *http.Response {
	return svc.Do(apitest.Request{Method: method, Target: subscribers.OneClickPath + jwt, Body: body,
		Header: map[string]string{"Content-Type": contentType}}).Result()
}

func TestPreferenceTilesAreValidatedAndKept(t *testing.T) {
	svc := apitest.New(t)
	f := newSubscriber(t, svc, "tiles@example.com")

	env := f.set(t, map[string]any{"data": map[string]any{"preference": map[string]any{
		"ORGANIC": true, "WINE": false, "SHOPPING_FREQUENCY": "MONTHLY"}}})
	require.EqualValues(t, 0, env["errorCode"], env)
	data := f.account(t)["data"].(map[string]any)
	require.Equal(t, map[string]any{"ORGANIC": true, "WINE": false, "SHOPPING_FREQUENCY": "MONTHLY"}, data["preference"])

	for _, tc := range []struct {
		name, field string
		preference  map[string]any
	}{
		{"unknown key", "data.preference.GOLF", map[string]any{"GOLF": true}},
		{"value outside the radio tile", "data.preference.SHOPPING_FREQUENCY", map[string]any{"SHOPPING_FREQUENCY": "HOURLY"}},
		{"boolean tile given text", "data.preference.VEGAN", map[string]any{"VEGAN": "sometimes"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := f.set(t, map[string]any{"data": map[string]any{"preference": tc.preference}})
			require.EqualValues(t, 400009, env["errorCode"], env)
			errs := env["validationErrors"].([]any)
			require.Equal(t, tc.field, errs[0].(map[string]any)["fieldName"])
		})
	}
	require.Equal(t, map[string]any{"ORGANIC": true, "WINE": false, "SHOPPING_FREQUENCY": "MONTHLY"},
		f.account(t)["data"].(map[string]any)["preference"], "a refused save changes nothing")
}

func TestFavouriteStoreMustExistAndBeOpen(t *testing.T) {
	svc := apitest.New(t)
	ctx := context.Background()
	_, err := svc.App.Stores.Import(ctx, []stores.Store{
		{ID: "DE-20095-01", Name: "Hamburg", Street: "Mönckebergstraße 7", Postcode: "20095", City: "Hamburg", Country: "DE", Open: true},
		{ID: "DE-20095-02", Name: "Hamburg-Altstadt", Street: "Steinstraße 1", Postcode: "20095", City: "Hamburg", Country: "DE", Open: false},
	})
	require.NoError(t, err)
	got := svc.Get("/rest/v1/retailstores/DE-20095-02")
	require.Equal(t, http.StatusOK, got.Code)
	require.JSONEq(t, `{"id":"DE-20095-02","uiText":"Hamburg-Altstadt, Steinstraße 1, 20095 Hamburg","open":false}`, got.Body.String())
	require.Equal(t, http.StatusNotFound, svc.Get("/rest/v1/retailstores/DE-00000-00").Code)

	f := newSubscriber(t, svc, "store@example.com")
	choose := func(id string) map[string]any {
		return f.set(t, map[string]any{"data": map[string]any{"preference": map[string]any{"FAVORITE_STORE": id}}})
	}
	require.EqualValues(t, 0, choose("DE-20095-01")["errorCode"])
	for id, message := range map[string]string{"DE-99999-99": "Unknown store", "DE-20095-02": "The store has closed", "../x": "The specified value does not correspond to the expected format."} {
		env := choose(id)
		require.EqualValues(t, 400009, env["errorCode"], id)
		e := env["validationErrors"].([]any)[0].(map[string]any)
		require.Equal(t, "data.preference.FAVORITE_STORE", e["fieldName"])
		require.Equal(t, message, e["message"])
	}

	// A registration chooses as a save does, with the same answer: it stored any id (QA round of 2026-11-29).
	for id, message := range map[string]string{"NO-SUCH-STORE": "Unknown store", "DE-20095-02": "The store has closed"} {
		init := identityCall(t, svc, "initRegistration", map[string]any{})
		env := identityCall(t, svc, "register", map[string]any{
			"regToken": init["regToken"], "email": "new-shopper@example.com", "password": "Sommer-2026!",
			"profile":     map[string]any{"firstName": "Eva", "lastName": "Muster"},
			"preferences": map[string]any{"terms": map[string]any{"customeraccount": map[string]any{"isConsentGranted": true}}},
			"data":        map[string]any{"preference": map[string]any{"FAVORITE_STORE": id}},
		})
		require.EqualValues(t, 400009, env["errorCode"], id)
		e := env["validationErrors"].([]any)[0].(map[string]any)
		require.Equal(t, "data.preference.FAVORITE_STORE", e["fieldName"])
		require.Equal(t, message, e["message"])
	}

	// A favourite that closed after it was chosen stays until the subscriber picks another one.
	_, err = svc.App.Stores.Import(ctx, []stores.Store{
		{ID: "DE-20095-01", Name: "Hamburg", Street: "Mönckebergstraße 7", Postcode: "20095", City: "Hamburg", Country: "DE", Open: false},
	})
	require.NoError(t, err)
	require.EqualValues(t, 0, f.set(t, map[string]any{"data": map[string]any{"salutation": "mrs"}})["errorCode"])
	require.Equal(t, "DE-20095-01", f.account(t)["data"].(map[string]any)["preference"].(map[string]any)["FAVORITE_STORE"])
}

func TestFullUnsubscribeErasesTheSubscriberAndKeepsOnlyTheWithdrawal(t *testing.T) {
	svc := apitest.New(t)
	ctx := context.Background()
	f := newSubscriber(t, svc, "leaving@example.com")
	require.EqualValues(t, 0, f.set(t, map[string]any{
		"profile":       map[string]any{"firstName": "Lena", "birthYear": 1985, "zip": "20095"},
		"data":          map[string]any{"salutation": "mrs", "preference": map[string]any{"ORGANIC": true}, "sfmc": map[string]any{"dataProcessingConsented": true}},
		"subscriptions": map[string]any{"NLT_GENERAL": map[string]any{"email": map[string]any{"isSubscribed": true}}},
	})["errorCode"])
	require.Equal(t, "/preferences/double-opt-in-done?newsletter=NLT_GENERAL", svc.OpenMailLink(lastMailLink(t, svc, "leaving@example.com", "subscription-confirmation")))
	_, err := svc.App.Reminders.SeedActive(ctx, f.email, []reminders.Seed{{VariantID: "milk", VariantName: reminders.VariantName{"de": "Milch"}}})
	require.NoError(t, err)
	status, listed := f.reminders(t, f.jwt)
	require.Equal(t, http.StatusOK, status)
	require.Len(t, listed, 1)

	// Mail scanners follow GET links: a GET of the one-click address changes nothing and leads to the centre.
	got := oneClick(svc, http.MethodGet, f.jwt, "", "")
	require.Equal(t, http.StatusSeeOther, got.StatusCode)
	require.Equal(t, subscribers.LinkPath+f.jwt, got.Header.Get("Location"))
	require.Equal(t, "no-store", got.Header.Get("Cache-Control"))
	require.Equal(t, "Lena", f.account(t)["profile"].(map[string]any)["firstName"])

	// A POST without the RFC 8058 body is refused, naming the field (a body of another type, naming its type); so
	// is a forged link.
	for _, bad := range []struct {
		jwt, body, contentType string
		want                   int
	}{
		{f.jwt, "", "application/x-www-form-urlencoded", http.StatusBadRequest},
		{f.jwt, "List-Unsubscribe=Yes", "application/x-www-form-urlencoded", http.StatusBadRequest},
		{f.jwt, `{"List-Unsubscribe":"One-Click"}`, "application/json", http.StatusUnsupportedMediaType},
	} {
		res := oneClick(svc, http.MethodPost, bad.jwt, bad.body, bad.contentType)
		require.Equal(t, bad.want, res.StatusCode, bad.body)
	}
	res := oneClick(svc, http.MethodPost, f.jwt[:len(f.jwt)-2]+"xx", "List-Unsubscribe=One-Click", "application/x-www-form-urlencoded")
	require.Equal(t, http.StatusUnauthorized, res.StatusCode)
	require.Equal(t, "Lena", f.account(t)["profile"].(map[string]any)["firstName"], "nothing happened yet")

	res = oneClick(svc, http.MethodPost, f.jwt, "List-Unsubscribe=One-Click", "application/x-www-form-urlencoded")
	require.Equal(t, http.StatusOK, res.StatusCode)

	// The personal data is gone: the newsletter-only account with its profile, tiles and regTokens, the reminders.
	env := identityCall(t, svc, "getAccountInfo", map[string]any{"regToken": f.regToken})
	require.EqualValues(t, 403005, env["errorCode"], "the account and its regToken are gone")
	var accounts int
	require.NoError(t, svc.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM identity_accounts WHERE email = 'leaving@example.com'`).Scan(&accounts))
	require.Zero(t, accounts)
	var reminderRows int
	require.NoError(t, svc.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM product_reminders WHERE email = 'leaving@example.com'`).Scan(&reminderRows))
	require.Zero(t, reminderRows)

	// Only the withdrawal stays: what and when, under a hash of the address.
	withdrawalKey, err := database.KeptSecret(ctx, svc.DB, subscribers.WithdrawalKeyPurpose, "1")
	require.NoError(t, err)
	withdrawals := subscribers.NewSQLWithdrawals(svc.DB, withdrawalKey)
	records, err := withdrawals.Withdrawals(ctx, f.email)
	require.NoError(t, err)
	require.Len(t, records, 1)
	require.Equal(t, []string{"NLT_GENERAL"}, records[0].Subscriptions)
	require.Equal(t, 1, records[0].Reminders)
	require.WithinDuration(t, time.Now(), records[0].At, time.Minute)
	var dump, stored string
	require.NoError(t, svc.DB.QueryRowContext(ctx, `SELECT email_hash || subscriptions, email_hash FROM subscriber_withdrawals`).Scan(&dump, &stored))
	require.NotContains(t, dump, "leaving")
	// Keyed: a list of addresses does not name the record (QA privacy round of 2026-11-29).
	plain := sha256.Sum256([]byte(f.email))
	require.NotEqual(t, hex.EncodeToString(plain[:]), stored, "not a plain SHA-256 of the address")

	// The old link opens nothing: 410 on the exchange, 401 on the reminders; POSTing it again does nothing more.
	status, body := f.exchange(t, f.jwt)
	require.Equal(t, http.StatusGone, status)
	require.Equal(t, "unsubscribed", body["error"].(map[string]any)["code"])
	status, _ = f.reminders(t, f.jwt)
	require.Equal(t, http.StatusUnauthorized, status)
	require.Equal(t, http.StatusOK, oneClick(svc, http.MethodPost, f.jwt, "List-Unsubscribe=One-Click", "application/x-www-form-urlencoded").StatusCode)
	require.NoError(t, svc.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM identity_accounts WHERE email = 'leaving@example.com'`).Scan(&accounts))
	require.Zero(t, accounts, "an old link does not even create an empty account")
	records, err = withdrawals.Withdrawals(ctx, f.email)
	require.NoError(t, err)
	require.Len(t, records, 1)

	// A link issued later (the subscriber signed up again) works, on a fresh, empty account.
	time.Sleep(time.Until(time.Now().Truncate(time.Second).Add(time.Second + 10*time.Millisecond)))
	again := newSubscriber(t, svc, "leaving@example.com")
	profile := again.account(t)["profile"].(map[string]any)
	require.Equal(t, map[string]any{"email": "leaving@example.com"}, profile)
}

// A newsletter still waiting for its double opt-in was never consent, so the withdrawal record, the proof of a
// withdrawn consent, does not name it (QA privacy round of 2026-11-29: it listed a pending newsletter beside the
// confirmed one).
func TestWithdrawalNamesOnlyConfirmedSubscriptions(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, svc *apitest.Service) {
		ctx := context.Background()
		f := newSubscriber(t, svc, "half@example.com")
		subscribe := func(key string) {
			t.Helper()
			require.EqualValues(t, 0, f.set(t, map[string]any{"subscriptions": map[string]any{key: map[string]any{"email": map[string]any{"isSubscribed": true}}}})["errorCode"])
		}
		subscribe("NLT_GENERAL")
		require.Equal(t, "/preferences/double-opt-in-done?newsletter=NLT_GENERAL", svc.OpenMailLink(lastMailLink(t, svc, "half@example.com", "subscription-confirmation")))
		subscribe("NLT_OFFERS")
		require.Equal(t, "Pending", doubleOptIn(t, f.account(t), "NLT_OFFERS")["status"])

		res := oneClick(svc, http.MethodPost, f.jwt, "List-Unsubscribe=One-Click", "application/x-www-form-urlencoded")
		require.Equal(t, http.StatusOK, res.StatusCode)
		withdrawalKey, err := database.KeptSecret(ctx, svc.DB, subscribers.WithdrawalKeyPurpose, "1")
		require.NoError(t, err)
		records, err := subscribers.NewSQLWithdrawals(svc.DB, withdrawalKey).Withdrawals(ctx, f.email)
		require.NoError(t, err)
		require.Len(t, records, 1)
		require.Equal(t, []string{"NLT_GENERAL"}, records[0].Subscriptions)
	})
}

func TestOneClickUnsubscribeAcceptsMultipart(t *testing.T) {
	svc := apitest.New(t)
	f := newSubscriber(t, svc, "multipart@example.com")
	body := "--b\r\nContent-Disposition: form-data; name=\"List-Unsubscribe\"\r\n\r\nOne-Click\r\n--b--\r\n"
	res := oneClick(svc, http.MethodPost, f.jwt, body, "multipart/form-data; boundary=b")
	require.Equal(t, http.StatusOK, res.StatusCode)
	status, _ := f.exchange(t, f.jwt)
	require.Equal(t, http.StatusGone, status)
}

func TestUnsubscribeOfAnAccountThatAlsoLogsInKeepsTheCustomerAccount(t *testing.T) {
	svc := apitest.New(t)
	ctx := context.Background()
	registerUnverified(t, svc, "customer@example.com")
	f := newSubscriber(t, svc, "customer@example.com")
	require.EqualValues(t, 0, f.set(t, map[string]any{
		"data":          map[string]any{"preference": map[string]any{"VEGAN": true}, "sfmc": map[string]any{"dataProcessingConsented": true}},
		"subscriptions": map[string]any{"NLT_OFFERS": map[string]any{"email": map[string]any{"isSubscribed": true}}},
	})["errorCode"])
	require.Equal(t, http.StatusOK, oneClick(svc, http.MethodPost, f.jwt, "List-Unsubscribe=One-Click", "application/x-www-form-urlencoded").StatusCode)

	var profile, data, subs string
	require.NoError(t, svc.DB.QueryRowContext(ctx, `SELECT profile, data, subscriptions FROM identity_accounts WHERE email = 'customer@example.com'`).Scan(&profile, &data, &subs))
	require.Contains(t, profile, "Eva", "the customer account (spec 000) stays")
	require.NotContains(t, data, "VEGAN")
	require.NotContains(t, data, "dataProcessingConsented")
	require.NotContains(t, strings.ReplaceAll(subs, " ", ""), `"isSubscribed":true`)
	status, _ := f.exchange(t, f.jwt)
	require.Equal(t, http.StatusGone, status)
}

func TestSessionLinkTokenOpensTheCentreForALoggedInShopper(t *testing.T) {
	svc := apitest.New(t)
	registerConfirmed(t, svc, "session@example.com")

	issue := func(cookie string) (int, map[string]any) {
		rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/jwt", Header: map[string]string{"Cookie": cookie}})
		var body map[string]any
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body))
		return rec.Code, body
	}
	// The 401 names the session cookie, as the shop's names X-Api-Key (QA bad-input round: it named nothing).
	status, body := issue("")
	require.Equal(t, http.StatusUnauthorized, status)
	require.Equal(t, map[string]any{"code": "not_logged_in", "message": "Please log in first.", "field": "portal_session"}, body["error"])
	status, body = issue("portal_session=forged")
	require.Equal(t, http.StatusUnauthorized, status)
	require.Equal(t, "portal_session", body["error"].(map[string]any)["field"])
	rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/jwt", Header: map[string]string{"Authorization": "Bearer forged"}})
	require.Equal(t, http.StatusUnauthorized, rec.Code)
	require.Equal(t, "Authorization", apitest.ErrorBody(t, rec).Field, "the credential that was sent is the one at fault")

	rec = svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.login", Body: `{"loginID":"session@example.com","password":"Sommer-2026!"}`,
		Header: map[string]string{"Content-Type": "application/json", "Origin": "http://example.com"}})
	require.Equal(t, http.StatusOK, rec.Code)
	var session string
	for _, c := range rec.Result().Cookies() {
		if c.Name == "portal_session" {
			session = c.Value
		}
	}
	require.NotEmpty(t, session, rec.Body.String())
	status, body = issue("portal_session=" + session)
	require.Equal(t, http.StatusOK, status, body)
	f := &subscriberFixture{svc: svc}
	status, exchanged := f.exchange(t, body["jwt"].(string))
	require.Equal(t, http.StatusOK, status)
	f.regToken = exchanged["regToken"].(string)
	require.Equal(t, "Eva", f.account(t)["profile"].(map[string]any)["firstName"], "the session's own account")

	// The link ends with its session (QA security round: a copied cookie's link read and changed the profile for
	// an hour after the owner had logged out or reset the password); a mailed link is bound to no session.
	rec = svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.logout", Body: `{}`,
		Header: map[string]string{"Content-Type": "application/json", "Origin": "http://example.com", "Cookie": "portal_session=" + session}})
	require.Equal(t, http.StatusOK, rec.Code)
	status, _ = f.exchange(t, body["jwt"].(string))
	require.Equal(t, http.StatusUnauthorized, status)
}

// login logs email in through the identity API and answers the session cookie's value.
func login(t *testing.T, svc *apitest.Service, email string) string {
	t.Helper()
	rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.login", Body: `{"loginID":"` + email + `","password":"Sommer-2026!"}`,
		Header: map[string]string{"Content-Type": "application/json", "Origin": "http://example.com"}})
	require.Equal(t, http.StatusOK, rec.Code)
	for _, c := range rec.Result().Cookies() {
		if c.Name == "portal_session" {
			return c.Value
		}
	}
	require.Fail(t, "no session", rec.Body.String())
	return ""
}

// sessionCentre opens the preference centre as the account page's tile does: the session's link, exchanged.
// registerConfirmed registers an account and opens its confirmation mail's link, as the shopper does.
func registerConfirmed(t *testing.T, svc *apitest.Service, email string) {
	t.Helper()
	registerUnverified(t, svc, email)
	require.Equal(t, "/double-opt-in-done?errorCode=0", svc.OpenMailLink(lastMailLink(t, svc, email, "verification")))
}

func sessionCentre(t *testing.T, svc *apitest.Service, session string) *subscriberFixture {
	t.Helper()
	rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/jwt", Header: map[string]string{"Cookie": "portal_session=" + session}})
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	var link map[string]any
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &link))
	f := &subscriberFixture{svc: svc, jwt: link["jwt"].(string)}
	status, exchanged := f.exchange(t, f.jwt)
	require.Equal(t, http.StatusOK, status, exchanged)
	f.regToken = exchanged["regToken"].(string)
	return f
}

// A regToken exchanged from the link a session asked for ends with that session: the logout ended the link, and the
// regToken kept reading (name, address, subscriptions) and writing for its full hour (QA security round of
// 2026-11-29; ASVS 3.3.1). A mailed link's regToken is bound to no session and survives the logout.
func TestSessionLinksRegTokenEndsWithTheSession(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, svc *apitest.Service) {
		registerConfirmed(t, svc, "session@example.com")

		session := login(t, svc, "session@example.com")
		centre := sessionCentre(t, svc, session)
		require.EqualValues(t, 0, centre.account(t)["errorCode"])
		mailed := newSubscriber(t, svc, "session@example.com")

		rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts.logout", Body: `{}`,
			Header: map[string]string{"Content-Type": "application/json", "Origin": "http://example.com", "Cookie": "portal_session=" + session}})
		require.Equal(t, http.StatusOK, rec.Code)

		seen := centre.account(t)
		require.EqualValues(t, 403005, seen["errorCode"], "read after the logout: %v", seen)
		require.NotContains(t, seen, "profile")
		require.EqualValues(t, 403005, centre.set(t, map[string]any{"profile": map[string]any{"firstName": "Mallory"}})["errorCode"])
		status, _ := centre.exchange(t, centre.jwt)
		require.Equal(t, http.StatusUnauthorized, status)

		require.EqualValues(t, 0, mailed.account(t)["errorCode"], "a mailed link's regToken is no session's")
		require.Equal(t, "Eva", mailed.account(t)["profile"].(map[string]any)["firstName"], "nothing was written")

		// The next login's centre is a new one; its regToken ends when that session expires, too.
		session = login(t, svc, "session@example.com")
		centre = sessionCentre(t, svc, session)
		require.EqualValues(t, 0, centre.account(t)["errorCode"])
		_, err := svc.DB.ExecContext(context.Background(), `UPDATE identity_sessions SET expires_at = 0`)
		require.NoError(t, err)
		require.EqualValues(t, 403005, centre.account(t)["errorCode"])
	})
}

// A disabled account hands out no personal data through the preference centre (QA security round of 2026-11-29):
// a regToken obtained before the disabling reads nothing (403041, as its writes), a mailed link's exchange answers
// 401 (the centre's preferences.loading page), and the one-click unsubscribe still works.
func TestDisabledAccountShowsNothingInThePreferenceCentre(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, svc *apitest.Service) {
		f := newSubscriber(t, svc, "blocked@example.com")
		require.EqualValues(t, 0, f.set(t, map[string]any{"profile": map[string]any{"firstName": "Berta"},
			"subscriptions": map[string]any{"NLT_OFFERS": map[string]any{"email": map[string]any{"isSubscribed": true}}}})["errorCode"])
		require.NoError(t, svc.App.Identity.SetDisabled(context.Background(), "blocked@example.com", true))

		seen := f.account(t)
		require.EqualValues(t, 403041, seen["errorCode"], "read after the disabling: %v", seen)
		require.NotContains(t, seen, "profile")
		require.NotContains(t, seen, "subscriptions")
		require.EqualValues(t, 403041, f.set(t, map[string]any{"profile": map[string]any{"firstName": "Other"}})["errorCode"])

		status, body := f.exchange(t, f.jwt)
		require.Equal(t, http.StatusUnauthorized, status, body)
		require.Equal(t, "preferences.loading", body["error"].(map[string]any)["code"])
		require.NotContains(t, body, "regToken")

		require.Equal(t, http.StatusOK, oneClick(svc, http.MethodPost, f.jwt, "List-Unsubscribe=One-Click", "application/x-www-form-urlencoded").StatusCode)
		status, _ = f.exchange(t, f.jwt)
		require.Equal(t, http.StatusGone, status, "unsubscribed from everything")
	})
}

// TestDisabledAccountTakesNoReminders: the product reminders of a disabled account are as closed as its profile
// (QA round of 2026-11-29: the shop's create mailed it, its link activated the reminder and turned the
// subscription on, and the centre's link listed it, while the exchange opened nothing).
func TestDisabledAccountTakesNoReminders(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, svc *apitest.Service) {
		f := newSubscriber(t, svc, "blocked@example.com")
		reminder := func(variant string) *http.Response {
			return svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/productreminder",
				Body:   `{"email":"blocked@example.com","variantId":"` + variant + `","variantName":{"de":"Milch"},"language":"de"}`,
				Header: map[string]string{"Content-Type": "application/json", "X-Api-Key": "dev-shop-key"}}).Result()
		}
		require.Equal(t, http.StatusCreated, reminder("milk-1l").StatusCode)
		link := lastMailLink(t, svc, "blocked@example.com", "product-reminder-verification")
		require.NoError(t, svc.App.Identity.SetDisabled(context.Background(), "blocked@example.com", true))

		res := reminder("cheese-200g")
		require.Equal(t, http.StatusForbidden, res.StatusCode)
		var refused struct{ Error struct{ Code, Field string } }
		require.NoError(t, json.NewDecoder(res.Body).Decode(&refused))
		require.Equal(t, "account_disabled", refused.Error.Code)
		require.Equal(t, "email", refused.Error.Field)

		require.Equal(t, "/preferences/error/reminder-404000", svc.OpenMailLink(link), "the earlier link activates nothing")
		search := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/productreminder/search",
			Body: `{"authToken":"` + f.jwt + `"}`, Header: map[string]string{"Content-Type": "application/json"}})
		require.Equal(t, http.StatusUnauthorized, search.Code, search.Body.String())

		require.NoError(t, svc.App.Identity.SetDisabled(context.Background(), "blocked@example.com", false))
		require.Equal(t, "/preferences/double-opt-in-done", svc.OpenMailLink(link), "enabled again, the link works")
	})
}

// identityCallAs is identityCall with the session cookie of a login.
func identityCallAs(t *testing.T, svc *apitest.Service, session, method string, params map[string]any) map[string]any {
	t.Helper()
	body, err := json.Marshal(params)
	require.NoError(t, err)
	rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/identity/accounts." + method, Body: string(body),
		Header: map[string]string{"Content-Type": "application/json", "Origin": "http://example.com", "Cookie": "portal_session=" + session}})
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	var env map[string]any
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &env))
	return env
}

// lastMailLink is the first link of the newest mail of kind to the address.
func lastMailLink(t *testing.T, svc *apitest.Service, to, kind string) string {
	t.Helper()
	mails, err := svc.App.Outbox.Latest(context.Background(), to, 50)
	require.NoError(t, err)
	for _, m := range mails {
		if m.Kind == kind && len(m.Links) > 0 {
			return m.Links[0]
		}
	}
	require.Failf(t, "no mail", "no %s mail to %s", kind, to)
	return ""
}

func doubleOptIn(t *testing.T, account map[string]any, key string) map[string]any {
	t.Helper()
	em := account["subscriptions"].(map[string]any)[key].(map[string]any)["email"].(map[string]any)
	return em["doubleOptIn"].(map[string]any)
}

// A double opt-in confirms one request at one address (QA security round of 2026-11-29): the link of a subscription
// the shopper ended and chose again confirmed the new request, and after a confirmed e-mail change the old
// address's link confirmed the subscription that now mails the new address. A newer request ends the older
// links, a confirmed e-mail change ends the account's pending ones and asks again at the new address; an ended
// link lands on a page that says a newer link waits.
func TestDoubleOptInLinksEndWithANewerRequestOrAddress(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, svc *apitest.Service) {
		const kind = "subscription-confirmation"
		sub := func(f *subscriberFixture, on bool) {
			t.Helper()
			require.EqualValues(t, 0, f.set(t, map[string]any{"subscriptions": map[string]any{"NLT_GENERAL": map[string]any{"email": map[string]any{"isSubscribed": on}}}})["errorCode"])
		}

		// (A) Subscribed, unsubscribed, subscribed again: the first link confirms nothing.
		f := newSubscriber(t, svc, "again@example.com")
		sub(f, true)
		first := lastMailLink(t, svc, "again@example.com", kind)
		sub(f, false)
		sub(f, true)
		second := lastMailLink(t, svc, "again@example.com", kind)
		require.NotEqual(t, first, second)
		require.Equal(t, "/preferences/error/doi-replaced", svc.OpenMailLink(first))
		require.Equal(t, "Pending", doubleOptIn(t, f.account(t), "NLT_GENERAL")["status"])
		require.Equal(t, "/preferences/double-opt-in-done?newsletter=NLT_GENERAL", svc.OpenMailLink(second))
		require.Equal(t, "Confirmed", doubleOptIn(t, f.account(t), "NLT_GENERAL")["status"])
		require.Equal(t, "/preferences/error/doi-404000", svc.OpenMailLink(first), "confirmed: the used link's page")
		sub(f, false)
		require.Equal(t, "/preferences/error/doi-unsubscribed", svc.OpenMailLink(second), "a used link whose newsletter ended since")

		// (B) Pending at the old address, then the address changes: the old link confirms nothing; the new address
		// is asked, and its link confirms.
		registerConfirmed(t, svc, "old@example.com")
		session := login(t, svc, "old@example.com")
		require.EqualValues(t, 0, identityCallAs(t, svc, session, "setAccountInfo", map[string]any{
			"subscriptions": map[string]any{"NLT_GENERAL": map[string]any{"email": map[string]any{"isSubscribed": true}}}})["errorCode"])
		old := lastMailLink(t, svc, "old@example.com", kind)
		require.EqualValues(t, 0, identityCallAs(t, svc, session, "setAccountInfo", map[string]any{
			"profile": map[string]any{"email": "new@example.com"}, "password": "Sommer-2026!"})["errorCode"])
		require.Equal(t, "/double-opt-in-done?errorCode=0&emailChanged=true", svc.OpenMailLink(lastMailLink(t, svc, "new@example.com", "verification")))

		require.Equal(t, "/preferences/error/doi-replaced", svc.OpenMailLink(old))
		moved := newSubscriber(t, svc, "new@example.com")
		require.Equal(t, "Pending", doubleOptIn(t, moved.account(t), "NLT_GENERAL")["status"], "the old address's link confirmed nothing")
		asked := lastMailLink(t, svc, "new@example.com", kind)
		require.Equal(t, "/preferences/double-opt-in-done?newsletter=NLT_GENERAL", svc.OpenMailLink(asked))
		require.Equal(t, "Confirmed", doubleOptIn(t, moved.account(t), "NLT_GENERAL")["status"])
	})
}

// The preference centre opened from the account pages keeps the shopper's session alive as those pages do: its saves
// and the renewals of its regToken are uses of the session its link is bound to (QA, 2026-11-30, on the development
// clock: saving every 10 minutes in the centre, the account portal's / sent the shopper to the login at 42 minutes, and
// between 110 and 120 minutes the centre's renewal of its link was refused and the centre ended).
func TestTheSessionsCentreKeepsTheSessionAlive(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, svc *apitest.Service) {
		registerConfirmed(t, svc, "session@example.com")
		session := login(t, svc, "session@example.com")
		centre := sessionCentre(t, svc, session)
		at := time.Duration(0)
		until := func(when time.Duration) {
			t.Helper()
			_, err := svc.App.Clock.Advance(when - at)
			require.NoError(t, err)
			at = when
		}
		save := func() {
			t.Helper()
			saved := centre.set(t, map[string]any{"profile": map[string]any{"firstName": []string{"Eva", "Ada"}[int(at/(10*time.Minute))%2]}})
			require.EqualValues(t, 0, saved["errorCode"], "save at %s: %v", at, saved)
		}
		// The centre's renewal of its regToken, 10 seconds before the hour is out (spec 001 §9): the link again, and
		// once that has expired the session's new one (POST /rest/v1/subscriber/jwt).
		renew := func() {
			t.Helper()
			status, exchanged := centre.exchange(t, centre.jwt)
			if status == http.StatusUnauthorized {
				renewed := sessionCentre(t, svc, session)
				centre.jwt, centre.regToken = renewed.jwt, renewed.regToken
				return
			}
			require.Equal(t, http.StatusOK, status, "renewal at %s: %v", at, exchanged)
			centre.regToken = exchanged["regToken"].(string)
		}

		for _, minute := range []time.Duration{10, 20, 30, 40} {
			until(minute * time.Minute)
			save()
		}
		until(42 * time.Minute)
		require.EqualValues(t, 0, identityCallAs(t, svc, session, "getAccountInfo", map[string]any{})["errorCode"], "the account pages at 42 minutes")
		for _, minute := range []time.Duration{50, 60, 70, 80, 90, 100, 110, 120, 130} {
			if minute == 60 || minute == 120 {
				until(minute*time.Minute - 10*time.Second)
				renew()
			}
			until(minute * time.Minute)
			save()
		}
		require.EqualValues(t, 0, identityCallAs(t, svc, session, "getAccountInfo", map[string]any{})["errorCode"], "the account pages at 130 minutes")
	}, apitest.WithConfig(func(c *config.Config) { c.Dev.Clock.Enabled = true }))
}
