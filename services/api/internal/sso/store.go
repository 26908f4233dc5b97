package sso

import (
	"context"
	"errors"
	"time"
)

// Store errors.
var (
	// ErrNotFound means no row has the given key.
	ErrNotFound = errors.New("sso: not found")
	// ErrCodeUsed means the authorisation code was exchanged before; the request is returned beside it.
	ErrCodeUsed = errors.New("sso: code already used")
)

// Client is a registered partner service (an OpenID Connect relying party).
type Client struct {
	ID   string
	Name string
	// SecretHash is the SHA-256 (hex) of the client secret; empty for a public client (PKCE only).
	SecretHash string
	// RedirectURIs are compared exactly, as OpenID Connect requires.
	RedirectURIs           []string
	PostLogoutRedirectURIs []string
	// FirstParty partners are the retailer's own: the shopper is not asked for consent.
	FirstParty bool
	// RefreshTokens: only such clients get a refresh token (for scope offline_access).
	RefreshTokens bool
	// HomeURL is the partner's start page (the account shell's back button, the tiles).
	HomeURL   string
	CreatedAt time.Time
}

// Public reports whether the client has no secret.
func (c Client) Public() bool { return c.SecretHash == "" }

// Request is what a partner asked for at the authorisation endpoint.
type Request struct {
	RedirectURI         string   `json:"redirectUri"`
	Scopes              []string `json:"scopes"`
	State               string   `json:"state,omitempty"`
	Nonce               string   `json:"nonce,omitempty"`
	CodeChallenge       string   `json:"codeChallenge"`
	CodeChallengeMethod string   `json:"codeChallengeMethod"`
	ResponseMode        string   `json:"responseMode,omitempty"`
	Prompt              []string `json:"prompt,omitempty"`
	// MaxAge is max_age in seconds; nil when not asked (prompt=login makes it 0).
	MaxAge  *uint    `json:"maxAge,omitempty"`
	Locales []string `json:"locales,omitempty"`
}

// AuthRequest is one authorisation request from start to code exchange.
type AuthRequest struct {
	ID       string
	ClientID string
	Request  Request
	// Browser is the SHA-256 of the binding cookie of the browser that started the request: only that browser
	// carries it on, as the request's id in the login page's address can be handed to anyone.
	Browser string
	// Hint is the shopper the partner's id_token_hint names; empty without one.
	Hint string
	// Subject is the shopper's uid once the request is authorised; empty before.
	Subject  string
	AuthTime time.Time
	AMR      []string
	// CodeHash is set when the code was issued; CodeUsedAt when it was exchanged.
	CodeHash      string
	CodeExpiresAt time.Time
	CodeUsedAt    time.Time
	// EndedAt is when the partner was answered with an error; an ended request takes no further step.
	EndedAt   time.Time
	CreatedAt time.Time
	ExpiresAt time.Time
}

// PartnerSignIns is a partner a shopper signed in to by single sign-on, for the account's data export: the first
// and the last time single sign-on kept of it (an authorised request, a consent, a token).
type PartnerSignIns struct {
	ClientID string
	// Name is empty when the partner is no longer registered.
	Name        string
	First, Last time.Time
}

// Token is an access token (by id) and the refresh token issued beside it, if any.
type Token struct {
	ID               string
	RefreshHash      string // empty: no refresh token
	ClientID         string
	Subject          string
	Scopes           []string
	Audience         []string
	AuthTime         time.Time
	AMR              []string
	AuthRequestID    string
	CreatedAt        time.Time
	ExpiresAt        time.Time
	RefreshExpiresAt time.Time
	RevokedAt        time.Time
}

// Consent is what a shopper allowed a partner that is not first-party.
type Consent struct {
	UID       string
	ClientID  string
	Scopes    []string
	GrantedAt time.Time
}

// SigningKey is one RSA key of the provider, PEM-encoded (PKCS#8).
type SigningKey struct {
	ID          string
	Algorithm   string
	PrivateKey  string
	CreatedAt   time.Time
	SignUntil   time.Time
	VerifyUntil time.Time
}

// Store is what single sign-on keeps in the database; ssosql implements it for SQLite and PostgreSQL and
// ssotest.Suite is its contract.
type Store interface {
	// SaveClient inserts or replaces a client.
	SaveClient(ctx context.Context, c Client) error
	ClientByID(ctx context.Context, id string) (Client, error)
	Clients(ctx context.Context) ([]Client, error)
	// DeleteClient removes a client with, in the same transaction, its tokens, the consents shoppers gave it and its
	// requests: a registration of the same id later takes over nothing of it.
	DeleteClient(ctx context.Context, id string) error

	CreateAuthRequest(ctx context.Context, r AuthRequest) error
	AuthRequest(ctx context.Context, id string) (AuthRequest, error)
	// Authorize records who the request is for; ErrNotFound when it does not exist, has a code or ended.
	Authorize(ctx context.Context, id, subject string, authTime time.Time, amr []string) error
	// SaveCode attaches the (hashed) code to an authorised request; ErrNotFound when it has one or ended.
	SaveCode(ctx context.Context, id, codeHash string, expiresAt time.Time) error
	// EndRequest ends a request whose partner was answered with an error, so that it is neither authorised nor
	// given a code after; ErrNotFound when it does not exist, has a code or ended before.
	EndRequest(ctx context.Context, id string, at time.Time) error
	// RequestByCode returns the request a (hashed) code was issued for, used or not.
	RequestByCode(ctx context.Context, codeHash string) (AuthRequest, error)
	// UseCode marks the code used and returns its request; a second use answers the request with ErrCodeUsed,
	// so exactly one of concurrent exchanges wins.
	UseCode(ctx context.Context, codeHash string, at time.Time) (AuthRequest, error)

	CreateToken(ctx context.Context, t Token) error
	TokenByID(ctx context.Context, id string) (Token, error)
	TokenByRefreshHash(ctx context.Context, hash string) (Token, error)
	// RevokeToken revokes one token; it reports whether this call did it (refresh rotation under concurrency).
	RevokeToken(ctx context.Context, id string, at time.Time) (bool, error)
	// RevokeTokensOfRequest revokes what an authorisation request's code was exchanged for.
	RevokeTokensOfRequest(ctx context.Context, authRequestID string, at time.Time) error
	// RevokeTokensOf revokes a shopper's tokens for one client (all clients when clientID is empty).
	RevokeTokensOf(ctx context.Context, subject, clientID string, at time.Time) error

	SaveConsent(ctx context.Context, c Consent) error
	Consent(ctx context.Context, uid, clientID string) (Consent, error)

	CreateSigningKey(ctx context.Context, k SigningKey) error
	// SigningKeys returns the keys still verifying at the time, newest first.
	SigningKeys(ctx context.Context, at time.Time) ([]SigningKey, error)

	// Secret returns the named shared secret, storing candidate first when there is none yet (the first
	// replica's value wins).
	Secret(ctx context.Context, name, candidate string) (string, error)

	// Purge removes requests, tokens and keys that expired before the time.
	Purge(ctx context.Context, before time.Time) error

	// RotateToken revokes the token oldID and stores its successor t in one transaction (a refresh); it reports
	// false and stores nothing when oldID was revoked already: of concurrent refreshes with one refresh token exactly
	// one wins, and the others' revocation of the grant (RevokeTokensOfRequest) comes after the winner's successor.
	RotateToken(ctx context.Context, oldID string, t Token, at time.Time) (bool, error)
}
