package embedded_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/database/dbtest"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

var errInjected = errors.New("injected failure")

// failingStore fails one step of the provider's writes, inside transactions too, so a test can prove that the
// steps before it are undone.
type failingStore struct {
	embedded.Store
	failOn string
}

func (f failingStore) InTx(ctx context.Context, fn func(embedded.Store) error) error {
	return f.Store.InTx(ctx, func(s embedded.Store) error { return fn(failingStore{Store: s, failOn: f.failOn}) })
}

func (f failingStore) RevokeTokens(ctx context.Context, uid, kind string, at time.Time, why string) error {
	if f.failOn == "RevokeTokens" {
		return errInjected
	}
	return f.Store.RevokeTokens(ctx, uid, kind, at, why)
}

func (f failingStore) Lock(ctx context.Context, key string, until time.Time) error {
	if f.failOn == "Lock" {
		return errInjected
	}
	return f.Store.Lock(ctx, key, until)
}

func (f failingStore) CreateToken(ctx context.Context, t embedded.Token) error {
	if f.failOn == "CreateToken:"+t.Kind {
		return errInjected
	}
	return f.Store.CreateToken(ctx, t)
}

func (h *harness) failingProvider(failOn string) *embedded.Provider {
	cfg := embedded.DefaultConfig()
	cfg.PublicURL, cfg.Argon2, cfg.MailRequestMinDuration = "https://portal.example", cheapArgon2, 0
	p, err := embedded.New(cfg, embedded.Deps{Store: failingStore{Store: h.store, failOn: failOn}, Mail: h.mail, Now: func() time.Time { return h.now }})
	require.NoError(h.t, err)
	return p
}

// TestPasswordChangeIsAllOrNothing: the new password, the end of every session and of the reset links are one
// transaction; a failure in the last step leaves the old password, the sessions and the reset link as they were.
func TestPasswordChangeIsAllOrNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.registerVerified("eva@example.com")
		_, session := h.login("eva@example.com", goodPassword)
		r, err := h.p.ResetPassword(h.ctx, embedded.Caller{}, embedded.ResetPasswordParams{LoginID: "eva@example.com"})
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, r.ErrorCode)
		resetToken := h.lastLink("eva@example.com", embedded.MailPasswordReset)

		change := embedded.SetAccountInfoParams{Password: goodPassword, NewPassword: "Another-Passw0rd"}
		_, err = h.failingProvider("RevokeTokens").SetAccountInfo(h.ctx, embedded.Caller{SessionToken: session}, change)
		require.ErrorIs(t, err, errInjected)
		_, live := h.p.SessionUID(h.ctx, session)
		require.True(t, live, "the session survived the failed change")
		r, _ = h.login("eva@example.com", goodPassword)
		require.Equal(t, contract.CodeOK, r.ErrorCode, "the old password still works")
		r, _ = h.login("eva@example.com", "Another-Passw0rd")
		require.Equal(t, contract.CodeInvalidLogin, r.ErrorCode, "the new one was not written")

		r, err = h.p.SetAccountInfo(h.ctx, embedded.Caller{SessionToken: session}, change)
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, r.ErrorCode)
		_, live = h.p.SessionUID(h.ctx, session)
		require.False(t, live, "a completed change ends the session")
		r, err = h.p.ResetPassword(h.ctx, embedded.Caller{}, embedded.ResetPasswordParams{PasswordResetToken: resetToken, NewPassword: "Third-Passw0rd!"})
		require.NoError(t, err)
		require.Equal(t, contract.CodePasswordTokenInvalid, r.ErrorCode, "and the reset link")
	})
}

// TestPasswordResetIsAllOrNothing: spending the reset link, the new password, the end of the sessions and the
// lifted lock are one transaction.
func TestPasswordResetIsAllOrNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		h.registerVerified("eva@example.com")
		_, session := h.login("eva@example.com", goodPassword)
		_, err := h.p.ResetPassword(h.ctx, embedded.Caller{}, embedded.ResetPasswordParams{LoginID: "eva@example.com"})
		require.NoError(t, err)
		token := h.lastLink("eva@example.com", embedded.MailPasswordReset)
		step2 := embedded.ResetPasswordParams{PasswordResetToken: token, NewPassword: "Another-Passw0rd"}

		_, err = h.failingProvider("Lock").ResetPassword(h.ctx, embedded.Caller{}, step2)
		require.ErrorIs(t, err, errInjected)
		_, live := h.p.SessionUID(h.ctx, session)
		require.True(t, live)
		r, _ := h.login("eva@example.com", goodPassword)
		require.Equal(t, contract.CodeOK, r.ErrorCode, "the old password still works")

		r, err = h.p.ResetPassword(h.ctx, embedded.Caller{}, step2)
		require.NoError(t, err)
		require.Equal(t, contract.CodeOK, r.ErrorCode, "the link was not spent by the failed attempt")
		r, _ = h.login("eva@example.com", "Another-Passw0rd")
		require.Equal(t, contract.CodeOK, r.ErrorCode)
	})
}

// TestRegistrationIsAllOrNothing: the account, the spent regToken and the verification token are one
// transaction; without the verification token there is no account and the regToken still works.
func TestRegistrationIsAllOrNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := newHarness(t, db)
		init, err := h.p.InitRegistration(h.ctx, embedded.Caller{})
		require.NoError(t, err)
		params := embedded.RegisterParams{Email: "eva@example.com", Password: goodPassword, RegToken: init.RegToken, Lang: "de",
			Profile: map[string]any{"firstName": "Eva", "lastName": "Müller"}, Preferences: consent}

		_, err = h.failingProvider("CreateToken:"+embedded.TokenVerification).Register(h.ctx, embedded.Caller{}, params)
		require.ErrorIs(t, err, errInjected)
		_, err = h.store.AccountByEmail(h.ctx, "eva@example.com")
		require.ErrorIs(t, err, embedded.ErrNotFound, "no account without its verification token")
		require.Zero(t, h.mailCount("eva@example.com", embedded.MailVerification))

		r, err := h.p.Register(h.ctx, embedded.Caller{}, params)
		require.NoError(t, err)
		require.Equal(t, contract.CodePendingVerification, r.ErrorCode, "the regToken was not spent: %s", r.ErrorDetails)
		require.Equal(t, 1, h.mailCount("eva@example.com", embedded.MailVerification))
	})
}

// TestCommonPasswordsAreRefused: registration, a password change and a reset refuse a password of the shipped
// list, regardless of case, with 400009, the password field's 400006 and errorDetails COMMON_PASSWORD.
func TestCommonPasswordsAreRefused(t *testing.T) {
	db := dbtest.SQLite(t)
	h := newHarness(t, db, func(c *embedded.Config) { c.Password.MinCharGroups = 3 })
	r := h.register(embedded.RegisterParams{Email: "eva@example.com", Password: "P@SSW0RD",
		Profile: map[string]any{"firstName": "Eva", "lastName": "Müller"}, Preferences: consent})
	require.Equal(t, contract.CodeValidation, r.ErrorCode)
	require.Equal(t, contract.DetailsCommonPassword, r.ErrorDetails)
	require.Equal(t, []embedded.ValidationError{{FieldName: "password", ErrorCode: contract.CodeInvalidParameter, Message: embedded.CommonPasswordMessage}}, r.ValidationErrors)

	h.registerVerified("eva@example.com")
	_, session := h.login("eva@example.com", goodPassword)
	r, err := h.p.SetAccountInfo(h.ctx, embedded.Caller{SessionToken: session}, embedded.SetAccountInfoParams{Password: goodPassword, NewPassword: "P@ssw0rd"})
	require.NoError(t, err)
	require.Equal(t, contract.DetailsCommonPassword, r.ErrorDetails)
	require.Equal(t, "newPassword", r.ValidationErrors[0].FieldName)
}

// TestTooLongPasswordsAreRefused: registration, a password change and a reset refuse a password longer than the
// contract's maxBytes with 400009, the password field's 400006 and errorDetails PASSWORD_TOO_LONG, so that a client
// knows the refusal by its code, not by the words of its message.
func TestTooLongPasswordsAreRefused(t *testing.T) {
	db := dbtest.SQLite(t)
	h := newHarness(t, db)
	tooLong := "Aa1!" + strings.Repeat("ä", (contract.PasswordMaxBytes-4)/2+1)
	refused := func(field string, r embedded.Result) {
		t.Helper()
		require.Equal(t, contract.CodeValidation, r.ErrorCode)
		require.Equal(t, contract.DetailsPasswordTooLong, r.ErrorDetails)
		require.Equal(t, []embedded.ValidationError{{FieldName: field, ErrorCode: contract.CodeInvalidParameter, Message: embedded.PasswordTooLongMessage}}, r.ValidationErrors)
	}
	refused("password", h.register(embedded.RegisterParams{Email: "eva@example.com", Password: tooLong,
		Profile: map[string]any{"firstName": "Eva", "lastName": "Müller"}, Preferences: consent}))

	_, caller := h.loggedIn("eva@example.com")
	r, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{Password: goodPassword, NewPassword: tooLong})
	require.NoError(t, err)
	refused("newPassword", r)

	r, err = h.p.ResetPassword(h.ctx, embedded.Caller{}, embedded.ResetPasswordParams{LoginID: "eva@example.com"})
	require.NoError(t, err)
	require.Equal(t, contract.CodeOK, r.ErrorCode, r.ErrorDetails)
	r, err = h.p.ResetPassword(h.ctx, embedded.Caller{}, embedded.ResetPasswordParams{
		PasswordResetToken: h.lastLink("eva@example.com", embedded.MailPasswordReset), NewPassword: tooLong})
	require.NoError(t, err)
	refused("newPassword", r)
}

// TestPasswordsWithNULAreRefusedOrWrong: a new password with a NUL (registration, a password change, a reset) is
// refused on its field with 400009 and 400006, as a broken rule of the policy; a login's or a current password's is
// a wrong password, 403042, the same answer whether the account exists (QA, 2026-12-01: the identity API refused
// each as "Invalid parameter value: password", which the pages showed as the form's general error).
func TestPasswordsWithNULAreRefusedOrWrong(t *testing.T) {
	db := dbtest.SQLite(t)
	h := newHarness(t, db)
	withNUL := goodPassword + "\x00"
	refused := func(field string, r embedded.Result) {
		t.Helper()
		require.Equal(t, contract.CodeValidation, r.ErrorCode, r.ErrorDetails)
		require.Equal(t, []embedded.ValidationError{{FieldName: field, ErrorCode: contract.CodeInvalidParameter, Message: embedded.PasswordNULMessage}}, r.ValidationErrors)
	}
	refused("password", h.register(embedded.RegisterParams{Email: "eva@example.com", Password: withNUL,
		Profile: map[string]any{"firstName": "Eva", "lastName": "Müller"}, Preferences: consent}))

	_, caller := h.loggedIn("eva@example.com")
	r, err := h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{Password: goodPassword, NewPassword: "Other-Passw0rd" + "\x00"})
	require.NoError(t, err)
	refused("newPassword", r)
	r, err = h.p.SetAccountInfo(h.ctx, caller, embedded.SetAccountInfoParams{Password: withNUL, NewPassword: "Other-Passw0rd"})
	require.NoError(t, err)
	require.Equal(t, contract.CodeInvalidLogin, r.ErrorCode, r.ErrorDetails)
	require.Equal(t, "password", r.ValidationErrors[0].FieldName)

	r, err = h.p.ResetPassword(h.ctx, embedded.Caller{}, embedded.ResetPasswordParams{LoginID: "eva@example.com"})
	require.NoError(t, err)
	require.Equal(t, contract.CodeOK, r.ErrorCode, r.ErrorDetails)
	r, err = h.p.ResetPassword(h.ctx, embedded.Caller{}, embedded.ResetPasswordParams{
		PasswordResetToken: h.lastLink("eva@example.com", embedded.MailPasswordReset), NewPassword: "Other-Passw0rd" + "\x00"})
	require.NoError(t, err)
	refused("newPassword", r)

	known, _ := h.login("eva@example.com", withNUL)
	unknown, _ := h.login("nobody@example.com", withNUL)
	require.Equal(t, []int{contract.CodeInvalidLogin, contract.CodeInvalidLogin}, []int{known.ErrorCode, unknown.ErrorCode})
	ok, _ := h.login("eva@example.com", goodPassword)
	require.Equal(t, contract.CodeOK, ok.ErrorCode, "nothing changed the password")
}
