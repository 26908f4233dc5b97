// Package embedded is the identity provider built into the service: the SAP Customer Data Cloud (Gigya)
// accounts.* behaviour of shared/identity-contract.md on the service's own database, for retailers who run
// the product themselves. It knows nothing of HTTP: the identityapi package parses requests into the methods'
// parameters and wraps each Result in the vendor's envelope.
package embedded

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/webauthn"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/audit"
	"github.com/grocer-portal/portal/services/api/internal/clientaddr"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/mail"
	"github.com/grocer-portal/portal/services/api/internal/throttle"
)

// Caller is what the edge knows about who is calling: the session cookie, the client address (for the
// per-address login limit) and the language asked for.
type Caller struct {
	SessionToken  string
	ClientAddress string
	Lang          string
}

// Deps are the provider's collaborators.
type Deps struct {
	Store     Store
	Mail      mail.Sender     // nil: mails are dropped (CLI use)
	Templates *mail.Templates // nil: mail.DefaultTemplates()
	Logger    *zap.Logger     // nil: no logging
	// Now is the clock; tests move it to cover 14 days, 15 minutes, 1 hour without sleeping.
	Now func() time.Time
	// Sleep waits (real time) to pad answers whose duration would tell a hit from a miss; nil uses a timer.
	Sleep func(ctx context.Context, d time.Duration)
	// StoreAreas derives data.customerassignment from a German postcode; nil leaves the field alone.
	StoreAreas StoreAreas
	// Stores checks a newly chosen favourite store; nil accepts any well-formed id.
	Stores StoreDirectory
	// Audit receives the security events (logins, failures, lockouts, changes); nil keeps none.
	Audit audit.Recorder
	// Throttle counts mail-sending calls per account and per client address; nil throttles nothing.
	Throttle *throttle.Limiter
	// EraseWithAccount erases, in the transaction that deletes an account, what other parts of the service keep
	// of it (single sign-on consents and tokens, product reminders, mails, the newsletter withdrawal record):
	// the shopper's erasure happens entirely or not at all.
	EraseWithAccount func(ctx context.Context, tx database.Tx, a ErasedAccount) error
	// EmailChangedWith moves, in the transaction that confirms an account's e-mail change, what other parts of the
	// service keep under the former address to the new one (the product reminders; the former address's mails are
	// claimed for the account, whose deletion erases them). nil: nothing is kept by address.
	EmailChangedWith func(ctx context.Context, tx database.Tx, uid string, from, to identity.Email) error
	// SubscriberJoined moves, in the transaction that confirms an account's e-mail change to a newsletter
	// subscriber's address, what other parts of the service keep under the subscriber's account (its mails) to the
	// account that takes it in (absorbSubscriber). nil: nothing is kept by account.
	SubscriberJoined func(ctx context.Context, tx database.Tx, from, into string) error
	// CredentialsEnded hears of an account whose credentials ended (a password reset or change, a confirmed e-mail
	// change, a removed passkey, a disabling), once that is stored, so that what other parts issued under them ends too: partners'
	// tokens of single sign-on. nil: there is nothing else to end.
	CredentialsEnded func(ctx context.Context, uid string) error
	// RemindersOf lists the product reminders of an address for the account's data export; nil: none are kept.
	RemindersOf func(ctx context.Context, email identity.Email) ([]ExportedReminder, error)
	// PartnersOf lists the partners the account signed in to by single sign-on, for its data export; nil: none.
	PartnersOf func(ctx context.Context, uid string) ([]ExportedPartner, error)
	// SecurityEventsOf lists the account's entries of the audit log, for its data export; nil: none are kept.
	SecurityEventsOf func(ctx context.Context, uid string) ([]audit.Event, error)
	// ThrottleKey keys the hashes that name login IDs and client addresses in the lockout's records (the service
	// keeps one in signing_keys: ThrottleKeyPurpose); nil: plain SHA-256, for tests and tools that lock nothing.
	ThrottleKey []byte
	// NewsletterName is what the content calls a newsletter in a language, so its double opt-in mail names it as
	// the preference centre does; nil, or "" from it, names the subscription key.
	NewsletterName func(key, language string) string
}

// ExportedReminder is a product reminder as the account's data export lists it.
type ExportedReminder struct {
	ID          string            `json:"id"`
	VariantID   string            `json:"variantId"`
	VariantName map[string]string `json:"variantName"`
	// Status is active, or pending while its verification link has not been followed.
	Status string `json:"status"`
	// Language is the language of its mails.
	Language  string `json:"language"`
	CreatedAt string `json:"created"`
	// ConfirmedAt is when its verification link was followed; empty while pending.
	ConfirmedAt string `json:"confirmed,omitempty"`
}

// ExportedPartner is a partner (single sign-on client) the account signed in to, as its data export lists it.
type ExportedPartner struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// FirstSignIn and LastSignIn are the first and last times single sign-on kept of the partner for the account.
	FirstSignIn string `json:"firstSignIn"`
	LastSignIn  string `json:"lastSignIn"`
}

// LinkedIdentity is a provider identity linked to an account.
type LinkedIdentity struct {
	Provider string
	// Subject is the provider's id of the person.
	Subject  string
	LinkedAt time.Time
}

// ErasedAccount is what EraseWithAccount learns of an account the shopper deleted.
type ErasedAccount struct {
	UID   string
	Email identity.Email
	// Subscriptions are the keys the account had consented to (newsletters, SVC_PRODUCT_REMINDER; identity.ConsentedKeys).
	Subscriptions []string
	At            time.Time
}

// StoreDirectory is what the provider asks about a store id written to FavouriteStoreField: whether the
// retailer has such a store and whether it is still open.
type StoreDirectory interface {
	StoreStatus(ctx context.Context, id string) (exists, open bool, err error)
}

// Provider is the embedded identity provider.
type Provider struct {
	cfg       Config
	store     Store
	mail      mail.Sender
	templates *mail.Templates
	log       *zap.Logger
	now       func() time.Time
	sleep     func(ctx context.Context, d time.Duration)
	hasher    *Hasher
	schema    *schema
	decoyHash string
	social    SocialLogins
	stores    StoreDirectory
	// newsletterName is never nil (New fills in the key itself).
	newsletterName func(key, language string) string
	auditLog       audit.Recorder
	throttle       *throttle.Limiter
	// storeAreas is nil when no store-area table was given.
	storeAreas       StoreAreas
	eraseWithAccount func(ctx context.Context, tx database.Tx, a ErasedAccount) error
	emailChangedWith func(ctx context.Context, tx database.Tx, uid string, from, to identity.Email) error
	subscriberJoined func(ctx context.Context, tx database.Tx, from, into string) error
	remindersOf      func(ctx context.Context, email identity.Email) ([]ExportedReminder, error)
	partnersOf       func(ctx context.Context, uid string) ([]ExportedPartner, error)
	securityEventsOf func(ctx context.Context, uid string) ([]audit.Event, error)
	credentialsEnded func(ctx context.Context, uid string) error
	// throttleKey keys the hashes of the lockout's records (throttleHash); empty: plain SHA-256.
	throttleKey []byte
	// passkeys is the resolved relying party; webauthn verifies the ceremonies.
	passkeys PasskeyConfig
	webauthn *webauthn.WebAuthn
}

// New builds a provider; it computes a decoy hash once, so logins with unknown IDs cost what real ones cost.
func New(cfg Config, d Deps) (*Provider, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if d.Store == nil {
		return nil, errors.New("identity: a store is required")
	}
	sc, err := compileSchema(cfg)
	if err != nil {
		return nil, err
	}
	p := &Provider{cfg: cfg, store: d.Store, mail: d.Mail, templates: d.Templates, log: d.Logger, now: d.Now, sleep: d.Sleep, schema: sc,
		stores: d.Stores, auditLog: d.Audit, throttle: d.Throttle, storeAreas: d.StoreAreas, newsletterName: d.NewsletterName,
		eraseWithAccount: d.EraseWithAccount, emailChangedWith: d.EmailChangedWith, subscriberJoined: d.SubscriberJoined, remindersOf: d.RemindersOf,
		partnersOf: d.PartnersOf, securityEventsOf: d.SecurityEventsOf, credentialsEnded: d.CredentialsEnded, throttleKey: d.ThrottleKey}
	if p.auditLog == nil {
		p.auditLog = audit.Discard{}
	}
	if p.newsletterName == nil {
		p.newsletterName = func(string, string) string { return "" }
	}
	if p.templates == nil {
		p.templates = mail.DefaultTemplates()
	}
	if p.log == nil {
		p.log = zap.NewNop()
	}
	if p.now == nil {
		p.now = time.Now
	}
	if p.sleep == nil {
		p.sleep = throttle.Wait
	}
	if p.passkeys, err = cfg.Passkeys.resolve(cfg.PublicURL); err != nil {
		return nil, err
	}
	if p.webauthn, err = newWebAuthn(p.passkeys); err != nil {
		return nil, fmt.Errorf("identity: passkeys: %w", err)
	}
	p.hasher = NewHasher(cfg.Argon2, cfg.MaxConcurrentHashes)
	decoy, _ := newToken()
	if p.decoyHash, err = p.hasher.Hash(context.Background(), "", decoy); err != nil {
		return nil, err
	}
	return p, nil
}

// Config returns the provider's configuration (the edge reads session lifetimes from it).
func (p *Provider) Config() Config { return p.cfg }

// SetSocialLogins registers the social-login implementation (OIDC); without one, socialLogin answers 500023.
func (p *Provider) SetSocialLogins(s SocialLogins) { p.social = s }

func (p *Provider) clock() time.Time { return p.now().UTC() }

// accountByEmail finds the account of an address as typed, in its stored form (identity.ParseEmail). What is no
// address has no account and is not looked up: PostgreSQL answers a NUL byte with an error (QA).
func (p *Provider) accountByEmail(ctx context.Context, typed string) (Account, error) {
	email, err := identity.ParseEmail(typed)
	if err != nil {
		return Account{}, ErrNotFound
	}
	return p.store.AccountByEmail(ctx, email.String())
}

// newToken returns a random 256-bit token (base64url) and the SHA-256 hash under which it is stored.
func newToken() (plain, hash string) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	plain = base64.RawURLEncoding.EncodeToString(b)
	return plain, hashToken(plain)
}

func hashToken(plain string) string {
	sum := sha256.Sum256([]byte(plain))
	return hex.EncodeToString(sum[:])
}

func newUID() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

func (p *Provider) issueToken(ctx context.Context, kind, uid string, payload map[string]string, lifetime time.Duration) (string, error) {
	return p.issueTokenIn(ctx, p.store, kind, uid, payload, lifetime)
}

// issueTokenIn is issueToken on a given store, e.g. inside a transaction.
func (p *Provider) issueTokenIn(ctx context.Context, st Store, kind, uid string, payload map[string]string, lifetime time.Duration) (string, error) {
	plain, hash := newToken()
	return plain, p.storeToken(ctx, st, hash, kind, uid, payload, lifetime)
}

// storeToken stores the token of hash, made beforehand (newToken) when what it replaces must name it.
func (p *Provider) storeToken(ctx context.Context, st Store, hash, kind, uid string, payload map[string]string, lifetime time.Duration) error {
	now := p.clock()
	return st.CreateToken(ctx, Token{Hash: hash, Kind: kind, UID: uid, Payload: payload, CreatedAt: now, ExpiresAt: now.Add(lifetime)})
}

// liveToken returns an unused, unexpired token of one of the kinds; ErrNotFound otherwise.
func (p *Provider) liveToken(ctx context.Context, plain string, kinds ...string) (Token, error) {
	if plain == "" || len(plain) > 200 {
		return Token{}, ErrNotFound
	}
	t, err := p.store.TokenByHash(ctx, hashToken(plain))
	if err != nil {
		return Token{}, err
	}
	if !t.UsedAt.IsZero() || !p.clock().Before(t.ExpiresAt) {
		return Token{}, ErrNotFound
	}
	for _, k := range kinds {
		if t.Kind == k {
			return t, nil
		}
	}
	return Token{}, ErrNotFound
}

// payloadSession: the key (SessionKey) of the login session a subscriber regToken was exchanged for; the token
// opens nothing once that session ended.
const payloadSession = "session"

// liveRegToken is liveToken for a regToken: one issued for a login session (payloadSession) is live only as long
// as that session is (not logged out, revoked, expired, idled out, its account disabled or its credentials
// changed, as for the link it was exchanged from), and its use is the session's (useBoundSession).
func (p *Provider) liveRegToken(ctx context.Context, plain string, kinds ...string) (Token, error) {
	t, err := p.liveToken(ctx, plain, kinds...)
	if err != nil {
		return Token{}, err
	}
	if key := t.Payload[payloadSession]; key != "" {
		if err := p.useBoundSession(ctx, key); err != nil {
			return Token{}, err
		}
	}
	return t, nil
}

// useBoundSession checks the login session stored under key, which a preference-centre link or its regToken is
// bound to (payloadSession, SessionLive): ErrNotFound once it has ended (storedSession) or idled out. Their use is
// the shopper's use of that session, in the centre the account pages opened, and counts as the account pages'
// requests do: the idle expiry slides (QA, 2026-11-30: a shopper saving in the centre every 10 minutes found the
// account logged out after 30, and the centre ended once its link was renewed). So a session that has idled out
// was not used in the centre either, and ends its link and regTokens as it ends the account pages: they outlived
// it, and a save 35 minutes after the last use was written while the centre's own look-up found the session over
// (QA, 2026-11-30).
func (p *Provider) useBoundSession(ctx context.Context, key string) error {
	_, s, err := p.storedSession(ctx, key)
	if err != nil {
		return err
	}
	if p.idledOut(s) {
		return ErrNotFound
	}
	return p.slideIdleExpiry(ctx, s)
}

// idledOut reports whether the session s has gone unused for the idle timeout.
func (p *Provider) idledOut(s Session) bool {
	return p.clock().Sub(s.LastSeenAt) >= p.cfg.SessionIdleTimeout
}

// regTokenAccount resolves a regToken that names an account (registration or subscriber).
func (p *Provider) regTokenAccount(ctx context.Context, plain string) (Account, Token, error) {
	t, err := p.liveRegToken(ctx, plain, TokenRegistration, TokenSubscriber)
	if err != nil {
		return Account{}, Token{}, err
	}
	if t.UID == "" {
		return Account{}, Token{}, ErrNotFound
	}
	a, err := p.store.AccountByUID(ctx, t.UID)
	return a, t, err
}

// startSession creates a session for the account as the login found it and revokes the caller's previous one
// (rotation at login).
func (p *Provider) startSession(ctx context.Context, a Account, previous string) (*NewSession, error) {
	now := p.clock()
	if previous != "" {
		if err := p.store.RevokeSession(ctx, hashToken(previous), now); err != nil {
			return nil, err
		}
	}
	plain, hash := newToken()
	s := Session{Hash: hash, UID: a.UID, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(p.cfg.SessionAbsoluteTimeout),
		Credentials: credentialsStamp(a)}
	if err := p.store.CreateSession(ctx, s); err != nil {
		return nil, err
	}
	return &NewSession{Token: plain, ExpiresAt: s.ExpiresAt}, nil
}

// credentialsStamp digests what a login proves, the account's password hash and e-mail address. A password or
// e-mail change revokes the account's sessions, but a login that checked the old password while the change was
// being made could open its session after that revocation (QA found 5 such sessions of 6 racing logins); a session
// whose stamp is not the account's now is over. (A hash upgraded at another login changes the stamp too, ending
// the account's other sessions; that happens once per change of the hashing parameters.)
func credentialsStamp(a Account) string {
	sum := sha256.Sum256([]byte(a.PasswordHash + "\x00" + a.Email))
	return hex.EncodeToString(sum[:16])
}

// sessionAccount returns the account of a live session: not revoked, not idle too long, not past its absolute
// expiry, the account not disabled and its credentials those the session was opened with. Activity slides the idle expiry.
func (p *Provider) sessionAccount(ctx context.Context, token string) (Account, error) {
	a, _, err := p.liveSession(ctx, token)
	return a, err
}

// liveSession is sessionAccount with the session itself, for a call that asks when its login was.
func (p *Provider) liveSession(ctx context.Context, token string) (Account, Session, error) {
	if token == "" || len(token) > 200 {
		return Account{}, Session{}, ErrNotFound
	}
	a, s, err := p.storedSession(ctx, hashToken(token))
	if err != nil {
		return Account{}, Session{}, err
	}
	if p.idledOut(s) {
		return Account{}, Session{}, ErrNotFound
	}
	if err := p.slideIdleExpiry(ctx, s); err != nil {
		return Account{}, Session{}, err
	}
	return a, s, nil
}

// slideIdleExpiry records a use of the live session s.
func (p *Provider) slideIdleExpiry(ctx context.Context, s Session) error {
	now := p.clock()
	// Writing on every request would make reads writes; a minute of slack is irrelevant to a 30-minute idle limit, and
	// the account pages count their warning from a last use this much early (contract.SessionTouchInterval).
	if now.Sub(s.LastSeenAt) <= contract.SessionTouchInterval {
		return nil
	}
	return p.store.TouchSession(ctx, s.Hash, now)
}

// storedSession is the session stored under hash with its account; ErrNotFound once it has ended: revoked,
// past its absolute expiry, its account disabled or its credentials no longer those the login proved. Idle time
// is the caller's to judge (idledOut).
func (p *Provider) storedSession(ctx context.Context, hash string) (Account, Session, error) {
	s, err := p.store.SessionByHash(ctx, hash)
	if err != nil {
		return Account{}, Session{}, err
	}
	if !s.RevokedAt.IsZero() || !p.clock().Before(s.ExpiresAt) {
		return Account{}, Session{}, ErrNotFound
	}
	a, err := p.store.AccountByUID(ctx, s.UID)
	if err != nil {
		return Account{}, Session{}, err
	}
	if a.Disabled || (s.Credentials != "" && s.Credentials != credentialsStamp(a)) {
		return Account{}, Session{}, ErrNotFound
	}
	return a, s, nil
}

// SessionUID returns the account of a live session, for other handlers of the service that need the caller.
func (p *Provider) SessionUID(ctx context.Context, token string) (string, bool) {
	a, err := p.sessionAccount(ctx, token)
	if err != nil {
		return "", false
	}
	return a.UID, true
}

// access is how a call was authorised.
type access struct {
	viaRegToken bool
	// limited: a registration regToken for a newsletter account someone is registering: not yet proven to
	// be the owner's, so it may write but must not read the subscriber's data.
	limited bool
	// subscriber: a subscriber regToken (the preference centre's), which reaches the contract's subscriberScope
	// only (subscriber_scope.go).
	subscriber bool
	// loggedInAt: when the session's login was (zero with a regToken), for what needs a recent one (recentLogin).
	loggedInAt time.Time
	// sessionEndsAt: the session's absolute end (zero with a regToken), which getAccountInfo tells (sessionInfo).
	sessionEndsAt time.Time
}

// recentLogin reports whether the caller logged in within contract.RecentLogin: what adds a lasting way in (a
// passkey, a first password) asks for that, not for a session cookie that may have been copied hours ago.
func (p *Provider) recentLogin(loggedInAt time.Time) bool {
	return !loggedInAt.IsZero() && p.clock().Sub(loggedInAt) <= contract.RecentLogin
}

// authorize finds the account a call acts on: the regToken's when one is given, else the session's; found is
// false for neither (403005). A regToken that is given but unknown, expired or revoked answers 403005 even beside
// a session: the caller asked for that token's account, and the session may be another person's or another
// address's (QA bad-input round: a preference centre whose regToken a password change had ended read and changed
// the account logged in on the same browser, and its renewal on 403005 never ran).
func (p *Provider) authorize(ctx context.Context, c Caller, regToken string) (Account, access, bool, error) {
	if regToken != "" {
		a, t, err := p.regTokenAccount(ctx, regToken)
		switch {
		case errors.Is(err, ErrNotFound):
			return Account{}, access{}, false, nil
		case err != nil:
			return Account{}, access{}, false, err
		}
		return a, access{viaRegToken: true, limited: limitedAccess(t, a), subscriber: t.Kind == TokenSubscriber}, true, nil
	}
	a, s, err := p.liveSession(ctx, c.SessionToken)
	if errors.Is(err, ErrNotFound) {
		return Account{}, access{}, false, nil
	}
	if err != nil {
		return Account{}, access{}, false, err
	}
	return a, access{loggedInAt: s.CreatedAt, sessionEndsAt: s.ExpiresAt}, true, nil
}

// sessionInfo is what an answer tells of a session ending at endsAt (contract: sessionInfo.expires_in): the whole
// seconds left, counted from the answer so that the browser's own clock does not matter. The account pages warn
// before that end, which nothing extends (sessionKeeping.endWarningLead).
func (p *Provider) sessionInfo(endsAt time.Time) map[string]any {
	return map[string]any{"expires_in": int(max(endsAt.Sub(p.clock()), 0) / time.Second)}
}

// limitedAccess reports whether a regToken reaches a newsletter subscriber's account that someone registered and
// nobody has confirmed yet. Not only the regToken of the registration itself: a login with the password or passkey
// that registration chose answers a regToken too, and that one read the subscriber's data and moved the account to
// the stranger's address (QA security round). A subscriber regToken (the preference centre's) is the subscriber's own.
func limitedAccess(t Token, a Account) bool {
	if a.IsVerified {
		return false
	}
	return t.Payload[payloadLimited] != "" || (t.Kind == TokenRegistration && a.Origin == OriginLite)
}

func (p *Provider) lang(c Caller, a Account) string {
	if c.Lang != "" {
		return mail.BaseLanguage(c.Lang)
	}
	if a.Lang != "" {
		return a.Lang
	}
	return mail.DefaultLanguage
}

// pageLang is the language of the page the caller is on as it sent it, with its country (nl-BE), for what differs
// between a language's countries: every mail's link carries it, so the page it opens is the shopper's country's
// (QA: Belgian and Luxembourg shoppers landed on the French, Dutch or German site), and a double opt-in mail names
// a newsletter as the Belgian centre shows it (QA). The mail's text is the language's (the templates reduce the
// tag); without one, the mail language.
func (p *Provider) pageLang(c Caller, a Account) string {
	if c.Lang != "" {
		return c.Lang
	}
	return p.lang(c, a)
}

// link is a mail's link with its token and the mail's language: the page it opens speaks the mail's language,
// not the browser's (QA: an English mail opened a German page).
func (p *Provider) link(path, tokenParam, token, lang string) string {
	return p.pageLink(path+"?"+tokenParam+"="+url.QueryEscape(token), lang)
}

// pageLink is a mail's link to a page of the account portal, in the mail's language.
func (p *Provider) pageLink(path, lang string) string {
	return mail.LinkInLanguage(strings.TrimRight(p.cfg.PublicURL, "/")+path, lang)
}

// audit records a security event; a failure to record is logged, never the caller's failure.
func (p *Provider) audit(ctx context.Context, e audit.Event) {
	if e.ClientAddress == "" {
		e.ClientAddress = clientaddr.From(ctx)
	}
	// Only an e-mail address is kept as one: a login ID is whatever was typed, a password into the address field
	// or 60,000 characters among it, and the log keeps it a year (QA round of 2026-11-29; OWASP Logging Cheat
	// Sheet). The entry still says that the ID was no address.
	if e.Email != "" {
		if email, err := identity.ParseEmail(e.Email); err == nil {
			e.Email = email.String()
		} else {
			e.Email = ""
			if e.Detail != "" {
				e.Detail += "; "
			}
			e.Detail += NotAnAddress
		}
	}
	e.At = p.clock()
	if err := p.auditLog.Record(ctx, e); err != nil {
		p.log.Warn("audit log", zap.String("event", e.Type), zap.Error(err))
	}
}

// NotAnAddress is the audit detail of an event whose login ID was no e-mail address; the ID itself is not kept.
const NotAnAddress = "login ID is not an e-mail address"

// Scopes of the mail throttles.
const (
	mailScopeAccount = "mail-account"
	mailScopeAddress = "mail-address"
)

// tooManyMails is the errorDetails of a call refused by MailLimits.
const tooManyMails = "Too many e-mails were requested; try again later"

// allowMail counts one mail-sending call of the account and the caller's address against MailLimits and
// reports false when either limit is reached (the mail is then not sent, and the call answers 400125).
func (p *Provider) allowMail(ctx context.Context, c Caller, uid string) (bool, error) {
	limits := p.cfg.MailLimits
	if ok, err := p.allowClient(ctx, c, throttle.Limit{Scope: mailScopeAddress, Max: limits.PerAddress, Window: limits.Window}, 1); err != nil || !ok {
		return false, err
	}
	if p.throttle != nil && uid != "" && limits.PerAccount > 0 {
		return p.throttle.Allow(ctx, throttle.Limit{Scope: mailScopeAccount, Max: limits.PerAccount, Window: limits.Window}, throttle.Key(uid))
	}
	return true, nil
}

// padMailRequest waits until MailRequestMinDuration has passed since start, the moment a call that sends a mail to
// an address it was given began (resetPassword's step 1, a verification mail resent by address, an e-mail change).
// Such a call does more for some addresses than for others, a resend renders and stores a mail for a pending
// registration and nothing for an address without one, so without the wait its duration told what its answer keeps
// to itself (QA security round of 2026-11-30: a resend by address took 1.6 ms for a pending registration and 1.3 ms
// for none). Deferred, it pads every answer, errors included.
func (p *Provider) padMailRequest(ctx context.Context, start time.Time) {
	if wait := p.cfg.MailRequestMinDuration - time.Since(start); wait > 0 {
		p.sleep(ctx, wait)
	}
}

// Scopes of the limits of anonymous starts (StartLimits), one per call.
const (
	StartRegistration = "start-registration"
	StartPasskeyLogin = "start-passkey-login"
	// StartSignIn is a partner's sign-in at /oidc/authorize, which single sign-on asks AllowStart about.
	StartSignIn = "start-sign-in"
)

// tooManyStarts is the errorDetails of a start refused by StartLimits.
const tooManyStarts = "Too many requests from this address; try again later"

// AllowStart counts one anonymous start (scope: StartRegistration, StartPasskeyLogin, StartSignIn) of the caller's
// address against StartLimits and reports false when the limit is reached; the call then stores nothing. Each
// stores a row for anyone who asks, and hundreds a second came from one client (QA security round of 2026-11-29).
func (p *Provider) AllowStart(ctx context.Context, c Caller, scope string) (bool, error) {
	return p.allowClient(ctx, c, throttle.Limit{Scope: scope, Max: p.cfg.StartLimits.PerAddress, Window: p.cfg.StartLimits.Window}, 1)
}

// allowClient counts n events of the caller's client (limitedClient) against limit and reports whether they fit.
// Nothing limits a caller without one or a limit of 0.
func (p *Provider) allowClient(ctx context.Context, c Caller, limit throttle.Limit, n int) (bool, error) {
	client := p.limitedClient(ctx, c)
	if p.throttle == nil || limit.Max <= 0 || client == "" {
		return true, nil
	}
	return p.throttle.AllowN(ctx, limit, throttle.Key(client), n)
}

// limitedClient is who the caller counts as in every limit per client, the start and mail limits (allowClient)
// and the fair share of the password hashing (hashQueue): its address's network, as throttle.ClientNetwork names it
// (an IPv6 address by its /64). It is "" (nobody's limit; one client in the hashing's share) for a caller without
// an address, and outside production for the machine itself (MailLimits.ExemptLoopback: counting a developer or
// the browser tests as one client would throttle everything behind them). In production the machine counts like
// any address, so an undeclared local proxy cannot exempt everybody behind it.
func (p *Provider) limitedClient(ctx context.Context, c Caller) string {
	address := clientAddress(ctx, c)
	if address == "" || (p.cfg.MailLimits.ExemptLoopback && isLoopback(address)) {
		return ""
	}
	return throttle.ClientNetwork(address)
}

// clientAddress is the caller's address: as the edge gave it, else as the request's context carries it.
func clientAddress(ctx context.Context, c Caller) string {
	if c.ClientAddress != "" {
		return c.ClientAddress
	}
	return clientaddr.From(ctx)
}

func isLoopback(address string) bool {
	ip := net.ParseIP(address)
	return ip != nil && ip.IsLoopback()
}

// Notices to the account's address of a change to its ways in, so the owner learns of one they did not make, each
// with the page that undoes it. (The e-mail change's notice to the old address, MailEmailChangedNotice, goes with
// its confirmation mail; it links the password reset too: until the new address is confirmed the old one is the
// login, and a reset ends the change with the other links, endCredentials.)
const (
	MailPasswordChangedNotice = "password-changed-notice"
	MailPasskeyAddedNotice    = "passkey-added-notice"
	MailPasskeyRemovedNotice  = "passkey-removed-notice"

	resetStartPath   = "/login/reset-password/start"
	loginDetailsPath = "/accessdata"
)

// notify sends a notice of a change that is stored already (path: a page of the account portal for the mail's
// link, or ""). A failed notice is logged, not answered: the change stands, and an error would make the shopper
// think it did not.
func (p *Provider) notify(ctx context.Context, kind, lang string, a Account, path string) {
	data := map[string]any{"FirstName": stringField(a.Profile, "firstName")}
	if path != "" {
		data["Link"] = p.pageLink(path, lang)
	}
	if err := p.sendMail(ctx, kind, lang, a.UID, a.Email, data); err != nil {
		p.log.Warn("notice mail failed", zap.String("kind", kind), zap.String("uid", a.UID), zap.Error(err))
	}
}

// sendMail renders and sends one mail to an address of the account uid; a provider without a sender drops it.
func (p *Provider) sendMail(ctx context.Context, kind, lang, uid, to string, data map[string]any) error {
	return p.sendLinkMail(ctx, kind, lang, uid, to, 0, data)
}

// sendLinkMail is sendMail for a mail whose link lives for lifetime from now (0: a link that does not end): the
// outbox sends it no later, nor does `portal mail requeue-failed` (mail.Message.LinkExpiresAt).
func (p *Provider) sendLinkMail(ctx context.Context, kind, lang, uid, to string, lifetime time.Duration, data map[string]any) error {
	if p.mail == nil {
		return nil
	}
	m, err := p.templates.Render(kind, lang, to, data)
	if err != nil {
		return err
	}
	m.UID = uid
	if lifetime > 0 {
		m.LinkExpiresAt = p.clock().Add(lifetime)
	}
	if err := p.mail.Send(ctx, m); err != nil {
		return fmt.Errorf("identity: send %s mail: %w", kind, err)
	}
	return nil
}

// accountFields is the account as accounts.getAccountInfo and login answer it.
func (p *Provider) accountFields(ctx context.Context, a Account, extraProfileFields string) (map[string]any, error) {
	profile := deepCopy(a.Profile)
	profile["email"] = a.Email
	if !strings.Contains(extraProfileFields, "phones") {
		delete(profile, "phones")
	}
	providers, err := p.store.SocialProviders(ctx, a.UID)
	if err != nil {
		return nil, err
	}
	loginProvider := "site"
	all := providers
	if a.PasswordHash != "" {
		all = append([]string{"site"}, providers...)
	} else if len(providers) > 0 {
		loginProvider = providers[0]
	}
	verifiedEmails, unverifiedEmails := []string{}, []string{}
	if a.IsVerified {
		verifiedEmails = append(verifiedEmails, a.Email)
	} else {
		unverifiedEmails = append(unverifiedEmails, a.Email)
	}
	f := map[string]any{
		"UID":              a.UID,
		"profile":          profile,
		"data":             deepCopy(a.Data),
		"preferences":      deepCopy(a.Preferences),
		"subscriptions":    p.currentSubscriptions(a.Subscriptions, p.clock()),
		"isRegistered":     a.IsRegistered,
		"isVerified":       a.IsVerified,
		"isActive":         !a.Disabled,
		"created":          isoTime(a.CreatedAt),
		"createdTimestamp": a.CreatedAt.UnixMilli(),
		"lastUpdated":      isoTime(a.UpdatedAt),
		"regSource":        a.RegSource,
		"loginProvider":    loginProvider,
		"socialProviders":  strings.Join(all, ","),
		"emails":           map[string]any{"verified": verifiedEmails, "unverified": unverifiedEmails},
		"loginIDs":         map[string]any{"emails": []string{a.Email}},
	}
	if !a.LastLoginAt.IsZero() {
		f["lastLogin"] = isoTime(a.LastLoginAt)
		f["lastLoginTimestamp"] = a.LastLoginAt.UnixMilli()
	}
	if !a.VerifiedAt.IsZero() {
		f["verified"] = isoTime(a.VerifiedAt)
	}
	return f, nil
}

// How long rows stay after their end before Maintain removes them: an ended session is answered like an unknown
// one, so it goes after a day; expired tokens stay a month, so that an expired link is told apart from an unknown
// one. Failure records, locks and passkey challenges mean nothing once their window, lock or challenge has ended:
// they go after throttleMargin (QA round of 2026-11-29: kept a month, they named client addresses and login IDs,
// and a challenge an account's uid, address and session, long after anything read them).
const (
	sessionRetention = 24 * time.Hour
	recordRetention  = 30 * 24 * time.Hour
	throttleMargin   = time.Hour
)

// Maintain runs the periodic housekeeping: SweepUnverified plus purging expired sessions, tokens and
// failure records. The lead runs it e.g. hourly.
func (p *Provider) Maintain(ctx context.Context, now time.Time) (Maintenance, error) {
	unverified, err := p.SweepUnverified(ctx, now)
	if err != nil {
		return Maintenance{}, err
	}
	// Kept as long as the tokens, the sessions would be the largest table of all (docs/scaling.md).
	purged, err := p.store.Purge(ctx, PurgeBefore{
		Sessions: now.Add(-sessionRetention), Tokens: now.Add(-recordRetention),
		Failures: now.Add(-p.cfg.LockoutWindow - throttleMargin), Locks: now.Add(-throttleMargin), Challenges: now.Add(-throttleMargin),
	})
	return Maintenance{Unverified: unverified, Purged: purged}, err
}

// Maintenance is what one Maintain removed, for the sweep's log line.
type Maintenance struct {
	// Unverified are the registrations removed (or reverted to subscribers) unconfirmed.
	Unverified int
	Purged
}

// SweepUnverified deletes accounts whose registration was not confirmed within the verification lifetime
// (spec 000: "if it expires no account is created"); a newsletter subscriber who started registering stays a
// subscriber. It reports how many accounts it removed or reverted.
func (p *Provider) SweepUnverified(ctx context.Context, now time.Time) (int, error) {
	return p.store.SweepUnverified(ctx, now.Add(-p.cfg.VerificationLifetime))
}
