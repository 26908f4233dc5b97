package config

import (
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// Operations settings (issue 15): trusted proxies, the admin listener, traces, the audit log, retention and the
// periodic jobs.

// Admin configures the second listener that serves /metrics (Prometheus) and the health probes. It is off
// unless an address is set; it is meant for loopback or an internal network, never the public one.
type Admin struct {
	Addr string `mapstructure:"addr"`
}

// Tracing sends OpenTelemetry traces over OTLP/HTTP when an endpoint is set (e.g. http://127.0.0.1:4318).
type Tracing struct {
	OTLPEndpoint string `mapstructure:"otlpEndpoint"`
	// SampleRatio is the share of requests traced (0..1); 0 means 1 when an endpoint is set.
	SampleRatio float64 `mapstructure:"sampleRatio"`
}

// Audit configures the audit log of security events.
type Audit struct {
	// Retention is how long entries are kept; the sweep removes older ones.
	Retention time.Duration `mapstructure:"retention"`
}

// Jobs configures the periodic background work. Among replicas one runs each round (a lease in the database).
type Jobs struct {
	SweepInterval time.Duration `mapstructure:"sweepInterval"`
	// MailInterval is how often pending mails are handed to the SMTP relay.
	MailInterval time.Duration `mapstructure:"mailInterval"`
}

// IdentityAddressSlowdown (the embedded provider's logins and, with metadata.identity.provider "cdc", the custom
// login): wrong-password answers to a client address with more than freeFailures failures in the lockout window
// wait baseDelay, doubled every doublingEvery further failures, at most maxDelay. An address is never locked and
// a correct password never delayed.
type IdentityAddressSlowdown struct {
	FreeFailures  int           `mapstructure:"freeFailures"`
	DoublingEvery int           `mapstructure:"doublingEvery"`
	BaseDelay     time.Duration `mapstructure:"baseDelay"`
	MaxDelay      time.Duration `mapstructure:"maxDelay"`
}

// IdentityMailLimits cap the mail-sending calls (verification resends, reset requests, e-mail changes,
// subscription confirmations) per account and per client address within window; 0 turns a limit off.
type IdentityMailLimits struct {
	PerAccount int           `mapstructure:"perAccount"`
	PerAddress int           `mapstructure:"perAddress"`
	Window     time.Duration `mapstructure:"window"`
	// ExemptLoopback leaves calls from the machine itself (a developer, the browser tests) out of the per-address
	// limit. It applies only outside production (LoopbackMailExemption): in production a local reverse proxy
	// not declared in http.trustedProxies would otherwise turn the whole internet into one exempt address.
	ExemptLoopback bool `mapstructure:"exemptLoopback"`
}

// IdentityStartLimits cap, per client address within window, each of the anonymous calls that store something:
// initRegistration, initPasskeyLogin and a partner's sign-in at /oidc/authorize (a regToken, a passkey challenge,
// a sign-in request each); 0 turns the limit off. Beyond it the call answers 400125 (the sign-in, the partner's
// temporarily_unavailable). mailLimits.exemptLoopback leaves the machine itself out of it too.
type IdentityStartLimits struct {
	PerAddress int           `mapstructure:"perAddress"`
	Window     time.Duration `mapstructure:"window"`
}

// LoopbackMailExemption reports whether calls from a loopback address skip the limits per address (mails, and the
// anonymous starts): asked for, and not in production.
func (c *Config) LoopbackMailExemption() bool {
	return c.Identity.Embedded.MailLimits.ExemptLoopback && c.Env != EnvProduction
}

func defaultAddressSlowdown() IdentityAddressSlowdown {
	return IdentityAddressSlowdown{FreeFailures: 10, DoublingEvery: 10, BaseDelay: 250 * time.Millisecond, MaxDelay: 10 * time.Second}
}

func defaultMailLimits() IdentityMailLimits {
	return IdentityMailLimits{PerAccount: contract.MailsPerAccount, PerAddress: contract.MailsPerClient, Window: contract.MailLimitWindow, ExemptLoopback: true}
}

func defaultStartLimits() IdentityStartLimits {
	return IdentityStartLimits{PerAddress: contract.StartsPerClient, Window: contract.StartLimitWindow}
}

// defaultOperations fills the operations settings of Default().
func defaultOperations(c *Config) {
	c.HTTP.TrustedProxies = []string{}
	c.Audit = Audit{Retention: 365 * 24 * time.Hour}
	c.Jobs = Jobs{SweepInterval: 5 * time.Minute, MailInterval: 5 * time.Second}
	c.Mail.Retention = 30 * 24 * time.Hour
	c.Log.Format = LogFormatAuto
}

// Log formats: auto is human-readable in a terminal and JSON lines otherwise.
const (
	LogFormatAuto    = "auto"
	LogFormatJSON    = "json"
	LogFormatConsole = "console"
)

// TrustedProxyNets parses http.trustedProxies (CIDR ranges or single addresses).
func (c Config) TrustedProxyNets() ([]*net.IPNet, error) {
	out := make([]*net.IPNet, 0, len(c.HTTP.TrustedProxies))
	for _, raw := range c.HTTP.TrustedProxies {
		raw = strings.TrimSpace(raw)
		if !strings.Contains(raw, "/") {
			ip := net.ParseIP(raw)
			if ip == nil {
				return nil, fmt.Errorf("%q is neither an address nor a CIDR range", raw)
			}
			bits := 128
			if ip.To4() != nil {
				ip, bits = ip.To4(), 32
			}
			out = append(out, &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)})
			continue
		}
		_, n, err := net.ParseCIDR(raw)
		if err != nil {
			return nil, fmt.Errorf("%q is not a CIDR range", raw)
		}
		out = append(out, n)
	}
	return out, nil
}

// MaxShutdownDrain is the longest http.shutdownDrain: a load balancer takes a replica out of rotation within
// seconds, and a drain of hours (10h was taken, QA operator round) only kept a stopping replica from stopping.
const MaxShutdownDrain = 10 * time.Minute

// minJobInterval is the shortest jobs.sweepInterval and jobs.mailInterval: a loop any tighter only busies the
// database.
const minJobInterval = 100 * time.Millisecond

func (c Config) validateOperations(bad func(key, format string, args ...any)) {
	if nets, err := c.TrustedProxyNets(); err != nil {
		bad("http.trustedProxies", "%s", err)
	} else if c.Env == EnvProduction {
		for i, n := range nets {
			// A range of every address believes anyone's X-Forwarded-For: each client could name any address,
			// escaping the slowdown and the mail limits per address, and write any address into the audit log.
			if ones, _ := n.Mask.Size(); ones == 0 {
				bad("http.trustedProxies", `%q is every address: anyone could name any client address in X-Forwarded-For and escape the limits per address; `+
					`refused when env is "production", name the proxies' own range (e.g. 10.0.0.0/8)`, strings.TrimSpace(c.HTTP.TrustedProxies[i]))
			}
		}
	}
	if c.Admin.Addr != "" {
		if !listenAddress(c.Admin.Addr) {
			bad("admin.addr", "must be host:port with a port from 0 to 65535, e.g. 127.0.0.1:9090, got %q", c.Admin.Addr)
		} else if c.Admin.Addr == c.HTTP.Addr {
			bad("admin.addr", "must differ from http.addr: metrics never share the public listener")
		}
	}
	if t := c.Tracing.OTLPEndpoint; t != "" {
		if u, err := url.Parse(t); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("tracing.otlpEndpoint", "must be an http(s) URL of an OTLP/HTTP collector, e.g. http://127.0.0.1:4318")
		}
	}
	if c.HTTP.ShutdownDrain < 0 {
		bad("http.shutdownDrain", "must be 0s or more, e.g. 10s, got %s", c.HTTP.ShutdownDrain)
	} else if c.HTTP.ShutdownDrain > MaxShutdownDrain {
		bad("http.shutdownDrain", "must be at most %s, e.g. 10s, got %s", MaxShutdownDrain, c.HTTP.ShutdownDrain)
	}
	if c.Tracing.SampleRatio < 0 || c.Tracing.SampleRatio > 1 {
		bad("tracing.sampleRatio", "must be between 0 and 1")
	}
	if c.Audit.Retention < 24*time.Hour {
		bad("audit.retention", "must be at least 24h, got %s", c.Audit.Retention)
	}
	if c.Mail.Retention < time.Hour {
		bad("mail.retention", "must be at least 1h, got %s", c.Mail.Retention)
	}
	for _, j := range []struct {
		key string
		d   time.Duration
	}{{"jobs.sweepInterval", c.Jobs.SweepInterval}, {"jobs.mailInterval", c.Jobs.MailInterval}} {
		if j.d < minJobInterval {
			bad(j.key, "must be at least %s, got %s", minJobInterval, j.d)
		}
	}
	if !slices.Contains([]string{LogFormatAuto, LogFormatJSON, LogFormatConsole}, c.Log.Format) {
		bad("log.format", "must be auto, json or console, got %q", c.Log.Format)
	}
	s := c.Identity.Embedded.AddressSlowdown
	if s.FreeFailures < 0 || s.DoublingEvery < 1 || s.BaseDelay < 0 || s.MaxDelay < s.BaseDelay {
		bad("identity.embedded.addressSlowdown", "freeFailures >= 0, doublingEvery >= 1, 0 <= baseDelay <= maxDelay required")
	}
	m := c.Identity.Embedded.MailLimits
	if m.PerAccount < 0 || m.PerAddress < 0 || m.Window <= 0 {
		bad("identity.embedded.mailLimits", "perAccount and perAddress >= 0 and a positive window required")
	}
	if st := c.Identity.Embedded.StartLimits; st.PerAddress < 0 || st.Window <= 0 {
		bad("identity.embedded.startLimits", "perAddress >= 0 and a positive window required")
	}
}
