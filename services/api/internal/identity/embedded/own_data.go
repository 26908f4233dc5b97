package embedded

import (
	"context"
	"errors"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// MailAccountDeleted confirms to the former address that the account is gone.
const MailAccountDeleted = "account-deleted"

// ExportAccountData answers accounts.exportAccountData, the shopper's download of their own data (GDPR art. 15
// and 20): the account's identity, profile (with phones), data, preferences (each consent with the accepted
// document version, time and language), subscriptions with their double opt-in state, the linked login
// providers and social identities (provider, subject, link time), the passkeys (name, created, last used), the
// address's product reminders (as the table holds them), the partners signed in to by single sign-on (id, name,
// first and last sign-in) and the account's security events of the audit log, which the operator keeps and reads
// (QA rounds of 2026-11-29: these were missing). Never a password hash, a session, a token or a passkey's
// credential (its id, public key). Only a session may ask: a regToken (e-mail links of the preference centre) does
// not prove enough to hand out everything.
func (p *Provider) ExportAccountData(ctx context.Context, c Caller) (Result, error) {
	a, err := p.sessionAccount(ctx, c.SessionToken)
	if errors.Is(err, ErrNotFound) {
		return fail(contract.CodeUnauthorized, "No session"), nil
	}
	if err != nil {
		return Result{}, err
	}
	providers, err := p.store.SocialProviders(ctx, a.UID)
	if err != nil {
		return Result{}, err
	}
	linked, err := p.store.SocialIdentities(ctx, a.UID)
	if err != nil {
		return Result{}, err
	}
	socialIdentities := make([]map[string]any, 0, len(linked))
	for _, i := range linked {
		socialIdentities = append(socialIdentities, map[string]any{"provider": i.Provider, "subject": i.Subject, "linked": isoTime(i.LinkedAt)})
	}
	loginProviders := []string{}
	if a.PasswordHash != "" {
		loginProviders = append(loginProviders, "site")
	}
	loginProviders = append(loginProviders, providers...)
	profile := deepCopy(a.Profile)
	profile["email"] = a.Email
	account := map[string]any{
		"UID":              a.UID,
		"email":            a.Email,
		"profile":          profile,
		"data":             deepCopy(a.Data),
		"preferences":      deepCopy(a.Preferences),
		"subscriptions":    p.currentSubscriptions(a.Subscriptions, p.clock()),
		"isRegistered":     a.IsRegistered,
		"isVerified":       a.IsVerified,
		"lang":             a.Lang,
		"regSource":        a.RegSource,
		"loginProviders":   loginProviders,
		"socialIdentities": socialIdentities,
		"created":          isoTime(a.CreatedAt),
		"lastUpdated":      isoTime(a.UpdatedAt),
	}
	for key, at := range map[string]time.Time{"registered": a.RegisteredAt, "verified": a.VerifiedAt, "lastLogin": a.LastLoginAt} {
		if !at.IsZero() {
			account[key] = isoTime(at)
		}
	}
	keys, err := p.store.Passkeys(ctx, a.UID)
	if err != nil {
		return Result{}, err
	}
	passkeys := make([]map[string]any, 0, len(keys))
	for _, k := range keys {
		entry := map[string]any{"name": k.Name, "created": isoTime(k.CreatedAt)}
		if !k.LastUsedAt.IsZero() {
			entry["lastUsed"] = isoTime(k.LastUsedAt)
		}
		passkeys = append(passkeys, entry)
	}
	account["passkeys"] = passkeys
	productReminders := []ExportedReminder{}
	if p.remindersOf != nil {
		if productReminders, err = p.remindersOf(ctx, identity.Email(a.Email)); err != nil {
			return Result{}, err
		}
	}
	partners := []ExportedPartner{}
	if p.partnersOf != nil {
		if partners, err = p.partnersOf(ctx, a.UID); err != nil {
			return Result{}, err
		}
	}
	securityEvents := []map[string]any{}
	if p.securityEventsOf != nil {
		events, err := p.securityEventsOf(ctx, a.UID)
		if err != nil {
			return Result{}, err
		}
		for _, e := range events {
			// The uid and address are the account's own, already above; the client address and detail are what
			// the log adds about the person.
			securityEvents = append(securityEvents, map[string]any{"event": e.Type, "at": isoTime(e.At), "clientAddress": e.ClientAddress, "detail": e.Detail})
		}
	}
	return ok(map[string]any{"exportedAt": isoTime(p.clock()), "account": account, "productReminders": productReminders,
		"partners": partners, "securityEvents": securityEvents}), nil
}

// ISOTime writes a time as the provider's answers do (UTC, milliseconds), for what other parts add to them.
func ISOTime(t time.Time) string { return isoTime(t) }

// DeleteAccountParams are the parameters of accounts.deleteAccount.
type DeleteAccountParams struct {
	// Password is the current password: deleting needs the same proof as changing login details.
	Password string
}

// DeleteAccount answers accounts.deleteAccount, the shopper's own erasure (GDPR art. 17): with a session and the
// current password (checked like a login, lockout included), the account is erased with its sessions, tokens,
// linked social identities and, in the same transaction, whatever EraseWithAccount erases elsewhere; the
// session cookie is cleared, and a confirmation goes to the former address. The audit log keeps the security
// events (the deletion too) for its retention period: the record of who did what to an account.
// 403005 without a session, 400002 without a password, 403042 (on `password`) for a wrong one. An account
// without a password (social login only) sets one first through the password reset.
func (p *Provider) DeleteAccount(ctx context.Context, c Caller, in DeleteAccountParams) (Result, error) {
	a, err := p.sessionAccount(ctx, c.SessionToken)
	if errors.Is(err, ErrNotFound) {
		return fail(contract.CodeUnauthorized, "No session"), nil
	}
	if err != nil {
		return Result{}, err
	}
	if in.Password == "" {
		return fail(contract.CodeMissingRequiredParameter, "password"), nil
	}
	_, code, err := p.checkCredentials(ctx, c, a.Email, in.Password)
	if err != nil {
		return Result{}, err
	}
	if code != contract.CodeOK {
		return wrongPassword(code), nil
	}
	now := p.clock()
	erased := ErasedAccount{UID: a.UID, Email: identity.Email(a.Email), Subscriptions: identity.ConsentedKeys(p.currentSubscriptions(a.Subscriptions, now)), At: now}
	if err := p.store.EraseAccount(ctx, a.UID, p.loginKey(a.Email), func(tx database.Tx) error {
		if p.eraseWithAccount == nil {
			return nil
		}
		return p.eraseWithAccount(ctx, tx, erased)
	}); err != nil {
		return Result{}, err
	}
	p.audit(ctx, audit.Event{Type: audit.AccountDeleted, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress})
	p.notify(ctx, MailAccountDeleted, p.pageLang(c, a), a, "")
	r := ok(nil)
	r.EndSession = true
	return r, nil
}
