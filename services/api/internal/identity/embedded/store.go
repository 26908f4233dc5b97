package embedded

import (
	"context"
	"errors"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/database"
)

// Store errors.
var (
	ErrNotFound      = errors.New("identity: not found")
	ErrEmailTaken    = errors.New("identity: e-mail already in use")
	ErrConflict      = errors.New("identity: account changed concurrently")
	ErrAlreadyLinked = errors.New("identity: social identity already linked")
)

// Account origins: how an account came to exist, which decides what the unverified sweep does with it.
const (
	OriginSite   = "site"   // registered with e-mail and password
	OriginLite   = "lite"   // newsletter-only account, later perhaps upgraded by registration
	OriginSocial = "social" // created by a social login
)

// Account is one customer account.
type Account struct {
	UID           string
	Email         string // lower-cased, unique
	PasswordHash  string // empty for lite and social-only accounts
	Profile       map[string]any
	Data          map[string]any
	Preferences   map[string]any
	Subscriptions map[string]any
	IsRegistered  bool
	IsVerified    bool
	Disabled      bool
	Origin        string
	RegSource     string
	Lang          string
	CreatedAt     time.Time
	RegisteredAt  time.Time // zero while not registered
	VerifiedAt    time.Time
	LastLoginAt   time.Time
	UpdatedAt     time.Time
	Version       int64 // optimistic concurrency: UpdateAccount fails with ErrConflict on a stale version
	// Registrant is what an unconfirmed registration of a newsletter subscriber's address gave (its request and its
	// regToken's saves), as a new account of the address would hold it; nil for every other account. Until the
	// address is confirmed, that registration sees this instead of the subscriber's values (registrantView).
	Registrant *AccountSections
}

// AccountSections are the four documents of an account.
type AccountSections struct {
	Profile       map[string]any `json:"profile"`
	Data          map[string]any `json:"data"`
	Preferences   map[string]any `json:"preferences"`
	Subscriptions map[string]any `json:"subscriptions"`
}

// emptySections are the documents of an account that holds nothing yet.
func emptySections() AccountSections {
	return AccountSections{Profile: map[string]any{}, Data: map[string]any{}, Preferences: map[string]any{}, Subscriptions: map[string]any{}}
}

// sections are the account's documents.
func (a Account) sections() AccountSections {
	return AccountSections{Profile: a.Profile, Data: a.Data, Preferences: a.Preferences, Subscriptions: a.Subscriptions}
}

// Token kinds.
const (
	TokenRegistration = "registration"
	TokenSubscriber   = "subscriber"
	TokenSocialLink   = "social-link"
	TokenVerification = "verification"
	TokenReset        = "password-reset"
	TokenSubscription = "subscription-confirmation"
)

// Token is a stored (hashed) regToken or mail-link token.
type Token struct {
	Hash      string
	Kind      string
	UID       string // empty for a registration regToken before the account exists
	Payload   map[string]string
	CreatedAt time.Time
	ExpiresAt time.Time
	UsedAt    time.Time
	// Replaced: a newer link of the kind ended it (ReplaceTokens), not its use, a reset or the account's change of
	// address. Kept with the token, so it outlives what the newer link does.
	Replaced bool
	// ReplacedBy is the hash of the newer link that replaced it ("" for one replaced before migration 0023 whose
	// newer link was not found, and for one not replaced): what became of that link tells what became of the change
	// (EndedEmailChange).
	ReplacedBy string
	// EndedBy is the event that ended it unused (RevokeTokens), EndedByPassword or "": used, replaced, or ended by
	// anything else (the account's confirmed change of address, an operator's block).
	EndedBy string
}

// EndedByPassword (Token.EndedBy): a password change or reset ended the link with the account's other links
// (endCredentials).
const EndedByPassword = "password"

// Session is a stored (hashed) login session.
type Session struct {
	Hash       string
	UID        string
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time // absolute expiry
	RevokedAt  time.Time
	// Credentials is credentialsStamp of the account the login proved ("" for sessions older than migration 0013).
	Credentials string
}

// Passkey is one WebAuthn credential of an account.
type Passkey struct {
	ID  string // the credential id, base64url
	UID string
	// UserHandle is the WebAuthn user handle the passkey was made with, which its authenticator answers at a login;
	// "" means the account's UID (every passkey made before 2026-11-29). See Passkey.Handle.
	UserHandle     string
	Name           string
	Credential     []byte // go-webauthn's Credential as JSON
	SignCount      uint32
	BackupEligible bool
	BackupState    bool
	CreatedAt      time.Time
	LastUsedAt     time.Time
}

// Handle is the WebAuthn user handle of the passkey: a new account's UID, its own random one when it was registered
// over a newsletter subscriber's account (InitPasskeyRegistration).
func (k Passkey) Handle() string {
	if k.UserHandle != "" {
		return k.UserHandle
	}
	return k.UID
}

// Kinds of passkey challenges.
const (
	ChallengeRegistration = "registration" // a new account registers with a passkey instead of a password
	ChallengeAdd          = "add"          // a signed-in account adds a passkey
	ChallengeLogin        = "login"        // a login with a discoverable credential
)

// PasskeyChallenge is a stored ceremony challenge (hashed) with go-webauthn's SessionData.
type PasskeyChallenge struct {
	Hash         string
	Kind         string
	UID          string // the user handle: the account's UID (add), or the new passkey's own (registration)
	Email        string // registration: the address the passkey is made for
	RegTokenHash string // registration: the regToken it belongs to
	Session      []byte
	CreatedAt    time.Time
	ExpiresAt    time.Time
	UsedAt       time.Time
}

// Store is what the provider needs from storage; SQLStore implements it for SQLite and PostgreSQL.
type Store interface {
	CreateAccount(ctx context.Context, a Account) error
	AccountByUID(ctx context.Context, uid string) (Account, error)
	AccountByEmail(ctx context.Context, email string) (Account, error)
	// UpdateAccount writes a and bumps its version; ErrConflict when a.Version is stale, ErrEmailTaken on a clash.
	// It leaves LastLoginAt alone: that is RecordLogin's.
	UpdateAccount(ctx context.Context, a Account) (Account, error)
	// RecordLogin sets the account's LastLoginAt. A login is not an edit of the account: it neither bumps the
	// version (a profile form open in another tab still saves) nor rewrites the account's documents.
	RecordLogin(ctx context.Context, uid string, at time.Time) error
	DeleteAccount(ctx context.Context, uid string) error
	// EraseAccount deletes the account of uid with its sessions, social links, passkeys and their challenges,
	// tokens and the login failures and lock of loginKey (its address's), and runs also in the same transaction
	// (what other packages keep of the account): all of it or nothing.
	EraseAccount(ctx context.Context, uid, loginKey string, also func(database.Tx) error) error
	// SweepUnverified deletes site/social accounts registered before cutoff and still unverified, and turns
	// upgraded lite accounts back into lite accounts; it reports how many accounts it touched.
	SweepUnverified(ctx context.Context, cutoff time.Time) (int, error)

	CreateSession(ctx context.Context, s Session) error
	SessionByHash(ctx context.Context, hash string) (Session, error)
	TouchSession(ctx context.Context, hash string, at time.Time) error
	RevokeSession(ctx context.Context, hash string, at time.Time) error
	RevokeSessions(ctx context.Context, uid string, at time.Time) error
	// RevokeOtherSessions ends every session of the account but the one of keepHash.
	RevokeOtherSessions(ctx context.Context, uid, keepHash string, at time.Time) error

	CreateToken(ctx context.Context, t Token) error
	TokenByHash(ctx context.Context, hash string) (Token, error)
	// UseToken marks an unused token used and reports whether this call did it (single use under concurrency).
	UseToken(ctx context.Context, hash string, at time.Time) (bool, error)
	// RevokeTokens marks every unused token of the kind for uid used, ended by why (Token.EndedBy; "" for none told).
	RevokeTokens(ctx context.Context, uid, kind string, at time.Time, why string) error
	// ReplaceTokens marks every unused token of the kind for uid used and replaced: a newer one, whose hash is by,
	// takes their place.
	ReplaceTokens(ctx context.Context, uid, kind string, at time.Time, by string) error
	// UnusedTokens returns every unused token of the kind for uid, expired ones too, oldest first.
	UnusedTokens(ctx context.Context, uid, kind string) ([]Token, error)
	// LatestToken returns the newest token of the kind for uid.
	LatestToken(ctx context.Context, uid, kind string) (Token, error)

	RecordFailure(ctx context.Context, key string, at time.Time) error
	CountFailures(ctx context.Context, key string, since time.Time) (int, error)
	ClearFailures(ctx context.Context, key string) error
	Lock(ctx context.Context, key string, until time.Time) error
	LockedUntil(ctx context.Context, key string) (time.Time, error)
	// Claim locks key until the given time unless it is locked at now; claimed tells whether this call did. One
	// conditional statement: of claims sent at once, one wins.
	Claim(ctx context.Context, key string, now, until time.Time) (claimed bool, err error)

	LinkSocial(ctx context.Context, provider, subject, uid string, at time.Time) error
	SocialUID(ctx context.Context, provider, subject string) (string, error)
	SocialProviders(ctx context.Context, uid string) ([]string, error)
	// SocialIdentities lists the provider identities linked to an account, by provider and link time.
	SocialIdentities(ctx context.Context, uid string) ([]LinkedIdentity, error)
	// UnlinkSocial removes every provider identity linked to the account and reports how many there were.
	UnlinkSocial(ctx context.Context, uid string) (int64, error)

	CreatePasskey(ctx context.Context, k Passkey) error
	PasskeyByID(ctx context.Context, id string) (Passkey, error)
	Passkeys(ctx context.Context, uid string) ([]Passkey, error)
	// UpdatePasskeyUse writes the counter, backup flags, record and time of a successful login with the passkey.
	UpdatePasskeyUse(ctx context.Context, k Passkey) error
	// DeletePasskey removes the account's passkey; ErrNotFound when it has no such passkey.
	DeletePasskey(ctx context.Context, uid, id string) error

	CreatePasskeyChallenge(ctx context.Context, c PasskeyChallenge) error
	// UsePasskeyChallenge marks the challenge used and returns it; ErrNotFound when it is unknown or was used
	// already (single use under concurrency). Expiry is the caller's to check.
	UsePasskeyChallenge(ctx context.Context, hash string, at time.Time) (PasskeyChallenge, error)

	// Purge removes what ended before its cutoff: sessions, tokens, failure records, locks, passkey challenges.
	Purge(ctx context.Context, before PurgeBefore) (Purged, error)

	// Also runs fn on the store's database in its transaction (a new one outside InTx): what other packages keep
	// of an account changes with it, all of it or nothing.
	Also(ctx context.Context, fn func(database.Tx) error) error

	// InTx runs fn on a store whose calls form one transaction: all of them take effect or none (fn returned
	// an error). Inside fn only the given store may be used.
	InTx(ctx context.Context, fn func(Store) error) error
}

// PurgeBefore are Purge's cutoffs: what ended before its cutoff goes. Failures are failed logins by their time,
// Locks lockout locks by their end.
type PurgeBefore struct {
	Sessions, Tokens, Failures, Locks, Challenges time.Time
}

// Purged counts what a Purge removed: ended sessions, spent or expired tokens (links, regTokens), and the
// lockout's failures and locks with passkey challenges.
type Purged struct {
	Sessions, Tokens, Throttling int64
}
