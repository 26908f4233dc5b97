package embedded

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/metrics"
)

// PasskeyConfig is the relying party of the passkeys (WebAuthn). Empty fields are derived from PublicURL: its host
// name is the relying-party id and its origin the one accepted origin.
type PasskeyConfig struct {
	RPID string
	// RPName is what the browser shows when a passkey is made.
	RPName string
	// Origins are the page origins whose ceremonies are accepted (scheme://host[:port]).
	Origins []string
	// ChallengeLifetime bounds a ceremony; 0 is contract.PasskeyChallengeLifetime.
	ChallengeLifetime time.Duration
}

// resolve fills the derived fields. Its one twin is config's passkeysRPID, which checks the same relying-party id
// (and that the origins are on it) at start-up: a change of the derivation changes both.
func (c PasskeyConfig) resolve(publicURL string) (PasskeyConfig, error) {
	u, err := url.Parse(publicURL)
	if err != nil || u.Host == "" {
		return c, fmt.Errorf("identity: passkeys need an absolute public URL, got %q", publicURL)
	}
	host := u.Hostname()
	// Browsers refuse WebAuthn on an IP address, and a relying-party id must be a domain: a service reached by
	// its address (the development listener on 127.0.0.1) offers passkeys on localhost, the same machine's name.
	if net.ParseIP(host) != nil {
		host = "localhost"
	}
	if c.RPID == "" {
		c.RPID = host
	}
	if len(c.Origins) == 0 {
		origin := u.Scheme + "://" + host
		if p := u.Port(); p != "" {
			origin += ":" + p
		}
		c.Origins = []string{origin}
	}
	if c.RPName == "" {
		c.RPName = c.RPID
	}
	if c.ChallengeLifetime <= 0 {
		c.ChallengeLifetime = contract.PasskeyChallengeLifetime
	}
	return c, nil
}

func newWebAuthn(c PasskeyConfig) (*webauthn.WebAuthn, error) {
	return webauthn.New(&webauthn.Config{
		RPID: c.RPID, RPDisplayName: c.RPName, RPOrigins: c.Origins,
		AttestationPreference: protocol.PreferNoAttestation,
		AuthenticatorSelection: protocol.AuthenticatorSelection{
			ResidentKey: protocol.ResidentKeyRequirementRequired, RequireResidentKey: protocol.ResidentKeyRequired(),
			UserVerification: protocol.VerificationRequired,
		},
		// Expiry is the stored challenge's (on the provider's clock), not the library's wall clock.
		Timeouts: webauthn.TimeoutsConfig{
			Login:        webauthn.TimeoutConfig{Timeout: c.ChallengeLifetime, TimeoutUVD: c.ChallengeLifetime},
			Registration: webauthn.TimeoutConfig{Timeout: c.ChallengeLifetime, TimeoutUVD: c.ChallengeLifetime},
		},
	})
}

// passkeyUser is an account as go-webauthn sees it. The user handle is random and no personal data: the account's
// UID, or a passkey's own (Passkey.Handle).
type passkeyUser struct {
	handle, email string
	creds         []webauthn.Credential
}

func (u passkeyUser) WebAuthnID() []byte                         { return []byte(u.handle) }
func (u passkeyUser) WebAuthnName() string                       { return u.email }
func (u passkeyUser) WebAuthnDisplayName() string                { return u.email }
func (u passkeyUser) WebAuthnCredentials() []webauthn.Credential { return u.creds }

func (p *Provider) passkeyUser(ctx context.Context, a Account) (passkeyUser, error) {
	keys, err := p.store.Passkeys(ctx, a.UID)
	if err != nil {
		return passkeyUser{}, err
	}
	u := passkeyUser{handle: a.UID, email: a.Email}
	for _, k := range keys {
		var c webauthn.Credential
		if err := json.Unmarshal(k.Credential, &c); err != nil {
			return passkeyUser{}, fmt.Errorf("identity: stored passkey %s: %w", k.ID, err)
		}
		u.creds = append(u.creds, c)
	}
	return u, nil
}

// passkeyRefusal is a refused WebAuthn answer: its detail code says why.
type passkeyRefusal struct{ details string }

func (r passkeyRefusal) Error() string { return "passkey refused: " + r.details }

func refusal(details string) error { return passkeyRefusal{details} }

// storeChallenge keeps a ceremony's session data under the hash of its challenge.
func (p *Provider) storeChallenge(ctx context.Context, kind, uid, email, regTokenHash string, s *webauthn.SessionData) error {
	s.Expires = time.Time{} // enforced from the stored expiry on the provider's clock
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	now := p.clock()
	return p.store.CreatePasskeyChallenge(ctx, PasskeyChallenge{Hash: hashToken(s.Challenge), Kind: kind, UID: uid, Email: email,
		RegTokenHash: regTokenHash, Session: b, CreatedAt: now, ExpiresAt: now.Add(p.passkeys.ChallengeLifetime)})
}

// spendChallenge finds the ceremony a browser answered (by the challenge in its client data), spends it and checks
// its kind, age and origin. Whatever is wrong, the challenge is used up: an answer is tried once.
func (p *Provider) spendChallenge(ctx context.Context, cd protocol.CollectedClientData, kinds ...string) (PasskeyChallenge, webauthn.SessionData, error) {
	if cd.Challenge == "" || len(cd.Challenge) > 200 {
		return PasskeyChallenge{}, webauthn.SessionData{}, refusal(contract.DetailsPasskeyChallenge)
	}
	ch, err := p.store.UsePasskeyChallenge(ctx, hashToken(cd.Challenge), p.clock())
	if errors.Is(err, ErrNotFound) {
		return PasskeyChallenge{}, webauthn.SessionData{}, refusal(contract.DetailsPasskeyChallenge)
	}
	if err != nil {
		return PasskeyChallenge{}, webauthn.SessionData{}, err
	}
	kindOK := false
	for _, k := range kinds {
		kindOK = kindOK || ch.Kind == k
	}
	if !kindOK || !p.clock().Before(ch.ExpiresAt) {
		return PasskeyChallenge{}, webauthn.SessionData{}, refusal(contract.DetailsPasskeyChallenge)
	}
	var s webauthn.SessionData
	if err := json.Unmarshal(ch.Session, &s); err != nil {
		return PasskeyChallenge{}, webauthn.SessionData{}, fmt.Errorf("identity: stored passkey challenge: %w", err)
	}
	if !p.originAccepted(cd.Origin) {
		return PasskeyChallenge{}, webauthn.SessionData{}, refusal(contract.DetailsPasskeyOrigin)
	}
	return ch, s, nil
}

func (p *Provider) originAccepted(origin string) bool {
	for _, o := range p.passkeys.Origins {
		if strings.EqualFold(strings.TrimRight(o, "/"), origin) {
			return true
		}
	}
	return false
}

// checkAuthenticatorData tells the refusals the library would give as one generic error apart, so the shopper's
// app and the audit log can say what happened; the library still does the full verification afterwards.
func (p *Provider) checkAuthenticatorData(ad protocol.AuthenticatorData) error {
	want := sha256.Sum256([]byte(p.passkeys.RPID))
	if !bytes.Equal(ad.RPIDHash, want[:]) {
		return refusal(contract.DetailsPasskeyRpID)
	}
	if !ad.Flags.HasUserVerified() {
		return refusal(contract.DetailsPasskeyUserVerification)
	}
	return nil
}

// libraryRefusal names the detail of an error go-webauthn gave.
func libraryRefusal(err error) error {
	var perr *protocol.Error
	if errors.As(err, &perr) && (perr.Type == protocol.ErrAssertionSignature.Type || perr.Type == protocol.ErrInvalidAttestation.Type) {
		return refusal(contract.DetailsPasskeySignature)
	}
	return refusal(contract.DetailsPasskeyInvalid)
}

// InitPasskeyRegistration answers accounts.initPasskeyRegistration: creation options for a new account (regToken
// and email) or for the session's account.
func (p *Provider) InitPasskeyRegistration(ctx context.Context, c Caller, regToken, email string) (Result, error) {
	if regToken != "" {
		t, err := p.liveToken(ctx, regToken, TokenRegistration)
		if errors.Is(err, ErrNotFound) || (err == nil && t.UID != "") {
			return fail(contract.CodeInvalidParameter, "Invalid regToken"), nil
		}
		if err != nil {
			return Result{}, err
		}
		addr, perr := identity.ParseEmail(email)
		if strings.TrimSpace(email) == "" {
			return validationFailed([]ValidationError{{FieldName: "email", ErrorCode: contract.CodeMissingRequiredValue, Message: "Missing required field"}}), nil
		}
		if perr != nil {
			return validationFailed([]ValidationError{{FieldName: "email", ErrorCode: contract.CodeInvalidFormat, Message: "Invalid email address"}}), nil
		}
		// A registered address is refused as register refuses it (400009 with 400003 on email, spec 000 §8: the
		// shopper logs in instead), which tells no more than registering with a password does.
		existing, err := p.store.AccountByEmail(ctx, addr.String())
		switch {
		case err == nil && existing.IsRegistered:
			return validationFailed([]ValidationError{{FieldName: "email", ErrorCode: contract.CodeUniqueIdentifierExists, Message: "email already exists"}}), nil
		case err != nil && !errors.Is(err, ErrNotFound):
			return Result{}, err
		}
		// The passkey's user handle is new for every ceremony, whether or not the address has a newsletter account:
		// a new account takes it as its UID, a newsletter account keeps its own UID and the passkey keeps the handle
		// (Register). The subscriber account's UID given here answered the same options.user.id twice for a
		// subscriber's address and a new one each time for an unknown one, and gave the UID away (QA security round
		// of 2026-11-29).
		handle := newUID()
		creation, s, err := p.webauthn.BeginRegistration(passkeyUser{handle: handle, email: addr.String()})
		if err != nil {
			return Result{}, err
		}
		if err := p.storeChallenge(ctx, ChallengeRegistration, handle, addr.String(), t.Hash, s); err != nil {
			return Result{}, err
		}
		return ok(map[string]any{"options": creation.Response}), nil
	}
	a, session, err := p.liveSession(ctx, c.SessionToken)
	if errors.Is(err, ErrNotFound) {
		return fail(contract.CodeUnauthorized, "No session"), nil
	}
	if err != nil {
		return Result{}, err
	}
	if refused, old := p.refuseOldLogin(ctx, c, a, session, "add"); old {
		return refused, nil
	}
	u, err := p.passkeyUser(ctx, a)
	if err != nil {
		return Result{}, err
	}
	creation, s, err := p.webauthn.BeginRegistration(u, webauthn.WithExclusions(webauthn.Credentials(u.creds).CredentialDescriptors()))
	if err != nil {
		return Result{}, err
	}
	if err := p.storeChallenge(ctx, ChallengeAdd, a.UID, a.Email, "", s); err != nil {
		return Result{}, err
	}
	return ok(map[string]any{"options": creation.Response}), nil
}

// refuseOldLogin answers RECENT_LOGIN_REQUIRED (and audits it, for the action "add" or "remove") when the
// session's login is older than contract.RecentLogin. A passkey is a way in that outlives a password reset, so
// adding one asks for a login the shopper made just now, not only a session cookie that may have been copied hours
// ago (QA security round); removing one ends the account's other sessions, so a copied cookie alone would log the
// owner out everywhere while it stayed in (QA security round of 2026-11-29).
func (p *Provider) refuseOldLogin(ctx context.Context, c Caller, a Account, session Session, action string) (Result, bool) {
	if p.recentLogin(session.CreatedAt) {
		return Result{}, false
	}
	p.audit(ctx, audit.Event{Type: audit.PasskeyFailed, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress,
		Detail: action + ": " + contract.DetailsRecentLoginRequired})
	return fail(contract.CodeInvalidLogin, contract.DetailsRecentLoginRequired), true
}

// verifyNewPasskey checks a RegistrationResponseJSON against its stored ceremony; the caller stores the passkey.
func (p *Provider) verifyNewPasskey(ctx context.Context, raw json.RawMessage, kind string) (PasskeyChallenge, *webauthn.Credential, error) {
	if len(raw) == 0 || len(raw) > 32<<10 {
		return PasskeyChallenge{}, nil, refusal(contract.DetailsPasskeyInvalid)
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes(raw)
	if err != nil {
		return PasskeyChallenge{}, nil, refusal(contract.DetailsPasskeyInvalid)
	}
	ch, s, err := p.spendChallenge(ctx, parsed.Response.CollectedClientData, kind)
	if err != nil {
		return PasskeyChallenge{}, nil, err
	}
	if err := p.checkAuthenticatorData(parsed.Response.AttestationObject.AuthData); err != nil {
		return PasskeyChallenge{}, nil, err
	}
	cred, err := p.webauthn.CreateCredential(passkeyUser{handle: ch.UID, email: ch.Email}, s, parsed)
	if err != nil {
		return PasskeyChallenge{}, nil, libraryRefusal(err)
	}
	return ch, cred, nil
}

// newPasskey is the stored form of a verified credential of the account uid, made with the user handle.
func (p *Provider) newPasskey(uid, handle, name string, cred *webauthn.Credential) (Passkey, error) {
	b, err := json.Marshal(cred)
	if err != nil {
		return Passkey{}, err
	}
	name = strings.TrimSpace(shortText(name, 100))
	if name == "" {
		name = "Passkey"
	}
	return Passkey{ID: base64.RawURLEncoding.EncodeToString(cred.ID), UID: uid, UserHandle: handle, Name: name, Credential: b,
		SignCount: cred.Authenticator.SignCount, BackupEligible: cred.Flags.BackupEligible, BackupState: cred.Flags.BackupState,
		CreatedAt: p.clock()}, nil
}

// RegisterPasskey answers accounts.registerPasskey: the session's account gets the passkey it just made.
func (p *Provider) RegisterPasskey(ctx context.Context, c Caller, raw json.RawMessage, name string) (Result, error) {
	a, session, err := p.liveSession(ctx, c.SessionToken)
	if errors.Is(err, ErrNotFound) {
		return fail(contract.CodeUnauthorized, "No session"), nil
	}
	if err != nil {
		return Result{}, err
	}
	if len(raw) == 0 {
		return fail(contract.CodeMissingRequiredParameter, "passkey"), nil
	}
	// Asked again: a ceremony begun at the edge of the window would otherwise stretch it by the challenge's
	// lifetime (QA security round).
	if refused, old := p.refuseOldLogin(ctx, c, a, session, "add"); old {
		return refused, nil
	}
	ch, cred, err := p.verifyNewPasskey(ctx, raw, ChallengeAdd)
	if err == nil && ch.UID != a.UID {
		err = refusal(contract.DetailsPasskeyChallenge) // a ceremony of another account's session
	}
	var ref passkeyRefusal
	if errors.As(err, &ref) {
		p.audit(ctx, audit.Event{Type: audit.PasskeyFailed, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress, Detail: "add: " + ref.details})
		return fail(contract.CodeInvalidParameter, ref.details), nil
	}
	if err != nil {
		return Result{}, err
	}
	k, err := p.newPasskey(a.UID, ch.UID, name, cred)
	if err != nil {
		return Result{}, err
	}
	if err := p.store.CreatePasskey(ctx, k); errors.Is(err, ErrConflict) {
		return fail(contract.CodeInvalidParameter, contract.DetailsPasskeyInvalid), nil
	} else if err != nil {
		return Result{}, err
	}
	p.audit(ctx, audit.Event{Type: audit.PasskeyAdded, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress})
	p.notify(ctx, MailPasskeyAddedNotice, p.pageLang(c, a), a, loginDetailsPath)
	return ok(map[string]any{"passkey": passkeyFields(k)}), nil
}

// InitPasskeyLogin answers accounts.initPasskeyLogin: request options for a discoverable credential, or 400125
// beyond the client address's StartLimits (each stores a challenge for anyone who asks).
func (p *Provider) InitPasskeyLogin(ctx context.Context, c Caller) (Result, error) {
	if allowed, err := p.AllowStart(ctx, c, StartPasskeyLogin); err != nil {
		return Result{}, err
	} else if !allowed {
		return fail(contract.CodeFrequencyLimit, tooManyStarts), nil
	}
	assertion, s, err := p.webauthn.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationRequired))
	if err != nil {
		return Result{}, err
	}
	if err := p.storeChallenge(ctx, ChallengeLogin, "", "", "", s); err != nil {
		return Result{}, err
	}
	return ok(map[string]any{"options": assertion.Response}), nil
}

// PasskeyLogin answers accounts.passkeyLogin: a login as with a password (lockout, pending registration and
// verification, session rotation, audit), proven by a passkey instead.
//
// linkToken, the regToken of a 403043 (loginMode link), links the social identity it holds once the passkey
// proved the account (also when something is pending), as a password login in link mode does: a passkey proves
// an account without a password, which has no other way to (QA: its owner met a password form).
func (p *Provider) PasskeyLogin(ctx context.Context, c Caller, raw json.RawMessage, include, linkToken string) (Result, error) {
	if len(raw) == 0 {
		return fail(contract.CodeMissingRequiredParameter, "passkey"), nil
	}
	a, k, err := p.verifyPasskeyLogin(ctx, c, raw)
	var ref passkeyRefusal
	if errors.As(err, &ref) {
		metrics.Logins.WithLabelValues("invalid").Inc()
		return fail(contract.CodeInvalidLogin, ref.details), nil
	}
	if errors.Is(err, errLocked) {
		metrics.Logins.WithLabelValues("locked").Inc()
		p.audit(ctx, audit.Event{Type: audit.LoginLocked, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress, Detail: "passkey"})
		return fail(contract.CodeLockedOut, ""), nil
	}
	if err != nil {
		return Result{}, err
	}
	if a.Disabled {
		metrics.Logins.WithLabelValues("disabled").Inc()
		return fail(contract.CodeAccountDisabled, ""), nil
	}
	if err := p.store.UpdatePasskeyUse(ctx, k); err != nil {
		return Result{}, err
	}
	if linkToken != "" {
		// As Login in link mode: linked before a pending answer; 200009 (linked already) and a token of another
		// account open no session.
		if code, err := p.linkFromToken(ctx, a, linkToken); err != nil || code != contract.CodeOK {
			return fail(code, ""), err
		}
	}
	if r, err := p.pendingResult(ctx, a, include, nil); err != nil || r.ErrorCode != contract.CodeOK {
		metrics.Logins.WithLabelValues("pending").Inc()
		return r, err
	}
	metrics.Logins.WithLabelValues("ok").Inc()
	p.audit(ctx, audit.Event{Type: audit.PasskeyLogin, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress})
	return p.completeLogin(ctx, c, a, LoginProviderPasskey, false)
}

// LoginProviderPasskey names a passkey login: the login event's provider, and among a conflicting account's
// loginProviders.
const LoginProviderPasskey = "passkey"

var errLocked = errors.New("identity: login id locked")

// verifyPasskeyLogin checks an AuthenticationResponseJSON; it answers the account and the passkey with its new
// counter, a passkeyRefusal, or errLocked. A refusal for a known passkey counts as a failed login of its account.
func (p *Provider) verifyPasskeyLogin(ctx context.Context, c Caller, raw json.RawMessage) (Account, Passkey, error) {
	if len(raw) > 32<<10 {
		return Account{}, Passkey{}, refusal(contract.DetailsPasskeyInvalid)
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(raw)
	if err != nil {
		p.audit(ctx, audit.Event{Type: audit.PasskeyFailed, ClientAddress: c.ClientAddress, Detail: contract.DetailsPasskeyInvalid})
		return Account{}, Passkey{}, refusal(contract.DetailsPasskeyInvalid)
	}
	_, s, err := p.spendChallenge(ctx, parsed.Response.CollectedClientData, ChallengeLogin)
	if err == nil {
		err = p.checkAuthenticatorData(parsed.Response.AuthenticatorData)
	}
	var k Passkey
	var a Account
	if err == nil {
		k, err = p.store.PasskeyByID(ctx, base64.RawURLEncoding.EncodeToString(parsed.RawID))
		if errors.Is(err, ErrNotFound) {
			err = refusal(contract.DetailsPasskeyUnknown)
		}
	}
	if err == nil {
		a, err = p.store.AccountByUID(ctx, k.UID)
		if errors.Is(err, ErrNotFound) {
			err = refusal(contract.DetailsPasskeyUnknown)
		}
	}
	var ref passkeyRefusal
	if errors.As(err, &ref) {
		p.audit(ctx, audit.Event{Type: audit.PasskeyFailed, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress, Detail: ref.details})
		return Account{}, Passkey{}, err
	}
	if err != nil {
		return Account{}, Passkey{}, err
	}
	// The account's lockout is the password's: a locked account is refused whatever the passkey says.
	now := p.clock()
	try, err := p.beginAttempt(ctx, p.loginKey(a.Email), now)
	if err != nil || try.locked {
		if err == nil {
			err = errLocked
		}
		return a, Passkey{}, err
	}
	u, err := p.passkeyUser(ctx, a)
	if err != nil {
		return Account{}, Passkey{}, err
	}
	// The handle the authenticator answers is the one this passkey was made with: the account's UID, or the passkey's
	// own when it was registered over a newsletter account.
	u.handle = k.Handle()
	_, cred, err := p.webauthn.ValidatePasskeyLogin(func(rawID, userHandle []byte) (webauthn.User, error) {
		if !bytes.Equal(userHandle, []byte(u.handle)) {
			return nil, errors.New("user handle of another passkey")
		}
		return u, nil
	}, s, parsed)
	if err == nil && cred.Authenticator.CloneWarning {
		err = refusal(contract.DetailsPasskeyCounter)
	} else if err != nil {
		err = libraryRefusal(err)
	}
	refused := errors.As(err, &ref)
	if err != nil && !refused {
		return Account{}, Passkey{}, err
	}
	verdict, lockedNow, jerr := p.judgeAttempt(ctx, try, !refused)
	if jerr != nil {
		return Account{}, Passkey{}, jerr
	}
	if verdict == tryFailed {
		p.audit(ctx, audit.Event{Type: audit.PasskeyFailed, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress, Detail: ref.details})
	}
	if lockedNow {
		metrics.Lockouts.Inc()
		p.audit(ctx, audit.Event{Type: audit.LockedOut, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress, Detail: "passkey"})
	}
	switch verdict {
	case tryRefused:
		return a, Passkey{}, errLocked
	case tryFailed:
		return Account{}, Passkey{}, err
	}
	b, err := json.Marshal(cred)
	if err != nil {
		return Account{}, Passkey{}, err
	}
	k.Credential, k.SignCount, k.BackupEligible, k.BackupState, k.LastUsedAt =
		b, cred.Authenticator.SignCount, cred.Flags.BackupEligible, cred.Flags.BackupState, now
	return a, k, nil
}

func passkeyFields(k Passkey) map[string]any {
	f := map[string]any{"id": k.ID, "name": k.Name, "created": isoTime(k.CreatedAt), "backedUp": k.BackupState}
	if !k.LastUsedAt.IsZero() {
		f["lastUsed"] = isoTime(k.LastUsedAt)
	}
	return f
}

// GetPasskeys answers accounts.getPasskeys: the session's passkeys, and whether the account has a password.
func (p *Provider) GetPasskeys(ctx context.Context, c Caller) (Result, error) {
	a, err := p.sessionAccount(ctx, c.SessionToken)
	if errors.Is(err, ErrNotFound) {
		return fail(contract.CodeUnauthorized, "No session"), nil
	}
	if err != nil {
		return Result{}, err
	}
	keys, err := p.store.Passkeys(ctx, a.UID)
	if err != nil {
		return Result{}, err
	}
	list := make([]map[string]any, 0, len(keys))
	for _, k := range keys {
		list = append(list, passkeyFields(k))
	}
	return ok(map[string]any{"passkeys": list, "hasPassword": a.PasswordHash != ""}), nil
}

// RemovePasskey answers accounts.removePasskey. The only way an account logs in is never removed (LAST_PASSKEY);
// the session's login must be recent, as for adding one (refuseOldLogin), and the address hears of the removal.
func (p *Provider) RemovePasskey(ctx context.Context, c Caller, id string) (Result, error) {
	a, session, err := p.liveSession(ctx, c.SessionToken)
	if errors.Is(err, ErrNotFound) {
		return fail(contract.CodeUnauthorized, "No session"), nil
	}
	if err != nil {
		return Result{}, err
	}
	if strings.TrimSpace(id) == "" {
		return fail(contract.CodeMissingRequiredParameter, "id"), nil
	}
	if refused, old := p.refuseOldLogin(ctx, c, a, session, "remove"); old {
		return refused, nil
	}
	keys, err := p.store.Passkeys(ctx, a.UID)
	if err != nil {
		return Result{}, err
	}
	social, err := p.store.SocialProviders(ctx, a.UID)
	if err != nil {
		return Result{}, err
	}
	if len(keys) == 1 && keys[0].ID == id && a.PasswordHash == "" && len(social) == 0 {
		return fail(contract.CodeInvalidParameter, contract.DetailsLastPasskey), nil
	}
	if err := p.store.DeletePasskey(ctx, a.UID, id); errors.Is(err, ErrNotFound) {
		return fail(contract.CodeNotFound, "Unknown passkey"), nil
	} else if err != nil {
		return Result{}, err
	}
	// A passkey is removed because its device is lost or no longer trusted: the sessions it may have opened end
	// with it, the other devices' too (sessions do not record how they were opened); the shopper's own stays
	// (code review round: the lost phone stayed logged in).
	if err := p.store.RevokeOtherSessions(ctx, a.UID, hashToken(c.SessionToken), p.clock()); err != nil {
		return Result{}, err
	}
	p.audit(ctx, audit.Event{Type: audit.PasskeyRemoved, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress})
	// The partners' single sign-on tokens end as at a password change, every one of the account's: a partner's
	// sign-in made on the lost device read userinfo and refreshed after its session had ended (QA round), and
	// neither a session nor a partner's token records the device.
	p.credentialsChanged(ctx, a.UID)
	// Its owner, logged out on every other device, learns why: a removal they did not make means someone else is
	// logged in to the account (QA security round of 2026-11-29: nothing reached the owner).
	p.notify(ctx, MailPasskeyRemovedNotice, p.pageLang(c, a), a, loginDetailsPath)
	return ok(nil), nil
}
