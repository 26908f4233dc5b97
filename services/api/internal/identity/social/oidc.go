package social

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
)

// The OpenID Connect client is golang.org/x/oauth2 (authorisation URL with PKCE, code exchange) and
// coreos/go-oidc (keys from the provider's JWKS, ID-token signature and claims); this file only configures them
// for each provider and adds what they leave to the caller: the nonce and the subject.

// Errors of the exchange and the ID token check. None carries token contents.
var (
	ErrExchange     = errors.New("social: code exchange failed")
	ErrIDToken      = errors.New("social: ID token refused")
	ErrNonce        = errors.New("social: ID token nonce does not match the login")
	ErrMissingClaim = errors.New("social: ID token lacks sub")
)

// oauthConfig is the provider as x/oauth2 sees it: the client secret in the form (client_secret_post), as
// Apple, Google and Facebook all accept.
func oauthConfig(p Provider, base, redirectURI string) *oauth2.Config {
	return &oauth2.Config{
		ClientID: p.ClientID, ClientSecret: p.ClientSecret, RedirectURL: redirectURI, Scopes: p.Scopes,
		Endpoint: oauth2.Endpoint{
			AuthURL: resolve(base, p.AuthorizationURL), TokenURL: resolve(base, p.TokenURL), AuthStyle: oauth2.AuthStyleInParams,
		},
	}
}

// authCodeURL is where the browser goes to log in: code flow with PKCE (S256), state and nonce.
func authCodeURL(p Provider, base string, st loginState) string {
	opts := []oauth2.AuthCodeOption{oidc.Nonce(st.Nonce), oauth2.S256ChallengeOption(st.CodeVerifier)}
	if p.ResponseMode != "" {
		opts = append(opts, oauth2.SetAuthURLParam("response_mode", p.ResponseMode))
	}
	return oauthConfig(p, base, st.RedirectURI).AuthCodeURL(st.State, opts...)
}

// exchange trades the code for tokens at the provider (with the PKCE code_verifier) and returns the raw ID
// token.
func exchange(ctx context.Context, hc *http.Client, p Provider, base, code, verifier, redirectURI string) (string, error) {
	tok, err := oauthConfig(p, base, redirectURI).Exchange(oidc.ClientContext(ctx, hc), code, oauth2.VerifierOption(verifier))
	if err != nil {
		var re *oauth2.RetrieveError
		if errors.As(err, &re) {
			// The OAuth error code (invalid_grant, invalid_client) is safe to log; the description may not be.
			return "", fmt.Errorf("%w: HTTP %d %s", ErrExchange, re.Response.StatusCode, safeOAuthError(re.ErrorCode))
		}
		return "", fmt.Errorf("%w: %v", ErrExchange, err)
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return "", fmt.Errorf("%w: no id_token in the answer", ErrExchange)
	}
	return raw, nil
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

// idTokenClaims are the OpenID claims the login reads. email_verified is a boolean at Google and the string
// "true"/"false" at Apple.
type idTokenClaims struct {
	Email         string       `json:"email"`
	EmailVerified flexibleBool `json:"email_verified"`
	GivenName     string       `json:"given_name"`
	FamilyName    string       `json:"family_name"`
}

type flexibleBool bool

func (b *flexibleBool) UnmarshalJSON(data []byte) error {
	*b = strings.Trim(string(data), `"`) == "true"
	return nil
}

// keySets holds go-oidc's key set of each JWKS URL: it fetches the keys once and again when a token names a
// key it does not know, which is how a provider's key rotation reaches us.
type keySets struct {
	hc *http.Client
	mu sync.Mutex
	by map[string]*oidc.RemoteKeySet
}

func newKeySets(hc *http.Client) *keySets {
	return &keySets{hc: hc, by: map[string]*oidc.RemoteKeySet{}}
}

func (k *keySets) get(jwksURL string) *oidc.RemoteKeySet {
	k.mu.Lock()
	defer k.mu.Unlock()
	ks, ok := k.by[jwksURL]
	if !ok {
		// The key set outlives the request that first needed it, so it gets a context of its own.
		ks = oidc.NewRemoteKeySet(oidc.ClientContext(context.Background(), k.hc), jwksURL)
		k.by[jwksURL] = ks
	}
	return ks
}

// verifyIDToken checks the signature (RS256 only, key from the provider's JWKS), iss, aud = client id and exp
// (go-oidc), then the nonce of this login and the subject.
func verifyIDToken(ctx context.Context, keys *keySets, jwksURL, raw, issuer, clientID, nonce string, now func() time.Time) (Claims, error) {
	verifier := oidc.NewVerifier(issuer, keys.get(jwksURL), &oidc.Config{
		ClientID: clientID, SupportedSigningAlgs: []string{oidc.RS256}, Now: now,
	})
	tok, err := verifier.Verify(ctx, raw)
	if err != nil {
		// go-oidc's messages name the failed check (expired, audience, signature), never the token's contents.
		return Claims{}, fmt.Errorf("%w: %v", ErrIDToken, err)
	}
	if nonce == "" || subtle.ConstantTimeCompare([]byte(tok.Nonce), []byte(nonce)) != 1 {
		return Claims{}, ErrNonce
	}
	if tok.Subject == "" {
		return Claims{}, ErrMissingClaim
	}
	var cl idTokenClaims
	if err := tok.Claims(&cl); err != nil {
		return Claims{}, fmt.Errorf("%w: claims: %v", ErrIDToken, err)
	}
	return Claims{
		Subject: tok.Subject, Email: cl.Email, EmailVerified: bool(cl.EmailVerified),
		GivenName: cl.GivenName, FamilyName: cl.FamilyName,
	}, nil
}
