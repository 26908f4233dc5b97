// Package config loads the service's one configuration struct from defaults,
// an optional portal.yaml, PORTAL_* environment variables and command-line
// flags (in rising precedence), and validates it before anything starts.
package config

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/spf13/viper"
)

// Environment names accepted for the env setting.
const (
	EnvDevelopment = "development"
	EnvProduction  = "production"
)

// DefaultConfigFile is read when present and no other file is named.
const DefaultConfigFile = "portal.yaml"

// Config is the whole configuration of the service.
type Config struct {
	Env      string   `mapstructure:"env"`
	HTTP     HTTP     `mapstructure:"http"`
	Database Database `mapstructure:"database"`
	Log      Log      `mapstructure:"log"`
	Apps     Apps     `mapstructure:"apps"`
	Metadata Metadata `mapstructure:"metadata"`
	Content  Content  `mapstructure:"content"`
	Mail     Mail     `mapstructure:"mail"`
	// Subscribers and Reminders are defined in subscribers.go.
	Subscribers Subscribers `mapstructure:"subscribers"`
	Reminders   Reminders   `mapstructure:"reminders"`
	// Identity is defined in identity.go.
	Identity Identity `mapstructure:"identity"`
	// SSO is defined in sso.go.
	SSO SSO `mapstructure:"sso"`
	// Dev holds development-only aids; each is refused when env is "production".
	Dev Dev `mapstructure:"dev"`
	// Admin, Tracing, Audit and Jobs are defined in operations.go.
	Admin   Admin   `mapstructure:"admin"`
	Tracing Tracing `mapstructure:"tracing"`
	Audit   Audit   `mapstructure:"audit"`
	Jobs    Jobs    `mapstructure:"jobs"`
}

// Dev holds development-only aids for local work and tests.
type Dev struct {
	Clock DevClock `mapstructure:"clock"`
}

// DevClock, when enabled (outside production only), gives the embedded identity provider and the reminders a
// clock that POST /dev/clock moves forward, so tests can see tokens, links and lockouts expire.
type DevClock struct {
	Enabled bool `mapstructure:"enabled"`
}

// Mail configures outgoing e-mail: always kept in the outbox table, relayed over SMTP when a URL is set.
type Mail struct {
	From string   `mapstructure:"from"`
	SMTP MailSMTP `mapstructure:"smtp"`
	// Retention is how long the outbox keeps a mail; the sweep removes older ones.
	Retention time.Duration `mapstructure:"retention"`
}

// MailSMTP names the relay: smtp://[user:password@]host:port (STARTTLS, required when credentials are given)
// or smtps://[user:password@]host:port (implicit TLS); empty keeps mails in the outbox only.
type MailSMTP struct {
	URL string `mapstructure:"url"`
	// TLS is the smtp:// relay's STARTTLS: "required" sends nothing without it, "opportunistic" uses it when the
	// relay offers it and sends in clear text when not; empty is required in production, opportunistic in
	// development (SMTPRequiresTLS).
	TLS string `mapstructure:"tls"`
}

// The values of mail.smtp.tls.
const (
	SMTPTLSRequired      = "required"
	SMTPTLSOpportunistic = "opportunistic"
)

// SMTPRequiresTLS reports whether mail goes to an smtp:// relay only over STARTTLS. Production's mails (reset
// links, verification links) went out in clear text to a relay that offered no STARTTLS, without a word (QA
// operator round): there it is required unless the operator chose otherwise.
func (c Config) SMTPRequiresTLS() bool {
	switch c.Mail.SMTP.TLS {
	case SMTPTLSRequired:
		return true
	case SMTPTLSOpportunistic:
		return false
	}
	return c.Env == EnvProduction
}

// HTTP configures the listener and what browsers are told about it.
type HTTP struct {
	Addr      string `mapstructure:"addr"`
	PublicURL string `mapstructure:"publicUrl"`
	CSP       CSP    `mapstructure:"csp"`
	// TrustedProxies are the address ranges (CIDR) of reverse proxies whose X-Forwarded-For is believed; empty
	// (the default) trusts none and takes the client address from the connection.
	TrustedProxies []string `mapstructure:"trustedProxies"`
	// ShutdownDrain is how long a stop (SIGTERM) answers /readyz with 503 while the listeners still serve, before
	// they close: the time a load balancer or Kubernetes needs to take the replica out of rotation. 0 closes them
	// at once.
	ShutdownDrain time.Duration `mapstructure:"shutdownDrain"`
}

// CSP lists sources added to the fixed Content-Security-Policy, for third-party
// scripts such as the identity provider's SDK in a CDC deployment. ConsentManager
// and TagManager are opened only while their metadata setting is configured
// (see ContentSecuritySources).
type CSP struct {
	ScriptSrc  []string `mapstructure:"scriptSrc"`
	ConnectSrc []string `mapstructure:"connectSrc"`
	// ConsentManager are the sources of the consent manager (metadata.userCentrics).
	ConsentManager []string `mapstructure:"consentManager"`
	// TagManager are the sources of what the tag manager loads (metadata.adobeTagManager); the origin of its
	// launch URL is added without being listed.
	TagManager []string `mapstructure:"tagManager"`
}

// Database selects the store: "sqlite:PATH" or a postgres:// URL.
type Database struct {
	URL string `mapstructure:"url"`
	// AllowNewer lets serve and the commands use a database a newer version of the service migrated (a rollback
	// the operator chose, knowing this version may not read or write what the newer one wrote); without it they
	// refuse to start (database.NewerDatabaseError).
	AllowNewer bool `mapstructure:"allowNewer"`
}

// Log configures the structured logger.
type Log struct {
	Level string `mapstructure:"level"`
	// Format is auto (readable in a terminal, JSON lines otherwise), json or console.
	Format string `mapstructure:"format"`
}

// Apps binds each single-page app to its own host name, as a retailer deploys them.
type Apps struct {
	AccountPortal    AppHost `mapstructure:"accountPortal"`
	PreferenceCentre AppHost `mapstructure:"preferenceCentre"`
}

// AppHost is the host name (no scheme, no port) an app is bound to; empty means any host.
type AppHost struct {
	Host string `mapstructure:"host"`
}

// Content configures the CMS content served under /cms.
type Content struct {
	// Dir, when set, holds files that override the embedded ones.
	Dir string `mapstructure:"dir"`
}

// Metadata is what GET /rest/v1/metadata tells the apps.
type Metadata struct {
	Locales                   []string                `mapstructure:"locales"`
	DefaultLocale             string                  `mapstructure:"defaultLocale"`
	CMS                       MetadataCMS             `mapstructure:"cms"`
	RestAPI                   string                  `mapstructure:"restApi"`
	SSO                       MetadataSSO             `mapstructure:"sso"`
	MarketingPreferenceCenter MetadataAPIKey          `mapstructure:"marketingPreferenceCenter"`
	ForceConsent              bool                    `mapstructure:"forceConsent"`
	CountryGermany            bool                    `mapstructure:"countryGermany"`
	OwnID                     MetadataOwnID           `mapstructure:"ownId"`
	UserCentrics              MetadataUserCentrics    `mapstructure:"userCentrics"`
	AdobeTagManager           MetadataAdobeTagManager `mapstructure:"adobeTagManager"`
	Validation                MetadataValidation      `mapstructure:"validation"`
	EnvironmentType           string                  `mapstructure:"environmentType"`
	Currency                  string                  `mapstructure:"currency"`
	Identity                  MetadataIdentity        `mapstructure:"identity"`
	// BackButtonReferrers are the origins or URL prefixes (the partner photo service, the travel redirect) whose
	// visitors get a back button in the account shell (spec 000 §2).
	BackButtonReferrers []string `mapstructure:"backButtonReferrers"`
}

// MetadataCMS names the content set the apps load.
type MetadataCMS struct {
	ID string `mapstructure:"id"`
}

// MetadataSSO configures single sign-on in the apps. The default "embedded": the embedded provider's session
// cookie is shared by both apps, which is single sign-on for the preference centre, so a logged-in shopper
// reaches it without a link (spec 001 §6); empty shows the centre's 'not available' page instead.
type MetadataSSO struct {
	APIKey      string `mapstructure:"apiKey"`
	CustomLogin bool   `mapstructure:"customLogin"`
}

// MetadataAPIKey holds a public (browser-visible) API key.
type MetadataAPIKey struct {
	APIKey string `mapstructure:"apiKey"`
}

// MetadataOwnID configures the OwnID passwordless widget.
type MetadataOwnID struct {
	Environment string `mapstructure:"environment"`
	Application string `mapstructure:"application"`
}

// MetadataUserCentrics configures the consent banner.
type MetadataUserCentrics struct {
	SettingsID string `mapstructure:"settingsId"`
}

// MetadataAdobeTagManager configures the tag manager script.
type MetadataAdobeTagManager struct {
	LaunchURL string `mapstructure:"launchUrl"`
}

// MetadataValidation holds per-country input rules.
type MetadataValidation struct {
	// ZipCode overrides the built-in postcode rules per country code (e.g. "DE").
	ZipCode map[string]ZipCodeRule `mapstructure:"zipCode"`
}

// ZipCodeRule is the postcode pattern of one country and the message shown when it does not match.
type ZipCodeRule struct {
	Regex        string `mapstructure:"regex"`
	ErrorMessage string `mapstructure:"errorMessage"`
}

// MetadataIdentity selects the identity provider the apps talk to.
type MetadataIdentity struct {
	Provider string      `mapstructure:"provider"`
	CDC      MetadataCDC `mapstructure:"cdc"`
}

// MetadataCDC holds the public settings of SAP Customer Data Cloud.
type MetadataCDC struct {
	APIKey     string `mapstructure:"apiKey"`
	DataCenter string `mapstructure:"dataCenter"`
}

// Default returns the configuration used when nothing is configured: the
// embedded setup that needs nothing else installed.
func Default() Config {
	c := Config{
		Env:      EnvDevelopment,
		HTTP:     HTTP{Addr: ":8080", CSP: CSP{ScriptSrc: []string{}, ConnectSrc: []string{}, ConsentManager: []string{DefaultConsentManagerSource}, TagManager: []string{}}},
		Database: Database{URL: "sqlite:var/portal.db"},
		Log:      Log{Level: "info"},
		Mail:     Mail{From: "Kundenkonto <noreply@portal.localhost>"},
		Metadata: Metadata{
			Locales:                   []string{"de_DE", "en_GB", "fr_FR", "nl_NL", "es_ES", "pl_PL", "pt_PT", "nl_BE", "fr_BE", "fr_LU", "de_LU"},
			DefaultLocale:             "de_DE",
			CMS:                       MetadataCMS{ID: "portal"},
			SSO:                       MetadataSSO{APIKey: "embedded"},
			MarketingPreferenceCenter: MetadataAPIKey{APIKey: "embedded"},
			CountryGermany:            true,
			Currency:                  "EUR",
			Identity:                  MetadataIdentity{Provider: "embedded"},
			// The partner services of the shipped demo content (SsoClientsOverview).
			BackButtonReferrers: []string{"https://photo.example.com", "https://travel.example.com"},
		},
		Subscribers: defaultSubscribers(),
		Identity:    defaultIdentity(),
		SSO:         defaultSSO(),
	}
	defaultOperations(&c)
	return c
}

// Flags holds the command-line flags every subcommand shares.
type Flags struct {
	fs          *flag.FlagSet
	configFile  string
	httpAddr    string
	databaseURL string
	logLevel    string
	env         string
	allowNewer  bool
}

// RegisterFlags defines the configuration flags on fs.
func RegisterFlags(fs *flag.FlagSet) *Flags {
	f := &Flags{fs: fs}
	fs.StringVar(&f.configFile, "config", "", "configuration file (default $PORTAL_CONFIG or ./portal.yaml when present)")
	fs.StringVar(&f.httpAddr, "http-addr", "", "listen address, e.g. :8080 or 127.0.0.1:0 (http.addr)")
	fs.StringVar(&f.databaseURL, "database-url", "", "sqlite:PATH or postgres://... (database.url)")
	fs.StringVar(&f.logLevel, "log-level", "", "debug, info, warn or error (log.level)")
	fs.StringVar(&f.env, "env", "", "development or production (env)")
	fs.BoolVar(&f.allowNewer, "allow-newer-database", false, "use a database a newer version migrated: a rollback, at your risk (database.allowNewer)")
	return f
}

// Sources returns what the parsed flags contribute; only flags given on the
// command line override, so an empty flag never hides a file or env value.
func (f *Flags) Sources() Sources {
	s := Sources{ConfigFile: f.configFile, Overrides: map[string]any{}}
	byName := map[string]struct {
		key string
		val *string
	}{
		"http-addr":    {"http.addr", &f.httpAddr},
		"database-url": {"database.url", &f.databaseURL},
		"log-level":    {"log.level", &f.logLevel},
		"env":          {"env", &f.env},
	}
	f.fs.Visit(func(fl *flag.Flag) {
		if b, ok := byName[fl.Name]; ok {
			s.Overrides[b.key] = *b.val
		}
		if fl.Name == "allow-newer-database" {
			s.Overrides["database.allowNewer"] = f.allowNewer
		}
	})
	return s
}

// Sources says where Load reads from besides defaults and the environment.
type Sources struct {
	// ConfigFile is an explicit file; it must exist when given.
	ConfigFile string
	// Overrides maps setting keys (e.g. "http.addr") to values that beat everything else.
	Overrides map[string]any
	// Defaults maps setting keys to values that replace the built-in defaults and lose to everything configured:
	// the commands besides serve log at warn unless a level is configured.
	Defaults map[string]any
}

// Load builds the configuration: defaults < config file < PORTAL_* env < overrides,
// then validates it.
func Load(src Sources) (Config, error) {
	cfg, _, err := load(src, false)
	return cfg, err
}

// LoadWithWarnings is Load, also answering what production takes but an operator should hear of (settings it
// ignores, a policy weaker than the spec's; see warnings), each naming its setting, for serve to log at start-up.
func LoadWithWarnings(src Sources) (Config, []string, error) {
	return load(src, false)
}

func load(src Sources, unchecked bool) (Config, []string, error) {
	v := viper.New()
	setDefaults(v, "", reflect.ValueOf(Default()))
	for k, val := range src.Defaults {
		v.SetDefault(k, val)
	}

	file, explicit := src.ConfigFile, src.ConfigFile != ""
	if file == "" {
		if file = os.Getenv("PORTAL_CONFIG"); file != "" {
			explicit = true
		}
	}
	if file == "" {
		if _, err := os.Stat(DefaultConfigFile); err == nil {
			file = DefaultConfigFile
		}
	}
	if file != "" {
		v.SetConfigFile(file)
		// YAML whatever the file is called: a Kubernetes ConfigMap key has no ending, and viper, going by the
		// ending, refused such a file as `Unsupported Config Type ""` (QA operations round).
		v.SetConfigType("yaml")
		if err := v.ReadInConfig(); err != nil {
			if !explicit && errors.Is(err, os.ErrNotExist) {
				file = ""
			} else {
				return Config{}, nil, fmt.Errorf("config: read %s: %w", file, err)
			}
		}
	}

	// Each setting reads its variable (http.addr -> PORTAL_HTTP_ADDR; camelCase keys are upper-cased whole,
	// http.publicUrl -> PORTAL_HTTP_PUBLICURL), and nothing else does. viper's AutomaticEnv also took a variable
	// naming a section (PORTAL_IDENTITY_SOCIAL) as that section's value: it hid every setting in it, which then
	// decoded as zero, while the start-up warning called the variable ignored (QA operator round, 2026-11-30).
	for _, k := range settingKeys() {
		if err := v.BindEnv(k, envName(k)); err != nil {
			return Config{}, nil, fmt.Errorf("config: %w", err)
		}
	}

	for k, val := range src.Overrides {
		v.Set(k, val)
	}

	var cfg Config
	// Exact: a key no setting has (a typo such as http.adr in the file) is an error naming it, not silently ignored.
	if err := v.UnmarshalExact(&cfg, viper.DecodeHook(decodeHooks())); err != nil {
		if unknown := unknownKeys(err); len(unknown) > 0 {
			return Config{}, nil, fmt.Errorf("config: unknown keys (a typo?): %s", strings.Join(unknown, ", "))
		}
		return Config{}, nil, decodeErrors(err)
	}
	cfg.normalize()
	if !unchecked {
		if err := cfg.Validate(); err != nil {
			return Config{}, nil, err
		}
	}
	// A value given in the file, the environment or an override, not a default: a warning about a setting ignored
	// in production names only what the operator asked for (devIssuer and exemptLoopback default to true).
	configured := func(key string) bool {
		if _, ok := src.Overrides[key]; ok {
			return true
		}
		return v.InConfig(key) || os.Getenv(envName(key)) != ""
	}
	return cfg, cfg.warnings(configured), nil
}

// LoadUnchecked reads the configuration as Load does but does not validate it: for `portal healthcheck`, which
// needs only http.addr. A service started with its settings in a file the probe is not told of (--config) still
// answers; its probe, refused for the production settings it lacked, marked the container unhealthy for ever (QA
// operations round).
func LoadUnchecked(src Sources) (Config, error) {
	cfg, _, err := load(src, true)
	return cfg, err
}

// settingKeys lists every setting's key (lower case, as viper keeps them): the leaves of the defaults.
func settingKeys() []string {
	v := viper.New()
	setDefaults(v, "", reflect.ValueOf(Default()))
	return v.AllKeys()
}

// envName is the variable of the setting key: PORTAL_, then the key upper-cased with "_" for ".".
func envName(key string) string {
	return "PORTAL_" + strings.ToUpper(strings.ReplaceAll(key, ".", "_"))
}

// UnknownEnvironment lists the PORTAL_* variables of environ that name no setting (PORTAL_MAIL_SMTPURL for
// PORTAL_MAIL_SMTP_URL, or a section such as PORTAL_MAIL), which Load ignores and which would otherwise be ignored
// without a word; a file's unknown key stops Load, a variable only earns a warning, since an environment is shared
// with other tools. PORTAL_CONFIG names the file; PORTAL_BIN and PORTAL_TEST_*, PORTAL_BENCH_*, PORTAL_SOAK_*
// belong to the test and measuring tools.
func UnknownEnvironment(environ []string) []string {
	known := map[string]bool{"PORTAL_CONFIG": true, "PORTAL_BIN": true}
	for _, k := range settingKeys() {
		known[envName(k)] = true
	}
	var out []string
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "PORTAL_") && !known[name] && !hasAnyPrefix(name, "PORTAL_TEST_", "PORTAL_BENCH_", "PORTAL_SOAK_") {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// invalidKeys matches mapstructure's report of keys no field takes: 'http' has invalid keys: adr, port.
var invalidKeys = regexp.MustCompile(`'([^']*)' has invalid keys: ([^\n]+)`)

// unknownKeys lists the dotted keys an exact decoding refused (the struct's own name stands for the top level).
func unknownKeys(err error) []string {
	var out []string
	for _, m := range invalidKeys.FindAllStringSubmatch(err.Error(), -1) {
		prefix := m[1] + "."
		if strings.Contains(m[1], "Config") || m[1] == "" {
			prefix = ""
		}
		for _, k := range strings.Split(m[2], ", ") {
			out = append(out, prefix+strings.TrimSpace(k))
		}
	}
	sort.Strings(out)
	return out
}

// setDefaults registers every leaf key: the settings (settingKeys), each with its variable bound in load.
func setDefaults(v *viper.Viper, prefix string, rv reflect.Value) {
	rt := rv.Type()
	for i := 0; i < rt.NumField(); i++ {
		key := rt.Field(i).Tag.Get("mapstructure")
		if prefix != "" {
			key = prefix + "." + key
		}
		fv := rv.Field(i)
		if fv.Kind() == reflect.Struct {
			setDefaults(v, key, fv)
			continue
		}
		if fv.Kind() == reflect.Map && fv.IsNil() {
			continue
		}
		v.SetDefault(key, fv.Interface())
	}
}

// normalize trims and canonicalises values whose spelling does not matter.
func (c *Config) normalize() {
	c.Env = strings.ToLower(strings.TrimSpace(c.Env))
	c.Log.Level = strings.ToLower(strings.TrimSpace(c.Log.Level))
	c.Log.Format = strings.ToLower(strings.TrimSpace(c.Log.Format))
	c.Mail.SMTP.TLS = strings.ToLower(strings.TrimSpace(c.Mail.SMTP.TLS))
	c.Apps.AccountPortal.Host = strings.TrimSpace(c.Apps.AccountPortal.Host) // lower case in normalizeHosts
	c.Apps.PreferenceCentre.Host = strings.TrimSpace(c.Apps.PreferenceCentre.Host)
	c.Metadata.Identity.Provider = strings.ToLower(strings.TrimSpace(c.Metadata.Identity.Provider))
	c.normalizeReminders()
	// In production the session cookie carries the __Host- prefix: browsers then take it only from this host, over
	// HTTPS, for Path=/ and without Domain, so a sibling subdomain can neither set nor shadow it (OWASP ASVS 3.4.4).
	// A name of the operator's own gets it too: it lost the protection without a word (operator round).
	if name := c.Identity.Embedded.Session.CookieName; c.Env == EnvProduction && name != "" && !strings.HasPrefix(name, HostCookiePrefix) {
		c.Identity.Embedded.Session.CookieName = HostCookiePrefix + name
	}
	c.normalizeHosts()
	// Only a valid env stands for an unset environmentType: an invalid one is refused as env alone (QA operator
	// round: PORTAL_ENV=prod also named metadata.environmentType, which the operator had not set).
	if c.Metadata.EnvironmentType == "" && (c.Env == EnvDevelopment || c.Env == EnvProduction) {
		c.Metadata.EnvironmentType = c.Env
	}
	// Viper lower-cases map keys; country codes are upper case.
	if len(c.Metadata.Validation.ZipCode) > 0 {
		zc := make(map[string]ZipCodeRule, len(c.Metadata.Validation.ZipCode))
		for k, r := range c.Metadata.Validation.ZipCode {
			zc[strings.ToUpper(k)] = r
		}
		c.Metadata.Validation.ZipCode = zc
	}
}
