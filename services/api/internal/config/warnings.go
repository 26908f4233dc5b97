package config

import (
	"fmt"
	"net/url"
	"sort"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// warnings lists, in production, the settings start-up takes but an operator should hear of: development aids that
// production ignores, asked for all the same (configured reports whether a key was given rather than defaulted:
// both aids are on by default), and a password policy or lockout weaker than the spec's rules (spec 000: numbers,
// upper and lower case letters and special characters; the identity contract's length and lockout). Each names its
// setting. Production took all of them without a word (operator round).
func (c Config) warnings(configured func(key string) bool) []string {
	if c.Env != EnvProduction {
		return nil
	}
	var out []string
	if c.Identity.Social.DevIssuer && configured("identity.social.devIssuer") {
		out = append(out, `identity.social.devIssuer: ignored when env is "production" (the development issuer never runs there)`)
	}
	if c.Identity.Embedded.MailLimits.ExemptLoopback && configured("identity.embedded.mailLimits.exemptLoopback") {
		out = append(out, `identity.embedded.mailLimits.exemptLoopback: ignored when env is "production" (callers on the machine itself get no exemption there)`)
	}
	if c.mailInClearText() {
		out = append(out, `mail.smtp.tls: opportunistic when env is "production": mails (reset links among them) go out unencrypted to a relay that offers no STARTTLS; `+
			`set it to required, or use smtps://`)
	}
	e := c.Identity.Embedded
	if e.Password.MinLength < contract.DefaultPasswordMinLength {
		out = append(out, fmt.Sprintf("identity.embedded.password.minLength: %d, weaker than the spec's %d", e.Password.MinLength, contract.DefaultPasswordMinLength))
	}
	if e.Password.MinCharGroups < contract.DefaultPasswordMinCharGroups {
		out = append(out, fmt.Sprintf("identity.embedded.password.minCharGroups: %d, weaker than the spec's %d (lower and upper case letters, digits and other characters)",
			e.Password.MinCharGroups, contract.DefaultPasswordMinCharGroups))
	}
	if l := e.Lockout; l.MaxFailures > contract.LockoutMaxFailures || l.Window < contract.LockoutWindow || l.Duration < contract.LockoutDuration {
		out = append(out, fmt.Sprintf("identity.embedded.lockout: %d failures in %s lock a login ID for %s, weaker than the spec's %d in %s for %s: passwords can be guessed faster",
			l.MaxFailures, l.Window, l.Duration, contract.LockoutMaxFailures, contract.LockoutWindow, contract.LockoutDuration))
	}
	sort.Strings(out)
	return out
}

// mailInClearText: an smtp:// relay without credentials may get the mails unencrypted (mail.smtp.tls:
// opportunistic); credentials and smtps:// always encrypt.
func (c Config) mailInClearText() bool {
	u, err := url.Parse(c.Mail.SMTP.URL)
	return err == nil && u.Scheme == "smtp" && u.User == nil && !c.SMTPRequiresTLS()
}
