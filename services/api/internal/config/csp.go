package config

import (
	"net/url"
	"regexp"
	"slices"
	"strings"
)

// DefaultConsentManagerSource is where the consent manager's loader and API live (Usercentrics documents
// https://*.usercentrics.eu for script-src, connect-src and img-src).
const DefaultConsentManagerSource = "https://*.usercentrics.eu"

var settingsIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// ContentSecuritySources are the script and connect sources the Content-Security-Policy adds to 'self': the
// configured http.csp lists, the consent manager's sources while metadata.userCentrics.settingsId is set, and
// the tag manager's (the origin of metadata.adobeTagManager.launchUrl and http.csp.tagManager) while its launch
// URL is set. With neither configured (the default) nothing from a third party may load.
func (c Config) ContentSecuritySources() (script, connect []string) {
	script, connect = slices.Clone(c.HTTP.CSP.ScriptSrc), slices.Clone(c.HTTP.CSP.ConnectSrc)
	add := func(sources ...string) {
		for _, s := range sources {
			if !slices.Contains(script, s) {
				script = append(script, s)
			}
			if !slices.Contains(connect, s) {
				connect = append(connect, s)
			}
		}
	}
	if c.Metadata.UserCentrics.SettingsID != "" {
		add(c.HTTP.CSP.ConsentManager...)
	}
	if launch := c.Metadata.AdobeTagManager.LaunchURL; launch != "" {
		if u, err := url.Parse(launch); err == nil && u.Host != "" {
			add(u.Scheme + "://" + u.Host)
		}
		add(c.HTTP.CSP.TagManager...)
	}
	return script, connect
}

func (c Config) validateThirdParty(bad func(key, format string, args ...any)) {
	csp := c.HTTP.CSP
	for _, s := range slices.Concat(csp.ScriptSrc, csp.ConnectSrc, csp.ConsentManager, csp.TagManager) {
		// A quote or semicolon would let a setting rewrite the policy (e.g. add 'unsafe-inline').
		if s == "" || strings.ContainsAny(s, "'; \t\n\"") {
			bad("http.csp", "source %q must be a plain host or URL", s)
		}
	}
	if id := c.Metadata.UserCentrics.SettingsID; id != "" && !settingsIDPattern.MatchString(id) {
		bad("metadata.userCentrics.settingsId", "must be 1-64 letters, digits, '_' or '-', got %q", id)
	}
	if launch := c.Metadata.AdobeTagManager.LaunchURL; launch != "" {
		u, err := url.Parse(launch)
		local := err == nil && (u.Hostname() == "localhost" || u.Hostname() == "127.0.0.1")
		if err != nil || u.Host == "" || (u.Scheme != "https" && !(u.Scheme == "http" && local && c.Env != EnvProduction)) {
			bad("metadata.adobeTagManager.launchUrl", "must be an absolute https URL, got %q", launch)
		}
	}
	for _, r := range c.Metadata.BackButtonReferrers {
		if u, err := url.Parse(r); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			bad("metadata.backButtonReferrers", "%q must be an absolute http(s) URL or origin", r)
		}
	}
}
