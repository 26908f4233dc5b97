package config

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// Identity configures the server side of the identity provider: the SAP Customer Data Cloud REST client and the
// social login of the embedded provider.
type Identity struct {
	CDC    IdentityCDC    `mapstructure:"cdc"`
	Social IdentitySocial `mapstructure:"social"`
	// Embedded is defined in identity_embedded.go.
	Embedded IdentityEmbedded `mapstructure:"embedded"`
}

// IdentityCDC holds the server credentials of SAP Customer Data Cloud (Gigya), used when
// metadata.identity.provider is "cdc". The cdc client refuses to start without apiKey, dataCenter, userKey
// and secret; validation here only checks the shape, so a development setup may name the provider alone.
type IdentityCDC struct {
	// APIKey is the site's API key; empty means metadata.identity.cdc.apiKey.
	APIKey string `mapstructure:"apiKey"`
	// DataCenter is eu1, us1, au1, cn1, ...; empty means metadata.identity.cdc.dataCenter.
	DataCenter string `mapstructure:"dataCenter"`
	UserKey    string `mapstructure:"userKey"`
	Secret     string `mapstructure:"secret"`
	// BaseURL replaces https://accounts.{dataCenter}.gigya.com (cn1: accounts.cn1.gigya-api.cn), for tests and proxies.
	BaseURL string        `mapstructure:"baseUrl"`
	Timeout time.Duration `mapstructure:"timeout"`
}

// IdentitySocial configures social login (OpenID Connect with PKCE) of the embedded provider.
type IdentitySocial struct {
	// DevIssuer, outside production only, serves a development OpenID provider under /dev/oidc/{provider}/ and
	// points every provider without a client id at it. Always off when env is "production".
	DevIssuer bool `mapstructure:"devIssuer"`
	// StateSecret encrypts the login-state cookie (at least 32 characters). Empty: a random key per process,
	// which is fine for one replica; several replicas need the same value.
	StateSecret string                  `mapstructure:"stateSecret"`
	Providers   IdentitySocialProviders `mapstructure:"providers"`
}

// IdentitySocialProviders lists the social login providers the contract knows, by their contract names.
type IdentitySocialProviders struct {
	Apple      SocialProvider `mapstructure:"apple"`
	GooglePlus SocialProvider `mapstructure:"googleplus"`
	Facebook   SocialProvider `mapstructure:"facebook"`
}

// ByName returns the providers keyed by their contract names (apple, googleplus, facebook).
func (p IdentitySocialProviders) ByName() map[string]SocialProvider {
	return map[string]SocialProvider{"apple": p.Apple, "googleplus": p.GooglePlus, "facebook": p.Facebook}
}

// socialLoginOrder is the order of the social login buttons (spec 000 §2).
var socialLoginOrder = []string{"apple", "googleplus", "facebook"}

// DevIssuerEnabled reports whether the configuration asks for the development OpenID issuer: never in
// production.
func (c Config) DevIssuerEnabled() bool {
	return c.Env != EnvProduction && c.Identity.Social.DevIssuer
}

// OfferedSocialLogins names the social logins the apps offer, in the buttons' order. With the embedded provider a
// provider is usable when it is enabled and has a client id or, outside production with identity.social.devIssuer,
// is played by the development issuer; a button for a provider nobody set up only led to error 500023 (QA). The
// vendor's identity provider (cdc) holds its client ids itself, and the fake answers every provider: there, enabled
// is enough.
func (c Config) OfferedSocialLogins() []string {
	providers := c.Identity.Social.Providers.ByName()
	offered := make([]string, 0, len(socialLoginOrder))
	for _, name := range socialLoginOrder {
		p := providers[name]
		if p.Enabled && (c.Metadata.Identity.Provider != "embedded" || p.ClientID != "" || c.DevIssuerEnabled()) {
			offered = append(offered, name)
		}
	}
	return offered
}

// SocialProvider is one OpenID Connect provider. A provider without client id is disabled (or, outside
// production with identity.social.devIssuer, played by the development issuer).
type SocialProvider struct {
	Enabled          bool     `mapstructure:"enabled"`
	ClientID         string   `mapstructure:"clientId"`
	ClientSecret     string   `mapstructure:"clientSecret"`
	Issuer           string   `mapstructure:"issuer"`
	AuthorizationURL string   `mapstructure:"authorizationUrl"`
	TokenURL         string   `mapstructure:"tokenUrl"`
	JWKSURL          string   `mapstructure:"jwksUrl"`
	Scopes           []string `mapstructure:"scopes"`
	// ResponseMode is sent as response_mode when set; Apple needs "form_post" when it is asked for e-mail or name.
	ResponseMode string `mapstructure:"responseMode"`
}

// defaultIdentity holds the public endpoints of the three vendors; client ids and secrets come from the
// deployment. Apple's client secret is the ES256 JWT the retailer generates from its key (rotated by them).
func defaultIdentity() Identity {
	return Identity{
		CDC:      IdentityCDC{Timeout: 10 * time.Second},
		Embedded: defaultIdentityEmbedded(),
		Social: IdentitySocial{
			DevIssuer: true,
			Providers: IdentitySocialProviders{
				Apple: SocialProvider{
					Enabled:          true,
					Issuer:           "https://appleid.apple.com",
					AuthorizationURL: "https://appleid.apple.com/auth/authorize",
					TokenURL:         "https://appleid.apple.com/auth/token",
					JWKSURL:          "https://appleid.apple.com/auth/keys",
					Scopes:           []string{"openid", "email", "name"},
					ResponseMode:     "form_post",
				},
				GooglePlus: SocialProvider{
					Enabled:          true,
					Issuer:           "https://accounts.google.com",
					AuthorizationURL: "https://accounts.google.com/o/oauth2/v2/auth",
					TokenURL:         "https://oauth2.googleapis.com/token",
					JWKSURL:          "https://www.googleapis.com/oauth2/v3/certs",
					Scopes:           []string{"openid", "email", "profile"},
				},
				Facebook: SocialProvider{
					Enabled:          true,
					Issuer:           "https://www.facebook.com",
					AuthorizationURL: "https://www.facebook.com/v19.0/dialog/oauth",
					TokenURL:         "https://graph.facebook.com/v19.0/oauth/access_token",
					JWKSURL:          "https://www.facebook.com/.well-known/oauth/openid/jwks/",
					Scopes:           []string{"openid", "email", "public_profile"},
				},
			},
		},
	}
}

var dataCenterPattern = regexp.MustCompile(`^[a-z]{2}[0-9]$`)

func (c Config) validateIdentity(bad func(key, format string, args ...any)) {
	c.validateIdentityEmbedded(bad)
	cdc := c.Identity.CDC
	if cdc.DataCenter != "" && !dataCenterPattern.MatchString(cdc.DataCenter) {
		bad("identity.cdc.dataCenter", "must be a data centre name such as eu1, us1, au1, cn1, got %q", cdc.DataCenter)
	}
	if cdc.BaseURL != "" {
		if u, err := url.Parse(cdc.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("identity.cdc.baseUrl", "must be an absolute http(s) URL")
		} else if u.Scheme != "https" && c.Env == EnvProduction {
			bad("identity.cdc.baseUrl", "must use https in production")
		}
	}
	if cdc.Timeout <= 0 {
		bad("identity.cdc.timeout", "must be a positive duration such as 10s, got %s", cdc.Timeout)
	}

	s := c.Identity.Social
	if s.StateSecret != "" && len(s.StateSecret) < 32 {
		bad("identity.social.stateSecret", "must be at least 32 characters")
	}
	configured := false
	for name, p := range s.Providers.ByName() {
		key := "identity.social.providers." + name
		if !p.Enabled || p.ClientID == "" {
			// Disabled, or (outside production) played by the development issuer.
			continue
		}
		configured = true
		if p.ClientSecret == "" {
			bad(key+".clientSecret", "is required when %s.clientId is set", key)
		}
		if p.Issuer == "" {
			bad(key+".issuer", "must not be empty")
		}
		for field, raw := range map[string]string{"authorizationUrl": p.AuthorizationURL, "tokenUrl": p.TokenURL, "jwksUrl": p.JWKSURL} {
			if err := checkProviderURL(raw, c.Env == EnvProduction); err != nil {
				bad(key+"."+field, "%s", err)
			}
		}
		if !containsString(p.Scopes, "openid") {
			bad(key+".scopes", `must include "openid"`)
		}
		if p.ResponseMode != "" && p.ResponseMode != "query" && p.ResponseMode != "form_post" {
			bad(key+".responseMode", `must be empty, "query" or "form_post", got %q`, p.ResponseMode)
		}
	}
	if configured && c.Env == EnvProduction && s.StateSecret == "" {
		// A key of each process's own breaks every social login that returns to another replica than it started
		// on; production runs replicas (QA operations round: docker-compose.yml said it was required).
		bad("identity.social.stateSecret", "is required when env is \"production\" and a provider's clientId is set: every replica needs the same key")
	}
}

// checkProviderURL accepts https everywhere and plain http only for a local test server outside production.
func checkProviderURL(raw string, production bool) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return fmt.Errorf("must be an absolute https URL, got %q", raw)
	}
	switch {
	case u.Scheme == "https":
		return nil
	case u.Scheme == "http" && !production && (u.Hostname() == "localhost" || u.Hostname() == "127.0.0.1" || strings.HasSuffix(u.Hostname(), ".localhost")):
		return nil
	default:
		return fmt.Errorf("must be an absolute https URL, got %q", raw)
	}
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
