package cdc_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/cdc/cdctest"
)

func TestSessionAccountFromTheVendorsIDToken(t *testing.T) {
	site := cdctest.NewSigner(t, testAPIKey, "site-key")
	other := cdctest.NewSigner(t, testAPIKey, "site-key") // same key id, another key: a forgery
	hs256, err := jwt.Signed(must(jose.NewSigner(jose.SigningKey{Algorithm: jose.HS256, Key: []byte(testSecret + testSecret + testSecret)}, nil))).
		Claims(jwt.Claims{Issuer: "https://fidm.gigya.com/jwt/" + testAPIKey + "/", Subject: "uid-1"}).Serialize()
	require.NoError(t, err)

	tests := []struct {
		name    string
		token   string
		account string
		want    identity.Email
		wantErr error
	}{
		{"a valid token names the account's address", site.IDToken(t, "uid-1", nil), `{"errorCode":0,"profile":{"email":"` + testEmail + `"}}`, testEmail, nil},
		{"no token", "", "", "", identity.ErrAccountNotFound},
		{"not a JWT", "glt_3_cookie-value", "", "", identity.ErrAccountNotFound},
		{"signed by another key", other.IDToken(t, "uid-1", nil), "", "", identity.ErrAccountNotFound},
		{"symmetric algorithm refused", hs256, "", "", identity.ErrAccountNotFound},
		{"expired", site.IDToken(t, "uid-1", func(c *jwt.Claims, _ map[string]any) {
			c.Expiry = jwt.NewNumericDate(time.Now().Add(-time.Minute))
		}), "", "", identity.ErrAccountNotFound},
		{"no expiry", site.IDToken(t, "uid-1", func(c *jwt.Claims, _ map[string]any) { c.Expiry = nil }), "", "", identity.ErrAccountNotFound},
		{"another site's issuer", site.IDToken(t, "uid-1", func(c *jwt.Claims, _ map[string]any) {
			c.Issuer = "https://fidm.gigya.com/jwt/3_other-site/"
		}), "", "", identity.ErrAccountNotFound},
		{"another site's API key", site.IDToken(t, "uid-1", func(_ *jwt.Claims, extra map[string]any) { extra["apiKey"] = "3_other-site" }), "", "", identity.ErrAccountNotFound},
		{"no subject", site.IDToken(t, "uid-1", func(c *jwt.Claims, _ map[string]any) { c.Subject = "" }), "", "", identity.ErrAccountNotFound},
		{"account deleted since", site.IDToken(t, "uid-1", nil), `{"errorCode":403047,"statusCode":403}`, "", identity.ErrAccountNotFound},
		{"vendor failing on the account", site.IDToken(t, "uid-1", nil), `{"errorCode":500001,"statusCode":500}`, "", identity.ErrUnavailable},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeVendor(t)
			f.on("accounts.getJWTPublicKey", site.JWKSAnswer(t))
			if tc.account != "" {
				f.on("accounts.getAccountInfo", tc.account)
			}
			c, logs := newClient(t, f, time.Second)
			uid, got, err := c.SessionAccount(context.Background(), tc.token)
			requireNoPersonalDataLogged(t, logs, tc.token)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				require.Empty(t, got)
				require.Empty(t, uid)
				if tc.account == "" {
					require.NotContains(t, f.methods(), "accounts.getAccountInfo", "a refused token reads no account")
				}
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
			require.Equal(t, "uid-1", uid, "the token's subject")
			calls := f.recorded()
			last := calls[len(calls)-1]
			require.Equal(t, "uid-1", last.Form.Get("UID"))
			require.Equal(t, "true", calls[0].Form.Get("V2"))
		})
	}
}

func TestSessionKeysAreCachedAndRefreshedSparingly(t *testing.T) {
	site := cdctest.NewSigner(t, testAPIKey, "site-key")
	stranger := cdctest.NewSigner(t, testAPIKey, "unknown-key")
	f := newFakeVendor(t)
	fetches := 0
	f.onFunc("accounts.getJWTPublicKey", func(w http.ResponseWriter, _ url.Values) {
		fetches++
		answer(w, site.JWKSAnswer(t))
	})
	f.on("accounts.getAccountInfo", `{"errorCode":0,"profile":{"email":"`+testEmail+`"}}`)
	c, _ := newClient(t, f, time.Second)
	for range 3 {
		_, _, err := c.SessionAccount(context.Background(), site.IDToken(t, "uid-1", nil))
		require.NoError(t, err)
	}
	require.Equal(t, 1, fetches, "known keys are not fetched again")
	for range 5 {
		_, _, err := c.SessionAccount(context.Background(), stranger.IDToken(t, "uid-1", nil))
		require.ErrorIs(t, err, identity.ErrAccountNotFound)
	}
	require.Equal(t, 1, fetches, "unknown key ids do not make the client hammer the vendor")
}

func TestSessionKeysVendorDown(t *testing.T) {
	site := cdctest.NewSigner(t, testAPIKey, "site-key")
	f := newFakeVendor(t)
	f.on("accounts.getJWTPublicKey", `{"errorCode":503001,"statusCode":503}`)
	c, _ := newClient(t, f, time.Second)
	_, _, err := c.SessionAccount(context.Background(), site.IDToken(t, "uid-1", nil))
	require.ErrorIs(t, err, identity.ErrUnavailable)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// A link issued for an account asks the vendor for the account's address now (subscribers.Links): the address as
// the vendor keeps it, or "not found" for an account that is gone.
func TestAccountEmail(t *testing.T) {
	tests := []struct {
		name    string
		account string
		want    identity.Email
		wantErr error
	}{
		{"the account's address as the vendor keeps it", `{"errorCode":0,"profile":{"email":"Anna@Example.com"}}`, "Anna@Example.com", nil},
		{"an account without an address", `{"errorCode":0,"profile":{}}`, "", identity.ErrAccountNotFound},
		{"an account deleted", `{"errorCode":403047,"statusCode":403}`, "", identity.ErrAccountNotFound},
		{"no such UID", `{"errorCode":404000,"statusCode":404}`, "", identity.ErrAccountNotFound},
		{"the vendor failing", `{"errorCode":500001,"statusCode":500}`, "", identity.ErrUnavailable},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeVendor(t)
			f.on("accounts.getAccountInfo", tc.account)
			c, logs := newClient(t, f, time.Second)
			got, err := c.AccountEmail(context.Background(), "uid-1")
			requireNoPersonalDataLogged(t, logs)
			require.Equal(t, []string{"accounts.getAccountInfo"}, f.methods())
			require.Equal(t, "uid-1", f.recorded()[0].Form.Get("UID"))
			require.Equal(t, "profile", f.recorded()[0].Form.Get("include"))
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr)
				require.Empty(t, got)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}
