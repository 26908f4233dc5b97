package embedded

import (
	"net"
	"slices"
	"strings"

	"github.com/grocer-portal/portal/services/api/internal/config"
	"github.com/grocer-portal/portal/services/api/internal/metadata"
)

// FromConfig builds the provider configuration from the service configuration (identity.embedded.*,
// http.publicUrl, the postcode rules and market of metadata.*); empty lists keep the built-in schema, newsletters
// and the market's consents.
func FromConfig(cfg config.Config) Config {
	e := cfg.Identity.Embedded
	c := DefaultConfig()
	c.Consents = MarketConsents(cfg.Metadata.CountryGermany)
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
	c.SessionIdleTimeout, c.SessionAbsoluteTimeout = e.Session.IdleTimeout, e.Session.AbsoluteTimeout
	c.LockoutMaxFailures, c.LockoutWindow, c.LockoutDuration = e.Lockout.MaxFailures, e.Lockout.Window, e.Lockout.Duration
	c.LockoutMaxFailuresPerAddress = e.Lockout.MaxFailuresPerAddress
	c.Password = PasswordPolicy{MinLength: e.Password.MinLength, MinCharGroups: e.Password.MinCharGroups, RegExp: e.Password.RegExp}
	c.Argon2.MemoryKiB, c.Argon2.Iterations, c.Argon2.Parallelism = uint32(e.Argon2.MemoryKiB), uint32(e.Argon2.Iterations), uint8(e.Argon2.Parallelism)
	c.MaxConcurrentHashes = e.Argon2.MaxConcurrent
	c.VerificationLifetime, c.ResetTokenLifetime, c.ResetFrequency, c.RegTokenLifetime =
		e.VerificationLifetime, e.ResetLinkLifetime, e.ResetFrequency, e.RegTokenLifetime

	for i := range c.Fields {
		f := &c.Fields[i]
		f.Required = f.Name == "profile.email" || slices.Contains(e.RequiredFields, f.Name)
	}
	for _, name := range e.RequiredFields {
		if !slices.ContainsFunc(c.Fields, func(f FieldSchema) bool { return f.Name == name }) {
			c.Fields = append(c.Fields, FieldSchema{Name: name, Type: "string", Required: true})
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
			c.Fields = append(c.Fields, FieldSchema{Name: fo.Field, Type: "string", Format: fo.Regex})
		}
	}
	if len(e.Subscriptions) > 0 {
		c.Subscriptions = nil
		for _, s := range e.Subscriptions {
			lifetime := s.ConfirmationLifetime
			if lifetime == 0 {
				lifetime = c.VerificationLifetime
			}
			c.Subscriptions = append(c.Subscriptions, SubscriptionSchema{Key: s.Key, DoubleOptIn: s.DoubleOptIn, ConfirmationLifetime: lifetime})
		}
	}
	if len(e.Consents) > 0 {
		c.Consents = nil
		for _, con := range e.Consents {
			st := map[string]LegalStatement{}
			for _, ls := range con.LegalStatements {
				st[strings.ToLower(ls.Lang)] = LegalStatement{CurrentDocVersion: ls.CurrentDocVersion, MinDocVersion: ls.MinDocVersion, DocumentURL: ls.DocumentURL, Purpose: ls.Purpose}
			}
			c.Consents = append(c.Consents, ConsentStatement{ID: con.ID, IsActive: con.IsActive, IsMandatory: con.IsMandatory, LegalStatements: st})
		}
	}
	return c
}
