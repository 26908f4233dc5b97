package config

import (
	"net"
	"net/url"
	"strconv"
	"strings"

	"github.com/go-webauthn/webauthn/protocol"
	"golang.org/x/net/idna"
)

// HostCookiePrefix is the cookie name prefix browsers bind to the host that set it (production's session cookie).
const HostCookiePrefix = "__Host-"

// normalizeHosts writes the host names of the settings in their canonical form: in lower case, and in ASCII
// (IDNA A-labels: bücher.example is xn--bcher-kva.example). That is the form browsers send in Host and Origin and
// WebAuthn hashes as the relying-party id: a Unicode host stopped start-up with the passkey library's "apply IDNA
// normalization" (operator round), a public URL written as the brand is (https://Konto.Example.DE) made every passkey
// answer fail its relying-party id hash and no trusted origin match a browser's (operator round of 2026-11-29), and an
// app host in either form would never match a request. A name IDNA refuses stays as written, for Validate to name.
func (c *Config) normalizeHosts() {
	c.HTTP.PublicURL = canonicalURLHost(c.HTTP.PublicURL)
	p := &c.Identity.Embedded.Passkeys
	p.RPID = canonicalHost(p.RPID)
	for i, o := range p.Origins {
		p.Origins[i] = canonicalURLHost(o)
	}
	c.Apps.AccountPortal.Host = canonicalHost(c.Apps.AccountPortal.Host)
	c.Apps.PreferenceCentre.Host = canonicalHost(c.Apps.PreferenceCentre.Host)
}

// canonicalHost is host in lower case and IDNA form, or host itself when IDNA refuses it. IDNA's lookup profile
// maps to lower case itself.
func canonicalHost(host string) string {
	if isASCII(host) {
		return strings.ToLower(host)
	}
	if a, err := idna.Lookup.ToASCII(host); err == nil {
		return a
	}
	return host
}

// canonicalURLHost is raw with its host in canonical form; any other URL stays as written.
func canonicalURLHost(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return raw
	}
	host := canonicalHost(u.Hostname())
	if host == u.Hostname() {
		return raw
	}
	// Hostname is u.Host without the port and an IPv6 address's brackets, which stay.
	u.Host = strings.Replace(u.Host, u.Hostname(), host, 1)
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

// passkeysRPID is the passkeys' relying-party id as the embedded provider derives it (identity/embedded
// PasskeyConfig.resolve; this is its one twin): the rpId setting, else the host of http.publicUrl, localhost for an
// IP address. The key names the setting it comes from; empty key: no passkeys of ours (the vendor's provider, or no
// public URL yet: the listener's, on localhost).
func (c Config) passkeysRPID() (key, id string) {
	if id := c.Identity.Embedded.Passkeys.RPID; id != "" {
		return "identity.embedded.passkeys.rpId", id
	}
	host := c.publicHost()
	if c.Metadata.Identity.Provider == "cdc" || host == "" {
		return "", ""
	}
	if net.ParseIP(host) != nil {
		return "http.publicUrl", "localhost"
	}
	return "http.publicUrl", host
}

// publicHost is the host name of http.publicUrl; empty when it has none.
func (c Config) publicHost() string {
	if u, err := url.Parse(c.HTTP.PublicURL); err == nil {
		return u.Hostname()
	}
	return ""
}

// passkeysRPIDError says why the passkeys' relying-party id would be refused. The check is the WebAuthn library's
// own (protocol.ValidateRPID: localhost or a domain of two or more labels, no scheme, port, path or IP address), so
// what passes here passes there; it refused a one-word host such as a compose service's (http://portal:8080) only as
// the provider started, naming neither setting (operator round). The key names the setting to change; empty key:
// nothing to refuse.
func (c Config) passkeysRPIDError() (key, id string, err error) {
	if key, id = c.passkeysRPID(); key == "" {
		return "", "", nil
	}
	return key, id, protocol.ValidateRPID(id)
}

// validatePasskeyOrigins: the host of every origin passkeys are accepted from is the relying-party id or a subdomain
// of it. A browser refuses any other pairing before it asks the authenticator (WebAuthn: the rpId must be a
// registrable domain suffix of the origin's effective domain), unless the rpId's host lists the origin at
// /.well-known/webauthn (related origins), which this service does not serve: such an origin could never use a
// passkey, and nothing said so. With no origins set, the one origin is http.publicUrl's (localhost for an IP address).
// Ports and schemes do not matter here.
func (c Config) validatePasskeyOrigins(bad func(key, format string, args ...any)) {
	key, id := c.passkeysRPID()
	if key == "" || protocol.ValidateRPID(id) != nil { // refused on its own already
		return
	}
	const origins = "identity.embedded.passkeys.origins"
	from := "the relying-party id " + strconv.Quote(id) + " (" + key + ")"
	if key == "http.publicUrl" {
		from = "the relying-party id " + strconv.Quote(id) + " (the host of http.publicUrl; identity.embedded.passkeys.rpId is unset)"
	}
	if len(c.Identity.Embedded.Passkeys.Origins) == 0 {
		host := c.publicHost()
		if net.ParseIP(host) != nil {
			host = "localhost"
		}
		if host != "" && !onRelyingParty(host, id) {
			bad(key, "%q is neither the host of http.publicUrl (%q) nor a parent domain of it, so browsers refuse passkeys on the service's origin "+
				"(WebAuthn; the service serves no /.well-known/webauthn for related origins); set %s to the origins shoppers open under %q, or change the rpId",
				id, host, origins, id)
		}
		return
	}
	for _, o := range c.Identity.Embedded.Passkeys.Origins {
		if u, err := url.Parse(o); err == nil && u.Hostname() != "" && !onRelyingParty(u.Hostname(), id) {
			bad(origins, "%q is neither on %s nor on a subdomain of it, so browsers refuse passkeys there "+
				"(WebAuthn; the service serves no /.well-known/webauthn for related origins); list only origins under %q", o, from, id)
		}
	}
}

// onRelyingParty: host is the relying-party id or a subdomain of it. Both are in lower case (normalizeHosts).
func onRelyingParty(host, rpID string) bool {
	return host == rpID || strings.HasSuffix(host, "."+rpID)
}
