package embedded_test

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/mail"
	"github.com/grocer-portal/portal/services/api/internal/stores"
	"github.com/grocer-portal/portal/services/api/internal/stores/storesql"
	"github.com/grocer-portal/portal/services/api/internal/throttle"
)

// cheapArgon2 keeps the suite fast; the timing test in identityapi uses the real parameters.
var cheapArgon2 = embedded.Argon2Params{MemoryKiB: 64, Iterations: 1, Parallelism: 1, SaltLength: 16, KeyLength: 32}

type harness struct {
	t     *testing.T
	ctx   context.Context
	p     *embedded.Provider
	store *embedded.SQLStore
	mail  *mail.Recorder
	now   time.Time
	// stores answers the provider about favourite stores (nil accepts any well-formed id); set it before provider.
	stores embedded.StoreDirectory
	// audit is the audit log the provider writes (withAudit); nil keeps none.
	audit *audit.Log
	// throttleKey keys the lockout's hashes; set it before provider.
	throttleKey []byte
	// throttle counts the mails against their limits (withThrottle); nil limits nothing.
	throttle *throttle.Limiter
}

func newHarness(t *testing.T, db *database.DB, mods ...func(*embedded.Config)) *harness {
	t.Helper()
	h := &harness{t: t, ctx: context.Background(), store: embedded.NewSQLStore(db), mail: &mail.Recorder{},
		now: time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)}
	h.p = h.provider(mods...)
	return h
}

// provider builds a provider on the harness's store and clock, e.g. with a changed configuration.
func (h *harness) provider(mods ...func(*embedded.Config)) *embedded.Provider {
	return h.providerOn(h.store, mods...)
}

// providerOn builds a provider on a store (the harness's, or one that wraps it) and the harness's clock.
func (h *harness) providerOn(store embedded.Store, mods ...func(*embedded.Config)) *embedded.Provider {
	cfg := embedded.DefaultConfig()
	cfg.PublicURL = "https://portal.example"
	cfg.Argon2 = cheapArgon2
	cfg.MailRequestMinDuration = 0
	for _, m := range mods {
		m(&cfg)
	}
	deps := embedded.Deps{Store: store, Mail: h.mail, Now: func() time.Time { return h.now }, NewsletterName: newsletterNames,
		Stores: h.stores, ThrottleKey: h.throttleKey, Throttle: h.throttle}
	if h.audit != nil {
		deps.Audit = h.audit
	}
	p, err := embedded.New(cfg, deps)
	require.NoError(h.t, err)
	return p
}

// newsletterNames names one newsletter, in German and for Belgium's Dutch, as the CMS content would.
func newsletterNames(key, language string) string {
	switch {
	case key != "NLT_GENERAL":
		return ""
	case language == "de":
		return "Allgemeiner Newsletter"
	case language == "nl-BE":
		return "Algemene nieuwsbrief"
	}
	return ""
}

// providerWithSleep is provider with a recorded (instant) wait instead of a real one.
func (h *harness) providerWithSleep(sleep func(time.Duration), mods ...func(*embedded.Config)) *embedded.Provider {
	cfg := embedded.DefaultConfig()
	cfg.PublicURL = "https://portal.example"
	cfg.Argon2 = cheapArgon2
	cfg.MailRequestMinDuration = 0
	for _, m := range mods {
		m(&cfg)
	}
	p, err := embedded.New(cfg, embedded.Deps{Store: h.store, Mail: h.mail, Now: func() time.Time { return h.now },
		Sleep: func(_ context.Context, d time.Duration) { sleep(d) }})
	require.NoError(h.t, err)
	return p
}

// withStoreDirectory gives the harness's provider the real store directory on db, holding an open store
// (openStore) and a closed one (closedStore).
func (h *harness) withStoreDirectory(db *database.DB) {
	h.t.Helper()
	dir := stores.NewService(storesql.New(db))
	_, err := dir.Import(h.ctx, []stores.Store{
		{ID: openStore, Name: "Hamburg", Street: "Mönckebergstraße 7", Postcode: "20095", City: "Hamburg", Country: "DE", Open: true},
		{ID: closedStore, Name: "Hamburg-Altstadt", Street: "Steinstraße 1", Postcode: "20095", City: "Hamburg", Country: "DE", Open: false},
	})
	require.NoError(h.t, err)
	h.stores = dir
	h.p = h.provider()
}

// withThrottle gives the harness's provider the real mail limits on db.
func (h *harness) withThrottle(db *database.DB) {
	h.throttle = throttle.New(db, func() time.Time { return h.now })
	h.p = h.provider()
}

// withAudit gives the harness's provider the real audit log on db.
func (h *harness) withAudit(db *database.DB) {
	h.audit = audit.New(db, func() time.Time { return h.now })
	h.p = h.provider()
}

// auditOf is the audit log's entries of an address and its account, oldest first.
func (h *harness) auditOf(email string) []audit.Event {
	h.t.Helper()
	events, err := h.audit.ByEmail(h.ctx, email, 100)
	require.NoError(h.t, err)
	slices.Reverse(events)
	return events
}

// The stores of withStoreDirectory.
const (
	openStore   = "DE-20095-01"
	closedStore = "DE-20095-02"
)

func (h *harness) advance(d time.Duration) { h.now = h.now.Add(d) }

// lastMail is the newest mail of kind to the address, failing the test when there is none.
func (h *harness) lastMail(to, kind string) mail.Message {
	h.t.Helper()
	for i := len(h.mail.Messages) - 1; i >= 0; i-- {
		if m := h.mail.Messages[i]; m.To == to && m.Kind == kind {
			return m
		}
	}
	h.t.Fatalf("no %s mail to %s", kind, to)
	return mail.Message{}
}

// subscriber makes a newsletter subscriber of email (the preference centre's token exchange) and saves in with
// its regToken, which it answers.
func (h *harness) subscriber(email string, in embedded.SetAccountInfoParams) string {
	h.t.Helper()
	rt, err := h.p.Backend().SubscriberRegToken(h.ctx, identity.Email(email))
	require.NoError(h.t, err)
	in.RegToken = rt.Token
	s, err := h.p.SetAccountInfo(h.ctx, embedded.Caller{}, in)
	require.NoError(h.t, err)
	require.Equal(h.t, contract.CodeOK, s.ErrorCode, s.ErrorDetails)
	return rt.Token
}

// lastLink returns the token of the newest mail of kind to the address.
func (h *harness) lastLink(to, kind string) string {
	h.t.Helper()
	links := mail.Links(h.lastMail(to, kind).Text)
	require.NotEmpty(h.t, links, "mail %s has no link", kind)
	u, err := url.Parse(links[0])
	require.NoError(h.t, err)
	if tok := u.Query().Get("pwrt"); tok != "" {
		return tok
	}
	return u.Query().Get("token")
}

func (h *harness) mailCount(to, kind string) int {
	n := 0
	for _, m := range h.mail.Messages {
		if m.To == to && m.Kind == kind {
			n++
		}
	}
	return n
}

const goodPassword = "Secret-Passw0rd"

var consent = map[string]any{"terms": map[string]any{"customeraccount": map[string]any{"isConsentGranted": true}}}

// register runs initRegistration and then register with in, given the regToken it made; it answers register's
// result.
func (h *harness) register(in embedded.RegisterParams) embedded.Result {
	h.t.Helper()
	init, err := h.p.InitRegistration(h.ctx, embedded.Caller{})
	require.NoError(h.t, err)
	in.RegToken = init.RegToken
	r, err := h.p.Register(h.ctx, embedded.Caller{}, in)
	require.NoError(h.t, err)
	return r
}

// registerVerified runs register (complete) and the verification link; it returns the UID.
func (h *harness) registerVerified(email string) string {
	h.t.Helper()
	r := h.register(embedded.RegisterParams{
		Email: email, Password: goodPassword, Lang: "de",
		Profile: map[string]any{"firstName": "Eva", "lastName": "Müller"}, Preferences: consent,
	})
	require.Equal(h.t, contract.CodePendingVerification, r.ErrorCode, r.ErrorDetails)
	code, err := h.p.VerifyEmail(h.ctx, h.lastLink(strings.ToLower(email), embedded.MailVerification))
	require.NoError(h.t, err)
	require.Equal(h.t, contract.CodeOK, code)
	return r.Fields["UID"].(string)
}

// loggedIn registers and verifies email, logs it in, and answers its UID and a caller holding the session.
func (h *harness) loggedIn(email string) (string, embedded.Caller) {
	h.t.Helper()
	uid := h.registerVerified(email)
	_, tok := h.login(email, goodPassword)
	return uid, embedded.Caller{SessionToken: tok}
}

// loginsAtOnce sends n logins with the password at the same moment and answers their codes.
func (h *harness) loginsAtOnce(email, password string, n int) []int {
	h.t.Helper()
	answers := make(chan int, n)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			r, err := h.p.Login(h.ctx, embedded.Caller{ClientAddress: "192.0.2.1"}, embedded.LoginParams{LoginID: email, Password: password})
			require.NoError(h.t, err)
			answers <- r.ErrorCode
		})
	}
	wg.Wait()
	close(answers)
	codes := make([]int, 0, n)
	for code := range answers {
		codes = append(codes, code)
	}
	return codes
}

// resetPassword runs both steps of a password reset of email, through the mailed link, to newPassword.
func (h *harness) resetPassword(email, newPassword string) {
	h.t.Helper()
	r, err := h.p.ResetPassword(h.ctx, embedded.Caller{}, embedded.ResetPasswordParams{LoginID: email})
	require.NoError(h.t, err)
	require.Equal(h.t, contract.CodeOK, r.ErrorCode, r.ErrorDetails)
	r, err = h.p.ResetPassword(h.ctx, embedded.Caller{}, embedded.ResetPasswordParams{
		PasswordResetToken: h.lastLink(email, embedded.MailPasswordReset), NewPassword: newPassword})
	require.NoError(h.t, err)
	require.Equal(h.t, contract.CodeOK, r.ErrorCode, r.ErrorDetails)
}

// changeEmail asks, confirmed by password, that caller's address become to, and returns the link mailed to it.
func (h *harness) changeEmail(caller embedded.Caller, password, to string) string {
	h.t.Helper()
	w, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{Password: password, Profile: map[string]any{"email": to}})
	require.NoError(h.t, err)
	require.Equal(h.t, contract.CodeOK, w.ErrorCode, w.ErrorDetails)
	return h.lastLink(to, embedded.MailVerification)
}

// endedEmailChange is why an e-mail change's link ended, as EndedEmailChange says it.
func (h *harness) endedEmailChange(link string) string {
	h.t.Helper()
	why, err := h.p.EndedEmailChange(h.ctx, link)
	require.NoError(h.t, err)
	return why
}

// login logs in and returns the session token.
func (h *harness) login(email, password string) (embedded.Result, string) {
	h.t.Helper()
	r, err := h.p.Login(h.ctx, embedded.Caller{ClientAddress: "192.0.2.1"}, embedded.LoginParams{LoginID: email, Password: password})
	require.NoError(h.t, err)
	if r.Session != nil {
		return r, r.Session.Token
	}
	return r, ""
}
