package social

import (
	"context"
	"crypto/rsa"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Errors of the exchange and the ID token check. None carries token contents.
var (
	ErrExchange     = errors.New("social: code exchange failed")
	ErrIDToken      = errors.New("social: ID token refused")
	ErrNonce        = errors.New("social: ID token nonce does not match the login")
	ErrKeyNotFound  = errors.New("social: signing key not in the provider's JWKS")
	ErrJWKSFetch    = errors.New("social: JWKS could not be fetched")
	ErrMissingClaim = errors.New("social: ID token lacks sub")
)

// maxProviderBody caps token and JWKS answers.
const maxProviderBody = 256 << 10

// jwksTTL is how long a provider's keys are trusted before they are fetched again; an unknown kid refetches
// sooner (at most every jwksMinRefresh), which is how key rotation reaches us.
const (
	jwksTTL        = time.Hour
	jwksMinRefresh = time.Minute
)

// tokenResponse is the part of the token endpoint's answer the login needs.
type tokenResponse struct {
	IDToken string `json:"id_token"`
	Error   string `json:"error"`
}

// exchange trades the code for tokens at the provider (client_secret_post, PKCE code_verifier) and returns the
// raw ID token.
func exchange(ctx context.Context, hc *http.Client, tokenURL string, p Provider, code, verifier, redirectURI string) (string, error) {
	form := url.Values{
		"grant_type":    {"authorization_code"},
		"code":          {code},
		"redirect_uri":  {redirectURI},
		"code_verifier": {verifier},
		"client_id":     {p.ClientID},
		"client_secret": {p.ClientSecret},
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, tokenURL, strings.NewReader(form.Encode()))
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrExchange, err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	res, err := hc.Do(req)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrExchange, err)
	}
	defer func() { _ = res.Body.Close() }()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxProviderBody))
	if err != nil {
		return "", fmt.Errorf("%w: read: %v", ErrExchange, err)
	}
	var tr tokenResponse
	_ = json.Unmarshal(body, &tr)
	if res.StatusCode != http.StatusOK {
		// The OAuth error code (invalid_grant, invalid_client) is safe to log; the description may not be.
		return "", fmt.Errorf("%w: HTTP %d %s", ErrExchange, res.StatusCode, safeOAuthError(tr.Error))
	}
	if tr.IDToken == "" {
		return "", fmt.Errorf("%w: no id_token in the answer", ErrExchange)
	}
	return tr.IDToken, nil
}

// safeOAuthError keeps an OAuth error code when it is a plain token, for the log.
func safeOAuthError(s string) string {
	if len(s) > 40 || strings.IndexFunc(s, func(r rune) bool { return !(r == '_' || r >= 'a' && r <= 'z') }) >= 0 {
		return ""
	}
	return s
}

// Claims are what the login takes from a verified ID token.
type Claims struct {
	Subject       string
	Email         string
	EmailVerified bool
	GivenName     string
	FamilyName    string
}

// idTokenClaims decodes the registered claims plus the OpenID ones. email_verified is a boolean at Google and
// the string "true"/"false" at Apple.
type idTokenClaims struct {
	jwt.RegisteredClaims
	Nonce         string       `json:"nonce"`
	Email         string       `json:"email"`
	EmailVerified flexibleBool `json:"email_verified"`
	GivenName     string       `json:"given_name"`
	FamilyName    string       `json:"family_name"`
}

type flexibleBool bool

func (b *flexibleBool) UnmarshalJSON(data []byte) error {
	switch strings.Trim(string(data), `"`) {
	case "true":
		*b = true
	default:
		*b = false
	}
	return nil
}

// verifyIDToken checks the signature (RS256 only, key from the provider's JWKS), iss, aud = client id, exp
// (required, one minute leeway), iat, and the nonce of this login.
func verifyIDToken(ctx context.Context, keys *jwksCache, jwksURL, raw, issuer, clientID, nonce string, now time.Time) (Claims, error) {
	parser := jwt.NewParser(
		jwt.WithValidMethods([]string{jwt.SigningMethodRS256.Alg()}),
		jwt.WithIssuer(issuer),
		jwt.WithAudience(clientID),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(time.Minute),
		jwt.WithTimeFunc(func() time.Time { return now }),
	)
	var cl idTokenClaims
	_, err := parser.ParseWithClaims(raw, &cl, func(t *jwt.Token) (any, error) {
		kid, _ := t.Header["kid"].(string)
		return keys.key(ctx, jwksURL, kid)
	})
	if err != nil {
		// jwt's messages name the failed check (expired, audience, signature), never the token's contents.
		return Claims{}, fmt.Errorf("%w: %v", ErrIDToken, err)
	}
	if nonce == "" || subtle.ConstantTimeCompare([]byte(cl.Nonce), []byte(nonce)) != 1 {
		return Claims{}, ErrNonce
	}
	if cl.Subject == "" {
		return Claims{}, ErrMissingClaim
	}
	return Claims{
		Subject: cl.Subject, Email: cl.Email, EmailVerified: bool(cl.EmailVerified),
		GivenName: cl.GivenName, FamilyName: cl.FamilyName,
	}, nil
}

// jwksCache holds the RSA keys of each JWKS URL.
type jwksCache struct {
	hc  *http.Client
	now func() time.Time

	mu      sync.Mutex
	entries map[string]*jwksEntry
}

type jwksEntry struct {
	keys    map[string]*rsa.PublicKey
	fetched time.Time
}

func newJWKSCache(hc *http.Client, now func() time.Time) *jwksCache {
	return &jwksCache{hc: hc, now: now, entries: map[string]*jwksEntry{}}
}

// key returns the RSA key kid of the JWKS at u. A token without kid is accepted when the set has exactly one
// RSA key.
func (c *jwksCache) key(ctx context.Context, u, kid string) (*rsa.PublicKey, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	e := c.entries[u]
	if e == nil || now.Sub(e.fetched) > jwksTTL || (lookup(e.keys, kid) == nil && now.Sub(e.fetched) > jwksMinRefresh) {
		// Fetching under the lock keeps a burst of logins to one request per provider.
		keys, err := fetchJWKS(ctx, c.hc, u)
		if err != nil {
			if e == nil {
				return nil, err
			}
		} else {
			e = &jwksEntry{keys: keys, fetched: now}
			c.entries[u] = e
		}
	}
	if k := lookup(e.keys, kid); k != nil {
		return k, nil
	}
	return nil, ErrKeyNotFound
}

func lookup(keys map[string]*rsa.PublicKey, kid string) *rsa.PublicKey {
	if kid == "" && len(keys) == 1 {
		for _, k := range keys {
			return k
		}
	}
	return keys[kid]
}

type jwk struct {
	Kty string `json:"kty"`
	Use string `json:"use"`
	Alg string `json:"alg"`
	Kid string `json:"kid"`
	N   string `json:"n"`
	E   string `json:"e"`
}

func fetchJWKS(ctx context.Context, hc *http.Client, u string) (map[string]*rsa.PublicKey, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrJWKSFetch, err)
	}
	req.Header.Set("Accept", "application/json")
	res, err := hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrJWKSFetch, err)
	}
	defer func() { _ = res.Body.Close() }()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%w: HTTP %d", ErrJWKSFetch, res.StatusCode)
	}
	var set struct {
		Keys []jwk `json:"keys"`
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, maxProviderBody)).Decode(&set); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrJWKSFetch, err)
	}
	keys := map[string]*rsa.PublicKey{}
	for _, k := range set.Keys {
		if k.Kty != "RSA" || (k.Use != "" && k.Use != "sig") || (k.Alg != "" && k.Alg != "RS256") {
			continue
		}
		n, err1 := base64.RawURLEncoding.DecodeString(k.N)
		e, err2 := base64.RawURLEncoding.DecodeString(k.E)
		if err1 != nil || err2 != nil || len(e) == 0 || len(e) > 4 {
			continue
		}
		pub := &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(new(big.Int).SetBytes(e).Int64())}
		if pub.N.BitLen() < 2048 {
			continue
		}
		keys[k.Kid] = pub
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("%w: no usable RSA key", ErrJWKSFetch)
	}
	return keys, nil
}
