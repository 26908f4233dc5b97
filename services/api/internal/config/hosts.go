package config

import (
	"net"
	"net/url"

	"github.com/go-webauthn/webauthn/protocol"
	"golang.org/x/net/idna"
)

// HostCookiePrefix is the cookie name prefix browsers bind to the host that set it (production's session cookie).
const HostCookiePrefix = "__Host-"

// normalizeHosts writes the host names of the settings in their ASCII form (IDNA A-labels: bücher.example is
// xn--bcher-kva.example), the form browsers send in Host and Origin and WebAuthn hashes as the relying-party id: a
// Unicode host stopped start-up with the passkey library's "apply IDNA normalization" (operator round), and an app
// host in Unicode would never match a request. A name IDNA refuses stays as written, for Validate to name.
func (c *Config) normalizeHosts() {
	c.HTTP.PublicURL = asciiURLHost(c.HTTP.PublicURL)
	p := &c.Identity.Embedded.Passkeys
	p.RPID = asciiHost(p.RPID)
	for i, o := range p.Origins {
		p.Origins[i] = asciiURLHost(o)
	}
	c.Apps.AccountPortal.Host = asciiHost(c.Apps.AccountPortal.Host)
	c.Apps.PreferenceCentre.Host = asciiHost(c.Apps.PreferenceCentre.Host)
}

// asciiHost is host's IDNA form, or host itself when it is ASCII already or IDNA refuses it.
func asciiHost(host string) string {
	if isASCII(host) {
		return host
	}
	if a, err := idna.Lookup.ToASCII(host); err == nil {
		return a
	}
	return host
}

// asciiURLHost is raw with its host in IDNA form; any other URL stays byte for byte as written.
func asciiURLHost(raw string) string {
	if isASCII(raw) {
		return raw
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || isASCII(u.Hostname()) {
		return raw
	}
	host := asciiHost(u.Hostname())
	if host == u.Hostname() {
		return raw
	}
	if port := u.Port(); port != "" {
		host = net.JoinHostPort(host, port)
	}
	u.Host = host
	return u.String()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// passkeysRPIDError says why the passkeys' relying-party id would be refused, as the embedded provider derives it
// (identity/embedded PasskeyConfig.resolve): the rpId setting, else the host of http.publicUrl, localhost for an IP
// address. The check is the WebAuthn library's own (protocol.ValidateRPID: localhost or a domain of two or more
// labels, no scheme, port, path or IP address), so what passes here passes there; it refused a one-word host such
// as a compose service's (http://portal:8080) only as the provider started, naming neither setting (operator
// round). The key names the setting to change; empty key: nothing to refuse.
func (c Config) passkeysRPIDError() (key, id string, err error) {
	if id := c.Identity.Embedded.Passkeys.RPID; id != "" {
		return "identity.embedded.passkeys.rpId", id, protocol.ValidateRPID(id)
	}
	// The vendor's provider has no passkeys of ours; an empty public URL is the listener's, on localhost.
	if c.Metadata.Identity.Provider == "cdc" || c.HTTP.PublicURL == "" {
		return "", "", nil
	}
	u, err := url.Parse(c.HTTP.PublicURL)
	if err != nil || u.Hostname() == "" || net.ParseIP(u.Hostname()) != nil {
		return "", "", nil
	}
	return "http.publicUrl", u.Hostname(), protocol.ValidateRPID(u.Hostname())
}
