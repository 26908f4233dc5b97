package socialapi_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/require"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/config"
)

// rogueProvider is an OpenID provider under the test's control: its token endpoint answers whatever ID token
// the test mints for the login's nonce, so every check of the ID token can be tried against the real callback.
type rogueProvider struct {
	srv *httptest.Server
	key *rsa.PrivateKey

	mu    sync.Mutex
	mint  func(nonce string) string
	nonce string
	form  url.Values
}

const rogueClientID = "client-123"

func newRogueProvider(t *testing.T) *rogueProvider {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)
	rp := &rogueProvider{key: key}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /token", func(w http.ResponseWriter, r *http.Request) {
		require.NoError(t, r.ParseForm())
		rp.mu.Lock()
		rp.form = r.PostForm
		tok := rp.mint(rp.nonce)
		rp.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]string{"id_token": tok, "access_token": "at", "token_type": "Bearer"})
	})
	mux.HandleFunc("GET /jwks", func(w http.ResponseWriter, _ *http.Request) {
		pub := key.PublicKey
		_ = json.NewEncoder(w).Encode(map[string]any{"keys": []map[string]string{{
			"kty": "RSA", "use": "sig", "alg": "RS256", "kid": "k1",
			"n": base64.RawURLEncoding.EncodeToString(pub.N.Bytes()),
			"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(pub.E)).Bytes()),
		}}})
	})
	rp.srv = httptest.NewServer(mux)
	t.Cleanup(rp.srv.Close)
	return rp
}

func (rp *rogueProvider) configure(c *config.Config) {
	c.Identity.Social.DevIssuer = false
	p := &c.Identity.Social.Providers.GooglePlus
	p.ClientID, p.ClientSecret = rogueClientID, "client-secret"
	p.Issuer = rp.srv.URL
	p.AuthorizationURL, p.TokenURL, p.JWKSURL = rp.srv.URL+"/authorize", rp.srv.URL+"/token", rp.srv.URL+"/jwks"
	if err := c.Validate(); err != nil {
		panic(err) // the test's own configuration must pass the service's validation
	}
}

// claims are valid for the login unless a case changes them.
func (rp *rogueProvider) claims(nonce string) jwt.MapClaims {
	now := time.Now()
	return jwt.MapClaims{
		"iss": rp.srv.URL, "aud": rogueClientID, "sub": "google-sub-1", "nonce": nonce,
		"iat": now.Unix(), "exp": now.Add(5 * time.Minute).Unix(),
		"email": "eva@example.com", "email_verified": true, "given_name": "Eva", "family_name": "Muster",
	}
}

func (rp *rogueProvider) signRS256(cl jwt.MapClaims, kid string) string {
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, cl)
	tok.Header["kid"] = kid
	s, err := tok.SignedString(rp.key)
	if err != nil {
		panic(err)
	}
	return s
}

func TestIDTokenChecks(t *testing.T) {
	otherKey, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)

	tests := []struct {
		name     string
		mint     func(rp *rogueProvider, nonce string) string
		wantCode string
	}{
		{"valid token", func(rp *rogueProvider, n string) string { return rp.signRS256(rp.claims(n), "k1") }, "0"},
		{"Apple's string email_verified", func(rp *rogueProvider, n string) string {
			cl := rp.claims(n)
			cl["email_verified"] = "true"
			return rp.signRS256(cl, "k1")
		}, "0"},
		{"nonce mismatch", func(rp *rogueProvider, n string) string {
			cl := rp.claims(n)
			cl["nonce"] = "another-login"
			return rp.signRS256(cl, "k1")
		}, "500023"},
		{"no nonce", func(rp *rogueProvider, n string) string {
			cl := rp.claims(n)
			delete(cl, "nonce")
			return rp.signRS256(cl, "k1")
		}, "500023"},
		{"wrong audience", func(rp *rogueProvider, n string) string {
			cl := rp.claims(n)
			cl["aud"] = "someone-else"
			return rp.signRS256(cl, "k1")
		}, "500023"},
		{"wrong issuer", func(rp *rogueProvider, n string) string {
			cl := rp.claims(n)
			cl["iss"] = "https://accounts.evil.example"
			return rp.signRS256(cl, "k1")
		}, "500023"},
		{"expired", func(rp *rogueProvider, n string) string {
			cl := rp.claims(n)
			cl["exp"] = time.Now().Add(-5 * time.Minute).Unix()
			return rp.signRS256(cl, "k1")
		}, "500023"},
		{"no exp", func(rp *rogueProvider, n string) string {
			cl := rp.claims(n)
			delete(cl, "exp")
			return rp.signRS256(cl, "k1")
		}, "500023"},
		{"no sub", func(rp *rogueProvider, n string) string {
			cl := rp.claims(n)
			delete(cl, "sub")
			return rp.signRS256(cl, "k1")
		}, "500023"},
		{"alg none", func(rp *rogueProvider, n string) string {
			tok := jwt.NewWithClaims(jwt.SigningMethodNone, rp.claims(n))
			s, err := tok.SignedString(jwt.UnsafeAllowNoneSignatureType)
			require.NoError(t, err)
			return s
		}, "500023"},
		{"HS256 keyed with the public key", func(rp *rogueProvider, n string) string {
			der, err := x509.MarshalPKIXPublicKey(&rp.key.PublicKey)
			require.NoError(t, err)
			tok := jwt.NewWithClaims(jwt.SigningMethodHS256, rp.claims(n))
			tok.Header["kid"] = "k1"
			s, err := tok.SignedString(der)
			require.NoError(t, err)
			return s
		}, "500023"},
		{"signed by a key not in the JWKS", func(rp *rogueProvider, n string) string {
			tok := jwt.NewWithClaims(jwt.SigningMethodRS256, rp.claims(n))
			tok.Header["kid"] = "k1"
			s, err := tok.SignedString(otherKey)
			require.NoError(t, err)
			return s
		}, "500023"},
		{"unknown kid", func(rp *rogueProvider, n string) string { return rp.signRS256(rp.claims(n), "k9") }, "500023"},
		{"tampered payload", func(rp *rogueProvider, n string) string {
			s := rp.signRS256(rp.claims(n), "k1")
			other := rp.claims(n)
			other["sub"] = "admin"
			forged := rp.signRS256(other, "k1")
			parts, forgedParts := splitJWT(s), splitJWT(forged)
			return parts[0] + "." + forgedParts[1] + "." + parts[2]
		}, "500023"},
		{"not a JWT", func(*rogueProvider, string) string { return "not-a-jwt" }, "500023"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rp := newRogueProvider(t)
			e := newEnv(t, rp.configure)
			c := browser(t)
			res, _ := get(t, c, e.srv.URL+"/identity/social/googleplus/start?redirectURL=/login")
			auth := location(t, res)
			require.Equal(t, rp.srv.URL+"/authorize", auth.Scheme+"://"+auth.Host+auth.Path)
			q := auth.Query()
			require.Equal(t, rogueClientID, q.Get("client_id"))
			require.Equal(t, "openid email profile", q.Get("scope"))
			rp.mu.Lock()
			rp.nonce = q.Get("nonce")
			rp.mint = func(n string) string { return tc.mint(rp, n) }
			rp.mu.Unlock()

			cb := url.Values{"code": {"the-code"}, "state": {q.Get("state")}}
			res, _ = get(t, c, q.Get("redirect_uri")+"?"+cb.Encode())
			back := location(t, res)
			require.Equal(t, tc.wantCode, back.Query().Get("errorCode"))
			if tc.wantCode == "0" {
				ids := e.accounts.identities()
				require.Len(t, ids, 1)
				require.Equal(t, "google-sub-1", ids[0].Subject)
				require.True(t, ids[0].EmailVerified)
			} else {
				require.Empty(t, e.accounts.identities())
				require.NotEmpty(t, e.logs.FilterField(zap.String("reason", "ID token refused")).All(), "refused for the ID token, not for something else")
			}

			// The exchange carried the PKCE verifier of this login and the client credentials.
			rp.mu.Lock()
			form := rp.form
			rp.mu.Unlock()
			require.Equal(t, "authorization_code", form.Get("grant_type"))
			require.Equal(t, "the-code", form.Get("code"))
			require.Equal(t, rogueClientID, form.Get("client_id"))
			require.Equal(t, "client-secret", form.Get("client_secret"))
			require.Equal(t, q.Get("redirect_uri"), form.Get("redirect_uri"))
			require.Equal(t, pkceS256(form.Get("code_verifier")), q.Get("code_challenge"))
			e.requireNothingPersonalLogged(t, "eva@example.com", "the-code", form.Get("code_verifier"))
		})
	}
}

func pkceS256(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

func splitJWT(s string) []string {
	var parts []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}
