package app

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"net"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/httpapi"
	"github.com/grocer-portal/portal/services/api/internal/sso"
	"github.com/grocer-portal/portal/services/api/internal/sso/demopartner"
	"github.com/grocer-portal/portal/services/api/internal/sso/ssosql"
	"github.com/grocer-portal/portal/services/api/internal/ssoapi"
)

// SSOSettings turns the configuration into single sign-on's settings (also used by `portal sso-clients`).
func SSOSettings(cfg config.Config) sso.Settings {
	c := cfg.SSO
	s := sso.Settings{
		PublicURL: cfg.HTTP.PublicURL, Hosts: []string{cfg.Apps.AccountPortal.Host, cfg.Apps.PreferenceCentre.Host},
		Production: cfg.Env == config.EnvProduction, CodeLifetime: c.CodeLifetime, AccessTokenLifetime: c.AccessTokenLifetime,
		IDTokenLifetime: c.IDTokenLifetime, RefreshTokenLifetime: c.RefreshTokenLifetime, KeyRotation: c.KeyRotation,
	}
	for _, cl := range c.Clients {
		client := sso.Client{ID: cl.ID, Name: cl.Name, RedirectURIs: cl.RedirectURIs, PostLogoutRedirectURIs: cl.PostLogoutRedirectURIs,
			FirstParty: cl.FirstParty, RefreshTokens: cl.RefreshTokens, HomeURL: cl.HomeURL}
		if !cl.Public && cl.Secret != "" {
			client.SecretHash = sso.HashSecret(cl.Secret)
		}
		s.Clients = append(s.Clients, client)
	}
	return s
}

// demoPartnerEnabled: the demonstration partner runs outside production only.
func demoPartnerEnabled(cfg config.Config) bool {
	return cfg.SSO.DemoPartner && cfg.Env != config.EnvProduction
}

// demoPartnerClient registers Fotoservice at the addresses browsers reach the service under: the public URL and,
// for a local one, its loopback twin (localhost and 127.0.0.1), each exact.
func demoPartnerClient(publicURL, secret string) sso.Client {
	bases := []string{publicURL}
	if u, err := url.Parse(publicURL); err == nil {
		twin := *u
		switch host, port := u.Hostname(), u.Port(); host {
		case "localhost":
			twin.Host = net.JoinHostPort("127.0.0.1", port)
		case "127.0.0.1":
			twin.Host = net.JoinHostPort("localhost", port)
		}
		if port := u.Port(); port == "" {
			twin.Host = twin.Hostname()
		}
		if twin.Host != u.Host {
			bases = append(bases, twin.String())
		}
	}
	c := sso.Client{ID: demopartner.ClientID, Name: demopartner.Name, SecretHash: sso.HashSecret(secret), FirstParty: true,
		HomeURL: publicURL + demopartner.HomePath}
	for _, b := range bases {
		c.RedirectURIs = append(c.RedirectURIs, b+demopartner.RedirectPath)
		c.PostLogoutRedirectURIs = append(c.PostLogoutRedirectURIs, b+demopartner.HomePath)
	}
	return c
}

// mountSSO serves the partner registry always and, with the embedded identity provider, the OpenID Connect
// provider (and, outside production, the demonstration partner).
func (a *App) mountSSO(ctx context.Context, cfg config.Config, db *database.DB) error {
	settings := SSOSettings(cfg)
	var partner *demopartner.Partner
	if demoPartnerEnabled(cfg) {
		// The demonstration runs in this process only, so a secret per process is enough.
		secret := randomSecret()
		settings.Clients = append(settings.Clients, demoPartnerClient(trimSlash(cfg.HTTP.PublicURL), secret))
		partner = demopartner.New(demopartner.Settings{IssuerPath: sso.Path, ClientSecret: secret, Logger: a.logger,
			LocalOrigin: httpapi.LocalOriginOf(cfg.HTTP.PublicURL)})
	}
	deps := sso.Deps{Store: ssosql.New(db), Now: a.now, Logger: a.logger}
	if a.Identity != nil {
		deps.Accounts = sso.EmbeddedAccounts{Provider: a.Identity}
	}
	svc, err := sso.New(settings, deps)
	if err != nil {
		return err
	}
	a.SSO = svc
	if a.Identity == nil {
		ssoapi.MountPartners(a.Echo, svc, a.logger)
		return nil
	}
	provider, err := svc.NewProvider(ctx)
	if err != nil {
		return err
	}
	sessions := ssoapi.EmbeddedSessions{Provider: a.Identity, CookieName: cfg.Identity.Embedded.Session.CookieName}
	if err := ssoapi.Mount(a.Echo, svc, provider, sessions, a.logger); err != nil {
		return err
	}
	if partner != nil {
		a.Echo.Any(demopartner.Path, echo.WrapHandler(partner))
		a.Echo.Any(demopartner.Path+"/*", echo.WrapHandler(partner))
	}
	return nil
}

func trimSlash(s string) string { return strings.TrimRight(s, "/") }

func randomSecret() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}
