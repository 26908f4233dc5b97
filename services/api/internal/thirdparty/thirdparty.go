// Package thirdparty starts the retailer's consent manager (Usercentrics) and tag manager (Adobe Launch) on the
// apps' pages, as the retailer's own sites do: the consent manager first, the tag manager only once the shopper has
// consented to it. Both are named by metadata (userCentrics.settingsId, adobeTagManager.launchUrl); with neither
// configured nothing is added and nothing from a third party loads. The Content-Security-Policy opens for their
// origins by the same settings (config.ContentSecuritySources).
package thirdparty

import (
	_ "embed"
	"html"
	"strings"
)

// ConsentManagerScript is the consent manager's loader (Usercentrics browser CMP v3), configured by
// data-settings-id; its origin is covered by config.DefaultConsentManagerSource.
const ConsentManagerScript = "https://web.cmp.usercentrics.eu/ui/loader.js"

// ScriptPath is where the service serves Script.
const ScriptPath = "/third-party/consent.js"

// Script is the small same-origin script the pages load: it listens for the consent manager's consent events,
// then adds the consent manager's loader, and adds the tag manager once the shopper consented to it; neither while
// the address still holds a mail link's token, which the app takes out as it reads it (the script may run first).
//
//go:embed consent.js
var Script []byte

// Settings are the two metadata settings.
type Settings struct {
	// SettingsID is metadata userCentrics.settingsId; empty loads no consent manager (and so no tag manager).
	SettingsID string
	// LaunchURL is metadata adobeTagManager.launchUrl; empty loads no tag manager.
	LaunchURL string
}

// Enabled reports whether anything is loaded: without a consent manager nobody can consent to the tag manager.
func (s Settings) Enabled() bool { return s.SettingsID != "" }

// HeadTag is the element the apps' index.html carries in its head, or "" when nothing is configured. A classic
// script reads its settings from its own data attributes, so no inline script is needed (the policy forbids them).
func (s Settings) HeadTag() string {
	if !s.Enabled() {
		return ""
	}
	var b strings.Builder
	b.WriteString(`<script src="` + ScriptPath + `" data-consent-manager="` + html.EscapeString(ConsentManagerScript) +
		`" data-settings-id="` + html.EscapeString(s.SettingsID) + `"`)
	if s.LaunchURL != "" {
		b.WriteString(` data-launch-url="` + html.EscapeString(s.LaunchURL) + `"`)
	}
	b.WriteString(` async></script>`)
	return b.String()
}
