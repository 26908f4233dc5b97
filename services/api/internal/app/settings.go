package app

import (
	"context"
	"net"
	"slices"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/database"
	"github.com/grocer-portal/portal/services/api/internal/identity/cdc"
	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
	"github.com/grocer-portal/portal/services/api/internal/identity/social"
	"github.com/grocer-portal/portal/services/api/internal/identity/social/devissuer"
	"github.com/grocer-portal/portal/services/api/internal/metadata"
	"github.com/grocer-portal/portal/services/api/internal/reminders"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
	"github.com/grocer-portal/portal/services/api/internal/throttle"
)

// This file turns the one configuration into the settings type of each package. Only the composition root
// (this package and cmd/portal) and the HTTP edge's wiring (httpapi) read package config; every other package
// declares what it needs and is handed it here (architecture_test.go holds that).

// EmbeddedSettings builds the embedded provider's configuration (identity.embedded.*, http.publicUrl, the postcode
// rules and market of metadata.*); empty lists keep the built-in schema, newsletters and the market's consents, and
// a list of subscriptions always keeps the product reminders' (SVC_PRODUCT_REMINDER). The service then holds the
// schema to its content (ContentSchema); the CLI's tools, which serve no content, use it as it is.
func EmbeddedSettings(cfg config.Config) embedded.Config {
	e := cfg.Identity.Embedded
	c := embedded.DefaultConfig()
	c.Consents = embedded.MarketConsents(cfg.Metadata.CountryGermany)
	// The German site's forms send the profile's postcode as a German one (the finalize form with country DE); the
	// metadata tells no other site's country.
	c.ProfileCountry = ""
	if cfg.Metadata.CountryGermany {
		c.ProfileCountry = "DE"
	}
	c.PostcodeRules = map[string]string{}
	for country, rule := range metadata.DefaultZipCodeRules() {
		c.PostcodeRules[country] = rule.Regex
	}
	for country, rule := range cfg.Metadata.Validation.ZipCode {
		c.PostcodeRules[country] = rule.Regex
	}
	c.PublicURL = cfg.HTTP.PublicURL
	if c.PublicURL == "" {
		port := "8080"
		if _, p, err := net.SplitHostPort(cfg.HTTP.Addr); err == nil && p != "" && p != "0" {
			port = p
		}
		c.PublicURL = "http://localhost:" + port
	}
	c.Passkeys = embedded.PasskeyConfig{RPID: e.Passkeys.RPID, RPName: e.Passkeys.RPName, Origins: e.Passkeys.Origins}
	c.SessionIdleTimeout, c.SessionAbsoluteTimeout = e.Session.IdleTimeout, e.Session.AbsoluteTimeout
	c.LockoutMaxFailures, c.LockoutWindow, c.LockoutDuration = e.Lockout.MaxFailures, e.Lockout.Window, e.Lockout.Duration
	c.AddressSlowdown = AddressSlowdown(cfg)
	c.MailLimits = embedded.MailLimits{PerAccount: e.MailLimits.PerAccount, PerAddress: e.MailLimits.PerAddress, Window: e.MailLimits.Window,
		ExemptLoopback: cfg.LoopbackMailExemption()}
	c.StartLimits = embedded.StartLimits{PerAddress: e.StartLimits.PerAddress, Window: e.StartLimits.Window}
	c.Password = embedded.PasswordPolicy{MinLength: e.Password.MinLength, MinCharGroups: e.Password.MinCharGroups, RegExp: e.Password.RegExp}
	c.Argon2.MemoryKiB, c.Argon2.Iterations, c.Argon2.Parallelism = uint32(e.Argon2.MemoryKiB), uint32(e.Argon2.Iterations), uint8(e.Argon2.Parallelism)
	c.MaxConcurrentHashes = e.Argon2.MaxConcurrent
	c.VerificationLifetime, c.ResetTokenLifetime, c.ResetFrequency, c.RegTokenLifetime =
		e.VerificationLifetime, e.ResetLinkLifetime, e.ResetFrequency, e.RegTokenLifetime

	for i := range c.Fields {
		f := &c.Fields[i]
		f.Required = f.Name == "profile.email" || slices.Contains(e.RequiredFields, f.Name)
	}
	for _, name := range e.RequiredFields {
		if !slices.ContainsFunc(c.Fields, func(f embedded.FieldSchema) bool { return f.Name == name }) {
			c.Fields = append(c.Fields, embedded.FieldSchema{Name: name, Type: "string", Required: true})
		}
	}
	for _, fo := range e.Formats {
		found := false
		for i := range c.Fields {
			if c.Fields[i].Name == fo.Field {
				c.Fields[i].Format, found = fo.Regex, true
			}
		}
		if !found {
			c.Fields = append(c.Fields, embedded.FieldSchema{Name: fo.Field, Type: "string", Format: fo.Regex})
		}
	}
	if len(e.Subscriptions) > 0 {
		builtIn := c.Subscriptions
		c.Subscriptions = nil
		for _, s := range e.Subscriptions {
			lifetime := s.ConfirmationLifetime
			if lifetime == 0 {
				lifetime = c.VerificationLifetime
				if s.Key == reminders.SubscriptionKey {
					lifetime = contract.ProductReminderConfirmationLinkLifetime
				}
			}
			c.Subscriptions = append(c.Subscriptions, embedded.SubscriptionSchema{Key: s.Key, DoubleOptIn: s.DoubleOptIn, ConfirmationLifetime: lifetime})
		}
		// The product reminders' subscription is the product's own (spec 001 §3, §9), not one of the operator's
		// newsletters: a list that leaves it out keeps it. Without it every reminder's confirmation failed (QA).
		if !slices.ContainsFunc(c.Subscriptions, func(s embedded.SubscriptionSchema) bool { return s.Key == reminders.SubscriptionKey }) {
			i := slices.IndexFunc(builtIn, func(s embedded.SubscriptionSchema) bool { return s.Key == reminders.SubscriptionKey })
			c.Subscriptions = append(c.Subscriptions, builtIn[i])
		}
	}
	if len(e.Consents) > 0 {
		c.Consents = nil
		for _, con := range e.Consents {
			st := map[string]embedded.LegalStatement{}
			for _, ls := range con.LegalStatements {
				// Under the form the provider looks a shopper's tag up in (nl-BE as nl-be); the configuration refused others.
				lang, _ := contract.StatementLanguage(ls.Lang)
				st[lang] = embedded.LegalStatement{CurrentDocVersion: ls.CurrentDocVersion, MinDocVersion: ls.MinDocVersion, DocumentURL: ls.DocumentURL, Purpose: ls.Purpose}
			}
			c.Consents = append(c.Consents, embedded.ConsentStatement{ID: con.ID, IsActive: con.IsActive, IsMandatory: con.IsMandatory, LegalStatements: st})
		}
	}
	return c
}

// AddressSlowdown is identity.embedded.addressSlowdown: how failed logins slow a client address down, on the
// embedded provider's logins and on the SAP CDC custom login alike.
func AddressSlowdown(cfg config.Config) throttle.Slowdown {
	s := cfg.Identity.Embedded.AddressSlowdown
	return throttle.Slowdown{FreeFailures: s.FreeFailures, DoublingEvery: s.DoublingEvery, BaseDelay: s.BaseDelay, MaxDelay: s.MaxDelay}
}

// CDCSettings picks the SAP Customer Data Cloud client's settings: identity.cdc.*, with the api key and data
// centre falling back to the public metadata.identity.cdc.* values.
func CDCSettings(cfg config.Config) cdc.Config {
	c := cfg.Identity.CDC
	out := cdc.Config{APIKey: c.APIKey, DataCenter: c.DataCenter, UserKey: c.UserKey, Secret: c.Secret, BaseURL: c.BaseURL, Timeout: c.Timeout}
	if out.APIKey == "" {
		out.APIKey = cfg.Metadata.Identity.CDC.APIKey
	}
	if out.DataCenter == "" {
		out.DataCenter = cfg.Metadata.Identity.CDC.DataCenter
	}
	return out
}

// DevClockEnabled reports whether the configuration asks for the development clock: never in production.
func DevClockEnabled(cfg config.Config) bool {
	return cfg.Env != config.EnvProduction && cfg.Dev.Clock.Enabled
}

// QAModeEnabled reports whether the service runs in QA mode: the apps on the fake identity provider
// (metadata.identity.provider "fake"), never in production.
func QAModeEnabled(cfg config.Config) bool {
	return cfg.Metadata.Identity.Provider == "fake" && cfg.Env != config.EnvProduction
}

// SocialSettings configures the social logins the apps offer (config.OfferedSocialLogins): a provider with a
// client id is itself; outside production, with identity.social.devIssuer, an enabled provider without client id
// is played by the development issuer. In production, no provider ever points at the dev issuer.
func SocialSettings(cfg config.Config) social.Settings {
	providers := map[string]social.Provider{}
	byName := cfg.Identity.Social.Providers.ByName()
	for _, name := range cfg.OfferedSocialLogins() {
		p := byName[name]
		if p.ClientID != "" {
			providers[name] = social.Provider{
				Name: name, ClientID: p.ClientID, ClientSecret: p.ClientSecret, Issuer: p.Issuer,
				AuthorizationURL: p.AuthorizationURL, TokenURL: p.TokenURL, JWKSURL: p.JWKSURL,
				Scopes: slices.Clone(p.Scopes), ResponseMode: p.ResponseMode,
			}
			continue
		}
		if cfg.DevIssuerEnabled() {
			path := devissuer.PathPrefix + name
			providers[name] = social.Provider{
				Name: name, ClientID: devissuer.ClientID, ClientSecret: devissuer.ClientSecret, Issuer: path,
				AuthorizationURL: path + "/authorize", TokenURL: path + "/token", JWKSURL: path + "/jwks",
				Scopes: []string{"openid", "email", "profile"}, Dev: true,
			}
		}
	}
	return social.Settings{
		Providers:   providers,
		PublicURL:   cfg.HTTP.PublicURL,
		AppHosts:    []string{cfg.Apps.AccountPortal.Host, cfg.Apps.PreferenceCentre.Host},
		Production:  cfg.Env == config.EnvProduction,
		StateSecret: cfg.Identity.Social.StateSecret,
	}
}

// LinkSettings configures the preference-centre links (subscribers.jwt.*); in development without keys the
// key kept in the database signs them.
func LinkSettings(cfg config.Config) subscribers.LinkSettings {
	keys := make([]subscribers.Key, 0, len(cfg.Subscribers.JWT.Keys))
	for _, k := range cfg.Subscribers.JWT.Keys {
		keys = append(keys, subscribers.Key{ID: k.KID, Secret: []byte(k.Secret)})
	}
	return subscribers.LinkSettings{
		Issuer: cfg.Subscribers.JWT.Issuer, Audience: cfg.Subscribers.JWT.Audience, Keys: keys,
		DevelopmentKey: cfg.Env == config.EnvDevelopment,
	}
}

// SubscriberTokens mints and checks preference-centre links as the configuration says (LinkSettings), on the
// clock now (nil: time.Now).
func SubscriberTokens(ctx context.Context, cfg config.Config, db *database.DB, now func() time.Time) (*subscribers.Tokens, error) {
	s := LinkSettings(cfg)
	s.Now = now
	return subscribers.OpenTokens(ctx, s, db)
}
