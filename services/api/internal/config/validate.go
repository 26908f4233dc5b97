package config

import (
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

var (
	localePattern   = regexp.MustCompile(`^[a-z]{2}_[A-Z]{2}$`)
	cmsIDPattern    = regexp.MustCompile(`^[a-z0-9-]{1,40}$`)
	hostPattern     = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$`)
	currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)
	countryPattern  = regexp.MustCompile(`^[A-Z]{2}$`)
)

// IdentityProviders lists the accepted values of metadata.identity.provider.
var IdentityProviders = []string{"embedded", "cdc", "fake"}

// Validate checks every setting and reports each problem naming its key.
func (c Config) Validate() error {
	var errs []error
	bad := func(key, format string, args ...any) {
		errs = append(errs, fmt.Errorf("config: %s: %s", key, fmt.Sprintf(format, args...)))
	}

	if c.Env != EnvDevelopment && c.Env != EnvProduction {
		bad("env", `must be "development" or "production", got %q`, c.Env)
	}
	if !slices.Contains([]string{"debug", "info", "warn", "error"}, c.Log.Level) {
		bad("log.level", `must be one of debug, info, warn, error, got %q`, c.Log.Level)
	}
	if !listenAddress(c.HTTP.Addr) {
		bad("http.addr", "must be host:port or :port with a port from 0 to 65535, e.g. :8080 or 127.0.0.1:8080, got %q", c.HTTP.Addr)
	}
	if _, err := mail.ParseAddress(c.Mail.From); err != nil {
		bad("mail.from", "must be an e-mail address, optionally with a name, got %q", c.Mail.From)
	}
	if c.Mail.SMTP.URL != "" {
		c.validateSMTPURL(bad)
	}
	if t := c.Mail.SMTP.TLS; t != "" && t != SMTPTLSRequired && t != SMTPTLSOpportunistic {
		bad("mail.smtp.tls", `must be "required" or "opportunistic" (empty: required in production, opportunistic in development), got %q`, t)
	}
	if c.HTTP.PublicURL != "" {
		// Links are built by appending paths to it, so a query, a fragment or credentials would break every one.
		if u, err := url.Parse(c.HTTP.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
			u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(c.HTTP.PublicURL, "#") || u.User != nil {
			shown := c.HTTP.PublicURL
			if u != nil && u.User != nil {
				shown = u.Redacted() // the message is logged: no password in it
			}
			bad("http.publicUrl", "must be an absolute http(s) URL without query, fragment or credentials, got %q", shown)
		} else if u.Path != "" && u.Path != "/" {
			// The apps, their files and the sign-on's issuer are served at the root: under a path every mail link
			// opened the app's 404 page (operator round).
			bad("http.publicUrl", "must be the service's root, without a path (the apps, their files and the sign-on's issuer are served at /), got %q", c.HTTP.PublicURL)
		} else if p := u.Port(); p != "" && !validPort(p) {
			bad("http.publicUrl", "the port must be from 1 to 65535, got %q", p)
		}
	}
	for _, o := range c.Identity.Embedded.Passkeys.Origins {
		if u, err := url.Parse(o); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
			bad("identity.embedded.passkeys.origins", "each must be an origin like https://konto.example.com, got %q", o)
		}
	}
	switch key, id, err := c.passkeysRPIDError(); {
	case err == nil:
	case key == "http.publicUrl":
		bad(key, "its host %q cannot be the relying-party id of passkeys: WebAuthn needs a domain name such as konto.example.com, or localhost; "+
			"open the service at such a name, or set identity.embedded.passkeys.rpId (and .origins) to the domain shoppers open (%v)", id, err)
	default:
		bad(key, "must be a domain name such as konto.example.com, or localhost (WebAuthn's relying-party id), got %q (%v)", id, err)
	}
	c.validatePasskeyOrigins(bad)
	c.validateThirdParty(bad)
	if err := checkDatabaseURL(c.Database.URL); err != nil {
		bad("database.url", "%s", err)
	}
	for key, host := range map[string]string{
		"apps.accountPortal.host":    c.Apps.AccountPortal.Host,
		"apps.preferenceCentre.host": c.Apps.PreferenceCentre.Host,
	} {
		if host != "" && !hostPattern.MatchString(host) {
			bad(key, "must be a bare host name without scheme or port, got %q", host)
		}
	}
	if h := c.Apps.AccountPortal.Host; h != "" && h == c.Apps.PreferenceCentre.Host {
		bad("apps.preferenceCentre.host", "must differ from apps.accountPortal.host (%q); leave both empty to share one host", h)
	}
	if c.Content.Dir != "" {
		if st, err := os.Stat(c.Content.Dir); err != nil || !st.IsDir() {
			bad("content.dir", "%q is not a readable directory", c.Content.Dir)
		}
	}
	if c.Env == EnvProduction {
		// Mails and links are built on these: without them a production service would send mail from
		// portal.localhost with links to the address it listens on.
		if c.HTTP.PublicURL == "" {
			bad("http.publicUrl", `is required when env is "production" (the address shoppers open; mails link to it)`)
		} else if u, err := url.Parse(c.HTTP.PublicURL); err == nil && !secureOrigin(u) {
			// Production's session cookie is __Host- and Secure, which browsers take only from a secure origin: on
			// any other http:// address nobody could stay logged in, and mails would link to plain HTTP (QA
			// operations round). http://localhost is one (docker-compose.yml runs production there).
			bad("http.publicUrl", `must be an https:// address when env is "production" (the session cookie is Secure), got %q`, c.HTTP.PublicURL)
		}
		if c.Mail.SMTP.URL == "" {
			bad("mail.smtp.url", `is required when env is "production": without a relay, verification and reset mails stay in the outbox unsent`)
		}
		if from, err := mail.ParseAddress(c.Mail.From); err == nil && strings.HasSuffix(strings.ToLower(from.Address), ".localhost") {
			bad("mail.from", `must be the retailer's sender address when env is "production", got the development default %q`, c.Mail.From)
		}
	}
	if c.Dev.Clock.Enabled && c.Env == EnvProduction {
		bad("dev.clock.enabled", `the development clock is refused when env is "production"`)
	}
	c.validateMetadata(bad)
	c.validateSubscribers(bad)
	c.validateIdentity(bad)
	c.validateOperations(bad)
	c.validateSSO(bad)
	return errors.Join(errs...)
}

func (c Config) validateMetadata(bad func(key, format string, args ...any)) {
	m := c.Metadata
	if len(m.Locales) == 0 {
		bad("metadata.locales", "must list at least one locale")
	}
	for _, l := range m.Locales {
		if !localePattern.MatchString(l) {
			bad("metadata.locales", "%q is not of the form de_DE", l)
		}
	}
	if !slices.Contains(m.Locales, m.DefaultLocale) {
		bad("metadata.defaultLocale", "%q is not in metadata.locales", m.DefaultLocale)
	}
	if !cmsIDPattern.MatchString(m.CMS.ID) {
		bad("metadata.cms.id", "must match %s, got %q", cmsIDPattern, m.CMS.ID)
	}
	if m.RestAPI != "" {
		if u, err := url.Parse(m.RestAPI); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("metadata.restApi", `must be empty (same origin) or an absolute http(s) URL, got %q`, m.RestAPI)
		}
	}
	// Empty means "same as env" (Load fills it in; a Config built in code may leave it).
	if m.EnvironmentType != "" && m.EnvironmentType != EnvDevelopment && m.EnvironmentType != EnvProduction {
		bad("metadata.environmentType", `must be "development" or "production", got %q`, m.EnvironmentType)
	}
	if !currencyPattern.MatchString(m.Currency) {
		bad("metadata.currency", "must be an ISO 4217 code such as EUR, got %q", m.Currency)
	}
	for country, rule := range m.Validation.ZipCode {
		key := "metadata.validation.zipCode." + country
		if !countryPattern.MatchString(country) {
			bad(key, "country must be a two-letter code")
		}
		if rule.Regex == "" {
			bad(key+".regex", "must not be empty")
		} else if _, err := regexp.Compile(rule.Regex); err != nil {
			bad(key+".regex", "does not compile: %v", err)
		}
	}
	switch p := m.Identity.Provider; {
	case !slices.Contains(IdentityProviders, p):
		bad("metadata.identity.provider", "must be one of %s, got %q", strings.Join(IdentityProviders, ", "), p)
	case p == "fake" && c.Env == EnvProduction:
		bad("metadata.identity.provider", `"fake" is for tests and demos and is refused when env is "production"`)
	case p == "cdc":
		if m.Identity.CDC.APIKey == "" {
			bad("metadata.identity.cdc.apiKey", `is required when the provider is "cdc"`)
		}
		if m.Identity.CDC.DataCenter == "" {
			bad("metadata.identity.cdc.dataCenter", `is required when the provider is "cdc"`)
		}
	}
}

// checkDatabaseURL accepts the two store kinds the service supports.
func checkDatabaseURL(raw string) error {
	switch {
	case strings.HasPrefix(raw, "sqlite:"):
		if strings.TrimPrefix(raw, "sqlite:") == "" {
			return errors.New(`"sqlite:" needs a file path, e.g. sqlite:var/portal.db`)
		}
		return nil
	case strings.HasPrefix(raw, "postgres://"), strings.HasPrefix(raw, "postgresql://"):
		u, err := url.Parse(raw)
		if err != nil {
			return errors.New("is not a valid URL")
		}
		// pgx also takes the host, a Unix socket's folder among them, as a parameter; a URL without either would
		// have it guess a socket or localhost.
		if u.Host == "" && u.Query().Get("host") == "" {
			return errors.New("postgres URL needs a host: postgres://user@host/database, or a Unix socket's folder as postgres://user@/database?host=/var/run/postgresql")
		}
		return nil
	case raw == "":
		return errors.New("must not be empty")
	default:
		// Only a scheme is named: the rest may be a password, and a key=value connection string has no scheme at
		// all (QA round of 2026-11-29: "host=… password=…" was printed whole as its "scheme").
		scheme, _, found := strings.Cut(raw, ":")
		if !found || !urlScheme.MatchString(scheme) {
			return errors.New(`is not a URL (a key=value connection string is not supported); use sqlite:PATH or postgres://`)
		}
		return fmt.Errorf(`unsupported scheme %q; use sqlite:PATH or postgres://`, scheme)
	}
}

// validateSMTPURL: the relay URL has the parts the mail relay reads and no others. A path, a query or a fragment
// was dropped without a word, and a user without a password had the relay asked to authenticate with an empty one
// (operator round); the port is checked as the relay checks it, before anything starts.
func (c Config) validateSMTPURL(bad func(key, format string, args ...any)) {
	const key = "mail.smtp.url"
	u, err := url.Parse(c.Mail.SMTP.URL)
	switch {
	case err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" || u.Opaque != "":
		bad(key, "must be smtp://[user:password@]host:port (STARTTLS) or smtps://[user:password@]host:port (implicit TLS)")
	case (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(c.Mail.SMTP.URL, "#"):
		bad(key, "must be smtp://[user:password@]host:port or smtps://[user:password@]host:port, without a path, query or fragment (they would be dropped)")
	case u.Port() != "" && !validPort(u.Port()):
		bad(key, "the port must be from 1 to 65535, got %q", u.Port())
	case u.User != nil:
		if pw, _ := u.User.Password(); pw == "" || u.User.Username() == "" {
			bad(key, "a user needs a password (smtp://user:password@host:port); the relay is asked to authenticate with both")
		}
	}
}

// validPort: p is a port a URL can name, 1 to 65535.
func validPort(p string) bool {
	n, err := strconv.ParseUint(p, 10, 16)
	return err == nil && n > 0
}

// listenAddress: addr is host:port or :port with a port number, as a listener takes it. Only the host was checked:
// 127.0.0.1:8093x passed, and serve failed on it only after it had created and migrated the database (QA
// operations round).
func listenAddress(addr string) bool {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	_, err = strconv.ParseUint(port, 10, 16)
	return err == nil
}

// urlScheme is a URL's scheme (RFC 3986 3.1), bounded so that no secret passes for one.
var urlScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]{0,31}$`)

// validateSSO: every lifetime is positive. A zero or negative one was silently replaced by the default, so an
// operator's typo (0s, -1h) changed nothing without a word.
func (c Config) validateSSO(bad func(key, format string, args ...any)) {
	for _, l := range []struct {
		key string
		d   time.Duration
	}{
		{"sso.codeLifetime", c.SSO.CodeLifetime},
		{"sso.accessTokenLifetime", c.SSO.AccessTokenLifetime},
		{"sso.idTokenLifetime", c.SSO.IDTokenLifetime},
		{"sso.refreshTokenLifetime", c.SSO.RefreshTokenLifetime},
		{"sso.keyRotation", c.SSO.KeyRotation},
	} {
		if l.d <= 0 {
			bad(l.key, "must be a positive duration such as 15m, got %s", l.d)
		}
	}
	// A partner is public only when it says so: a secret left empty (an environment variable never set) made a
	// confidential partner public without a word, and a short one was taken as it was (QA operations round).
	for i, cl := range c.SSO.Clients {
		key := fmt.Sprintf("sso.clients[%d]", i)
		switch {
		case strings.TrimSpace(cl.ID) == "":
			bad(key+".id", "is required")
		case cl.Public && cl.Secret != "":
			bad(key+".secret", "must be empty for a public client (public: true): a partner app in the browser cannot keep one")
		case !cl.Public && cl.Secret == "":
			bad(key+".secret", "is required for a confidential client; a partner app in the browser sets public: true instead")
		case !cl.Public && len(cl.Secret) < MinClientSecretBytes:
			bad(key+".secret", "must be at least %d bytes, got %d", MinClientSecretBytes, len(cl.Secret))
		}
	}
}

// MinClientSecretBytes is the shortest secret a confidential partner may be configured with (the ones `portal
// sso-clients add` issues have 43 characters).
const MinClientSecretBytes = 32

// secureOrigin reports whether browsers treat u's origin as secure, so that they keep a Secure cookie from it:
// HTTPS, or plain HTTP on the machine itself (localhost, a loopback address).
func secureOrigin(u *url.URL) bool {
	return strings.EqualFold(u.Scheme, "https") || loopbackHost(u.Hostname())
}
