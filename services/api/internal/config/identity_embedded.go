package config

import (
	"regexp"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// IdentityEmbedded configures the embedded identity provider (metadata.identity.provider "embedded"): keys
// identity.embedded.*. Lists left empty mean the built-in defaults of the provider (the spec's schema,
// newsletters and consents).
type IdentityEmbedded struct {
	Session IdentitySession `mapstructure:"session"`
	Lockout IdentityLockout `mapstructure:"lockout"`
	// AddressSlowdown, MailLimits and StartLimits are defined in operations.go.
	AddressSlowdown IdentityAddressSlowdown `mapstructure:"addressSlowdown"`
	MailLimits      IdentityMailLimits      `mapstructure:"mailLimits"`
	StartLimits     IdentityStartLimits     `mapstructure:"startLimits"`
	Password        IdentityPassword        `mapstructure:"password"`
	Argon2          IdentityArgon2          `mapstructure:"argon2"`
	// RequiredFields are the dotted profile/data fields an account needs before it can log in (206001).
	RequiredFields []string `mapstructure:"requiredFields"`
	// Formats override the regex of schema fields, e.g. {field: profile.zip, regex: '^\d{5}$'}.
	Formats              []IdentityFieldFormat  `mapstructure:"formats"`
	Subscriptions        []IdentitySubscription `mapstructure:"subscriptions"`
	Consents             []IdentityConsent      `mapstructure:"consents"`
	VerificationLifetime time.Duration          `mapstructure:"verificationLifetime"`
	ResetLinkLifetime    time.Duration          `mapstructure:"resetLinkLifetime"`
	ResetFrequency       time.Duration          `mapstructure:"resetFrequency"`
	RegTokenLifetime     time.Duration          `mapstructure:"regTokenLifetime"`
	Passkeys             IdentityPasskeys       `mapstructure:"passkeys"`
}

// IdentityPasskeys is the WebAuthn relying party of the passkeys. Left empty, the relying-party id is the host
// name of http.publicUrl and its origin the one accepted; set them when the account portal has its own host
// (apps.accountPortal.host) or several origins share the passkeys of a parent domain.
type IdentityPasskeys struct {
	RPID    string   `mapstructure:"rpId"`
	RPName  string   `mapstructure:"rpName"`
	Origins []string `mapstructure:"origins"`
}

// DefaultSessionCookie names the session cookie; production gives it the __Host- prefix (normalize).
const DefaultSessionCookie = "portal_session"

// IdentitySession configures the session cookie: idle expiry slides with use, absolute expiry does not.
type IdentitySession struct {
	CookieName      string        `mapstructure:"cookieName"`
	IdleTimeout     time.Duration `mapstructure:"idleTimeout"`
	AbsoluteTimeout time.Duration `mapstructure:"absoluteTimeout"`
}

// IdentityLockout configures the login lockout: MaxFailures failed logins of one login ID within Window lock it
// for Duration. A client address never locks: its failures slow it down (addressSlowdown).
type IdentityLockout struct {
	MaxFailures int           `mapstructure:"maxFailures"`
	Window      time.Duration `mapstructure:"window"`
	Duration    time.Duration `mapstructure:"duration"`
}

// IdentityPassword is the password policy answered by accounts.getPolicies.
type IdentityPassword struct {
	MinLength     int    `mapstructure:"minLength"`
	MinCharGroups int    `mapstructure:"minCharGroups"`
	RegExp        string `mapstructure:"regExp"`
}

// IdentityArgon2 are the argon2id costs; raising them re-hashes passwords at the next login.
type IdentityArgon2 struct {
	MemoryKiB   int `mapstructure:"memoryKiB"`
	Iterations  int `mapstructure:"iterations"`
	Parallelism int `mapstructure:"parallelism"`
	// MaxConcurrent caps simultaneous hashes (each holds memoryKiB); 0 means the number of CPUs.
	MaxConcurrent int `mapstructure:"maxConcurrent"`
}

// IdentityFieldFormat overrides the format of one schema field.
type IdentityFieldFormat struct {
	Field string `mapstructure:"field"`
	Regex string `mapstructure:"regex"`
}

// IdentitySubscription is one subscription key of the schema.
type IdentitySubscription struct {
	Key                  string        `mapstructure:"key"`
	DoubleOptIn          bool          `mapstructure:"doubleOptIn"`
	ConfirmationLifetime time.Duration `mapstructure:"confirmationLifetime"`
}

// IdentityConsent is one consent statement, e.g. terms.customeraccount.
type IdentityConsent struct {
	ID              string                   `mapstructure:"id"`
	IsActive        bool                     `mapstructure:"isActive"`
	IsMandatory     bool                     `mapstructure:"isMandatory"`
	LegalStatements []IdentityLegalStatement `mapstructure:"legalStatements"`
}

// IdentityLegalStatement is the document of a consent in one language.
type IdentityLegalStatement struct {
	Lang              string  `mapstructure:"lang"`
	CurrentDocVersion float64 `mapstructure:"currentDocVersion"`
	MinDocVersion     float64 `mapstructure:"minDocVersion"`
	DocumentURL       string  `mapstructure:"documentUrl"`
	Purpose           string  `mapstructure:"purpose"`
}

func defaultIdentityEmbedded() IdentityEmbedded {
	return IdentityEmbedded{
		Session:              IdentitySession{CookieName: DefaultSessionCookie, IdleTimeout: 30 * time.Minute, AbsoluteTimeout: 12 * time.Hour},
		Lockout:              IdentityLockout{MaxFailures: contract.LockoutMaxFailures, Window: contract.LockoutWindow, Duration: contract.LockoutDuration},
		AddressSlowdown:      defaultAddressSlowdown(),
		MailLimits:           defaultMailLimits(),
		StartLimits:          defaultStartLimits(),
		Password:             IdentityPassword{MinLength: contract.DefaultPasswordMinLength, MinCharGroups: contract.DefaultPasswordMinCharGroups},
		Argon2:               IdentityArgon2{MemoryKiB: 19 * 1024, Iterations: 2, Parallelism: 1},
		RequiredFields:       []string{"profile.firstName", "profile.lastName"},
		Formats:              []IdentityFieldFormat{},
		Subscriptions:        []IdentitySubscription{},
		Consents:             []IdentityConsent{},
		VerificationLifetime: contract.VerificationLinkLifetime,
		ResetLinkLifetime:    contract.ResetLinkLifetime,
		ResetFrequency:       contract.ResetFrequency,
		RegTokenLifetime:     contract.RegTokenLifetime,
		Passkeys:             IdentityPasskeys{Origins: []string{}},
	}
}

var (
	cookieNamePattern   = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
	schemaFieldPattern  = regexp.MustCompile(`^(profile|data)\.[A-Za-z0-9_.]+$`)
	subscriptionPattern = regexp.MustCompile(`^[A-Za-z0-9_]{1,64}$`)
	consentIDPattern    = regexp.MustCompile(`^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$`)
)

func (c Config) validateIdentityEmbedded(bad func(key, format string, args ...any)) {
	e := c.Identity.Embedded
	const p = "identity.embedded."
	if !cookieNamePattern.MatchString(e.Session.CookieName) {
		bad(p+"session.cookieName", "must be 1-64 letters, digits, '_' or '-', got %q", e.Session.CookieName)
	}
	// The timeouts are the embedded provider's sessions' (it runs with "embedded" and "fake", as passkeysRPID knows);
	// SAP CDC keeps its own, so a value there uses nothing and stops no start-up (code review of 2026-11-30).
	if c.Metadata.Identity.Provider != "cdc" {
		// The account pages warn before an unused session ends (WCAG 2.2.1); a shorter limit left them no time to,
		// and the session ended unannounced (QA: with 3m the next save landed on the login).
		if e.Session.IdleTimeout < contract.SessionIdleMinimum {
			bad(p+"session.idleTimeout", "must be at least %s: the account pages warn %s before an unused session ends, and the service may date its last use %s early, got %s",
				contract.SessionIdleMinimum, contract.SessionWarningLead, contract.SessionTouchInterval, e.Session.IdleTimeout)
		}
		if e.Session.AbsoluteTimeout < e.Session.IdleTimeout {
			bad(p+"session.absoluteTimeout", "must be at least idleTimeout (%s), got %s", e.Session.IdleTimeout, e.Session.AbsoluteTimeout)
		}
	}
	if e.Lockout.MaxFailures < 1 || e.Lockout.Window <= 0 || e.Lockout.Duration <= 0 {
		bad(p+"lockout", "maxFailures >= 1, positive window and duration required")
	}
	if e.Password.MinLength < 1 || e.Password.MinLength > 128 {
		bad(p+"password.minLength", "must be 1..128, got %d", e.Password.MinLength)
	}
	if e.Password.MinCharGroups < 0 || e.Password.MinCharGroups > 4 {
		bad(p+"password.minCharGroups", "must be 0..4 (lower, upper, digit, other), got %d", e.Password.MinCharGroups)
	}
	if e.Password.RegExp != "" {
		if _, err := regexp.Compile(e.Password.RegExp); err != nil {
			bad(p+"password.regExp", "does not compile: %v", err)
		}
	}
	// OWASP's minimum for argon2id; lower costs are for tests, which build the provider directly.
	if e.Argon2.MemoryKiB < 19*1024 || e.Argon2.Iterations < 2 || e.Argon2.Parallelism < 1 || e.Argon2.Parallelism > 255 || e.Argon2.MaxConcurrent < 0 {
		bad(p+"argon2", "needs memoryKiB >= 19456, iterations >= 2, parallelism 1..255, maxConcurrent >= 0")
	}
	for _, f := range e.RequiredFields {
		if !schemaFieldPattern.MatchString(f) {
			bad(p+"requiredFields", "%q must be a dotted profile.* or data.* field", f)
		}
	}
	for _, f := range e.Formats {
		if !schemaFieldPattern.MatchString(f.Field) {
			bad(p+"formats", "%q must be a dotted profile.* or data.* field", f.Field)
		}
		if _, err := regexp.Compile(f.Regex); err != nil || f.Regex == "" {
			bad(p+"formats", "regex of %s does not compile", f.Field)
		}
	}
	for _, s := range e.Subscriptions {
		if !subscriptionPattern.MatchString(s.Key) {
			bad(p+"subscriptions", "key %q must be letters, digits and '_'", s.Key)
		}
		if s.ConfirmationLifetime < 0 {
			bad(p+"subscriptions", "confirmationLifetime of %s must not be negative", s.Key)
		}
	}
	for _, con := range e.Consents {
		if !consentIDPattern.MatchString(con.ID) {
			bad(p+"consents", "id %q must be dotted, e.g. terms.customeraccount", con.ID)
		}
		langs := map[string]bool{}
		for _, st := range con.LegalStatements {
			// The statement is looked up by the shopper's tag, then its language (contract.StatementLanguage): a lang
			// of another form was kept and never found (nl-BE shoppers were sent the French document, QA).
			key, ok := contract.StatementLanguage(st.Lang)
			switch {
			case !ok:
				bad(p+"consents", "legal statement of %s: lang %q must be a language (nl) or a language and its country (nl-BE)", con.ID, st.Lang)
			case langs[key]:
				bad(p+"consents", "legal statement of %s: lang %q is there twice (upper and lower case are the same)", con.ID, st.Lang)
			}
			langs[key] = true
			if st.MinDocVersion > st.CurrentDocVersion {
				bad(p+"consents", "legal statement of %s: needs minDocVersion <= currentDocVersion", con.ID)
			}
		}
	}
	for key, d := range map[string]time.Duration{
		"verificationLifetime": e.VerificationLifetime, "resetLinkLifetime": e.ResetLinkLifetime,
		"resetFrequency": e.ResetFrequency, "regTokenLifetime": e.RegTokenLifetime,
	} {
		if d <= 0 {
			bad(p+key, "must be a positive duration, got %s", d)
		}
	}
}
