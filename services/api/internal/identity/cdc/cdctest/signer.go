// Package cdctest plays the parts of SAP Customer Data Cloud that tests of the client and of the service need.
package cdctest

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"strings"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
	"github.com/stretchr/testify/require"
)

// Signer plays the vendor's id_token issuer (gigya.accounts.getJWT): an RSA key of the site, published through
// accounts.getJWTPublicKey.
type Signer struct {
	APIKey string
	KeyID  string
	key    *rsa.PrivateKey
}

// NewSigner makes a site key for apiKey under the key id kid.
func NewSigner(t testing.TB, apiKey, kid string) Signer {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)
	return Signer{APIKey: apiKey, KeyID: kid, key: key}
}

// JWKSAnswer is accounts.getJWTPublicKey's answer with V2=true: the envelope and the public key as a JWKS.
func (s Signer) JWKSAnswer(t testing.TB) string {
	t.Helper()
	raw, err := json.Marshal(jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &s.key.PublicKey, KeyID: s.KeyID, Algorithm: "RS256", Use: "sig"}}})
	require.NoError(t, err)
	return strings.Replace(string(raw), `{"keys"`, `{"errorCode":0,"statusCode":200,"keys"`, 1)
}

// IDToken signs the id_token of the account uid as the vendor would; edit changes the standard claims and the
// extra ones (apiKey) before signing.
func (s Signer) IDToken(t testing.TB, uid string, edit func(c *jwt.Claims, extra map[string]any)) string {
	t.Helper()
	now := time.Now()
	claims := jwt.Claims{Issuer: "https://fidm.gigya.com/jwt/" + s.APIKey + "/", Subject: uid,
		IssuedAt: jwt.NewNumericDate(now), Expiry: jwt.NewNumericDate(now.Add(5 * time.Minute))}
	extra := map[string]any{"apiKey": s.APIKey}
	if edit != nil {
		edit(&claims, extra)
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: s.key},
		(&jose.SignerOptions{}).WithType("JWT").WithHeader("kid", s.KeyID))
	require.NoError(t, err)
	raw, err := jwt.Signed(signer).Claims(claims).Claims(extra).Serialize()
	require.NoError(t, err)
	return raw
}
