package cdc

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sync"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// With SAP CDC the login session lives in the vendor's Web SDK, not in a cookie of ours. The app proves it with
// the id_token gigya.accounts.getJWT gives the logged-in shopper: RS256, signed with the site's key, issued by
// https://fidm.gigya.com/jwt/{apiKey}/ with the account's UID as subject and the site's API key as a claim.

// idTokenLeeway is the clock skew allowed between the vendor and this service.
const idTokenLeeway = 30 * time.Second

// keyRefreshInterval bounds how often an unknown key id makes the client fetch the vendor's keys again, so a
// stream of forged tokens cannot turn into a stream of vendor calls.
const keyRefreshInterval = time.Minute

// idTokenClaims are the id_token's claims this client checks.
type idTokenClaims struct {
	jwt.Claims
	APIKey string `json:"apiKey"`
}

// SessionAccount names the account of a vendor login session from its id_token, its UID (the token's subject) and
// address: the signature is checked against the vendor's published keys (accounts.getJWTPublicKey), then the
// issuer, the site's API key and the lifetime; the address is read from the account itself (AccountEmail), not
// from the token. Any token that fails a check, and an account that is gone, is identity.ErrAccountNotFound: the
// caller is simply not logged in.
func (c *Client) SessionAccount(ctx context.Context, idToken string) (string, identity.Email, error) {
	if idToken == "" {
		return "", "", identity.ErrAccountNotFound
	}
	tok, err := jwt.ParseSigned(idToken, []jose.SignatureAlgorithm{jose.RS256})
	if err != nil || len(tok.Headers) != 1 {
		return "", "", identity.ErrAccountNotFound
	}
	key, err := c.keys.get(ctx, tok.Headers[0].KeyID, c.now())
	if err != nil {
		return "", "", err
	}
	if key == nil {
		return "", "", identity.ErrAccountNotFound
	}
	var claims idTokenClaims
	if err := tok.Claims(key.Key, &claims); err != nil {
		return "", "", identity.ErrAccountNotFound
	}
	expected := jwt.Expected{Issuer: "https://fidm.gigya.com/jwt/" + c.cfg.APIKey + "/", Time: c.now()}
	if err := claims.ValidateWithLeeway(expected, idTokenLeeway); err != nil || claims.Expiry == nil ||
		claims.APIKey != c.cfg.APIKey || claims.Subject == "" {
		return "", "", identity.ErrAccountNotFound
	}
	email, err := c.AccountEmail(ctx, claims.Subject)
	if err != nil {
		return "", "", err
	}
	return claims.Subject, email, nil
}

// AccountEmail answers the address of the account uid as the vendor keeps it (accounts.getAccountInfo, its
// profile.email: the case as typed); identity.ErrAccountNotFound for an account that is gone or has no address.
func (c *Client) AccountEmail(ctx context.Context, uid string) (identity.Email, error) {
	r, err := c.call(ctx, "accounts.getAccountInfo", url.Values{"UID": {uid}, "include": {"profile"}})
	if err != nil {
		return "", err
	}
	switch {
	case r.ErrorCode == contract.CodeOK && r.Profile.Email != "":
		return identity.Email(r.Profile.Email), nil
	case r.ErrorCode == contract.CodeOK, r.ErrorCode == contract.CodeLoginIDUnknown, r.ErrorCode == contract.CodeNotFound:
		return "", identity.ErrAccountNotFound
	}
	return "", &APIError{Method: "accounts.getAccountInfo", ErrorCode: r.ErrorCode, CallID: r.CallID}
}

// fetchKeys reads the site's signing keys: accounts.getJWTPublicKey with V2=true answers a JWKS.
func (c *Client) fetchKeys(ctx context.Context) (map[string]jose.JSONWebKey, error) {
	r, err := c.call(ctx, "accounts.getJWTPublicKey", url.Values{"V2": {"true"}})
	if err != nil {
		return nil, err
	}
	if r.ErrorCode != contract.CodeOK {
		return nil, &APIError{Method: "accounts.getJWTPublicKey", ErrorCode: r.ErrorCode, CallID: r.CallID}
	}
	keys := map[string]jose.JSONWebKey{}
	for _, raw := range r.Keys {
		var k jose.JSONWebKey
		if err := json.Unmarshal(raw, &k); err != nil || !k.IsPublic() || !k.Valid() {
			continue // one unusable key must not hide the others
		}
		keys[k.KeyID] = k
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("cdc: accounts.getJWTPublicKey answered no usable key: %w", identity.ErrUnavailable)
	}
	return keys, nil
}

// vendorKeys caches the vendor's signing keys; an unknown key id fetches them again, at most once a minute.
type vendorKeys struct {
	fetch func(context.Context) (map[string]jose.JSONWebKey, error)

	mu      sync.Mutex
	keys    map[string]jose.JSONWebKey
	fetched time.Time
}

// get returns the key of kid, or nil when the vendor has no such key.
func (v *vendorKeys) get(ctx context.Context, kid string, now time.Time) (*jose.JSONWebKey, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if k, ok := v.keys[kid]; ok {
		return &k, nil
	}
	if v.keys != nil && now.Sub(v.fetched) < keyRefreshInterval {
		return nil, nil
	}
	keys, err := v.fetch(ctx) // its errors are identity.ErrUnavailable already
	if err != nil {
		return nil, err
	}
	v.keys, v.fetched = keys, now
	if k, ok := keys[kid]; ok {
		return &k, nil
	}
	return nil, nil
}
