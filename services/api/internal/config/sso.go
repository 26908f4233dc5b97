package config

import "time"

// SSO configures single sign-on: the service as OpenID Connect provider of the retailer's partner services
// (with the embedded identity provider), and the partner registry the account portal reads (always).
type SSO struct {
	// Clients are partners registered by configuration (more with `portal sso-clients add`).
	Clients              []SSOClient   `mapstructure:"clients"`
	CodeLifetime         time.Duration `mapstructure:"codeLifetime"`
	AccessTokenLifetime  time.Duration `mapstructure:"accessTokenLifetime"`
	IDTokenLifetime      time.Duration `mapstructure:"idTokenLifetime"`
	RefreshTokenLifetime time.Duration `mapstructure:"refreshTokenLifetime"`
	// KeyRotation is how long one signing key signs before the next one takes over.
	KeyRotation time.Duration `mapstructure:"keyRotation"`
	// DemoPartner serves the demonstration partner "Fotoservice" under /partner/fotoservice/ and registers
	// it; outside production only.
	DemoPartner bool `mapstructure:"demoPartner"`
}

// SSOClient is one partner service.
type SSOClient struct {
	ID   string `mapstructure:"id"`
	Name string `mapstructure:"name"`
	// Secret of a confidential client; empty with public: true.
	Secret                 string   `mapstructure:"secret"`
	Public                 bool     `mapstructure:"public"`
	RedirectURIs           []string `mapstructure:"redirectUris"`
	PostLogoutRedirectURIs []string `mapstructure:"postLogoutRedirectUris"`
	// FirstParty partners are the retailer's own: no consent screen.
	FirstParty    bool   `mapstructure:"firstParty"`
	RefreshTokens bool   `mapstructure:"refreshTokens"`
	HomeURL       string `mapstructure:"homeUrl"`
}

func defaultSSO() SSO {
	return SSO{
		CodeLifetime: time.Minute, AccessTokenLifetime: 15 * time.Minute, IDTokenLifetime: time.Hour,
		RefreshTokenLifetime: 30 * 24 * time.Hour, KeyRotation: 30 * 24 * time.Hour, DemoPartner: true,
	}
}
