package embedded_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/argon2"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded/passkeytest"
)

// meanwhile is a store that runs `then` once, right after the first look-up of the address outside a transaction
// has answered: what another request does between that read and the writes the reader decides on it. It sets the
// interleaving that QA could only hit by sending two requests at the same moment.
type meanwhile struct {
	embedded.Store
	email string
	then  *func()
}

func (s meanwhile) AccountByEmail(ctx context.Context, email string) (embedded.Account, error) {
	a, err := s.Store.AccountByEmail(ctx, email)
	if then := *s.then; email == s.email && then != nil {
		*s.then = nil
		then()
	}
	return a, err
}

// afterLookUpOf is a provider on the harness's store that runs then right after its first look-up of email, and
// counts the passwords it hashes.
func (h *harness) afterLookUpOf(email string, then func()) (*embedded.Provider, *atomic.Int32) {
	p := h.providerOn(meanwhile{Store: h.store, email: email, then: &then})
	hashes := &atomic.Int32{}
	p.SetHashCompute(func(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
		hashes.Add(1)
		return argon2.IDKey(password, salt, time, memory, threads, keyLen)
	})
	return p, hashes
}

// registrationCredentials registers with a password or with a passkey, through a provider p that may differ from
// the harness's (whose initRegistration and passkey options it uses).
var registrationCredentials = []struct {
	name     string
	hashes   int32 // how many passwords the registration hashes
	register func(h *harness, p *embedded.Provider, email string) embedded.Result
}{
	{"password", 1, func(h *harness, p *embedded.Provider, email string) embedded.Result {
		init, err := h.p.InitRegistration(h.ctx, embedded.Caller{})
		require.NoError(h.t, err)
		r, err := p.Register(h.ctx, embedded.Caller{}, embedded.RegisterParams{Email: email, Password: goodPassword, RegToken: init.RegToken,
			Lang: "de", Profile: map[string]any{"firstName": "Rita", "lastName": "Rennt"}, Preferences: consent, FinalizeRegistration: true})
		require.NoError(h.t, err)
		return r
	}},
	{"passkey", 0, func(h *harness, p *embedded.Provider, email string) embedded.Result {
		init, err := h.p.InitRegistration(h.ctx, embedded.Caller{})
		require.NoError(h.t, err)
		opts, err := h.p.InitPasskeyRegistration(h.ctx, embedded.Caller{}, init.RegToken, email)
		require.NoError(h.t, err)
		require.Equal(h.t, contract.CodeOK, opts.ErrorCode, opts.ErrorDetails)
		answer, err := passkeytest.New(rpID, origin).Register(opts.Fields["options"])
		require.NoError(h.t, err)
		r, err := p.Register(h.ctx, embedded.Caller{}, embedded.RegisterParams{Email: email, RegToken: init.RegToken, Passkey: answer,
			Lang: "de", Profile: map[string]any{"firstName": "Rita", "lastName": "Rennt"}, Preferences: consent, FinalizeRegistration: true})
		require.NoError(h.t, err)
		return r
	}},
}

// TestRegistrationOfASubscriberErasedMeanwhile: a registration of a newsletter subscriber's address whose account a
// full unsubscribe erases between the registration's read of the address and its write goes on as one of a new
// address (QA, 2026-11-30: register and the one-click unsubscribe sent at once, 6 of 6 registrations answered
// 500001 "identity: not found", and no account was made).
func TestRegistrationOfASubscriberErasedMeanwhile(t *testing.T) {
	for _, cred := range registrationCredentials {
		t.Run(cred.name, func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, db *database.DB) {
				h := newHarness(t, db)
				const email = "nele@example.com"
				h.subscriber(email, embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": "Nele"}})
				lite, err := h.store.AccountByEmail(h.ctx, email)
				require.NoError(t, err)

				p, hashes := h.afterLookUpOf(email, func() {
					erased, err := h.p.EraseSubscriber(h.ctx, identity.Email(email))
					require.NoError(t, err)
					require.True(t, erased.AccountDeleted, "the subscriber's account is gone")
				})
				r := cred.register(h, p, email)
				require.Equal(t, contract.CodePendingVerification, r.ErrorCode, r.ErrorDetails)
				require.Equal(t, cred.hashes, hashes.Load(), "decided again without hashing the password again")

				a, err := h.store.AccountByEmail(h.ctx, email)
				require.NoError(t, err)
				require.Equal(t, r.Fields["UID"], a.UID)
				require.NotEqual(t, lite.UID, a.UID, "a new account, not the erased subscriber's")
				require.Equal(t, embedded.OriginSite, a.Origin)
				require.True(t, a.IsRegistered)
				require.Equal(t, "Rita", a.Profile["firstName"], "the registration's name: there is no subscriber's left to keep")
				code, err := h.p.VerifyEmail(h.ctx, h.lastLink(email, embedded.MailVerification))
				require.NoError(t, err)
				require.Equal(t, contract.CodeOK, code)
			})
		})
	}
}

// TestRegistrationOfAnAddressWhoseSubscriberAppearsMeanwhile: a registration of an address without an account
// whose newsletter-only account the preference centre's token exchange makes between the registration's read and
// its write upgrades that subscriber, as a registration made after the exchange does (QA, 2026-11-30: the
// registration answered 400003 "email already exists", which only a registered account's address answers).
func TestRegistrationOfAnAddressWhoseSubscriberAppearsMeanwhile(t *testing.T) {
	for _, cred := range registrationCredentials {
		t.Run(cred.name, func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, db *database.DB) {
				h := newHarness(t, db)
				const email = "neu@example.com"
				var lite embedded.Account
				p, hashes := h.afterLookUpOf(email, func() {
					_, err := h.p.Backend().SubscriberRegToken(h.ctx, identity.Email(email))
					require.NoError(t, err)
					lite, err = h.store.AccountByEmail(h.ctx, email)
					require.NoError(t, err)
				})
				r := cred.register(h, p, email)
				require.Equal(t, contract.CodePendingVerification, r.ErrorCode, r.ErrorDetails, r.ValidationErrors)
				require.Equal(t, lite.UID, r.Fields["UID"], "the subscriber's account is upgraded")
				require.Equal(t, cred.hashes, hashes.Load(), "decided again without hashing the password again")

				a, err := h.store.AccountByEmail(h.ctx, email)
				require.NoError(t, err)
				require.Equal(t, lite.UID, a.UID)
				require.Equal(t, embedded.OriginLite, a.Origin)
				require.True(t, a.IsRegistered)
				require.False(t, a.IsVerified)
				code, err := h.p.VerifyEmail(h.ctx, h.lastLink(email, embedded.MailVerification))
				require.NoError(t, err)
				require.Equal(t, contract.CodeOK, code)
			})
		})
	}
}

// TestRegistrationOfAnAddressRegisteredMeanwhile: an address another registration takes between this one's read
// and its write still answers 400003, and leaves the other's account as it was.
func TestRegistrationOfAnAddressRegisteredMeanwhile(t *testing.T) {
	for _, cred := range registrationCredentials {
		t.Run(cred.name, func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, db *database.DB) {
				h := newHarness(t, db)
				const email = "zwei@example.com"
				var first string
				p, _ := h.afterLookUpOf(email, func() { first = h.registerVerified(email) })
				r := cred.register(h, p, email)
				require.Equal(t, contract.CodeValidation, r.ErrorCode)
				require.Equal(t, []embedded.ValidationError{{FieldName: "email", ErrorCode: contract.CodeUniqueIdentifierExists, Message: "email already exists"}}, r.ValidationErrors)
				a, err := h.store.AccountByEmail(h.ctx, email)
				require.NoError(t, err)
				require.Equal(t, first, a.UID)
				require.True(t, a.IsVerified)
				require.Equal(t, "Eva", a.Profile["firstName"])
			})
		})
	}
}

// TestUnsubscribeThatLosesARaceWithARegistration: a full unsubscribe that read the address's newsletter-only
// account before a registration upgraded it deletes no registered account: it finds the account registered and
// withdraws its marketing only, as an unsubscribe made after the registration does.
func TestUnsubscribeThatLosesARaceWithARegistration(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		const email = "lina@example.com"
		h.subscriber(email, embedded.SetAccountInfoParams{Profile: map[string]any{"firstName": "Lina"}})
		lite, err := h.store.AccountByEmail(h.ctx, email)
		require.NoError(t, err)

		p, _ := h.afterLookUpOf(email, func() {
			r := h.register(embedded.RegisterParams{Email: email, Password: goodPassword, Lang: "de",
				Profile: map[string]any{"firstName": "Lina", "lastName": "Lauf"}, Preferences: consent})
			require.Equal(t, contract.CodePendingVerification, r.ErrorCode, r.ErrorDetails)
		})
		erased, err := p.EraseSubscriber(h.ctx, identity.Email(email))
		require.NoError(t, err)
		require.False(t, erased.AccountDeleted, "the account is registered now")
		require.Equal(t, lite.UID, erased.UID)

		a, err := h.store.AccountByEmail(h.ctx, email)
		require.NoError(t, err, "the registration's account is there")
		require.Equal(t, lite.UID, a.UID)
		require.True(t, a.IsRegistered)
		code, err := h.p.VerifyEmail(h.ctx, h.lastLink(email, embedded.MailVerification))
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, code, "its verification link works")
	})
}
