// Package sso makes the service the OpenID Connect provider of the retailer's partner services (spec 000:
// single sign-on hand-over). The protocol is zitadel/oidc's OpenID-certified `op` package; this package gives
// it its storage (the database, through Store), its clients (configuration and `portal sso-clients`), its
// signing keys (rotated, in the database) and its login: the account portal's own pages, which know the
// shopper through the identity provider's session.
package sso

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"go.uber.org/zap"
)

// Settings are single sign-on's own settings (the composition root fills them from the configuration).
type Settings struct {
	// PublicURL is where browsers reach the service; the issuer is PublicURL + Path.
	PublicURL string
	// Hosts are further host names (no port) under which the service answers; the issuer follows the
	// request's host when it is one of them or the public URL's.
	Hosts []string
	// Production forbids plain-HTTP issuers and development redirect addresses.
	Production bool
	// Clients registered by configuration; they win over clients of the same id in the database.
	Clients []Client

	// CodeLifetime is how long an authorisation code may wait for its exchange.
	CodeLifetime time.Duration
	// RequestLifetime is how long a partner's sign-in may take (login, registration): the partner token's
	// 15 minutes of spec 000 §9.
	RequestLifetime      time.Duration
	AccessTokenLifetime  time.Duration
	IDTokenLifetime      time.Duration
	RefreshTokenLifetime time.Duration
	// KeyRotation is how long one key signs; it then verifies for the longest token lifetime more.
	KeyRotation time.Duration
}

// DefaultSettings are the lifetimes used where the configuration says nothing.
func DefaultSettings() Settings {
	return Settings{
		CodeLifetime: time.Minute, RequestLifetime: 15 * time.Minute, AccessTokenLifetime: 15 * time.Minute,
		IDTokenLifetime: time.Hour, RefreshTokenLifetime: 30 * 24 * time.Hour, KeyRotation: 30 * 24 * time.Hour,
	}
}

// Path is where the provider is served; the issuer is the public URL plus Path.
const Path = "/oidc"

// Scopes the provider knows.
const (
	ScopeOpenID        = "openid"
	ScopeProfile       = "profile"
	ScopeEmail         = "email"
	ScopeOfflineAccess = "offline_access"
)

// Service is single sign-on: the registry of partners and what the provider's storage builds on.
type Service struct {
	settings Settings
	store    Store
	accounts Accounts
	now      func() time.Time
	log      *zap.Logger
	keys     *keyRing
}

// Deps are the service's collaborators.
type Deps struct {
	Store    Store
	Accounts Accounts
	// Now is the service's clock (the development clock when enabled); nil means time.Now.
	Now    func() time.Time
	Logger *zap.Logger
}

// New builds the service; it checks the configured clients.
func New(s Settings, d Deps) (*Service, error) {
	if d.Store == nil {
		return nil, errors.New("sso: a store is required")
	}
	def := DefaultSettings()
	for _, p := range []struct{ v, d *time.Duration }{
		{&s.CodeLifetime, &def.CodeLifetime}, {&s.RequestLifetime, &def.RequestLifetime}, {&s.AccessTokenLifetime, &def.AccessTokenLifetime},
		{&s.IDTokenLifetime, &def.IDTokenLifetime}, {&s.RefreshTokenLifetime, &def.RefreshTokenLifetime}, {&s.KeyRotation, &def.KeyRotation},
	} {
		if *p.v <= 0 {
			*p.v = *p.d
		}
	}
	for _, c := range s.Clients {
		if err := ValidateClient(c, s.Production); err != nil {
			return nil, err
		}
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = zap.NewNop()
	}
	svc := &Service{settings: s, store: d.Store, accounts: d.Accounts, now: d.Now, log: d.Logger}
	svc.keys = &keyRing{svc: svc}
	return svc, nil
}

func (s *Service) clock() time.Time { return s.now().UTC() }

// Issuer is the issuer for the public URL.
func (s *Service) Issuer() string { return strings.TrimRight(s.settings.PublicURL, "/") + Path }

// Client returns a registered client: configured ones first, then the database's.
func (s *Service) Client(ctx context.Context, id string) (Client, error) {
	for _, c := range s.settings.Clients {
		if c.ID == id {
			return c, nil
		}
	}
	if id == "" || len(id) > 200 {
		return Client{}, ErrNotFound
	}
	return s.store.ClientByID(ctx, id)
}

// Answerable reports whether a sign-in request can be answered at the partner: its client is registered and its
// redirect_uri is one the client registered (compared exactly, as the provider does).
func (s *Service) Answerable(ctx context.Context, clientID, redirectURI string) (bool, error) {
	c, err := s.Client(ctx, clientID)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return redirectURI != "" && slices.Contains(c.RedirectURIs, redirectURI), nil
}

// Partners are all registered clients, configured ones first (for the portal's partner registry).
func (s *Service) Partners(ctx context.Context) ([]Client, error) {
	out := slices.Clone(s.settings.Clients)
	stored, err := s.store.Clients(ctx)
	if err != nil {
		return nil, err
	}
	for _, c := range stored {
		if !slices.ContainsFunc(out, func(o Client) bool { return o.ID == c.ID }) {
			out = append(out, c)
		}
	}
	return out, nil
}

// Registration is what `portal sso-clients add` registers.
type Registration struct {
	ID, Name, HomeURL      string
	RedirectURIs           []string
	PostLogoutRedirectURIs []string
	// Public clients get no secret and must use PKCE alone.
	Public, FirstParty, RefreshTokens bool
	// Replace registers the id again when it is registered already (a new secret, the addresses given); without
	// it such an id is refused, as a mistyped id would otherwise replace a live partner's registration. The
	// partner's tokens and the shoppers' consents stay: a replacement rotates the secret of the same partner, whose
	// shoppers stay signed in, and a refresh token is redeemed only with the client's current secret (RFC 6749 §6),
	// so one taken with the old secret gains nothing. Removing the client (Store.DeleteClient) ends them.
	Replace bool
}

// ErrClientExists is Register's answer for an id that is registered already (without Registration.Replace).
var ErrClientExists = errors.New("sso: a client with this id is registered already")

// Register stores a client and answers its secret (empty for a public client): the only time it is shown.
func (s *Service) Register(ctx context.Context, r Registration) (Client, string, error) {
	c := Client{ID: r.ID, Name: r.Name, HomeURL: r.HomeURL, RedirectURIs: r.RedirectURIs, PostLogoutRedirectURIs: r.PostLogoutRedirectURIs,
		FirstParty: r.FirstParty, RefreshTokens: r.RefreshTokens, CreatedAt: s.clock()}
	var secret string
	if !r.Public {
		secret = randomToken()
		c.SecretHash = HashSecret(secret)
	}
	if err := ValidateClient(c, s.settings.Production); err != nil {
		return Client{}, "", err
	}
	if slices.ContainsFunc(s.settings.Clients, func(o Client) bool { return o.ID == c.ID }) {
		return Client{}, "", fmt.Errorf("sso: client %q is registered by configuration", c.ID)
	}
	if !r.Replace {
		if _, err := s.store.ClientByID(ctx, c.ID); err == nil {
			return Client{}, "", fmt.Errorf("%w: %q (replacing it gives it a new secret and these addresses only)", ErrClientExists, c.ID)
		} else if !errors.Is(err, ErrNotFound) {
			return Client{}, "", err
		}
	}
	if err := s.store.SaveClient(ctx, c); err != nil {
		return Client{}, "", err
	}
	return c, secret, nil
}

// clientIDPattern is what a partner's client_id may hold: it travels in URLs, in the Basic authorisation of the
// token endpoint (where a colon ends it) and in the operator's commands. The check refused only spaces, colons and
// slashes, so `--id 'wéird<id>"?&'` was registered although the message said otherwise (QA operations round).
var clientIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{1,200}$`)

// clientNameMaxLength is the most characters a partner's name may have: the consent page shows it in a sentence.
const clientNameMaxLength = 100

// CheckClientName says what is wrong with a partner's name, which shoppers read on the consent page and `portal
// sso-clients list` prints between tabs: 1 to 100 characters once trimmed, every one printable (QA operator round:
// a line break split the list's line, and a name of 5,000 characters was registered).
func CheckClientName(name string) error {
	name = strings.TrimSpace(name)
	if n := utf8.RuneCountInString(name); n < 1 || n > clientNameMaxLength {
		return fmt.Errorf("must be 1 to %d characters, got %d", clientNameMaxLength, n)
	}
	if !utf8.ValidString(name) || strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return fmt.Errorf("must be printable: no line breaks, tabs or other control characters, got %q", name)
	}
	return nil
}

// ValidateClient checks a client's registration: an id, a printable name when one is given, at least one redirect
// address, and addresses that are absolute, without fragment, and HTTPS in production (plain HTTP is taken outside
// production, where partners' test services run on hosts of their own).
func ValidateClient(c Client, production bool) error {
	if !clientIDPattern.MatchString(c.ID) {
		return fmt.Errorf("sso: client id %q: 1 to 200 ASCII letters, digits, dots, underscores and dashes only", c.ID)
	}
	if c.Name != "" {
		if err := CheckClientName(c.Name); err != nil {
			return fmt.Errorf("sso: client %s: name: %w", c.ID, err)
		}
	}
	if len(c.RedirectURIs) == 0 {
		return fmt.Errorf("sso: client %s: at least one redirect URI is required", c.ID)
	}
	check := func(kind, raw string) error {
		u, err := url.Parse(raw)
		if err != nil || !u.IsAbs() || u.Host == "" || u.Fragment != "" {
			return fmt.Errorf("sso: client %s: %s %q must be an absolute URL without fragment", c.ID, kind, raw)
		}
		if u.Scheme != "https" && (production || u.Scheme != "http") {
			return fmt.Errorf("sso: client %s: %s %q must use https", c.ID, kind, raw)
		}
		return nil
	}
	for _, u := range c.RedirectURIs {
		if err := check("redirect URI", u); err != nil {
			return err
		}
	}
	for _, u := range c.PostLogoutRedirectURIs {
		if err := check("post-logout redirect URI", u); err != nil {
			return err
		}
	}
	if c.HomeURL != "" {
		if err := check("home URL", c.HomeURL); err != nil {
			return err
		}
	}
	return nil
}

// HashSecret is how client secrets are stored: they are random and long, so SHA-256 is enough.
func HashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// secretMatches compares in constant time.
func secretMatches(c Client, secret string) bool {
	if c.SecretHash == "" || secret == "" {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(HashSecret(secret)), []byte(c.SecretHash)) == 1
}

func hashToken(plain string) string {
	sum := sha256.Sum256([]byte(plain))
	return hex.EncodeToString(sum[:])
}

// randomToken is 256 random bits, base64url.
func randomToken() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// EndTokensOf revokes every partner's tokens of the shopper: their credentials ended (a password reset or change,
// an e-mail change, a disabling), and a partner holding tokens of the old ones kept access (code review round: a
// refresh token outlived the owner's reset).
func (s *Service) EndTokensOf(ctx context.Context, uid string) error {
	return s.store.RevokeTokensOf(ctx, uid, "", s.clock())
}

// Maintain removes what expired (run by the service's periodic sweep).
func (s *Service) Maintain(ctx context.Context) error {
	return s.store.Purge(ctx, s.clock())
}
