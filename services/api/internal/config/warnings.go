package config

import (
	"fmt"
	"net"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// warnings lists, in production, the settings start-up takes but an operator should hear of: development aids that
// production ignores, asked for all the same (configured reports whether a key was given rather than defaulted:
// both aids are on by default), and a password policy or lockout weaker than the spec's rules (spec 000: numbers,
// upper and lower case letters and special characters; the identity contract's length and lockout). Each names its
// setting. Production took all of them without a word (operator round).
func (c Config) warnings(configured func(key string) bool) []string {
	if c.Env != EnvProduction {
		if w := c.developmentBeyondThisMachine(); w != "" {
			return []string{w}
		}
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

// developmentBeyondThisMachine is the warning of development reachable from elsewhere: http.addr listens beyond
// loopback, or http.publicUrl is an address other machines open (https, or a host other than localhost or a
// loopback address). A deployment that forgot PORTAL_ENV ran on development's aids, the README's demo shop key among
// them, without a word (QA operator round); make run (127.0.0.1) and the tests hear nothing.
func (c Config) developmentBeyondThisMachine() string {
	var where string
	if host, _, err := net.SplitHostPort(c.HTTP.Addr); err == nil && !loopbackHost(host) {
		where = fmt.Sprintf("http.addr %q listens beyond this machine", c.HTTP.Addr)
	} else if u, err := url.Parse(c.HTTP.PublicURL); c.HTTP.PublicURL != "" && err == nil && (u.Scheme == "https" || !loopbackHost(u.Hostname())) {
		where = fmt.Sprintf("http.publicUrl %q is an address beyond this machine", c.HTTP.PublicURL)
	} else {
		return ""
	}
	var aids []string
	if slices.Contains(c.Reminders.APIKeys, DevShopAPIKey) {
		aids = append(aids, "the demo shop key "+DevShopAPIKey)
	}
	if c.LoopbackMailExemption() {
		aids = append(aids, "callers on this machine exempt from the per-address limits")
	}
	if c.DevIssuerEnabled() {
		aids = append(aids, "the development identity issuer")
	}
	if c.Dev.Clock.Enabled {
		aids = append(aids, "the development clock")
	}
	what := "development's relaxed checks apply (no keys or mail relay required, the session cookie without its __Host- prefix)"
	if len(aids) > 0 {
		what = "development's aids are on (" + strings.Join(aids, ", ") + ")"
	}
	return fmt.Sprintf("env: %q while %s: %s; on a deployment set PORTAL_ENV=production", c.Env, where, what)
}

// loopbackHost: host names this machine only, localhost (and its subdomains, which browsers resolve to it) or a
// loopback address; "" (every interface) does not.
func loopbackHost(host string) bool {
	host = strings.ToLower(host)
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
