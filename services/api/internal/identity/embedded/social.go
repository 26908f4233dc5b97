package embedded

import (
	"github.com/grocer-portal/portal/services/api/internal/audit"

	"context"
	"errors"
	"slices"
	"strings"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// SocialProviders are the contract's social login providers (accounts.socialLogin's provider), in the order the
// pages show them.
var SocialProviders = []string{"apple", "googleplus", "facebook"}

// SocialLogins is what the provider needs from the social-login package (OIDC with PKCE and the development
// issuer). It only starts the flow; the callback verifies the ID token and calls CompleteSocialLogin, and the
// linking of a conflicting identity (login with loginMode "link") is done here.
type SocialLogins interface {
	// Start answers accounts.socialLogin of one of SocialProviders, typically 0 with the provider's authorisation URL
	// in Fields (e.g. "redirectURL"), or 500023 for a provider that is not configured.
	Start(ctx context.Context, c Caller, in SocialLoginParams) (Result, error)
}

// SocialLoginParams are the parameters of accounts.socialLogin.
type SocialLoginParams struct {
	Provider, RedirectURL, LoginMode, RegToken, Lang string
}

// SocialIdentity is what a verified ID token says about the user.
type SocialIdentity struct {
	Provider      string // apple, googleplus, facebook, or the development issuer's name
	Subject       string // the provider's stable user id ("sub")
	Email         string
	EmailVerified bool
	// Profile holds profile fields the provider gave (firstName, lastName, ...); invalid ones are dropped.
	Profile map[string]any
	// LinkToken is the regToken of a 403043 when the app asked to link (socialLogin with loginMode "link"): an
	// identity already linked to the conflicting account proves its owner, so the waiting identity is linked too.
	LinkToken string
}

// SocialNotTheAccountsDetails is the errorDetails of a social login in link mode whose identity the account to link
// does not have (403042).
const SocialNotTheAccountsDetails = "This login does not belong to the account to link"

// SocialLogin answers accounts.socialLogin by delegating to the registered social-login implementation.
func (p *Provider) SocialLogin(ctx context.Context, c Caller, in SocialLoginParams) (Result, error) {
	if strings.TrimSpace(in.Provider) == "" {
		return fail(contract.CodeMissingRequiredParameter, "provider"), nil // was 500023, as if a provider had failed
	}
	// Another name is the caller's mistake, not a provider that failed (QA security round: it answered 500023).
	if !slices.Contains(SocialProviders, in.Provider) {
		return fail(contract.CodeInvalidParameter, "provider"), nil
	}
	if p.social == nil {
		return fail(contract.CodeProviderError, "Social login is not configured"), nil
	}
	return p.social.Start(ctx, c, in)
}

// CompleteSocialLogin finishes a social login after the ID token was verified: a known identity logs in (and,
// with a LinkToken of its own account, links the identity that token holds); a new identity whose e-mail
// belongs to a registered account answers 403043 with a social-link regToken (the app goes to link-accounts):
// a matching address proves nothing about the account's owner (OWASP ASVS 6.8.1), only its password or a login
// it already has does. A new user gets an account (verified when the provider says the e-mail is) and then
// 206001/206002 when something is pending, else a session (Result.Session) like login.
//
// An address the provider did not confirm is anybody's claim (pre-account hijacking: an attacker signs up at a
// provider with the victim's address): it never joins an existing account, logs into one, or gets a link token
// for one. Whether or not an account has the address, the answer is the same bare 206002 (check the inbox): an
// existing account's owner gets a notice, a new address an account that waits for its verification mail.
func (p *Provider) CompleteSocialLogin(ctx context.Context, c Caller, id SocialIdentity) (Result, error) {
	r, err := p.completeSocialLoginOnce(ctx, c, id)
	if errors.Is(err, ErrEmailTaken) || errors.Is(err, ErrAlreadyLinked) {
		// Another callback of the same identity (a double click) made the account and its link meanwhile: seen
		// now, it logs in (code review round: the second answered 500001).
		return p.completeSocialLoginOnce(ctx, c, id)
	}
	return r, err
}

func (p *Provider) completeSocialLoginOnce(ctx context.Context, c Caller, id SocialIdentity) (Result, error) {
	id.Provider, id.Subject = strings.TrimSpace(id.Provider), strings.TrimSpace(id.Subject)
	if id.Provider == "" || id.Subject == "" {
		return fail(contract.CodeProviderError, "The provider gave no user id"), nil
	}
	uid, err := p.store.SocialUID(ctx, id.Provider, id.Subject)
	if err == nil {
		a, err := p.store.AccountByUID(ctx, uid)
		if err != nil {
			return Result{}, err
		}
		// The account this unconfirmed address created waits for its mail like an existing one would: the
		// answers of the two cases stay alike until the mailbox's owner followed the link.
		if !id.EmailVerified && !a.IsVerified && !a.Disabled {
			return awaitMailbox(), nil
		}
		return p.socialLoginAccount(ctx, c, a, id.Provider, false, strings.TrimSpace(id.LinkToken))
	}
	if !errors.Is(err, ErrNotFound) {
		return Result{}, err
	}
	// Link mode asks this login to prove the account waiting to be linked: only an identity that account already
	// has does. Another one proves nothing and becomes nothing: it once went on as a new registration (or a new
	// account) for its own address, while the identity waiting stayed unlinked (QA).
	if linkToken := strings.TrimSpace(id.LinkToken); linkToken != "" {
		// Recorded for the account it tried to prove, when the token still names one.
		e := audit.Event{Type: audit.SocialRefused, ClientAddress: c.ClientAddress, Detail: id.Provider + ": not the account's own login"}
		if t, err := p.liveToken(ctx, linkToken, TokenSocialLink); err == nil {
			if a, err := p.store.AccountByUID(ctx, t.UID); err == nil {
				e.UID, e.Email = a.UID, a.Email
			}
		}
		p.audit(ctx, e)
		return fail(contract.CodeInvalidLogin, SocialNotTheAccountsDetails), nil
	}
	email, err := identity.ParseEmail(id.Email)
	if err != nil {
		return fail(contract.CodeProviderError, "The provider gave no usable e-mail address"), nil
	}
	now := p.clock()
	existing, err := p.store.AccountByEmail(ctx, email.String())
	switch {
	case err == nil && !id.EmailVerified:
		lang := existing.Lang
		if lang == "" {
			lang = p.lang(c, existing)
		}
		// Counted like every mail to an account: beyond the limit the notice stays unsent, and the answer stays
		// the bare 206002 of an unknown address.
		allowed, err := p.allowMail(ctx, c, existing.UID)
		if err != nil {
			return Result{}, err
		}
		if allowed {
			if err := p.sendMail(ctx, MailSocialLoginUnconfirmed, lang, existing.UID, existing.Email, map[string]any{
				"FirstName": stringField(existing.Profile, "firstName"), "ProviderName": providerName(id.Provider),
			}); err != nil {
				return Result{}, err
			}
		}
		p.audit(ctx, audit.Event{Type: audit.SocialRefused, UID: existing.UID, Email: existing.Email, ClientAddress: c.ClientAddress, Detail: id.Provider})
		return awaitMailbox(), nil
	case err == nil && existing.IsRegistered:
		token, err := p.issueToken(ctx, TokenSocialLink, existing.UID, map[string]string{"provider": id.Provider, "subject": id.Subject}, p.cfg.RegTokenLifetime)
		if err != nil {
			return Result{}, err
		}
		r := fail(contract.CodeSocialConflict, "")
		r.RegToken = token
		return r, nil
	case err == nil:
		// A newsletter subscriber signs in socially: the account becomes a registered one.
	case errors.Is(err, ErrNotFound):
		existing = Account{UID: newUID(), Email: email.String(), Origin: OriginSocial, CreatedAt: now,
			Profile: map[string]any{}, Data: map[string]any{}, Preferences: map[string]any{}, Subscriptions: map[string]any{}}
	default:
		return Result{}, err
	}
	a := existing
	in := map[string]any{}
	for k, v := range id.Profile {
		if k != "email" {
			in[k] = v
		}
	}
	// Keep only what passes the schema: the provider's data must not block the login.
	for k, v := range in {
		if _, errs, _ := p.schema.mergeProfile(map[string]any{k: v}, map[string]any{}); len(errs) > 0 {
			delete(in, k)
		}
	}
	a.Profile, _, _ = p.schema.mergeProfile(in, a.Profile)
	a.IsRegistered, a.RegisteredAt, a.UpdatedAt = true, now, now
	if id.EmailVerified && !a.IsVerified {
		a.IsVerified, a.VerifiedAt = true, now
	}
	if a.Lang == "" {
		a.Lang = p.lang(c, a)
	}
	// The account and its link together: an account without its link would answer the identity's next login
	// as someone else's address (403043).
	err = p.store.InTx(ctx, func(st Store) error {
		var err error
		if a.Origin == OriginLite {
			a, err = st.UpdateAccount(ctx, a)
		} else {
			err = st.CreateAccount(ctx, a)
		}
		if err != nil {
			return err
		}
		return st.LinkSocial(ctx, id.Provider, id.Subject, a.UID, now)
	})
	if err != nil {
		return Result{}, err
	}
	// Audited as a registration with a password is (QA round of 2026-11-29: a social registration left no trace).
	p.audit(ctx, audit.Event{Type: audit.Registered, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress, Detail: id.Provider})
	if !a.IsVerified {
		if err := p.sendVerification(ctx, a, p.pageLang(c, a), ""); err != nil {
			return Result{}, err
		}
		return awaitMailbox(), nil
	}
	return p.socialLoginAccount(ctx, c, a, id.Provider, true, "")
}

// MailSocialLoginUnconfirmed tells an account's owner that a social login with the account's address, which the
// provider had not confirmed, was refused.
const MailSocialLoginUnconfirmed = "social-login-unconfirmed"

// awaitMailbox is the answer to a social login whose address the provider did not confirm and our own mail has
// not yet: 206002 without regToken or account fields, which would tell whether the address has an account.
func awaitMailbox() Result {
	return fail(contract.CodePendingVerification, "")
}

// providerName is how a mail names a social login provider.
func providerName(provider string) string {
	switch provider {
	case "apple":
		return "Apple"
	case "googleplus":
		return "Google"
	case "facebook":
		return "Facebook"
	}
	return provider
}

// socialLoginAccount logs a into the account a social identity belongs to. linkToken, when given, is linked
// once the identity proved the account (not disabled), also when something is pending, as login with loginMode
// "link" does; a token that is not a's (another account's, expired, used) links nothing and the login goes on:
// the shopper proved this account, not the other.
func (p *Provider) socialLoginAccount(ctx context.Context, c Caller, a Account, provider string, newUser bool, linkToken string) (Result, error) {
	if a.Disabled {
		return fail(contract.CodeAccountDisabled, ""), nil
	}
	// A newsletter account that a social login made registered, with an e-mail nobody has confirmed yet: its
	// regToken may finish the registration but not read what the subscriber kept there (as for a registration).
	// The provider goes with a regToken, so that the login finalizeRegistration opens is audited as this social
	// login (QA round of 2026-11-29: it was not audited at all).
	payload := map[string]string{payloadProvider: provider}
	if a.Origin == OriginLite && !a.IsVerified {
		payload[payloadLimited] = "1"
	}
	// Linked before a pending answer, as login in link mode does.
	if linkToken != "" {
		if _, err := p.linkFromToken(ctx, a, linkToken); err != nil {
			return Result{}, err
		}
	}
	if r, err := p.pendingResult(ctx, a, MissingRequiredFieldsFlag, payload); err != nil || r.ErrorCode != contract.CodeOK {
		return r, err
	}
	p.audit(ctx, audit.Event{Type: audit.SocialLogin, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress, Detail: provider})
	return p.completeLogin(ctx, c, a, provider, newUser)
}

// linkFromToken links the social identity held by a social-link regToken to a, the account whose password was
// just checked: 0 linked, 200009 already linked to it, 400006 invalid token, 403043 linked to another account.
func (p *Provider) linkFromToken(ctx context.Context, a Account, regToken string) (int, error) {
	t, err := p.liveToken(ctx, regToken, TokenSocialLink)
	if errors.Is(err, ErrNotFound) || (err == nil && t.UID != a.UID) {
		return contract.CodeInvalidParameter, nil
	}
	if err != nil {
		return 0, err
	}
	provider, subject := t.Payload["provider"], t.Payload["subject"]
	owner, err := p.store.SocialUID(ctx, provider, subject)
	switch {
	case err == nil && owner == a.UID:
		return contract.CodeStaleLinkToken, nil
	case err == nil:
		return contract.CodeSocialConflict, nil
	case !errors.Is(err, ErrNotFound):
		return 0, err
	}
	now := p.clock()
	if err := p.store.LinkSocial(ctx, provider, subject, a.UID, now); errors.Is(err, ErrAlreadyLinked) {
		return contract.CodeStaleLinkToken, nil
	} else if err != nil {
		return 0, err
	}
	if _, err := p.store.UseToken(ctx, t.Hash, now); err != nil {
		return 0, err
	}
	p.audit(ctx, audit.Event{Type: audit.SocialLinked, UID: a.UID, Email: a.Email, Detail: provider})
	return contract.CodeOK, nil
}

// GetConflictingAccount answers accounts.getConflictingAccount for a social-link regToken.
func (p *Provider) GetConflictingAccount(ctx context.Context, regToken string) (Result, error) {
	t, err := p.liveToken(ctx, regToken, TokenSocialLink)
	if errors.Is(err, ErrNotFound) {
		return fail(contract.CodeInvalidParameter, "Invalid regToken"), nil
	}
	if err != nil {
		return Result{}, err
	}
	a, err := p.store.AccountByUID(ctx, t.UID)
	if errors.Is(err, ErrNotFound) {
		return fail(contract.CodeInvalidParameter, "Invalid regToken"), nil
	}
	if err != nil {
		return Result{}, err
	}
	providers, err := p.store.SocialProviders(ctx, a.UID)
	if err != nil {
		return Result{}, err
	}
	if a.PasswordHash != "" {
		providers = append([]string{"site"}, providers...)
	}
	// A passkey proves the account too (passkeyLogin in link mode): the page offers it, where an account with
	// neither password nor social login once met a password form it could not fill (QA).
	keys, err := p.store.Passkeys(ctx, a.UID)
	if err != nil {
		return Result{}, err
	}
	if len(keys) > 0 {
		providers = append(providers, LoginProviderPasskey)
	}
	return ok(map[string]any{"conflictingAccount": map[string]any{"loginID": a.Email, "loginProviders": providers}}), nil
}
