package social_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/identity/social"
)

// devProvider is a provider played by the development issuer, as app.SocialSettings makes it.
func devProvider(name string) social.Provider {
	path := "/dev/oidc/" + name
	return social.Provider{Name: name, ClientID: "portal-dev-client", ClientSecret: "portal-dev-secret", Issuer: path,
		AuthorizationURL: path + "/authorize", TokenURL: path + "/token", JWKSURL: path + "/jwks",
		Scopes: []string{"openid", "email", "profile"}, Dev: true}
}

func TestSafeRedirect(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"", "/", true},
		{"/", "/", true},
		{"/social/link-accounts?x=1#top", "/social/link-accounts?x=1#top", true},
		{"//evil.example", "", false},
		{"/%2F/evil.example", "", false},
		{"https://evil.example", "", false},
		{"/a\\b", "", false},
		{"relative", "", false},
		{"/tab\there", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := social.SafeRedirect(tc.in)
			if !tc.ok {
				require.ErrorIs(t, err, social.ErrRedirectURL)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestStartURL(t *testing.T) {
	// As a development configuration with facebook disabled resolves (app.SocialSettings).
	settings := social.Settings{Providers: map[string]social.Provider{"apple": devProvider("apple"), "googleplus": devProvider("googleplus")}}
	s, err := social.New(social.Deps{Settings: settings})
	require.NoError(t, err)
	require.Equal(t, []string{"apple", "googleplus"}, s.Enabled())

	u, err := s.StartURL("apple", "/login?a=b", "", "", "")
	require.NoError(t, err)
	require.Equal(t, "/identity/social/apple/start?redirectURL=%2Flogin%3Fa%3Db", u)
	u, err = s.StartURL("apple", "/social/link-accounts", "link", "rt-1", "fr-BE")
	require.NoError(t, err)
	require.Equal(t, "/identity/social/apple/start?lang=fr-BE&loginMode=link&redirectURL=%2Fsocial%2Flink-accounts&regToken=rt-1", u)
	u, err = s.StartURL("apple", "/login", "", "", strings.Repeat("x", 500))
	require.NoError(t, err)
	require.Equal(t, "/identity/social/apple/start?redirectURL=%2Flogin", u, "no language but a language travels on")
	_, err = s.StartURL("facebook", "/login", "", "", "")
	require.ErrorIs(t, err, social.ErrUnknownProvider)
	_, err = s.StartURL("apple", "//evil.example", "", "", "")
	require.ErrorIs(t, err, social.ErrRedirectURL)
	_, err = s.StartURL("apple", "/login", "merge", "", "")
	require.ErrorIs(t, err, social.ErrLoginMode)

	settings.PublicURL = "https://konto.example.com"
	s, err = social.New(social.Deps{Settings: settings})
	require.NoError(t, err)
	_, err = s.StartURL("apple", "https://konto.example.com/login", "", "", "")
	require.NoError(t, err)
	_, err = s.StartURL("apple", "https://evil.example/login", "", "", "")
	require.ErrorIs(t, err, social.ErrRedirectURL)
}
