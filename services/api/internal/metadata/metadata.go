// Package metadata assembles the document the apps load first
// (GET /rest/v1/metadata): languages, CMS id, identity provider and
// third-party settings, and the per-country input rules.
package metadata

import (
	"encoding/json"
	"maps"
)

// Document is the metadata as the apps read it; field order and names are
// the contract with libs/cms.
type Document struct {
	Locales                   []string        `json:"locales"`
	DefaultLocale             string          `json:"defaultLocale"`
	CMS                       CMS             `json:"cms"`
	RestAPI                   string          `json:"restApi"`
	SSO                       SSO             `json:"sso"`
	MarketingPreferenceCenter APIKey          `json:"marketingPreferenceCenter"`
	ForceConsent              bool            `json:"forceConsent"`
	CountryGermany            bool            `json:"countryGermany"`
	OwnID                     OwnID           `json:"ownId"`
	UserCentrics              UserCentrics    `json:"userCentrics"`
	AdobeTagManager           AdobeTagManager `json:"adobeTagManager"`
	Validation                Validation      `json:"validation"`
	EnvironmentType           string          `json:"environmentType"`
	Currency                  string          `json:"currency"`
	Identity                  Identity        `json:"identity"`
	// BackButtonReferrers are origins or URL prefixes whose visitors see a back button in the account shell.
	BackButtonReferrers []string `json:"backButtonReferrers"`
}

// CMS names the content set to load from /cms/{id}/{language}.json.
type CMS struct {
	ID string `json:"id"`
}

// SSO configures single sign-on; CustomLogin routes logins through the backend.
type SSO struct {
	APIKey      string `json:"apiKey"`
	CustomLogin bool   `json:"customLogin"`
}

// APIKey wraps a public, browser-visible key.
type APIKey struct {
	APIKey string `json:"apiKey"`
}

// OwnID configures the passwordless login widget.
type OwnID struct {
	Environment string `json:"environment"`
	Application string `json:"application"`
}

// UserCentrics configures the consent banner.
type UserCentrics struct {
	SettingsID string `json:"settingsId"`
}

// AdobeTagManager configures the tag manager script.
type AdobeTagManager struct {
	LaunchURL string `json:"launchUrl"`
}

// Validation holds the input rules the apps apply per country.
type Validation struct {
	ZipCode map[string]ZipCodeRule `json:"zipCode"`
}

// ZipCodeRule is a country's postcode pattern and the message shown when input does not match.
type ZipCodeRule struct {
	Regex        string `json:"regex"`
	ErrorMessage string `json:"errorMessage"`
}

// Identity tells the apps which identity provider adapter to use.
type Identity struct {
	// Provider is "embedded" (this service), "cdc" (SAP Customer Data Cloud) or "fake".
	Provider string `json:"provider"`
	CDC      CDC    `json:"cdc"`
	// SessionIdleSeconds is how long a session of the embedded provider lives without a request: the account
	// portal warns before it ends and keeps it alive while the shopper works (WCAG 2.2.1). 0 for another provider.
	SessionIdleSeconds int `json:"sessionIdleSeconds,omitempty"`
	// SocialProviders are the social logins the login and registration pages offer, in their order (apple,
	// googleplus, facebook): those the deployment set up.
	SocialProviders []string `json:"socialProviders"`
}

// CDC holds the public settings of SAP Customer Data Cloud.
type CDC struct {
	APIKey     string `json:"apiKey"`
	DataCenter string `json:"dataCenter"`
}

// Countries are the 32 country codes the address forms offer.
var Countries = []string{
	"AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV",
	"LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "GB", "IS", "LI", "NO", "CH",
}

// DefaultZipCodeRules returns the postcode rules of every country: five
// digits for Germany and Luxembourg, four for Belgium, and up to ten letters,
// digits, spaces or hyphens elsewhere. Their error messages are message keys
// the apps translate into every shipped language (a configured rule may give
// a key or a text).
func DefaultZipCodeRules() map[string]ZipCodeRule {
	rules := make(map[string]ZipCodeRule, len(Countries))
	for _, c := range Countries {
		rules[c] = ZipCodeRule{Regex: `^[A-Za-z0-9 -]{1,10}$`, ErrorMessage: "global.zipcode.invalid"}
	}
	rules["DE"] = ZipCodeRule{Regex: `^\d{5}$`, ErrorMessage: "global.zipcode.invalid.digits5"}
	rules["LU"] = ZipCodeRule{Regex: `^\d{5}$`, ErrorMessage: "global.zipcode.invalid.digits5"}
	rules["BE"] = ZipCodeRule{Regex: `^\d{4}$`, ErrorMessage: "global.zipcode.invalid.digits4"}
	return rules
}

// WithZipCodeRules returns d with overrides merged over the built-in rules, so
// configuring one country leaves the others in place.
func (d Document) WithZipCodeRules(overrides map[string]ZipCodeRule) Document {
	rules := DefaultZipCodeRules()
	maps.Copy(rules, overrides)
	d.Validation.ZipCode = rules
	return d
}

// JSON encodes the document once, so handlers serve the same bytes every time.
func (d Document) JSON() ([]byte, error) {
	if d.Locales == nil {
		d.Locales = []string{}
	}
	if d.Validation.ZipCode == nil {
		d.Validation.ZipCode = map[string]ZipCodeRule{}
	}
	if d.BackButtonReferrers == nil {
		d.BackButtonReferrers = []string{}
	}
	if d.Identity.SocialProviders == nil {
		d.Identity.SocialProviders = []string{}
	}
	return json.Marshal(d)
}
