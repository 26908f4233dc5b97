// Package subscribers handles the e-mail links that open the preference centre without a login: it signs
// and verifies the link tokens (HS256 JWTs naming the subscriber's e-mail address, and the account's UID when the
// product issued the link for a known account) and exchanges a verified token for the identity provider's
// registration token.
package subscribers

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// Errors of link tokens.
var (
	// ErrInvalidToken covers every token that must not open the preference centre: malformed, too large,
	// signed with an unknown key or another algorithm, tampered, expired, not yet valid, for another issuer
	// or audience, or without a valid e-mail address.
	ErrInvalidToken = errors.New("subscribers: invalid link token")
	// ErrInvalidKeys reports an unusable key set (none, too short, duplicate ids).
	ErrInvalidKeys = errors.New("subscribers: invalid signing keys")
)

// Token limits and the clock tolerance.
const (
	// MaxTokenBytes caps a token before it is parsed, so huge inputs cost nothing; real links are ~300 bytes.
	MaxTokenBytes = 4096
	// Leeway absorbs clock skew between the system that mints links and this service.
	Leeway = 30 * time.Second
	// MinSecretBytes is the shortest HMAC secret accepted: the 256 bits of the HS256 digest.
	MinSecretBytes = 32
)

// signingMethod is the one algorithm accepted; pinning it refuses "none", RS/ES algorithms and algorithm
// confusion (an RS256 header verified with an HMAC secret taken for a public key).
var signingMethod = jwt.SigningMethodHS256

// Key is one HMAC secret and the id ("kid" header) that selects it.
type Key struct {
	ID     string
	Secret []byte
}

// String keeps the secret out of logs and error messages, whatever prints a Key.
func (k Key) String() string { return "subscribers.Key{" + k.ID + "}" }

// TokenSettings configure Tokens.
type TokenSettings struct {
	Issuer   string
	Audience string
	// Keys: the first signs, all verify.
	Keys []Key
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Tokens signs and verifies link tokens.
type Tokens struct {
	issuer, audience string
	signing          Key
	byID             map[string][]byte
	now              func() time.Time
	parser           *jwt.Parser
}

// Claims is the payload of a link token.
type Claims struct {
	// Email names the subscriber.
	Email string `json:"email"`
	// Session binds a link a login session asked for to that session (SessionBinder's key); absent in mailed links.
	Session string `json:"sid,omitempty"`
	// UID names the account the product issued the link for (the session's, `portal link`'s and the demo's); the
	// link opens nothing once Email is no longer that account's. Absent in the retailer's mailing system's links,
	// which know only the address.
	UID string `json:"uid,omitempty"`
	jwt.RegisteredClaims
}

// NewTokens checks the settings and returns a signer and verifier.
func NewTokens(s TokenSettings) (*Tokens, error) {
	if s.Issuer == "" || s.Audience == "" {
		return nil, fmt.Errorf("%w: issuer and audience are required", ErrInvalidKeys)
	}
	if len(s.Keys) == 0 {
		return nil, fmt.Errorf("%w: at least one key is required", ErrInvalidKeys)
	}
	byID := make(map[string][]byte, len(s.Keys))
	for _, k := range s.Keys {
		switch {
		case k.ID == "":
			return nil, fmt.Errorf("%w: a key has no id", ErrInvalidKeys)
		case len(k.Secret) < MinSecretBytes:
			return nil, fmt.Errorf("%w: key %q is shorter than %d bytes", ErrInvalidKeys, k.ID, MinSecretBytes)
		case byID[k.ID] != nil:
			return nil, fmt.Errorf("%w: key id %q is used twice", ErrInvalidKeys, k.ID)
		}
		byID[k.ID] = k.Secret
	}
	now := s.Now
	if now == nil {
		now = time.Now
	}
	return &Tokens{
		issuer:   s.Issuer,
		audience: s.Audience,
		signing:  s.Keys[0],
		byID:     byID,
		now:      now,
		parser: jwt.NewParser(
			jwt.WithValidMethods([]string{signingMethod.Alg()}),
			jwt.WithIssuer(s.Issuer),
			jwt.WithAudience(s.Audience),
			jwt.WithExpirationRequired(),
			jwt.WithIssuedAt(),
			jwt.WithLeeway(Leeway),
			jwt.WithTimeFunc(now),
			jwt.WithStrictDecoding(),
		),
	}, nil
}

// Mint signs a link token for email valid for lifetime from now.
func (t *Tokens) Mint(email identity.Email, lifetime time.Duration) (string, time.Time, error) {
	return t.mint(email, lifetime, "", "")
}

// MintForAccount signs a link token for email, the address of the account uid, valid for lifetime from now: it
// opens nothing once the address is no longer that account's (Links).
func (t *Tokens) MintForAccount(uid string, email identity.Email, lifetime time.Duration) (string, time.Time, error) {
	if uid == "" {
		return "", time.Time{}, errors.New("subscribers: an account's link needs the account's UID")
	}
	return t.mint(email, lifetime, "", uid)
}

// mint signs a link token, bound to a login session when session is not "" and to an account when uid is not "".
func (t *Tokens) mint(email identity.Email, lifetime time.Duration, session, uid string) (string, time.Time, error) {
	if lifetime <= 0 {
		return "", time.Time{}, errors.New("subscribers: link lifetime must be positive")
	}
	if _, err := identity.ParseEmail(string(email)); err != nil {
		return "", time.Time{}, err
	}
	now := t.now().UTC().Truncate(time.Second)
	expires := now.Add(lifetime)
	jti := make([]byte, 12)
	if _, err := rand.Read(jti); err != nil {
		return "", time.Time{}, fmt.Errorf("subscribers: random: %w", err)
	}
	tok := jwt.NewWithClaims(signingMethod, Claims{
		Email:   email.String(),
		Session: session,
		UID:     uid,
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    t.issuer,
			Audience:  jwt.ClaimStrings{t.audience},
			IssuedAt:  jwt.NewNumericDate(now),
			NotBefore: jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(expires),
			ID:        hex.EncodeToString(jti),
		},
	})
	tok.Header["kid"] = t.signing.ID
	signed, err := tok.SignedString(t.signing.Secret)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("subscribers: sign: %w", err)
	}
	return signed, expires, nil
}

// Verify checks a link token and returns the subscriber it names. Every failure is ErrInvalidToken; the
// wrapped cause says why, for tests and debugging, and never contains the token or the address.
func (t *Tokens) Verify(ctx context.Context, token string) (identity.Email, error) {
	link, err := t.Open(ctx, token)
	return link.Email, err
}

// Link is what a verified link token says: whose it is and when it was issued.
type Link struct {
	Email    identity.Email
	IssuedAt time.Time
	// Session is the key of the login session the link was issued for ("" for a mailed link).
	Session string
	// UID is the account the link was issued for ("" for a link that names only an address).
	UID string
}

// Open checks a link token like Verify and also answers when it was issued.
func (t *Tokens) Open(_ context.Context, token string) (Link, error) {
	token = strings.TrimSpace(token)
	if token == "" {
		return Link{}, fmt.Errorf("%w: empty", ErrInvalidToken)
	}
	if len(token) > MaxTokenBytes {
		return Link{}, fmt.Errorf("%w: longer than %d bytes", ErrInvalidToken, MaxTokenBytes)
	}
	var claims Claims
	_, err := t.parser.ParseWithClaims(token, &claims, t.key)
	if err != nil {
		return Link{}, fmt.Errorf("%w: %w", ErrInvalidToken, err)
	}
	email, err := identity.ParseEmail(claims.Email)
	if err != nil {
		return Link{}, fmt.Errorf("%w: email claim: %w", ErrInvalidToken, err)
	}
	// WithIssuedAt and WithExpirationRequired made the parser check both; iat may still be absent.
	link := Link{Email: email, Session: claims.Session, UID: claims.UID}
	if claims.IssuedAt != nil {
		link.IssuedAt = claims.IssuedAt.UTC()
	}
	return link, nil
}

// key selects the secret by the header's kid. The method was already checked by WithValidMethods; it is
// checked again so that a change of parser options can never hand an HMAC secret to another algorithm.
func (t *Tokens) key(tok *jwt.Token) (any, error) {
	if tok.Method != signingMethod {
		return nil, fmt.Errorf("unexpected signing method %v", tok.Header["alg"])
	}
	if _, found := tok.Header["crit"]; found {
		// RFC 7515 4.1.11: extensions named critical must be understood, and this verifier understands none.
		return nil, errors.New("critical header extensions")
	}
	kid, ok := tok.Header["kid"].(string)
	if !ok || kid == "" {
		return nil, errors.New("no kid header")
	}
	secret, ok := t.byID[kid]
	if !ok {
		return nil, errors.New("unknown kid")
	}
	return secret, nil
}

// LinkPath is the preference centre route a link token opens (identity contract, links).
const LinkPath = contract.LinkPreferenceCentrePath

// LinkURL is the address of the preference centre for token under base (e.g. https://portal.example.com).
func LinkURL(base, token string) string {
	return strings.TrimRight(base, "/") + LinkPath + token
}

// OneClickPath is the RFC 8058 one-click unsubscribe address of a link token; the retailer's mailing system
// names it in List-Unsubscribe (with List-Unsubscribe-Post: List-Unsubscribe=One-Click).
const OneClickPath = "/rest/v1/subscriber/unsubscribe/"

// OneClickURL is the one-click unsubscribe address for token under base.
func OneClickURL(base, token string) string {
	return strings.TrimRight(base, "/") + OneClickPath + token
}
