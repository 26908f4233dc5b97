// Package social is the social login of the embedded identity provider: the OpenID Connect authorisation-code
// flow with PKCE against Apple, Google and Facebook (or, outside production, the development issuer that plays
// them). The browser only sees redirects: /identity/social/{provider}/start sends it to the provider, the
// provider sends it back to /identity/social/{provider}/callback, and the callback sends it to the app with the
// contract's outcome as errorCode (and regToken) in the query. This package decides each step; the HTTP
// endpoints that carry the steps to the browser are package socialapi.
package social

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/identity/embedded"
)

// ProviderNames are the contract's provider names, in the order they are shown: the embedded provider's, which
// answers the contract.
var ProviderNames = embedded.SocialProviders

// Identity is what a verified ID token says about the user. Email is as the provider sent it (may be empty:
// Facebook without the e-mail permission); the identity provider decides what an unverified one is worth.
type Identity struct {
	Provider      string
	Subject       string
	Email         string
	EmailVerified bool
	FirstName     string
	LastName      string
	// LoginMode and RegToken are what the app passed to socialLogin ("link" with the regToken of a conflict).
	LoginMode string
	RegToken  string
	// Lang is the app's language when the login started ("" when it named none or an unusable one).
	Lang string
}

// Outcome is the identity provider's answer to a social login in the contract's terms: ErrorCode 0 with a new
// session, 206001 with a regToken (new social user missing required fields), 403043 with a regToken (the
// e-mail belongs to an existing site account: link them), or another contract code.
type Outcome struct {
	ErrorCode int
	RegToken  string
	// Session is set on success; the callback puts it in the browser before redirecting.
	Session *http.Cookie
}

// Complete finishes a social login in the identity provider, which the caller (the HTTP edge) reaches with
// what it reads from the request: the current session cookie and the client address. It may set the session
// cookie itself instead of returning Outcome.Session.
type Complete func(ctx context.Context, id Identity) (Outcome, error)

// Provider is one configured OpenID Connect provider. When Dev is true its URLs are paths on the service
// itself (the development issuer), resolved against the public URL at request time.
type Provider struct {
	Name             string
	ClientID         string
	ClientSecret     string
	Issuer           string
	AuthorizationURL string
	TokenURL         string
	JWKSURL          string
	Scopes           []string
	ResponseMode     string
	Dev              bool
}

// Settings are what the social login is configured by; the composition root fills them from identity.social.*,
// http.publicUrl, apps.*.host and env.
type Settings struct {
	// Providers are the usable providers by contract name: configured with a client id, or played by the
	// development issuer (Provider.Dev).
	Providers map[string]Provider
	// PublicURL is the service's public URL; empty means the request's scheme and host.
	PublicURL string
	// AppHosts are the apps' own host names, where an absolute redirect URL may point.
	AppHosts []string
	// Production refuses plain-http app redirects and marks the state cookie Secure.
	Production bool
	// StateSecret encrypts the login-state cookie; empty means a random key for this process.
	StateSecret string
}

// Deps are what the social login is built from.
type Deps struct {
	Settings Settings
	Logger   *zap.Logger
	// HTTPClient calls the providers' token and JWKS endpoints; nil means a client with a 10-second timeout.
	HTTPClient *http.Client
	// Now is the clock (tests); nil means time.Now.
	Now func() time.Time
}

// Service runs the flow.
type Service struct {
	providers  map[string]Provider
	publicURL  string
	appHosts   []string
	production bool
	hc         *http.Client
	keys       *keySets
	states     *sealer
	spent      spentStates
	log        *zap.Logger
	now        func() time.Time
}

// New builds the service; package socialapi serves it.
func New(d Deps) (*Service, error) {
	if d.Logger == nil {
		d.Logger = zap.NewNop()
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.HTTPClient == nil {
		d.HTTPClient = &http.Client{
			Timeout: 10 * time.Second,
			// A token endpoint has no business redirecting; following would resend the code elsewhere.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}
	}
	st, err := newSealer(d.Settings.StateSecret)
	if err != nil {
		return nil, fmt.Errorf("social: %w", err)
	}
	s := &Service{
		providers: d.Settings.Providers, publicURL: strings.TrimRight(d.Settings.PublicURL, "/"),
		appHosts:   nonEmpty(d.Settings.AppHosts...),
		production: d.Settings.Production, hc: d.HTTPClient,
		keys: newKeySets(d.HTTPClient), states: st, log: d.Logger, now: d.Now,
	}
	if d.Settings.StateSecret == "" && s.production && len(s.providers) > 0 {
		d.Logger.Warn("identity.social.stateSecret is not set: social logins started on one replica fail on another")
	}
	return s, nil
}

// RoutePrefix is where the flow's endpoints live.
const RoutePrefix = "/identity/social/"

// Enabled lists the providers that can be used, for the app and for accounts.socialLogin.
func (s *Service) Enabled() []string {
	var out []string
	for _, n := range ProviderNames {
		if _, ok := s.providers[n]; ok {
			out = append(out, n)
		}
	}
	return out
}

// Errors of StartURL.
var (
	// ErrProviderName: the name is none of ProviderNames (contract: 400006 naming provider).
	ErrProviderName = errors.New("social: provider must be one of the contract's")
	// ErrUnknownProvider: the provider is one of ProviderNames but not configured (contract: 500023).
	ErrUnknownProvider = errors.New("social: provider not configured")
	ErrRedirectURL     = errors.New("social: redirectURL must be a path on this site")
)

// StartURL is where the browser goes to log in with provider and come back to redirectURL: the answer of
// accounts.socialLogin in the embedded provider. loginMode and regToken are passed on ("link" with the regToken
// of a conflict), and so is the app's language, for the mails of the login. ErrProviderName, ErrUnknownProvider or
// ErrRedirectURL; the start endpoint checks the redirect again against the request's host.
func (s *Service) StartURL(provider, redirectURL, loginMode, regToken, lang string) (string, error) {
	if !slices.Contains(ProviderNames, provider) {
		return "", ErrProviderName
	}
	if _, ok := s.providers[provider]; !ok {
		return "", ErrUnknownProvider
	}
	if _, err := s.checkRedirect(redirectURL, s.publicURL); err != nil {
		return "", err
	}
	if loginMode != "" && loginMode != "standard" && loginMode != "link" {
		return "", ErrLoginMode
	}
	q := url.Values{}
	for k, v := range map[string]string{"redirectURL": redirectURL, "loginMode": loginMode, "regToken": regToken, "lang": languageTag(lang)} {
		if v != "" {
			q.Set(k, v)
		}
	}
	u := RoutePrefix + provider + "/start"
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	return u, nil
}

// ErrLoginMode is returned for a loginMode other than standard or link.
var ErrLoginMode = errors.New("social: loginMode must be standard or link")

// checkRedirect accepts a same-site path, or an absolute http(s) URL on the service's own origin (base; any
// origin when base is unknown, the start endpoint checks again) or on a configured app host. Anything else could
// send the browser, with a regToken in the query, to another site.
func (s *Service) checkRedirect(raw, base string) (string, error) {
	if !strings.HasPrefix(raw, "http://") && !strings.HasPrefix(raw, "https://") {
		return SafeRedirect(raw)
	}
	if len(raw) > maxRedirectURL || strings.ContainsAny(raw, "\\") || strings.IndexFunc(raw, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0 {
		return "", ErrRedirectURL
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.User != nil || u.Opaque != "" {
		return "", ErrRedirectURL
	}
	if base == "" {
		return raw, nil
	}
	b, err := url.Parse(base)
	if err != nil {
		return "", ErrRedirectURL
	}
	if u.Scheme == b.Scheme && strings.EqualFold(u.Host, b.Host) {
		return raw, nil
	}
	for _, h := range s.appHosts {
		if strings.EqualFold(u.Hostname(), h) && (u.Scheme == "https" || !s.production) {
			return raw, nil
		}
	}
	return "", ErrRedirectURL
}

func nonEmpty(values ...string) []string {
	var out []string
	for _, v := range values {
		if v != "" {
			out = append(out, v)
		}
	}
	return out
}

// maxRedirectURL caps the app's return path.
const maxRedirectURL = 2048

// SafeRedirect accepts a same-site path ("/login?x=1"), never an absolute or scheme-relative URL, so the
// flow cannot send a browser to another site. Empty means "/".
func SafeRedirect(raw string) (string, error) {
	if raw == "" {
		return "/", nil
	}
	if len(raw) > maxRedirectURL || !strings.HasPrefix(raw, "/") || strings.HasPrefix(raw, "//") ||
		strings.ContainsAny(raw, "\\") || strings.IndexFunc(raw, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0 {
		return "", ErrRedirectURL
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" || !strings.HasPrefix(u.Path, "/") {
		return "", ErrRedirectURL
	}
	// Browsers resolve "/%2F/evil.example" only as a path, but a decoded "//" prefix is refused all the same.
	if strings.HasPrefix(u.Path, "//") {
		return "", ErrRedirectURL
	}
	return raw, nil
}

// withOutcome appends errorCode (and errorDetails, regToken, provider) to the app's URL, replacing any it carried.
func withOutcome(redirectURL string, code int, details, regToken, provider string) string {
	u, err := url.Parse(redirectURL)
	if err != nil {
		u = &url.URL{Path: "/"}
	}
	q := u.Query()
	q.Del("errorDetails")
	q.Del("regToken")
	q.Del("provider")
	q.Set("errorCode", fmt.Sprint(code))
	if details != "" {
		q.Set("errorDetails", details)
	}
	if regToken != "" {
		q.Set("regToken", regToken)
	}
	if provider != "" {
		q.Set("provider", provider)
	}
	u.RawQuery = q.Encode()
	u.Fragment = ""
	return u.String()
}

// PublicURL is the service's public URL as configured (no trailing slash); empty means each request's own.
func (s *Service) PublicURL() string { return s.publicURL }

// resolve turns a dev issuer path into a URL on base; absolute URLs stay.
func resolve(base, u string) string {
	if strings.HasPrefix(u, "/") {
		return base + u
	}
	return u
}

// languageTag is lang when it has the shape of a language (identity.IsLanguageTag), or "" for anything else: it
// travels in the login state cookie, so it stays short, and a start URL with another shape still logs in, in the
// default language.
func languageTag(lang string) string {
	if !identity.IsLanguageTag(lang) {
		return ""
	}
	return lang
}
