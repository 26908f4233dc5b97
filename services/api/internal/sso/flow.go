package sso

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/rs/cors"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
	"golang.org/x/text/language"
)

// Paths under Path served beside op's protocol endpoints (by ssoapi).
const (
	// ContinuePath is where a sign-in request goes after op stored it, and where the account portal sends
	// the shopper back after the login (/login/redirect).
	ContinuePath = "/continue"
	// ConsentPath answers what a partner asks for (GET) and takes the shopper's decision (POST).
	ConsentPath = "/consent"
	// PartnersPath lists the registered partners for the account portal (logout addresses, back button).
	PartnersPath = "/partners"
)

// The account portal's pages of the hand-over, and the query parameter naming the sign-in request: the
// portal keeps its value as the partner token (`oidcServicePartner`, spec 000 §3).
const (
	PortalLogin   = "/login"
	PortalConsent = "/login/consent"
	// PortalLogout is the portal's logout page (spec 000 §2): it logs out, then goes to its `redirect` parameter
	// when that is a page of the portal or a partner's registered logout address.
	PortalLogout = "/logout"
	// ConfirmLogoutParam on the logout page: a partner's logout that the provider cannot tell to be the shopper's
	// (no id_token_hint, or one of another shopper than the browser's session) asks the shopper before it logs out
	// (OpenID Connect RP-Initiated Logout 1.0 §2); its value names the partner that asked, empty when the request
	// named none. It is no secret: a page that drops it has crafted a plain /logout, which any page can link to and
	// which logs out without asking (spec 000 §2). The question guards the provider's endpoint, which a partner's
	// logout link names, and which the spec asks to ask.
	ConfirmLogoutParam = "confirm"
	RequestParam       = "oidcRequest"
	// PartnerParam names, beside the request, the registered partner it is for (its client id). The request's id is
	// opaque and its request gone once expired, so the portal keeps this for the tab: the page of an expired sign-in
	// then offers the way back to that partner's start page (QA journeys round, 2026-11-30: it offered only the
	// login, which a logged-in shopper already had). The portal looks the id up among the registered partners only.
	PartnerParam = "partner"
	// LoginAgainParam=login on the login page: the partner asks a logged-in shopper to log in again (prompt=login,
	// max_age), and the page shows its form although a session is there.
	LoginAgainParam = "prompt"
)

// Locales the login pages speak (ui_locales is handed on to them).
var supportedLocales = []language.Tag{language.German, language.English, language.French, language.Dutch, language.Spanish, language.Polish, language.Portuguese}

// NewProvider builds op's provider on the service: its storage, the issuer of the request's host, S256 PKCE,
// refresh tokens (for clients allowed them).
func (s *Service) NewProvider(ctx context.Context) (*op.Provider, error) {
	// The key that seals op's access tokens and codes; shared by all replicas through the database.
	secret, err := s.store.Secret(ctx, "access-token-key", randomToken())
	if err != nil {
		return nil, err
	}
	cfg := &op.Config{
		CryptoKey:                sha256.Sum256([]byte(secret)),
		CryptoKeyId:              "db1",
		DefaultLogoutRedirectURI: PortalLogin,
		CodeMethodS256:           true,
		AuthMethodPost:           true,
		GrantTypeRefreshToken:    true,
		SupportedUILocales:       supportedLocales,
		SupportedScopes:          supportedScopes,
	}
	opts := []op.Option{op.WithCORSOptions(s.corsOptions())}
	if !s.settings.Production {
		opts = append(opts, op.WithAllowInsecure())
	}
	return op.NewProvider(cfg, storage{s}, func(bool) (op.IssuerFromRequest, error) { return s.IssuerFor, nil }, opts...)
}

// corsOptions let the pages of registered partners, and only theirs, read the provider's answers: a partner app
// in the browser (a public client) exchanges its code and asks for userinfo from its own origin. op's default
// lets every origin read them with the shopper's cookies; none of these endpoints needs the cookies.
func (s *Service) corsOptions() *cors.Options {
	return &cors.Options{
		AllowedMethods: []string{http.MethodGet, http.MethodHead, http.MethodPost},
		AllowedHeaders: []string{"Accept", "Accept-Language", "Authorization", "Content-Type"},
		ExposedHeaders: []string{"Location", "Content-Length"},
		AllowOriginVaryRequestFunc: func(r *http.Request, origin string) (bool, []string) {
			return s.partnerOrigin(r.Context(), origin), nil
		},
	}
}

// partnerOrigin reports whether an origin is that of a registered client's redirect address. Only a request
// from another site's page names an origin to look up (the partners are few, their table does not grow with
// sign-ins); a server's request names none.
func (s *Service) partnerOrigin(ctx context.Context, origin string) bool {
	if origin == "" {
		return false
	}
	partners, err := s.Partners(ctx)
	if err != nil {
		return false
	}
	for _, c := range partners {
		for _, raw := range c.RedirectURIs {
			if u, err := url.Parse(raw); err == nil && strings.EqualFold(u.Scheme+"://"+u.Host, origin) {
				return true
			}
		}
	}
	return false
}

// IssuerFor is the issuer of the service's own host the request came to: the public URL's, a configured app host,
// or, for a loopback public URL, the loopback name asked (make run prints localhost, a partner may be opened at
// 127.0.0.1); any other host gets the public URL's. Only which host it is comes from the request: the issuer is
// that host as configured, in lower case, with the public URL's scheme and port. OpenID Connect Discovery 1.0 §4.3
// wants the issuer exactly the one a partner configured, and the Host header is the caller's to write (QA security
// round: Host: konto.example.de:1 gave https://konto.example.de:1/oidc and every endpoint on port 1).
func (s *Service) IssuerFor(r *http.Request) string {
	pub, err := url.Parse(s.settings.PublicURL)
	if err != nil || pub.Host == "" {
		return s.Issuer()
	}
	name := r.Host
	if h, _, err := net.SplitHostPort(name); err == nil {
		name = h
	}
	name = strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(name, "["), "]"))
	if i := slices.IndexFunc(s.settings.Hosts, func(h string) bool { return h != "" && strings.EqualFold(h, name) }); i >= 0 {
		name = strings.ToLower(s.settings.Hosts[i])
	} else if strings.EqualFold(name, pub.Hostname()) || !isLoopback(pub.Hostname()) || !isLoopback(name) {
		return s.Issuer()
	}
	host := name
	if port := pub.Port(); port != "" {
		host = net.JoinHostPort(name, port)
	} else if strings.Contains(name, ":") {
		host = "[" + name + "]"
	}
	return pub.Scheme + "://" + host + Path
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Step is what a sign-in request needs next.
type Step int

const (
	// StepInvalid: the request is unknown, expired or answered; Error says why (it cannot go to the partner).
	StepInvalid Step = iota
	// StepLogin: the shopper logs in on the portal's login page.
	StepLogin
	// StepLoginAgain: prompt=login or max_age: the shopper logs in again; the login replaces the current session.
	StepLoginAgain
	// StepConsent: the portal's consent page asks the shopper.
	StepConsent
	// StepAnswerError: the partner gets Error at its redirect address (prompt=none, a declined consent).
	StepAnswerError
	// StepAnswer: the request is authorised; op answers the partner with a code.
	StepAnswer
)

// Decision is the next step of a sign-in request.
type Decision struct {
	Step    Step
	Request AuthRequest
	Error   *oidc.Error
}

// PortalURL is the portal page of a login or consent step, naming the request, its partner (and the partner's
// language).
func (d Decision) PortalURL() string {
	page := PortalLogin
	if d.Step == StepConsent {
		page = PortalConsent
	}
	q := url.Values{RequestParam: {d.Request.ID}, PartnerParam: {d.Request.ClientID}}
	if d.Step == StepLoginAgain {
		q.Set(LoginAgainParam, "login")
	}
	if len(d.Request.Request.Locales) > 0 {
		q.Set("lang", d.Request.Request.Locales[0])
	}
	return page + "?" + q.Encode()
}

// CallbackURL is op's callback that answers the partner of an authorised request.
func (d Decision) CallbackURL() string {
	return Path + "/authorize/callback?id=" + url.QueryEscape(d.Request.ID)
}

// OPRequest is the request as op's error answer needs it.
func (d Decision) OPRequest() op.AuthRequest { return authRequest{d.Request} }

func invalid(err error) (Decision, error) {
	var e *oidc.Error
	if errors.As(err, &e) && e.ErrorType != oidc.ServerError {
		return Decision{Step: StepInvalid, Error: e}, nil
	}
	return Decision{}, err
}

// Continue decides what a stored sign-in request needs next, given the browser's binding cookie (WithBrowser) and
// the shopper of its session (nil without one): the portal's login (no session, prompt=login, a login older than
// max_age, or another shopper than the id_token_hint names), the portal's consent page (a partner that is not
// first-party, without a stored consent), or nothing: then the request is authorised. prompt=none never shows a
// page: it answers login_required or consent_required.
func (s *Service) Continue(ctx context.Context, id, browser string, shopper *Shopper) (Decision, error) {
	req, err := storage{s}.liveRequest(ctx, id)
	if err != nil {
		return invalid(err)
	}
	if !req.startedIn(browser) {
		if !slices.Contains(req.Request.Prompt, oidc.PromptNone) {
			return invalid(unknownRequest())
		}
		// prompt=none in a partner's hidden frame of another site, where a Lax cookie is neither set nor sent: the
		// binding is missing as the session is, and the partner hears login_required as it did before the binding.
		return s.answerError(ctx, req, oidc.ErrLoginRequired())
	}
	client, err := s.Client(ctx, req.ClientID)
	if err != nil {
		return invalid(oidc.ErrInvalidRequest().WithDescription("the partner is no longer registered"))
	}
	if d, ok, err := s.login(ctx, req, shopper); !ok {
		return d, err
	}
	if !client.FirstParty {
		consented, err := s.consented(ctx, shopper.UID, req)
		if err != nil {
			return Decision{}, err
		}
		if !consented || slices.Contains(req.Request.Prompt, oidc.PromptConsent) {
			if slices.Contains(req.Request.Prompt, oidc.PromptNone) {
				return s.answerError(ctx, req, &oidc.Error{ErrorType: "consent_required"})
			}
			return Decision{Step: StepConsent, Request: req}, nil
		}
	}
	return s.authorize(ctx, req, *shopper)
}

// request returns a live request that the browser started: its id is in the login page's address, which anyone
// can be sent, and another browser's shopper must not go on with it (QA: the attacker who started a sign-in sent
// its login page to a shopper and collected the code that shopper's browser got authorised).
func (s *Service) request(ctx context.Context, id, browser string) (AuthRequest, error) {
	req, err := storage{s}.liveRequest(ctx, id)
	if err != nil {
		return AuthRequest{}, err
	}
	if !req.startedIn(browser) {
		return AuthRequest{}, unknownRequest()
	}
	return req, nil
}

// startedIn reports whether the request was started by the browser of the binding cookie's value.
func (r AuthRequest) startedIn(browser string) bool {
	return browser != "" && subtle.ConstantTimeCompare([]byte(hashToken(browser)), []byte(r.Browser)) == 1
}

// login decides whether the shopper's login answers the request (ok). It does not without one, when prompt=login
// or max_age ask for a newer one, or when the partner's id_token_hint names another shopper (OpenID Connect Core
// 3.1.2.1): then the login page asks (again), and prompt=none is answered login_required, as is a request for
// which the shopper logged in and still as another shopper than the hint names.
func (s *Service) login(ctx context.Context, req AuthRequest, shopper *Shopper) (d Decision, ok bool, err error) {
	otherThanHinted := shopper != nil && req.Hint != "" && req.Hint != shopper.UID
	switch {
	case shopper != nil && !otherThanHinted && s.fresh(req, shopper.AuthTime):
		return Decision{}, true, nil
	case slices.Contains(req.Request.Prompt, oidc.PromptNone):
		d, err = s.answerError(ctx, req, oidc.ErrLoginRequired())
	case shopper == nil:
		d = Decision{Step: StepLogin, Request: req}
	case otherThanHinted && shopper.AuthTime.After(req.CreatedAt):
		d, err = s.answerError(ctx, req, oidc.ErrLoginRequired().WithDescription("the shopper logged in as another shopper than id_token_hint names"))
	default:
		d = Decision{Step: StepLoginAgain, Request: req}
	}
	return d, false, err
}

// answerError ends the request and answers its partner with e: an answered request takes no further step (QA: a
// declined request was authorised by a consent posted after it).
func (s *Service) answerError(ctx context.Context, req AuthRequest, e *oidc.Error) (Decision, error) {
	err := s.store.EndRequest(ctx, req.ID, s.clock())
	if errors.Is(err, ErrNotFound) {
		return invalid(unknownRequest())
	}
	if err != nil {
		return Decision{}, err
	}
	return Decision{Step: StepAnswerError, Request: req, Error: e}, nil
}

// Collects reports whether the browser may collect the code of an authorised request at op's callback, which
// finds the request by its id alone: the browser started the request, and its session is the shopper the request
// was authorised for (QA: a poll of the callback without cookies collected another shopper's code).
func (s *Service) Collects(ctx context.Context, id, browser string, shopper *Shopper) (bool, error) {
	req, err := s.request(ctx, id, browser)
	if err != nil {
		_, err := invalid(err)
		return false, err
	}
	return shopper != nil && req.Subject != "" && req.Subject == shopper.UID, nil
}

// fresh reports whether a login at authTime satisfies the request: prompt=login needs a login after the request
// started; max_age one within that many seconds.
func (s *Service) fresh(req AuthRequest, authTime time.Time) bool {
	if authTime.After(req.CreatedAt) {
		return true
	}
	if slices.Contains(req.Request.Prompt, oidc.PromptLogin) {
		return false
	}
	if req.Request.MaxAge == nil {
		return true
	}
	return s.clock().Sub(authTime) <= time.Duration(*req.Request.MaxAge)*time.Second
}

func (s *Service) consented(ctx context.Context, uid string, req AuthRequest) (bool, error) {
	c, err := s.store.Consent(ctx, uid, req.ClientID)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	for _, scope := range grantable(req.Request.Scopes) {
		if !slices.Contains(c.Scopes, scope) {
			return false, nil
		}
	}
	return true, nil
}

// ResponseTypes are the response types the provider answers (its discovery document lists them, and every
// client is registered for them): the authorisation code flow only, never the implicit or a hybrid flow. A request
// for another is refused as unsupported_response_type before op sees it (ssoapi): op has one answer,
// unauthorized_client, for a type its clients are not registered for, and that one says the partner may not use a
// type that others may.
var ResponseTypes = []oidc.ResponseType{oidc.ResponseTypeCode}

// ResponseModes are how the provider answers a partner (its discovery document lists them): in the redirect
// address's query or fragment. Not form_post (CreateAuthRequest).
var ResponseModes = []string{string(oidc.ResponseModeQuery), string(oidc.ResponseModeFragment)}

// supportedScopes are the scopes the provider answers (its discovery document lists them).
var supportedScopes = []string{ScopeOpenID, ScopeProfile, ScopeEmail, ScopeOfflineAccess}

// grantableTo are the scopes of a partner's request that it can be granted, kept on the request in place of those
// it asked: those the provider answers, and offline_access only for a partner allowed refresh tokens. What is not
// granted is then neither shown on the consent page, stored with the consent, nor named in the token answer's
// scope (QA: a partner without refresh tokens was promised offline access on the consent page, and its token
// answer said "openid offline_access" with no refresh token; RFC 6749 §3.3 lets the server grant less).
func grantableTo(c Client, scopes []string) []string {
	var out []string
	for _, sc := range scopes {
		if slices.Contains(supportedScopes, sc) && (sc != ScopeOfflineAccess || c.RefreshTokens) && !slices.Contains(out, sc) {
			out = append(out, sc)
		}
	}
	return out
}

// grantable are the scopes of a request a shopper is asked to consent to: those the provider answers, besides
// openid. Others (phone, address) give a partner nothing here, so they are neither shown nor stored.
func grantable(scopes []string) []string {
	var out []string
	for _, sc := range scopes {
		if sc != ScopeOpenID && slices.Contains(supportedScopes, sc) && !slices.Contains(out, sc) {
			out = append(out, sc)
		}
	}
	return out
}

// authorize records the shopper on the request.
func (s *Service) authorize(ctx context.Context, req AuthRequest, shopper Shopper) (Decision, error) {
	err := s.store.Authorize(ctx, req.ID, shopper.UID, shopper.AuthTime, nil)
	if errors.Is(err, ErrNotFound) {
		return invalid(unknownRequest())
	}
	if err != nil {
		return Decision{}, err
	}
	req.Subject = shopper.UID
	return Decision{Step: StepAnswer, Request: req}, nil
}

// ConsentRequest is what the portal's consent page shows, and to whom: Account is the uid of the shopper whose
// session the page was shown in, which the page's decision names (Decide), and Email that shopper's address, which
// the page names: the partner receives that account's identity (QA: the page named no account, and one logged in
// meanwhile in another tab went to the partner with nothing changed on the page).
type ConsentRequest struct {
	Partner PartnerInfo `json:"partner"`
	Scopes  []string    `json:"scopes"`
	Account string      `json:"account"`
	Email   string      `json:"email"`
}

// AskConsent answers what a live request's partner asks for (the scopes besides openid); the edge names the
// shopper it asks (Account).
func (s *Service) AskConsent(ctx context.Context, id, browser string) (ConsentRequest, Decision, error) {
	req, err := s.request(ctx, id, browser)
	if err != nil {
		d, err := invalid(err)
		return ConsentRequest{}, d, err
	}
	client, err := s.Client(ctx, req.ClientID)
	if err != nil {
		d, err := invalid(oidc.ErrInvalidRequest().WithDescription("the partner is no longer registered"))
		return ConsentRequest{}, d, err
	}
	scopes := grantable(req.Request.Scopes)
	if scopes == nil {
		scopes = []string{}
	}
	return ConsentRequest{Partner: partnerInfo(client), Scopes: scopes}, Decision{Step: StepConsent, Request: req}, nil
}

// Decide takes the logged-in shopper's answer: allow stores the consent and authorises the request; decline
// answers the partner access_denied. The answer counts only from the shopper the consent page was shown to
// (shownTo, the page's ConsentRequest.Account): from another, the request stays at its consent step
// (StepConsent), which the page then asks of the session's shopper. QA of 2026-11-30: the page stayed as one shopper
// logged out and another logged in in another tab, and its "Erlauben" granted the partner the other shopper, who
// had never seen it.
func (s *Service) Decide(ctx context.Context, id, browser string, shopper Shopper, shownTo string, allow bool) (Decision, error) {
	req, err := s.request(ctx, id, browser)
	if err != nil {
		return invalid(err)
	}
	if shownTo != shopper.UID {
		return Decision{Step: StepConsent, Request: req}, nil
	}
	if !allow {
		return s.answerError(ctx, req, oidc.ErrAccessDenied().WithDescription("the shopper declined"))
	}
	// A request that asked for a new login (prompt=login, max_age) or for another shopper (id_token_hint) is
	// answered only after that login, also when the consent is posted straight away (code review round: the
	// consent POST skipped the login).
	if d, ok, err := s.login(ctx, req, &shopper); !ok {
		return d, err
	}
	// A consent adds to what the shopper allowed this partner before; it never takes an earlier scope back.
	scopes := grantable(req.Request.Scopes)
	earlier, err := s.store.Consent(ctx, shopper.UID, req.ClientID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return Decision{}, err
	}
	for _, sc := range earlier.Scopes {
		if !slices.Contains(scopes, sc) {
			scopes = append(scopes, sc)
		}
	}
	if err := s.store.SaveConsent(ctx, Consent{UID: shopper.UID, ClientID: req.ClientID, Scopes: scopes, GrantedAt: s.clock()}); err != nil {
		return Decision{}, err
	}
	return s.authorize(ctx, req, shopper)
}

// PartnerInfo is what the account portal may know of a partner.
type PartnerInfo struct {
	ID                     string   `json:"id"`
	Name                   string   `json:"name"`
	HomeURL                string   `json:"homeUrl,omitempty"`
	PostLogoutRedirectURIs []string `json:"postLogoutRedirectUris"`
}

func partnerInfo(c Client) PartnerInfo {
	logouts := c.PostLogoutRedirectURIs
	if logouts == nil {
		logouts = []string{}
	}
	return PartnerInfo{ID: c.ID, Name: c.Name, HomeURL: c.HomeURL, PostLogoutRedirectURIs: logouts}
}

// PartnerInfos lists the registered partners as the portal sees them.
func (s *Service) PartnerInfos(ctx context.Context) ([]PartnerInfo, error) {
	clients, err := s.Partners(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]PartnerInfo, len(clients))
	for i, c := range clients {
		out[i] = partnerInfo(c)
	}
	return out, nil
}

// BrowserCookie binds a partner's sign-in requests to the browser that started them (BindingCookie, WithBrowser).
const BrowserCookie = "portal_sso_browser"

// BindingCookie is the binding cookie the authorisation endpoint gives the browser of r: the value it has, or a
// new one, for as long as the request it starts lives. It is sent to the provider's paths only.
func (s *Service) BindingCookie(r *http.Request) *http.Cookie {
	value := Binding(r)
	if b, err := base64.RawURLEncoding.DecodeString(value); err != nil || len(b) != 32 {
		value = randomToken()
	}
	return &http.Cookie{Name: BrowserCookie, Value: value, Path: Path, MaxAge: int(s.settings.RequestLifetime.Seconds()), HttpOnly: true,
		Secure: s.settings.Production || strings.HasPrefix(s.IssuerFor(r), "https://"), SameSite: http.SameSiteLaxMode}
}

// Binding is the value of the browser's binding cookie; empty without one.
func Binding(r *http.Request) string {
	ck, err := r.Cookie(BrowserCookie)
	if err != nil {
		return ""
	}
	return ck.Value
}

// WithBrowser hands the authorisation endpoint the value of the browser's binding cookie: the request it stores
// goes on only in that browser (Continue, AskConsent, Decide, Collects take the value again).
func WithBrowser(ctx context.Context, binding string) context.Context {
	return context.WithValue(ctx, browserKey{}, binding)
}

// WithEndSession hands the end-session endpoint the browser's portal session: the uid of its shopper (empty
// without one) and the function that ends it.
func WithEndSession(ctx context.Context, shopper string, end func() error) context.Context {
	return context.WithValue(ctx, endSessionKey{}, browserSession{shopper: shopper, end: end})
}
