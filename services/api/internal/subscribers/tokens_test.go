package subscribers_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

var (
	testNow    = time.Date(2030, 5, 1, 12, 0, 0, 0, time.UTC)
	secretNew  = []byte("new-secret-0123456789abcdef-0123456789")
	secretOld  = []byte("old-secret-0123456789abcdef-0123456789")
	secretElse = []byte("someone-elses-secret-0123456789abcdef")
)

func newTokens(t testing.TB, keys ...subscribers.Key) *subscribers.Tokens {
	t.Helper()
	if len(keys) == 0 {
		keys = []subscribers.Key{{ID: "new", Secret: secretNew}, {ID: "old", Secret: secretOld}}
	}
	tokens, err := subscribers.NewTokens(subscribers.TokenSettings{
		Issuer: "portal", Audience: "preference-centre", Keys: keys,
		Now: func() time.Time { return testNow },
	})
	require.NoError(t, err)
	return tokens
}

// validClaims are the claims of a link the retailer's mail system would send.
func validClaims() jwt.MapClaims {
	return jwt.MapClaims{
		"iss":   "portal",
		"aud":   "preference-centre",
		"email": "Anna.Example@Example.com",
		"iat":   testNow.Add(-time.Hour).Unix(),
		"nbf":   testNow.Add(-time.Hour).Unix(),
		"exp":   testNow.Add(24 * time.Hour).Unix(),
	}
}

func sign(t testing.TB, method jwt.SigningMethod, kid string, key any, claims jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(method, claims)
	if kid != "" {
		tok.Header["kid"] = kid
	}
	s, err := tok.SignedString(key)
	require.NoError(t, err)
	return s
}

// handMade builds a token from raw header and claims, signed with HMAC-SHA256 whatever the header says, to
// forge what a library would refuse to produce.
func handMade(t testing.TB, header map[string]any, claims jwt.MapClaims, secret []byte) string {
	t.Helper()
	h, err := json.Marshal(header)
	require.NoError(t, err)
	c, err := json.Marshal(claims)
	require.NoError(t, err)
	input := base64.RawURLEncoding.EncodeToString(h) + "." + base64.RawURLEncoding.EncodeToString(c)
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(input))
	return input + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

func with(mod func(c jwt.MapClaims)) jwt.MapClaims {
	c := validClaims()
	mod(c)
	return c
}

func TestVerify(t *testing.T) {
	hs256 := jwt.SigningMethodHS256
	tests := []struct {
		name  string
		token func(t *testing.T) string
		want  identity.Email
	}{
		{name: "valid, signed with the first key", want: "anna.example@example.com",
			token: func(t *testing.T) string { return sign(t, hs256, "new", secretNew, validClaims()) }},
		{name: "valid, signed with a rotated-out key", want: "anna.example@example.com",
			token: func(t *testing.T) string { return sign(t, hs256, "old", secretOld, validClaims()) }},
		{name: "audience list containing ours", want: "anna.example@example.com",
			token: func(t *testing.T) string {
				return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { c["aud"] = []string{"shop", "preference-centre"} }))
			}},
		{name: "expired within the leeway", want: "anna.example@example.com",
			token: func(t *testing.T) string {
				return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { c["exp"] = testNow.Add(-20 * time.Second).Unix() }))
			}},
		{name: "not before, within the leeway", want: "anna.example@example.com",
			token: func(t *testing.T) string {
				return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) {
					c["nbf"] = testNow.Add(20 * time.Second).Unix()
					c["iat"] = testNow.Unix()
				}))
			}},
		{name: "without nbf and iat", want: "anna.example@example.com",
			token: func(t *testing.T) string {
				return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { delete(c, "nbf"); delete(c, "iat") }))
			}},
		{name: "surrounding white space", want: "anna.example@example.com",
			token: func(t *testing.T) string { return " " + sign(t, hs256, "new", secretNew, validClaims()) + "\n" }},

		{name: "empty", token: func(*testing.T) string { return "" }},
		{name: "garbage", token: func(*testing.T) string { return "not a token" }},
		{name: "expired", token: func(t *testing.T) string {
			return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { c["exp"] = testNow.Add(-time.Minute).Unix() }))
		}},
		{name: "no exp", token: func(t *testing.T) string {
			return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { delete(c, "exp") }))
		}},
		{name: "exp as a string", token: func(t *testing.T) string {
			return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { c["exp"] = "tomorrow" }))
		}},
		{name: "not yet valid", token: func(t *testing.T) string {
			return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { c["nbf"] = testNow.Add(time.Hour).Unix() }))
		}},
		{name: "issued in the future", token: func(t *testing.T) string {
			return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { c["iat"] = testNow.Add(time.Hour).Unix() }))
		}},
		{name: "other issuer", token: func(t *testing.T) string {
			return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { c["iss"] = "evil" }))
		}},
		{name: "no issuer", token: func(t *testing.T) string {
			return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { delete(c, "iss") }))
		}},
		{name: "other audience", token: func(t *testing.T) string {
			return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { c["aud"] = "shop" }))
		}},
		{name: "no audience", token: func(t *testing.T) string {
			return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { delete(c, "aud") }))
		}},
		{name: "no email", token: func(t *testing.T) string {
			return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { delete(c, "email") }))
		}},
		{name: "invalid email", token: func(t *testing.T) string {
			return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { c["email"] = "Anna <anna@example.com>" }))
		}},
		{name: "email as a number", token: func(t *testing.T) string {
			return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { c["email"] = 42 }))
		}},
		{name: "wrong key", token: func(t *testing.T) string { return sign(t, hs256, "new", secretElse, validClaims()) }},
		{name: "right key, wrong kid", token: func(t *testing.T) string { return sign(t, hs256, "old", secretNew, validClaims()) }},
		{name: "unknown kid", token: func(t *testing.T) string { return sign(t, hs256, "other", secretNew, validClaims()) }},
		{name: "no kid", token: func(t *testing.T) string { return sign(t, hs256, "", secretNew, validClaims()) }},
		{name: "kid not a string", token: func(t *testing.T) string {
			return handMade(t, map[string]any{"alg": "HS256", "typ": "JWT", "kid": 1}, validClaims(), secretNew)
		}},
		{name: "critical header extension (RFC 7515 4.1.11)", token: func(t *testing.T) string {
			return handMade(t, map[string]any{"alg": "HS256", "typ": "JWT", "kid": "new", "crit": []string{"x"}, "x": 1}, validClaims(), secretNew)
		}},
		{name: "HS384 with the right key", token: func(t *testing.T) string {
			return sign(t, jwt.SigningMethodHS384, "new", secretNew, validClaims())
		}},
		{name: "alg none", token: func(t *testing.T) string {
			return sign(t, jwt.SigningMethodNone, "new", jwt.UnsafeAllowNoneSignatureType, validClaims())
		}},
		{name: "alg none, signature kept", token: func(t *testing.T) string {
			return handMade(t, map[string]any{"alg": "none", "typ": "JWT", "kid": "new"}, validClaims(), secretNew)
		}},
		{name: "RS256 header, HMAC signature (algorithm confusion)", token: func(t *testing.T) string {
			return handMade(t, map[string]any{"alg": "RS256", "typ": "JWT", "kid": "new"}, validClaims(), secretNew)
		}},
		{name: "ES256 header", token: func(t *testing.T) string {
			return handMade(t, map[string]any{"alg": "ES256", "typ": "JWT", "kid": "new"}, validClaims(), secretNew)
		}},
		{name: "tampered payload", token: func(t *testing.T) string {
			parts := strings.Split(sign(t, hs256, "new", secretNew, validClaims()), ".")
			c, _ := json.Marshal(with(func(c jwt.MapClaims) { c["email"] = "mallory@example.com" }))
			return parts[0] + "." + base64.RawURLEncoding.EncodeToString(c) + "." + parts[2]
		}},
		{name: "truncated signature", token: func(t *testing.T) string {
			s := sign(t, hs256, "new", secretNew, validClaims())
			return s[:len(s)-4]
		}},
		{name: "two segments", token: func(t *testing.T) string {
			s := sign(t, hs256, "new", secretNew, validClaims())
			return s[:strings.LastIndex(s, ".")]
		}},
		{name: "larger than the cap", token: func(t *testing.T) string {
			return sign(t, hs256, "new", secretNew, with(func(c jwt.MapClaims) { c["pad"] = strings.Repeat("x", subscribers.MaxTokenBytes) }))
		}},
	}
	tokens := newTokens(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			email, err := tokens.Verify(context.Background(), tc.token(t))
			if tc.want == "" {
				require.ErrorIs(t, err, subscribers.ErrInvalidToken)
				require.Empty(t, email)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, email)
		})
	}
}

func TestMintRoundTrip(t *testing.T) {
	tokens := newTokens(t)
	token, expires, err := tokens.Mint("anna@example.com", 30*24*time.Hour)
	require.NoError(t, err)
	require.Equal(t, testNow.Add(30*24*time.Hour), expires)

	email, err := tokens.Verify(context.Background(), token)
	require.NoError(t, err)
	require.Equal(t, identity.Email("anna@example.com"), email)

	// The documented layout: HS256 with the first key's kid; iss, aud, email, iat, nbf, exp, jti.
	parts := strings.Split(token, ".")
	require.Len(t, parts, 3)
	var header, claims map[string]any
	decodeSegment(t, parts[0], &header)
	decodeSegment(t, parts[1], &claims)
	require.Equal(t, map[string]any{"alg": "HS256", "typ": "JWT", "kid": "new"}, header)
	require.Equal(t, "portal", claims["iss"])
	require.Equal(t, []any{"preference-centre"}, claims["aud"])
	require.Equal(t, "anna@example.com", claims["email"])
	require.EqualValues(t, testNow.Unix(), claims["iat"])
	require.EqualValues(t, testNow.Unix(), claims["nbf"])
	require.EqualValues(t, expires.Unix(), claims["exp"])
	require.NotEmpty(t, claims["jti"])

	// After rotation (a new key first), links signed with the previous key still open.
	rotated := newTokens(t, subscribers.Key{ID: "newer", Secret: secretElse}, subscribers.Key{ID: "new", Secret: secretNew})
	email, err = rotated.Verify(context.Background(), token)
	require.NoError(t, err)
	require.Equal(t, identity.Email("anna@example.com"), email)

	// A token of another installation (same kid, other secret) does not.
	other := newTokens(t, subscribers.Key{ID: "new", Secret: secretElse})
	_, err = other.Verify(context.Background(), token)
	require.ErrorIs(t, err, subscribers.ErrInvalidToken)
}

// A link the product issues for an account carries the account's UID beside the address; a link of the address
// alone has none.
func TestMintForAccountNamesTheAccount(t *testing.T) {
	tokens := newTokens(t)
	token, _, err := tokens.MintForAccount("uid-anna", "anna@example.com", time.Hour)
	require.NoError(t, err)
	var claims map[string]any
	decodeSegment(t, strings.Split(token, ".")[1], &claims)
	require.Equal(t, "uid-anna", claims["uid"])
	link, err := tokens.Open(context.Background(), token)
	require.NoError(t, err)
	require.Equal(t, subscribers.Link{Email: "anna@example.com", IssuedAt: testNow, UID: "uid-anna"}, link)

	token, _, err = tokens.Mint("anna@example.com", time.Hour)
	require.NoError(t, err)
	claims = nil
	decodeSegment(t, strings.Split(token, ".")[1], &claims)
	require.NotContains(t, claims, "uid")

	_, _, err = tokens.MintForAccount("", "anna@example.com", time.Hour)
	require.Error(t, err, "an account's link without the account")
}

func TestMintRefuses(t *testing.T) {
	tokens := newTokens(t)
	_, _, err := tokens.Mint("not-an-address", time.Hour)
	require.ErrorIs(t, err, identity.ErrInvalidEmail)
	_, _, err = tokens.Mint("anna@example.com", 0)
	require.Error(t, err)
}

func TestNewTokensRefusesBadKeys(t *testing.T) {
	tests := []struct {
		name     string
		settings subscribers.TokenSettings
	}{
		{"no keys", subscribers.TokenSettings{Issuer: "portal", Audience: "pc"}},
		{"short secret", subscribers.TokenSettings{Issuer: "portal", Audience: "pc", Keys: []subscribers.Key{{ID: "k", Secret: []byte("short")}}}},
		{"no kid", subscribers.TokenSettings{Issuer: "portal", Audience: "pc", Keys: []subscribers.Key{{Secret: secretNew}}}},
		{"duplicate kid", subscribers.TokenSettings{Issuer: "portal", Audience: "pc", Keys: []subscribers.Key{{ID: "k", Secret: secretNew}, {ID: "k", Secret: secretOld}}}},
		{"no issuer", subscribers.TokenSettings{Audience: "pc", Keys: []subscribers.Key{{ID: "k", Secret: secretNew}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := subscribers.NewTokens(tc.settings)
			require.ErrorIs(t, err, subscribers.ErrInvalidKeys)
			require.NotContains(t, err.Error(), string(secretNew))
		})
	}
}

func TestKeyStringHidesSecret(t *testing.T) {
	k := subscribers.Key{ID: "k1", Secret: secretNew}
	require.NotContains(t, k.String(), string(secretNew))
	require.Contains(t, k.String(), "k1")
}

func TestLinkURL(t *testing.T) {
	require.Equal(t, "https://portal.example.com/preferences/token/abc", subscribers.LinkURL("https://portal.example.com/", "abc"))
	require.Equal(t, "http://localhost:8080/preferences/token/abc", subscribers.LinkURL("http://localhost:8080", "abc"))
}

func decodeSegment(t *testing.T, seg string, v any) {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(seg)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, v))
}
