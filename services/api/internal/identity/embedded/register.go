package embedded

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/webauthn"

	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/mail"
	"github.com/grocer-portal/portal/services/api/internal/throttle"
)

// Mail kinds the provider sends (templates in internal/mail/templates).
const (
	MailVerification             = "verification"
	MailPasswordReset            = "password-reset"
	MailEmailChangedNotice       = "email-changed-notice"
	MailSubscriptionConfirmation = "subscription-confirmation"
)

// payload key marking a registration regToken that was issued for a pre-existing newsletter (lite) account:
// whoever holds it has not proven they own the address yet, so it must not reveal the subscriber's data.
const payloadLimited = "limited"

// payloadProvider names, on a registration regToken a social login issued, the provider it came from.
const payloadProvider = "provider"

// InitRegistration answers accounts.initRegistration: a regToken valid for one hour, or 400125 beyond the client
// address's StartLimits (a regToken is a row for anyone who asks).
func (p *Provider) InitRegistration(ctx context.Context, c Caller) (Result, error) {
	if allowed, err := p.AllowStart(ctx, c, StartRegistration); err != nil {
		return Result{}, err
	} else if !allowed {
		return fail(contract.CodeFrequencyLimit, tooManyStarts), nil
	}
	token, err := p.issueToken(ctx, TokenRegistration, "", nil, p.cfg.RegTokenLifetime)
	if err != nil {
		return Result{}, err
	}
	return Result{ErrorCode: contract.CodeOK, RegToken: token, Fields: map[string]any{"regToken": token}}, nil
}

// RegisterParams are the parameters of accounts.register.
type RegisterParams struct {
	Email, Password, RegToken, Lang, RegSource, Include string
	Profile, Data, Preferences, Subscriptions           map[string]any
	FinalizeRegistration                                bool
	// Passkey registers with a passkey instead of a password: the RegistrationResponseJSON answering the options
	// of InitPasskeyRegistration for this regToken and e-mail.
	Passkey json.RawMessage
}

// Register answers accounts.register. A complete registration answers 206002 and sends the verification
// mail (the embedded provider requires verification); missing fields or consents answer 206001. A registration
// that lost a race with a save of the same address's newsletter account is made again on the fresh account (it
// answered "email already exists", QA). So is one whose address's account came or went between its read of the
// address and its write (errAddressChanged): it is decided again on what the address has then.
func (p *Provider) Register(ctx context.Context, c Caller, in RegisterParams) (Result, error) {
	var r Result
	permit, cred := &mailPermit{}, &newCredential{}
	err := untilNoConflict(ctx, func() (err error) {
		r, err = p.registerOnce(ctx, c, in, permit, cred)
		return err
	})
	return r, err
}

// errRegTokenSpent: another registration used the regToken first.
var errRegTokenSpent = errors.New("identity: regToken used meanwhile")

// errAddressChanged: the newsletter-only account a registration was to upgrade was deleted (a full unsubscribe),
// or one was made (the preference centre's token exchange) for the address it was to make a new account of, after
// the registration read the address. It is an ErrConflict, so Register decides again on a fresh read: a new
// account once the subscriber's is gone, the subscriber's upgraded once it is there, and 400003 for an address
// that is a registered account's now (QA, 2026-11-30: 500001 "identity: not found" when an unsubscribe erased the
// subscriber meanwhile, 400003 when the subscriber's account appeared meanwhile). The store's own guards catch the
// change, the version check of UpdateAccount and the unique address of CreateAccount, rather than a second read in
// the transaction: on PostgreSQL a read in the transaction does not keep the row from changing before the write.
var errAddressChanged = fmt.Errorf("%w: the address's account came or went meanwhile", ErrConflict)

// newCredential is what a registration logs in with, made once however often Register decides again: the hash of
// the password (slow, so outside any transaction and not redone) or the verified passkey (its challenge is single
// use: made again, the second try answered "passkey challenge").
type newCredential struct {
	made      bool
	hash      string
	challenge PasskeyChallenge
	passkey   *webauthn.Credential
}

func (p *Provider) registerOnce(ctx context.Context, c Caller, in RegisterParams, permit *mailPermit, cred *newCredential) (Result, error) {
	if in.RegToken == "" {
		return fail(contract.CodeMissingRequiredParameter, "regToken"), nil
	}
	init, err := p.liveToken(ctx, in.RegToken, TokenRegistration)
	if errors.Is(err, ErrNotFound) {
		return fail(contract.CodeInvalidParameter, "Invalid regToken"), nil
	}
	if err != nil {
		return Result{}, err
	}
	// The account keeps the language; the mails get the page's tag for their links (pageLang).
	pageLang := in.Lang
	if pageLang == "" {
		pageLang = p.pageLang(c, Account{})
	}
	lang := mail.BaseLanguage(pageLang)
	now := p.clock()

	var errs []ValidationError
	email, emailErr := identity.ParseEmail(in.Email)
	switch {
	case strings.TrimSpace(in.Email) == "":
		errs = append(errs, ValidationError{FieldName: "email", ErrorCode: contract.CodeMissingRequiredValue, Message: "Missing required field"})
	case emailErr != nil:
		errs = append(errs, ValidationError{FieldName: "email", ErrorCode: contract.CodeInvalidFormat, Message: "Invalid email address"})
	}
	withPasskey := len(in.Passkey) > 0 && in.Password == ""
	if !withPasskey {
		errs = append(errs, p.schema.checkPassword("password", in.Password)...)
	}

	profileIn := deepCopy(in.Profile)
	delete(profileIn, "email") // the email parameter is the login ID
	existing, err := p.store.AccountByEmail(ctx, email.String())
	upgrade := false
	switch {
	case err == nil && existing.IsRegistered:
		errs = append(errs, ValidationError{FieldName: "email", ErrorCode: contract.CodeUniqueIdentifierExists, Message: "email already exists"})
	case err == nil:
		upgrade = true
		existing.Subscriptions = p.currentSubscriptions(existing.Subscriptions, now)
	case errors.Is(err, ErrNotFound):
		existing = Account{UID: newUID(), Email: email.String(), Origin: OriginSite, CreatedAt: now,
			Profile: map[string]any{}, Data: map[string]any{}, Preferences: map[string]any{}, Subscriptions: map[string]any{}}
	case emailErr != nil:
	default:
		return Result{}, err
	}
	a := existing
	// A consent is recorded with the statement of the page's tag, which may be its country's (nl-BE), not only its language's.
	write := sectionsInput{Profile: profileIn, Data: in.Data, Preferences: in.Preferences, Subscriptions: in.Subscriptions, ConsentLang: pageLang}
	// Checked as for a new account of the address, whatever a newsletter subscriber stored there (registrant.go).
	seen := p.mergeSections(emptySections(), write, now)
	if seen.serverOnly {
		return fail(contract.CodeReadOnlyField, "data.customerassignment is a server-only field"), nil
	}
	errs = append(errs, seen.errs...)
	// A favourite store chosen at the registration is a new choice as on a save: it must exist and be open (spec
	// 001 §5). Registration stored any id, which the account pages then showed (QA round of 2026-11-29).
	storeErr, err := p.checkFavouriteStore(ctx, seen.Data, nil)
	if err != nil {
		return Result{}, err
	}
	if storeErr != nil {
		errs = append(errs, *storeErr)
	}
	if len(errs) > 0 {
		return validationFailed(errs), nil
	}
	// The mails this registration sends, the verification and a confirmation per double opt-in subscription, count
	// against the client address's mail limit, each of them, before anything is hashed or stored: registrations
	// sent mail to any address without a limit (QA security round of 2026-11-29: 150 from one client in 21 s; one
	// with every newsletter, 7 mails). Only the address's limit: a new address has no account to count, and counting
	// a newsletter subscriber's account would answer its address differently from a new one.
	mails := throttle.Limit{Scope: mailScopeAddress, Max: p.cfg.MailLimits.PerAddress, Window: p.cfg.MailLimits.Window}
	if allowed, err := permit.once(func() (bool, error) { return p.allowClient(ctx, c, mails, 1+len(seen.pendingSubs)) }); err != nil {
		return Result{}, err
	} else if !allowed {
		return fail(contract.CodeFrequencyLimit, tooManyMails), nil
	}

	if !cred.made {
		if withPasskey {
			ch, k, err := p.verifyNewPasskey(ctx, in.Passkey, ChallengeRegistration)
			if err == nil && (ch.RegTokenHash != init.Hash || ch.Email != email.String()) {
				err = refusal(contract.DetailsPasskeyChallenge) // options made for another registration
			}
			var ref passkeyRefusal
			if errors.As(err, &ref) {
				p.audit(ctx, audit.Event{Type: audit.PasskeyFailed, Email: email.String(), ClientAddress: c.ClientAddress, Detail: "register: " + ref.details})
				return fail(contract.CodeInvalidParameter, ref.details), nil
			}
			if err != nil {
				return Result{}, err
			}
			cred.challenge, cred.passkey = ch, k
		} else if cred.hash, err = p.hasher.Hash(ctx, p.limitedClient(ctx, c), in.Password); err != nil {
			return Result{}, err
		}
		cred.made = true
	}
	hash := cred.hash
	var passkey *Passkey
	if cred.passkey != nil {
		// A new account takes the ceremony's user handle as its UID; a newsletter account keeps its UID, and the
		// passkey the handle its authenticator answers (Passkey.Handle).
		if !upgrade {
			a.UID = cred.challenge.UID
		}
		k, err := p.newPasskey(a.UID, cred.challenge.UID, "", cred.passkey)
		if err != nil {
			return Result{}, err
		}
		passkey = &k
	}
	held := seen
	if upgrade {
		held = p.mergeOverSubscriber(existing.sections(), write, now)
		a.Registrant = p.ownSections(seen)
	}
	a.PasswordHash, a.Profile, a.Data, a.Preferences, a.Subscriptions = hash, held.Profile, p.withCustomerAssignment(held.Profile, held.Data), held.Preferences, held.Subscriptions
	a.IsRegistered, a.RegisteredAt, a.UpdatedAt, a.Lang = true, now, now, lang
	if upgrade {
		// Whoever registers a subscriber's address proves it with the mail, even when the subscriber's account
		// counts as verified (code review round: such a registration logged in at once).
		a.IsVerified, a.VerifiedAt = false, time.Time{}
	}
	if in.RegSource != "" {
		a.RegSource = shortText(in.RegSource, 200)
	}
	// The account, the spent regToken and the tokens of its mails are written together or not at all; the
	// mails go out once they are stored.
	var verifyToken string
	var subTokens []subscriptionToken
	err = p.store.InTx(ctx, func(st Store) error {
		var err error
		if upgrade {
			if a, err = st.UpdateAccount(ctx, a); errors.Is(err, ErrNotFound) {
				err = errAddressChanged
			}
		} else if err = st.CreateAccount(ctx, a); errors.Is(err, ErrEmailTaken) {
			err = errAddressChanged
		}
		if err != nil {
			return err
		}
		if passkey != nil {
			if err := st.CreatePasskey(ctx, *passkey); err != nil {
				return err
			}
		}
		// One regToken, one account: registrations sent at once with the same token made one account each (QA).
		if used, err := st.UseToken(ctx, init.Hash, now); err != nil {
			return err
		} else if !used {
			return errRegTokenSpent
		}
		if verifyToken, err = p.verificationToken(ctx, st, a, ""); err != nil {
			return err
		}
		subTokens, err = p.subscriptionTokens(ctx, st, a, held.pendingSubs)
		return err
	})
	if errors.Is(err, errRegTokenSpent) {
		return fail(contract.CodeInvalidParameter, "Invalid regToken"), nil
	}
	if err != nil {
		return Result{}, err
	}
	p.audit(ctx, audit.Event{Type: audit.Registered, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress})
	if passkey != nil {
		p.audit(ctx, audit.Event{Type: audit.PasskeyAdded, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress})
	}
	if err := p.mailVerification(ctx, a, pageLang, "", verifyToken); err != nil {
		return Result{}, err
	}
	if err := p.mailSubscriptionConfirmations(ctx, a, subTokens, pageLang); err != nil {
		return Result{}, err
	}
	var payload map[string]string
	if upgrade {
		payload = map[string]string{payloadLimited: "1"}
	}
	return p.pendingResult(ctx, a, in.Include, payload)
}

// keepHeld puts back into merged every value a newsletter subscriber's account held. Registering a subscriber's
// address proves nothing about who registers: until the link in the mail is followed, a registration fills what
// the subscriber left empty but changes nothing the subscriber gave (QA security round: anyone who knew a
// subscriber's address renamed them). The subscriber changes their own values in the preference centre, or on the
// account pages once the address is confirmed.
func keepHeld(held, merged map[string]any) map[string]any {
	isHeld := func(k string) bool { return held[k] != nil && held[k] != "" }
	for k, v := range held {
		if isHeld(k) {
			merged[k] = copyValue(v)
		}
	}
	for _, group := range heldTogether {
		if slices.ContainsFunc(group, isHeld) {
			for _, k := range group {
				if !isHeld(k) {
					delete(merged, k)
				}
			}
		}
	}
	return merged
}

// heldTogether are the profile's fields checked against each other (checkBirthDate, checkProfilePostcode). A
// registration's write is checked without the subscriber's values (registrantView), so where the subscriber gave a
// field of a group, the whole group stays the subscriber's: a registration's day of birth beside the subscriber's
// year (29 February 1981), or its German postcode beside the subscriber's Belgium, was a date or an address nobody
// had checked (2026-11-30).
var heldTogether = [][]string{{"birthDay", "birthMonth", "birthYear"}, {"zip", "country"}}

// keepSubscribed keeps the subscriber's subscriptions on: a registration of the address may add subscriptions
// (each confirmed by mail) but end none (QA security round: anyone who knew a subscriber's address unsubscribed
// them). Unsubscribing is the preference centre's.
func keepSubscribed(held, merged map[string]any) map[string]any {
	for k, v := range held {
		if on, _ := getPath(held, k+".email.isSubscribed"); on == true {
			merged[k] = copyValue(v)
		}
	}
	return merged
}

// pendingResult answers 206001 (fields or consents missing) or 206002 (not verified) with a regToken for the
// account, or 0 when nothing is pending.
func (p *Provider) pendingResult(ctx context.Context, a Account, include string, payload map[string]string) (Result, error) {
	missing := p.missingForRegistration(Token{Kind: TokenRegistration, Payload: payload}, a)
	code := contract.CodeOK
	switch {
	case len(missing) > 0:
		code = contract.CodePendingRegistration
	case !a.IsVerified:
		code = contract.CodePendingVerification
	default:
		return ok(map[string]any{"UID": a.UID}), nil
	}
	token, err := p.issueToken(ctx, TokenRegistration, a.UID, payload, p.cfg.RegTokenLifetime)
	if err != nil {
		return Result{}, err
	}
	r := fail(code, "")
	r.RegToken = token
	r.Fields = map[string]any{"UID": a.UID, "isRegistered": a.IsRegistered, "isVerified": a.IsVerified}
	if code == contract.CodePendingRegistration {
		r.ErrorDetails = "Missing required fields for registration: " + strings.Join(missing, ", ")
		if strings.Contains(include, MissingRequiredFieldsFlag) {
			r.Fields["missingRequiredFields"] = missing
		}
	}
	return r, nil
}

// sendVerification mails a 14-day single-use verification link; newEmail set means an e-mail change.
func (p *Provider) sendVerification(ctx context.Context, a Account, lang, newEmail string) error {
	token, err := p.verificationToken(ctx, p.store, a, newEmail)
	if err != nil {
		return err
	}
	return p.mailVerification(ctx, a, lang, newEmail, token)
}

// verificationToken stores the token of a verification link; newEmail set means an e-mail change, which ends the
// links of the account's earlier changes: the shopper's latest wish counts (QA: after changes to X and then Y, both
// links worked, and the older one, followed last, made the address X).
func (p *Provider) verificationToken(ctx context.Context, st Store, a Account, newEmail string) (string, error) {
	plain, hash := newToken()
	var payload map[string]string
	if newEmail != "" {
		// The ended links name the new one: what becomes of it tells what became of their change (EndedEmailChange).
		if err := st.ReplaceTokens(ctx, a.UID, TokenVerification, p.clock(), hash); err != nil {
			return "", err
		}
		payload = map[string]string{"email": newEmail, "from": a.Email}
	}
	return plain, p.storeToken(ctx, st, hash, TokenVerification, a.UID, payload, p.cfg.VerificationLifetime)
}

// mailVerification sends the verification mail carrying token.
func (p *Provider) mailVerification(ctx context.Context, a Account, lang, newEmail, token string) error {
	to := a.Email
	if newEmail != "" {
		to = newEmail
	}
	return p.sendLinkMail(ctx, MailVerification, lang, a.UID, to, p.cfg.VerificationLifetime, map[string]any{
		"Link": p.link(contract.LinkVerifyEmailPath, contract.LinkVerifyEmailTokenParam, token, lang), "FirstName": stringField(a.Profile, "firstName"), "Days": int(p.cfg.VerificationLifetime.Hours() / 24),
		"EmailChange": newEmail != "",
	})
}

func stringField(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// shortText is a free text a client names itself with (a registration's source, a passkey's name) as it is stored:
// without controls and bidirectional overrides, which went into the data export and the operator's tools, and cut to
// at most n bytes between two characters (cut inside one it was invalid UTF-8, which PostgreSQL refuses: 500001).
func shortText(s string, n int) string {
	s = strings.Map(func(r rune) rune {
		if identity.IsTextControl(r) {
			return -1
		}
		return r
	}, s)
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") // drops the half character a cut leaves, as audit and mail do
}

// FinalizeRegistration answers accounts.finalizeRegistration: a session once nothing is pending.
func (p *Provider) FinalizeRegistration(ctx context.Context, c Caller, regToken, include string) (Result, error) {
	t, err := p.liveToken(ctx, regToken, TokenRegistration)
	if errors.Is(err, ErrNotFound) || (err == nil && t.UID == "") {
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
	if a.Disabled {
		return fail(contract.CodeAccountDisabled, ""), nil
	}
	if missing := p.missingForRegistration(t, a); len(missing) > 0 || !a.IsVerified {
		r := fail(contract.CodePendingVerification, "")
		if len(missing) > 0 {
			r = fail(contract.CodePendingRegistration, "Missing required fields for registration: "+strings.Join(missing, ", "))
			if strings.Contains(include, MissingRequiredFieldsFlag) {
				r.Fields = map[string]any{"missingRequiredFields": missing}
			}
		}
		r.RegToken = regToken
		return r, nil
	}
	// Single use under concurrency too: of finalisations sent at once with one regToken, one opens a session
	// (code review round: each did).
	if used, err := p.store.UseToken(ctx, t.Hash, p.clock()); err != nil {
		return Result{}, err
	} else if !used {
		return fail(contract.CodeInvalidParameter, "Invalid regToken"), nil
	}
	// The session it opens is a login, audited as one (QA round of 2026-11-29: neither a registration's nor a social
	// login's finalisation left a trace).
	event := audit.Event{Type: audit.LoginSucceeded, UID: a.UID, Email: a.Email, ClientAddress: c.ClientAddress, Detail: "registration finalized"}
	if provider := t.Payload[payloadProvider]; provider != "" {
		event.Type, event.Detail = audit.SocialLogin, provider
	}
	p.audit(ctx, event)
	return p.completeLogin(ctx, c, a, "site", true)
}

// openLink finds the token behind a link: contract.CodeNotFound when it is unknown, used or of another kind,
// contract.CodeActivationExpired (with the token, whose kind of change the landing page names) when its time is
// up, contract.CodeOK when it may be used now.
func (p *Provider) openLink(ctx context.Context, token, kind string) (Token, int, error) {
	if token == "" || len(token) > 200 {
		return Token{}, contract.CodeNotFound, nil
	}
	t, err := p.store.TokenByHash(ctx, hashToken(token))
	if errors.Is(err, ErrNotFound) || (err == nil && (t.Kind != kind || !t.UsedAt.IsZero())) {
		return Token{}, contract.CodeNotFound, nil
	}
	if err != nil {
		return Token{}, 0, err
	}
	if !p.clock().Before(t.ExpiresAt) {
		return t, contract.CodeActivationExpired, nil
	}
	return t, contract.CodeOK, nil
}

// LinkExpired: a link's time ran out before it was followed or ended (EndedEmailChange).
const LinkExpired = "expired"

// LinkEnded: a password change or reset ended the link before its time ran out, or ended the newer link that had
// replaced it, before that one changed the address (EndedEmailChange).
const LinkEnded = "ended"

// maxReplacements bounds the newer links EndedEmailChange follows from a replaced one: each is a change the shopper
// asked for (its mail is throttled); beyond them the link says it was replaced.
const maxReplacements = 50

// EndedEmailChange says why token, the link of an e-mail change, no longer changes the address, where the account
// tells, as spentSubscriptionLink does for a double opt-in link: LinkExpired when its time ran out (before a newer
// change or a new password ended it, too); LinkEnded when a password change or reset ended it (endCredentials; a
// later QA round of 2026-12-01: it said "ungültig … bereits verwendet", though it was never used); LinkReplaced when
// a newer change ended it (verificationToken), whether that change still waits for its own link, was confirmed
// since or ran out (QA round of 2026-12-01: then it said "ungültig … bereits verwendet", too); and LinkEnded when a
// new password ended that newer change before it was confirmed (the page said only the newest link could change the
// address, which no longer could either). Empty for any other link, and for one that changed the address: their pages
// say what a registration's link says (its expired link says that no account was made, which is wrong for a change
// of address). An operator's block ends the links, too (endEmailChangeLinks); the shopper learns of the block
// otherwise, and its links say what a used one says.
//
// What tells an ended link is its own token (Token.Replaced, ReplacedBy, EndedBy), and the tokens it names: the
// newer link's confirmation, a reset and any later change end only unused tokens, so only Purge and the account's
// deletion remove them. Purge keeps each recordRetention (30 days) past the link's own expiry, so it says why it
// ended for longer than it could have changed the address; a newer link expires later than the one it replaced, so
// it stays as long. Once the account is deleted, it is an unknown link.
func (p *Provider) EndedEmailChange(ctx context.Context, token string) (string, error) {
	t, ok, err := p.emailChangeLink(ctx, token)
	if !ok || err != nil {
		return "", err
	}
	switch {
	case t.UsedAt.IsZero() && !p.clock().Before(t.ExpiresAt), !t.UsedAt.IsZero() && !t.UsedAt.Before(t.ExpiresAt):
		return LinkExpired, nil
	case t.EndedBy == EndedByPassword:
		return LinkEnded, nil
	case t.Replaced:
		return p.replacedEmailChange(ctx, t)
	}
	return "", nil
}

// IsEmailChange says whether token is the link of an e-mail change (mailed to the new address), not a registration's
// verification link: VerifyEmail answers 0 for both, and the page of a confirmed change says that the login is the
// new address now.
func (p *Provider) IsEmailChange(ctx context.Context, token string) (bool, error) {
	_, ok, err := p.emailChangeLink(ctx, token)
	return ok, err
}

// emailChangeLink reads token's row when it is the link of an e-mail change, used or not.
func (p *Provider) emailChangeLink(ctx context.Context, token string) (Token, bool, error) {
	if token == "" || len(token) > 200 {
		return Token{}, false, nil
	}
	t, err := p.store.TokenByHash(ctx, hashToken(token))
	if errors.Is(err, ErrNotFound) {
		return Token{}, false, nil
	}
	if err != nil {
		return Token{}, false, err
	}
	return t, t.Kind == TokenVerification && t.Payload["email"] != "", nil
}

// replacedEmailChange says what became of the change that replaced t, a replaced link of an e-mail change: LinkEnded
// when a new password ended the newest link of the changes that followed before its time ran out, else LinkReplaced
// (the newest one waits, changed the address, ran out, or is gone).
func (p *Provider) replacedEmailChange(ctx context.Context, t Token) (string, error) {
	for range maxReplacements {
		if t.ReplacedBy == "" {
			break
		}
		newer, err := p.store.TokenByHash(ctx, t.ReplacedBy)
		if errors.Is(err, ErrNotFound) {
			break
		}
		if err != nil {
			return "", err
		}
		if newer.UsedAt.IsZero() || !newer.UsedAt.Before(newer.ExpiresAt) {
			break // waits, or ran out before anything ended it
		}
		if newer.EndedBy == EndedByPassword {
			return LinkEnded, nil
		}
		if !newer.Replaced {
			break // changed the address, or ended otherwise
		}
		t = newer
	}
	return LinkReplaced, nil
}

// VerifyEmail follows a verification link and returns the code for /double-opt-in-done: 0 verified,
// 403002 expired, 404000 unknown or already used, 400003 the new address was taken meanwhile, 403041 the account is
// disabled (the link stays unused).
func (p *Provider) VerifyEmail(ctx context.Context, token string) (int, error) {
	t, code, err := p.openLink(ctx, token, TokenVerification)
	if err != nil || code != contract.CodeOK {
		return code, err
	}
	now := p.clock()
	newEmail := t.Payload["email"]
	var remail []subscriptionToken
	// The verified account and, for a new address, the end of every session (spec 000 §4: the login ID changed).
	a, err := p.spendLink(ctx, t, now, func(st Store, a Account) (Account, error) {
		remail = nil
		// A change asked of an address the account no longer has (another change came first, also one asked at the
		// same moment) is not made. Links made before "from" was kept have none.
		if from := t.Payload["from"]; newEmail != "" && from != "" && from != a.Email {
			return a, ErrNotFound
		}
		var pending []string
		from := a.Email
		if newEmail != "" {
			a.Email = newEmail
			var err error
			if pending, err = p.awaitingConfirmation(ctx, st, a, now); err != nil {
				return a, err
			}
			// A newsletter subscriber's address was taken as any new one (setAccountInfo): its newsletter account
			// joins this one now that the link proved the address.
			var theirs []string
			if a, theirs, err = p.absorbSubscriber(ctx, st, a, now); err != nil {
				return a, err
			}
			pending = append(slices.DeleteFunc(pending, func(key string) bool {
				_, doi, _ := emailChannel(a.Subscriptions, key)
				return doi["status"] == "Confirmed" // the subscriber's confirmation took its place
			}), theirs...)
		}
		// The address is proven: the account's owner sees the account's values now (registrant.go).
		a.IsVerified, a.VerifiedAt, a.UpdatedAt, a.Registrant = true, now, now, nil
		a, err := st.UpdateAccount(ctx, a)
		if err != nil || newEmail == "" {
			return a, err
		}
		if err := endCredentials(ctx, st, a.UID, now, ""); err != nil {
			return a, err
		}
		// What is kept under the former address is the person's and moves with the account (QA round of
		// 2026-11-29: its product reminders lived on under it, and outlived the account's deletion).
		if p.emailChangedWith != nil {
			if err := st.Also(ctx, func(tx database.Tx) error {
				return p.emailChangedWith(ctx, tx, a.UID, identity.Email(from), identity.Email(a.Email))
			}); err != nil {
				return a, err
			}
		}
		// A double opt-in confirms a request at the address it went to: the old address's links end, as its reset
		// links do, and what still waited for one is asked again at the new address, which has not consented yet
		// (QA security round of 2026-11-29: the old address's link confirmed a subscription that then mailed the
		// new one).
		if err := p.endSubscriptionLinks(ctx, st, a.UID); err != nil {
			return a, err
		}
		remail, err = p.subscriptionTokens(ctx, st, a, pending)
		return a, err
	})
	switch {
	case errors.Is(err, ErrNotFound):
		return contract.CodeNotFound, nil
	case errors.Is(err, ErrEmailTaken):
		return contract.CodeUniqueIdentifierExists, nil
	case errors.Is(err, identity.ErrAccountDisabled):
		return contract.CodeAccountDisabled, nil
	case err != nil:
		return 0, err
	}
	if newEmail != "" {
		p.audit(ctx, audit.Event{Type: audit.EmailChanged, UID: a.UID, Email: a.Email})
		p.credentialsChanged(ctx, a.UID)
		if err := p.mailSubscriptionConfirmations(ctx, a, remail, p.lang(Caller{}, a)); err != nil {
			return 0, err
		}
	} else {
		p.audit(ctx, audit.Event{Type: audit.EmailVerified, UID: a.UID, Email: a.Email})
	}
	return contract.CodeOK, nil
}

// awaitingConfirmation names the subscriptions of the account that wait for a double opt-in link still valid, and
// marks them mailed now: an e-mail change asks for them again at the new address (VerifyEmail). One whose link
// has expired is left as it is: its request lapsed, and the shopper chooses the subscription again.
func (p *Provider) awaitingConfirmation(ctx context.Context, st Store, a Account, now time.Time) ([]string, error) {
	tokens, err := st.UnusedTokens(ctx, a.UID, TokenSubscription)
	if err != nil {
		return nil, err
	}
	var keys []string
	for _, t := range tokens {
		key := t.Payload["key"]
		if !now.Before(t.ExpiresAt) || slices.Contains(keys, key) {
			continue
		}
		_, doi, subscribed := emailChannel(a.Subscriptions, key)
		if !subscribed || doi["status"] != "Pending" {
			continue
		}
		doi["emailSentTime"] = isoTime(now)
		keys = append(keys, key)
	}
	return keys, nil
}

// spendLink uses the link t and changes its account in one transaction, so that both happen or neither (a save
// of the account racing a verification link once used the link up and left the account unverified, QA). When a
// save won the race, the change is made again on the fresh account. ErrNotFound: the link was used meanwhile, or
// its account is gone. identity.ErrAccountDisabled: an operator disabled the account; the link changes nothing
// and stays unused, for when the account is enabled again (SetDisabled).
func (p *Provider) spendLink(ctx context.Context, t Token, now time.Time, change func(st Store, a Account) (Account, error)) (Account, error) {
	var a Account
	err := untilNoConflict(ctx, func() error {
		return p.store.InTx(ctx, func(st Store) error {
			if used, err := st.UseToken(ctx, t.Hash, now); err != nil {
				return err
			} else if !used {
				return ErrNotFound
			}
			found, err := st.AccountByUID(ctx, t.UID)
			if err != nil {
				return err
			}
			if found.Disabled {
				return identity.ErrAccountDisabled // rolls the use back
			}
			a, err = change(st, found)
			return err
		})
	})
	return a, err
}

// ResendVerificationCode answers accounts.resendVerificationCode: with a regToken, 0 and a new mail, or 400006 for
// an unknown regToken or an account already verified. With an e-mail address it answers as the REST API's
// verification-email does (resendVerification): 0 for a pending registration and, with nothing sent, for an address
// without one (a newsletter subscriber's too), so that neither tells which addresses have a registration; 400006
// for an account already verified, which the REST API's 204 tells as well (spec 000 §7), as registering it does.
func (p *Provider) ResendVerificationCode(ctx context.Context, c Caller, regToken, email string) (Result, error) {
	switch {
	case regToken == "" && email != "":
		return p.resendVerificationTo(ctx, c, email)
	case regToken == "":
		return fail(contract.CodeMissingRequiredParameter, "regToken"), nil
	}
	t, err := p.liveRegToken(ctx, regToken, TokenRegistration, TokenSubscriber)
	var a Account
	if err == nil {
		a, err = p.store.AccountByUID(ctx, t.UID)
	}
	if errors.Is(err, ErrNotFound) || (err == nil && (a.IsVerified || !a.IsRegistered)) {
		return fail(contract.CodeInvalidParameter, "Account is unknown or already verified"), nil
	}
	if err != nil {
		return Result{}, err
	}
	if allowed, err := p.allowMail(ctx, c, a.UID); err != nil {
		return Result{}, err
	} else if !allowed {
		return fail(contract.CodeFrequencyLimit, tooManyMails), nil
	}
	if err := p.sendVerification(ctx, a, p.pageLang(c, a), ""); err != nil {
		return Result{}, err
	}
	return ok(nil), nil
}

// resendVerificationTo is resendVerificationCode with an e-mail address.
func (p *Provider) resendVerificationTo(ctx context.Context, c Caller, email string) (Result, error) {
	addr, err := identity.ParseEmail(email)
	if err != nil {
		return fail(contract.CodeInvalidParameter, "email is not an e-mail address"), nil
	}
	switch err := p.resendVerification(ctx, c, addr); {
	case err == nil, errors.Is(err, identity.ErrAccountNotFound):
		return ok(nil), nil
	case errors.Is(err, identity.ErrAlreadyVerified):
		return fail(contract.CodeInvalidParameter, "Account is already verified"), nil
	case errors.Is(err, identity.ErrTooManyMails):
		return fail(contract.CodeFrequencyLimit, "Too many e-mails were requested; try again later"), nil
	default:
		return Result{}, err
	}
}

// resendVerification sends a new verification mail to the registration of email that waits for it (the REST API's
// verification-email and accounts.resendVerificationCode with an address): nil when sent; identity.ErrAlreadyVerified;
// identity.ErrAccountNotFound for an address without a registration, after counting the ask against the same mail
// limit as an account's, so that the sixth ask within the hour answers identity.ErrTooManyMails whether or not the
// address has one (QA security round: only a pending account ever answered "too many", which told it apart). Every
// answer takes the same time too (padMailRequest): only a pending registration's renders and stores a mail.
func (p *Provider) resendVerification(ctx context.Context, c Caller, email identity.Email) error {
	defer p.padMailRequest(ctx, time.Now())
	a, err := p.store.AccountByEmail(ctx, email.String())
	if errors.Is(err, ErrNotFound) || (err == nil && !a.IsRegistered) {
		if allowed, err := p.allowMail(ctx, c, "address:"+email.String()); err != nil {
			return err
		} else if !allowed {
			return identity.ErrTooManyMails
		}
		return identity.ErrAccountNotFound
	}
	if err != nil {
		return err
	}
	if a.IsVerified {
		return identity.ErrAlreadyVerified
	}
	if allowed, err := p.allowMail(ctx, c, a.UID); err != nil {
		return err
	} else if !allowed {
		return identity.ErrTooManyMails
	}
	return p.sendVerification(ctx, a, p.pageLang(c, a), "")
}
