package app_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/app"
	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/mail"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
	"github.com/grocer-portal/portal/services/api/internal/sso"
	"github.com/grocer-portal/portal/services/api/internal/sso/ssosql"
)

const privacyPassword = "Corr3ct-Horse-Battery"

// outboxRows counts the outbox's mails to an address.
func outboxRows(t *testing.T, s *apitest.Service, to string) int {
	t.Helper()
	var n int
	require.NoError(t, s.DB.QueryRow(s.DB.Rebind(`SELECT COUNT(*) FROM mail_outbox WHERE recipient = ?`), to).Scan(&n))
	return n
}

// registered registers email with privacyPassword and confirms it; it returns the account's UID.
func registered(t *testing.T, s *apitest.Service, email string) string {
	t.Helper()
	ctx := context.Background()
	init, err := s.App.Identity.InitRegistration(ctx, embedded.Caller{})
	require.NoError(t, err)
	r, err := s.App.Identity.Register(ctx, embedded.Caller{}, embedded.RegisterParams{Email: email, Password: privacyPassword, RegToken: init.RegToken, Lang: "de",
		Profile: map[string]any{"firstName": "Eva", "lastName": "Müller"}, Preferences: map[string]any{"terms": map[string]any{"customeraccount": map[string]any{"isConsentGranted": true}}}})
	require.NoError(t, err)
	require.Equal(t, contract.CodePendingVerification, r.ErrorCode, r.ErrorDetails)
	verify(t, s, email)
	return r.Fields["UID"].(string)
}

// loggedIn logs email in with privacyPassword and returns its session.
func loggedIn(t *testing.T, s *apitest.Service, email string) embedded.Caller {
	t.Helper()
	login, err := s.App.Identity.Login(context.Background(), embedded.Caller{}, embedded.LoginParams{LoginID: email, Password: privacyPassword})
	require.NoError(t, err)
	require.Equal(t, contract.CodeOK, login.ErrorCode)
	return embedded.Caller{SessionToken: login.Session.Token}
}

// changedEmail changes the account of from to the address to and follows the link mailed there.
func changedEmail(t *testing.T, s *apitest.Service, from, to string) {
	t.Helper()
	set, err := s.App.Identity.SetAccountInfo(context.Background(), loggedIn(t, s, from),
		embedded.SetAccountInfoParams{Profile: map[string]any{"email": to}, Password: privacyPassword})
	require.NoError(t, err)
	require.Equal(t, contract.CodeOK, set.ErrorCode, set.ErrorDetails)
	verify(t, s, to)
}

// remind creates a reminder of variant for email and, when confirm is set, follows its mail's link.
func remind(t *testing.T, s *apitest.Service, email, variant string, confirm bool) {
	t.Helper()
	ctx := context.Background()
	n, err := reminders.ParseNewReminder(email, variant, map[string]string{"de": "Bio-Milch"}, "de")
	require.NoError(t, err)
	_, err = s.App.Reminders.Create(ctx, n)
	require.NoError(t, err)
	if !confirm {
		return
	}
	mails, err := s.App.Outbox.Latest(ctx, email, 1)
	require.NoError(t, err)
	u, err := url.Parse(mail.Links(mails[0].Text)[0])
	require.NoError(t, err)
	require.NoError(t, s.App.Reminders.Confirm(ctx, u.Query().Get("token")))
}

// verify follows the newest mail to an address, its verification link.
func verify(t *testing.T, s *apitest.Service, to string) {
	t.Helper()
	ctx := context.Background()
	mails, err := s.App.Outbox.Latest(ctx, to, 1)
	require.NoError(t, err)
	require.Equal(t, embedded.MailVerification, mails[0].Kind)
	u, err := url.Parse(mail.Links(mails[0].Text)[0])
	require.NoError(t, err)
	code, err := s.App.Identity.VerifyEmail(ctx, u.Query().Get(contract.LinkVerifyEmailTokenParam))
	require.NoError(t, err)
	require.Equal(t, contract.CodeOK, code)
}

// QA round of 2026-11-29: the one-click unsubscribe from everything erased the subscriber's account but left
// their mails in the outbox for a month (names and links), and a mail still queued was delivered afterwards.
// unsubscribeAll is the mail's one-click unsubscribe (RFC 8058) with a link minted for the address.
func unsubscribeAll(t *testing.T, s *apitest.Service, email string) {
	tokens, err := app.SubscriberTokens(context.Background(), s.Config, s.DB, nil)
	require.NoError(t, err)
	jwt, _, err := tokens.Mint(identity.Email(email), time.Hour)
	require.NoError(t, err)
	rec := s.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/unsubscribe/" + jwt, Body: "List-Unsubscribe=One-Click",
		Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
	require.Less(t, rec.Code, 300, rec.Body.String())
}

func TestUnsubscribeAllErasesTheSubscribersMails(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, s *apitest.Service) {
		ctx := context.Background()
		remind(t, s, "sub@example.com", "V1", true)
		remind(t, s, "sub@example.com", "V2", false) // its mail still waits for the relay
		require.Equal(t, 2, outboxRows(t, s, "sub@example.com"))

		unsubscribeAll(t, s, "sub@example.com")

		require.Zero(t, outboxRows(t, s, "sub@example.com"))
		sent, err := s.App.Outbox.DeliverPending(ctx, 10)
		require.NoError(t, err)
		require.Zero(t, sent, "nothing is delivered after the withdrawal")
		var withdrawals int
		require.NoError(t, s.DB.QueryRow(`SELECT COUNT(*) FROM subscriber_withdrawals`).Scan(&withdrawals))
		require.Equal(t, 1, withdrawals, "only the withdrawal record stays")
	}, apitest.WithConfig(func(c *config.Config) { c.Mail.SMTP.URL = "smtp://127.0.0.1:1" }))
}

// QA round of 2026-11-29: after a confirmed e-mail change the account's reminders stayed under the former address
// (active, listed for it), and the account's deletion left them and the former address's mails (the verification,
// the reset with its link, notices naming the shopper) behind. The reminders move with the account; its deletion
// erases the mails of every address it had.
func TestDeletingAnAccountAfterAnEmailChangeErasesTheFormerAddress(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, s *apitest.Service) {
		ctx := context.Background()
		p := s.App.Identity
		registered(t, s, "old@example.com")
		remind(t, s, "old@example.com", "V1", true)
		remind(t, s, "old@example.com", "V2", false)
		waiting, err := s.App.Outbox.Latest(ctx, "old@example.com", 1)
		require.NoError(t, err)
		waitingLink, err := url.Parse(mail.Links(waiting[0].Text)[0])
		require.NoError(t, err)
		changedEmail(t, s, "old@example.com", "new@example.com")

		remindersOf := func(email string) (n int) {
			t.Helper()
			require.NoError(t, s.DB.QueryRow(s.DB.Rebind(`SELECT COUNT(*) FROM product_reminders WHERE email = ? AND status = 'active'`), email).Scan(&n))
			return n
		}
		require.Equal(t, 1, remindersOf("new@example.com"), "the reminder moved to the new address")
		require.Zero(t, remindersOf("old@example.com"))
		// The pending one's link went to the former address: it activates nothing at the new one (QA).
		require.ErrorIs(t, s.App.Reminders.Confirm(ctx, waitingLink.Query().Get("token")), reminders.ErrConfirmationUnknown)
		var pending int
		require.NoError(t, s.DB.QueryRow(`SELECT COUNT(*) FROM product_reminders WHERE status = 'pending'`).Scan(&pending))
		require.Zero(t, pending)
		require.NotZero(t, outboxRows(t, s, "old@example.com"))

		d, err := p.DeleteAccount(ctx, loggedIn(t, s, "new@example.com"), embedded.DeleteAccountParams{Password: privacyPassword})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, d.ErrorCode)
		require.Zero(t, outboxRows(t, s, "old@example.com"), "the former address's mails went with the account")
		var left int
		require.NoError(t, s.DB.QueryRow(`SELECT COUNT(*) FROM product_reminders`).Scan(&left))
		require.Zero(t, left)
		mails, err := s.App.Outbox.Latest(ctx, "new@example.com", 10)
		require.NoError(t, err)
		require.Len(t, mails, 1)
		require.Equal(t, embedded.MailAccountDeleted, mails[0].Kind, "only the deletion's confirmation")
	})
}

// QA round of 2026-11-29: a full unsubscribe after a confirmed e-mail change left the subscription and reminder
// mails of the former address, which are the account's (its account_uid); the account's other mails stay with it.
func TestUnsubscribeAllAfterAnEmailChangeErasesTheFormerAddresssMails(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, s *apitest.Service) {
		ctx := context.Background()
		registered(t, s, "was@example.com")
		remind(t, s, "was@example.com", "V1", true)
		changedEmail(t, s, "was@example.com", "is@example.com")
		kindsTo := func(to string) (kinds []string) {
			t.Helper()
			mails, err := s.App.Outbox.Latest(ctx, to, 50)
			require.NoError(t, err)
			for _, m := range mails {
				kinds = append(kinds, m.Kind)
			}
			return kinds
		}
		require.Contains(t, kindsTo("was@example.com"), reminders.MailKind)

		unsubscribeAll(t, s, "is@example.com")

		require.NotContains(t, kindsTo("was@example.com"), reminders.MailKind, "the former address's reminder mail went too")
		require.Contains(t, kindsTo("was@example.com"), embedded.MailVerification, "the account stays, and so do its own mails")
	})
}

// QA round of 2026-11-29: the account's data export (GDPR Art. 15/20) had neither the product reminders of its
// address nor its passkeys. They are in it now, a passkey by name and dates only, never its credential.
func TestDataExportHasTheRemindersAndPasskeys(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, s *apitest.Service) {
		ctx := context.Background()
		uid := registered(t, s, "exp@example.com")
		remind(t, s, "exp@example.com", "V1", true)
		remind(t, s, "exp@example.com", "V2", false)
		require.NoError(t, embedded.NewSQLStore(s.DB).CreatePasskey(ctx, embedded.Passkey{ID: "credential-id-42", UID: uid, Name: "Phone",
			Credential: []byte(`{"publicKey":"c2VjcmV0"}`), CreatedAt: time.Now()}))
		export, err := s.App.Identity.ExportAccountData(ctx, loggedIn(t, s, "exp@example.com"))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, export.ErrorCode)
		raw, err := json.Marshal(export.Fields)
		require.NoError(t, err)
		var got struct {
			Account struct {
				Passkeys []map[string]any `json:"passkeys"`
			} `json:"account"`
			ProductReminders []embedded.ExportedReminder `json:"productReminders"`
		}
		require.NoError(t, json.Unmarshal(raw, &got))
		require.Len(t, got.Account.Passkeys, 1)
		require.Equal(t, "Phone", got.Account.Passkeys[0]["name"])
		require.NotEmpty(t, got.Account.Passkeys[0]["created"])
		require.Len(t, got.ProductReminders, 2)
		for i, want := range []embedded.ExportedReminder{
			{VariantID: "V1", VariantName: map[string]string{"de": "Bio-Milch"}, Status: "active", Language: "de"},
			{VariantID: "V2", VariantName: map[string]string{"de": "Bio-Milch"}, Status: "pending", Language: "de"},
		} {
			r := got.ProductReminders[i]
			// QA round of 2026-11-29 (second pass): what the table holds of a reminder, not only its variant.
			require.NotEmpty(t, r.ID)
			require.NotEmpty(t, r.CreatedAt)
			require.Equal(t, r.Status == "active", r.ConfirmedAt != "", "confirmed_at only once confirmed")
			r.ID, r.CreatedAt, r.ConfirmedAt = "", "", ""
			require.Equal(t, want, r)
		}
		require.NotContains(t, string(raw), "credential-id-42")
		require.NotContains(t, string(raw), "c2VjcmV0")
	})
}

// QA round of 2026-11-29 (second pass): the export named a linked social login only by its provider, and left out
// the partners the account signed in to by single sign-on and the account's security events in the audit log,
// which the operator keeps and reads for a year. All are the shopper's data (GDPR Art. 15); no token leaves.
func TestDataExportHasSocialIdentitiesPartnersAndSecurityEvents(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, s *apitest.Service) {
		ctx := context.Background()
		uid := registered(t, s, "all@example.com")
		other := registered(t, s, "other@example.com")
		linkedAt := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
		require.NoError(t, embedded.NewSQLStore(s.DB).LinkSocial(ctx, "google", "google-subject-7", uid, linkedAt))
		store := ssosql.New(s.DB)
		first, last := time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC), time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC)
		require.NoError(t, store.SaveClient(ctx, sso.Client{ID: "partner-shop", Name: "Partner Shop", CreatedAt: first}))
		require.NoError(t, store.SaveConsent(ctx, sso.Consent{UID: uid, ClientID: "partner-shop", Scopes: []string{"openid"}, GrantedAt: first}))
		require.NoError(t, store.CreateToken(ctx, sso.Token{ID: "access-token-id-9", RefreshHash: "refresh-hash-9", ClientID: "partner-shop", Subject: uid,
			CreatedAt: last, ExpiresAt: last.Add(time.Hour)}))
		require.NoError(t, store.CreateToken(ctx, sso.Token{ID: "someone-elses", ClientID: "partner-shop", Subject: other,
			CreatedAt: last, ExpiresAt: last.Add(time.Hour)}))
		require.NoError(t, s.App.Audit.Record(ctx, audit.Event{Type: audit.PasswordChanged, UID: uid, Email: "all@example.com", ClientAddress: "203.0.113.7", Detail: "site"}))
		require.NoError(t, s.App.Audit.Record(ctx, audit.Event{Type: audit.PasswordChanged, UID: other, Email: "other@example.com", ClientAddress: "198.51.100.1"}))

		export, err := s.App.Identity.ExportAccountData(ctx, loggedIn(t, s, "all@example.com"))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, export.ErrorCode)
		raw, err := json.Marshal(export.Fields)
		require.NoError(t, err)
		var got struct {
			Account struct {
				LoginProviders   []string         `json:"loginProviders"`
				SocialIdentities []map[string]any `json:"socialIdentities"`
			} `json:"account"`
			Partners       []map[string]any `json:"partners"`
			SecurityEvents []map[string]any `json:"securityEvents"`
		}
		require.NoError(t, json.Unmarshal(raw, &got))
		require.Equal(t, []string{"site", "google"}, got.Account.LoginProviders)
		require.Equal(t, []map[string]any{{"provider": "google", "subject": "google-subject-7", "linked": "2026-10-01T09:00:00.000Z"}}, got.Account.SocialIdentities)
		require.Equal(t, []map[string]any{{"id": "partner-shop", "name": "Partner Shop",
			"firstSignIn": "2026-11-01T08:00:00.000Z", "lastSignIn": "2026-11-20T08:00:00.000Z"}}, got.Partners)
		var kinds []string
		for _, e := range got.SecurityEvents {
			kinds = append(kinds, e["event"].(string))
			require.NotEmpty(t, e["at"])
			require.NotContains(t, e, "uid")
			if e["event"] == audit.PasswordChanged {
				require.Equal(t, "203.0.113.7", e["clientAddress"])
				require.Equal(t, "site", e["detail"])
			}
		}
		require.Contains(t, kinds, audit.LoginSucceeded)
		require.Contains(t, kinds, audit.PasswordChanged)
		require.NotContains(t, string(raw), "198.51.100.1", "only the account's own events")
		for _, secret := range []string{"access-token-id-9", "refresh-hash-9", "someone-elses"} {
			require.NotContains(t, string(raw), secret)
		}
	})
}

// A newsletter subscriber's account that joins an account (its address confirmed by the account's e-mail change)
// leaves its mails to that account: the account's deletion erases them as it erases its own, also after a later
// change of address (2026-11-29, the e-mail change no longer refuses a subscriber's address).
func TestASubscribersAccountThatJoinsAnAccountLeavesItsMailsToIt(t *testing.T) {
	apitest.EachDatabase(t, func(t *testing.T, s *apitest.Service) {
		ctx := context.Background()
		p := s.App.Identity
		centre, err := p.Backend().SubscriberRegToken(ctx, identity.Email("news@example.com"))
		require.NoError(t, err)
		subscribed, err := p.SetAccountInfo(ctx, embedded.Caller{}, embedded.SetAccountInfoParams{RegToken: centre.Token,
			Subscriptions: map[string]any{"NLT_GENERAL": map[string]any{"email": map[string]any{"isSubscribed": true}}}})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, subscribed.ErrorCode, subscribed.ErrorDetails)
		require.Equal(t, 1, outboxRows(t, s, "news@example.com"), "the double opt-in mail, the subscriber account's")

		registered(t, s, "eva@example.com")
		changedEmail(t, s, "eva@example.com", "news@example.com")
		changedEmail(t, s, "news@example.com", "later@example.com")
		d, err := p.DeleteAccount(ctx, loggedIn(t, s, "later@example.com"), embedded.DeleteAccountParams{Password: privacyPassword})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, d.ErrorCode)
		require.Zero(t, outboxRows(t, s, "news@example.com"), "the subscriber's mails went with the account it joined")
	})
}
