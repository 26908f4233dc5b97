package sso

import (
	"slices"
	"strings"
	"time"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
	"golang.org/x/text/language"
)

// opClient adapts Client to op.Client: the authorisation code flow only, exact redirect addresses, refresh
// tokens only where allowed.
type opClient struct {
	Client
	dev             bool
	idTokenLifetime time.Duration
}

func (c opClient) GetID() string                    { return c.ID }
func (c opClient) RedirectURIs() []string           { return c.Client.RedirectURIs }
func (c opClient) PostLogoutRedirectURIs() []string { return c.Client.PostLogoutRedirectURIs }
func (c opClient) ApplicationType() op.ApplicationType {
	if c.Public() {
		return op.ApplicationTypeUserAgent
	}
	return op.ApplicationTypeWeb
}
func (c opClient) AuthMethod() oidc.AuthMethod {
	if c.Public() {
		return oidc.AuthMethodNone
	}
	return oidc.AuthMethodBasic
}

// ResponseTypes is a copy of the package's ResponseTypes, so that no caller changes the discovery document and
// every client through it (code review of 2026-11-30).
func (c opClient) ResponseTypes() []oidc.ResponseType { return slices.Clone(ResponseTypes) }

func (c opClient) GrantTypes() []oidc.GrantType {
	if c.RefreshTokens {
		return []oidc.GrantType{oidc.GrantTypeCode, oidc.GrantTypeRefreshToken}
	}
	return []oidc.GrantType{oidc.GrantTypeCode}
}

// LoginURL is where op sends the browser after storing the request: the service's own continuation, which
// decides between the portal's login, its consent page, and answering the partner at once.
func (c opClient) LoginURL(id string) string { return Path + ContinuePath + "?id=" + id }

func (c opClient) AccessTokenType() op.AccessTokenType { return op.AccessTokenTypeBearer }
func (c opClient) IDTokenLifetime() time.Duration      { return c.idTokenLifetime }

// DevMode allows plain-HTTP redirect addresses outside production (registration already refuses them there).
func (c opClient) DevMode() bool { return c.dev }
func (c opClient) RestrictAdditionalIdTokenScopes() func([]string) []string {
	return func(s []string) []string { return s }
}
func (c opClient) RestrictAdditionalAccessTokenScopes() func([]string) []string {
	return func(s []string) []string { return s }
}

// IsScopeAllowed admits no scope beyond the standard ones op knows (openid, profile, email, offline_access, ...);
// offline_access yields a refresh token only for clients allowed the refresh_token grant (GrantTypes).
func (c opClient) IsScopeAllowed(string) bool { return false }

// IDTokenUserinfoClaimsAssertion puts the profile claims into the ID token too, so a partner can greet the
// shopper without a second call.
func (c opClient) IDTokenUserinfoClaimsAssertion() bool { return true }
func (c opClient) ClockSkew() time.Duration             { return 0 }

// Shopper is what a partner may learn of a customer account.
type Shopper struct {
	UID           string
	Email         string
	EmailVerified bool
	GivenName     string
	FamilyName    string
	Locale        string
	// AuthTime is when the shopper last logged in (the session's start).
	AuthTime time.Time
}

// Name is given and family name.
func (s Shopper) Name() string { return strings.TrimSpace(s.GivenName + " " + s.FamilyName) }

func (s Shopper) localeTag() language.Tag {
	t, err := language.Parse(s.Locale)
	if err != nil {
		return language.Und
	}
	return t
}
