package sso

import (
	"context"
	"crypto/sha256"
	"errors"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
	"go.uber.org/zap"
	"golang.org/x/text/language"
)

// Paths under Path served by this package beside op's protocol endpoints.
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
	RequestParam  = "oidcRequest"
)

// Accounts is what single sign-on needs from the identity provider.
type Accounts interface {
	// Shopper returns whom the browser's session belongs to; ok is false without a live session.
	Shopper(c echo.Context) (s Shopper, ok bool, err error)
	// Profile returns an account's claims by uid; ErrNotFound when it no longer exists.
	Profile(ctx context.Context, uid string) (Shopper, error)
	// EndSession logs the browser out: its session is revoked and its cookie cleared.
	EndSession(c echo.Context) error
}

// Locales the login pages speak (ui_locales is handed on to them).
var supportedLocales = []language.Tag{language.German, language.English, language.French, language.Dutch, language.Spanish, language.Polish, language.Portuguese}

type handlers struct {
	svc      *Service
	provider *op.Provider
}

// Mount serves the provider under Path: op's endpoints (discovery, authorize, token, userinfo, keys,
// end_session, revoke, introspect) and the hand-over to the account portal.
func Mount(ctx context.Context, e *echo.Echo, svc *Service) (*op.Provider, error) {
	if svc.accounts == nil {
		return nil, errors.New("sso: Accounts are required to serve the provider")
	}
	// The key that seals op's access tokens and codes; shared by all replicas through the database.
	secret, err := svc.store.Secret(ctx, "access-token-key", randomToken())
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
		SupportedScopes:          []string{ScopeOpenID, ScopeProfile, ScopeEmail, ScopeOfflineAccess},
	}
	opts := []op.Option{}
	if !svc.settings.Production {
		opts = append(opts, op.WithAllowInsecure())
	}
	provider, err := op.NewProvider(cfg, storage{svc}, func(bool) (op.IssuerFromRequest, error) { return svc.issuerFor, nil }, opts...)
	if err != nil {
		return nil, err
	}
	h := &handlers{svc: svc, provider: provider}
	e.GET(Path+ContinuePath, h.continueSignIn)
	e.GET(Path+ConsentPath, h.consentRequest)
	e.POST(Path+ConsentPath, h.consentDecision)
	e.GET(Path+PartnersPath, h.partners)
	e.Any(Path+"/*", h.protocol)
	return provider, nil
}

// MountPartners serves only the partner registry (when another identity provider does the single sign-on).
func MountPartners(e *echo.Echo, svc *Service) {
	h := &handlers{svc: svc}
	e.GET(Path+PartnersPath, h.partners)
}

// issuerFor is the issuer under the host the request came to, when that host is the service's (the public
// URL's, a configured app host, or the loopback alias of a loopback public URL); else the public URL's.
func (s *Service) issuerFor(r *http.Request) string {
	pub, err := url.Parse(s.settings.PublicURL)
	if err != nil || pub.Host == "" {
		return s.Issuer()
	}
	host := r.Host
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	ours := strings.EqualFold(name, pub.Hostname()) || slices.ContainsFunc(s.settings.Hosts, func(h string) bool { return h != "" && strings.EqualFold(h, name) })
	if !ours && !(isLoopback(pub.Hostname()) && isLoopback(name)) {
		return s.Issuer()
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

// oauthError is the standard error body (RFC 6749 §5.2).
type oauthError struct {
	Error       string `json:"error"`
	Description string `json:"error_description,omitempty"`
}

// protocol hands a request to op. Malformed parameters are refused here (op would answer some with a 500);
// the end-session endpoint gets the function that logs the browser out.
func (h *handlers) protocol(c echo.Context) error {
	r := c.Request()
	if err := r.ParseForm(); err != nil {
		return c.JSON(http.StatusBadRequest, oauthError{Error: "invalid_request", Description: "malformed parameters"})
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	ctx := context.WithValue(r.Context(), endSessionKey{}, func() error { return h.svc.accounts.EndSession(c) })
	http.StripPrefix(Path, h.provider).ServeHTTP(c.Response(), r.WithContext(ctx))
	return nil
}

// continueSignIn decides what a stored sign-in request needs next: the portal's login (no session, prompt=login,
// or a login older than max_age), the portal's consent page (a partner that is not first-party, without a
// stored consent), or nothing: then the request is authorised and op answers the partner with a code.
// prompt=none never shows a page: it answers login_required or consent_required.
func (h *handlers) continueSignIn(c echo.Context) error {
	ctx := c.Request().Context()
	st := storage{h.svc}
	req, err := st.liveRequest(ctx, c.QueryParam("id"))
	if err != nil {
		return h.requestError(c, err)
	}
	client, err := h.svc.Client(ctx, req.ClientID)
	if err != nil {
		return h.requestError(c, oidc.ErrInvalidRequest().WithDescription("the partner is no longer registered"))
	}
	shopper, ok, err := h.svc.accounts.Shopper(c)
	if err != nil {
		return err
	}
	promptNone := slices.Contains(req.Request.Prompt, oidc.PromptNone)
	if !ok || !h.fresh(req, shopper.AuthTime) {
		if promptNone {
			return h.answerError(c, req, oidc.ErrLoginRequired())
		}
		if ok {
			// prompt=login or max_age: the shopper logs in again, so the old session ends here.
			if err := h.svc.accounts.EndSession(c); err != nil {
				return err
			}
		}
		return c.Redirect(http.StatusFound, portalURL(PortalLogin, req))
	}
	if !client.FirstParty {
		consented, err := h.consented(ctx, shopper.UID, req)
		if err != nil {
			return err
		}
		if !consented || slices.Contains(req.Request.Prompt, oidc.PromptConsent) {
			if promptNone {
				return h.answerError(c, req, &oidc.Error{ErrorType: "consent_required"})
			}
			return c.Redirect(http.StatusFound, portalURL(PortalConsent, req))
		}
	}
	return h.authorize(c, req, shopper)
}

func portalURL(page string, req AuthRequest) string {
	q := url.Values{RequestParam: {req.ID}}
	if len(req.Request.Locales) > 0 {
		q.Set("lang", req.Request.Locales[0])
	}
	return page + "?" + q.Encode()
}

// fresh reports whether a login at authTime satisfies the request: prompt=login needs a login after the request
// started; max_age one within that many seconds.
func (h *handlers) fresh(req AuthRequest, authTime time.Time) bool {
	if authTime.After(req.CreatedAt) {
		return true
	}
	if slices.Contains(req.Request.Prompt, oidc.PromptLogin) {
		return false
	}
	if req.Request.MaxAge == nil {
		return true
	}
	return h.svc.clock().Sub(authTime) <= time.Duration(*req.Request.MaxAge)*time.Second
}

func (h *handlers) consented(ctx context.Context, uid string, req AuthRequest) (bool, error) {
	c, err := h.svc.store.Consent(ctx, uid, req.ClientID)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	for _, s := range req.Request.Scopes {
		if s != ScopeOpenID && !slices.Contains(c.Scopes, s) {
			return false, nil
		}
	}
	return true, nil
}

// authorize records the shopper on the request and lets op answer the partner.
func (h *handlers) authorize(c echo.Context, req AuthRequest, shopper Shopper) error {
	err := h.svc.store.Authorize(c.Request().Context(), req.ID, shopper.UID, shopper.AuthTime, nil)
	if errors.Is(err, ErrNotFound) {
		return h.requestError(c, oidc.ErrInvalidRequest().WithDescription("unknown or expired sign-in request"))
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusFound, Path+"/authorize/callback?id="+url.QueryEscape(req.ID))
}

// answerError sends the partner the standard error at its registered redirect address.
func (h *handlers) answerError(c echo.Context, req AuthRequest, e *oidc.Error) error {
	op.AuthRequestError(c.Response(), c.Request(), authRequest{req}, e, h.provider)
	return nil
}

// requestError answers a request that cannot go back to a partner (unknown or expired): 400 with the error.
func (h *handlers) requestError(c echo.Context, err error) error {
	var e *oidc.Error
	if errors.As(err, &e) && e.ErrorType != oidc.ServerError {
		return c.JSON(http.StatusBadRequest, oauthError{Error: string(e.ErrorType), Description: e.Description})
	}
	return err
}

// ConsentRequest is what the portal's consent page shows.
type ConsentRequest struct {
	Partner PartnerInfo `json:"partner"`
	Scopes  []string    `json:"scopes"`
}

// consentRequest answers the portal's consent page: who asks for what (only to the logged-in shopper).
func (h *handlers) consentRequest(c echo.Context) error {
	ctx := c.Request().Context()
	req, err := storage{h.svc}.liveRequest(ctx, c.QueryParam("id"))
	if err != nil {
		return h.requestError(c, err)
	}
	if _, ok, err := h.svc.accounts.Shopper(c); err != nil || !ok {
		if err != nil {
			return err
		}
		return c.JSON(http.StatusUnauthorized, oauthError{Error: "login_required"})
	}
	client, err := h.svc.Client(ctx, req.ClientID)
	if err != nil {
		return h.requestError(c, oidc.ErrInvalidRequest().WithDescription("the partner is no longer registered"))
	}
	scopes := slices.DeleteFunc(slices.Clone(req.Request.Scopes), func(s string) bool { return s == ScopeOpenID })
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, ConsentRequest{Partner: partnerInfo(client), Scopes: scopes})
}

// consentDecision takes the shopper's answer: allow stores the consent and goes on; deny answers the partner
// access_denied. The session cookie (SameSite=Lax) does not come with another site's form, so no other site
// can decide for the shopper.
func (h *handlers) consentDecision(c echo.Context) error {
	ctx := c.Request().Context()
	req, err := storage{h.svc}.liveRequest(ctx, c.FormValue("id"))
	if err != nil {
		return h.requestError(c, err)
	}
	shopper, ok, err := h.svc.accounts.Shopper(c)
	if err != nil {
		return err
	}
	if !ok {
		return c.Redirect(http.StatusSeeOther, portalURL(PortalLogin, req))
	}
	switch c.FormValue("decision") {
	case "allow":
		err := h.svc.store.SaveConsent(ctx, Consent{UID: shopper.UID, ClientID: req.ClientID, Scopes: req.Request.Scopes, GrantedAt: h.svc.clock()})
		if err != nil {
			return err
		}
		return h.authorize(c, req, shopper)
	case "deny":
		return h.answerError(c, req, oidc.ErrAccessDenied().WithDescription("the shopper declined"))
	default:
		return c.JSON(http.StatusBadRequest, oauthError{Error: "invalid_request", Description: "decision must be allow or deny"})
	}
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

// partners lists the registered partners: the portal's /logout goes only to their post-logout addresses, and
// the account shell's back button recognises a partner by its home address.
func (h *handlers) partners(c echo.Context) error {
	clients, err := h.svc.Partners(c.Request().Context())
	if err != nil {
		h.svc.log.Error("single sign-on: list partners", zap.Error(err))
		return err
	}
	out := make([]PartnerInfo, len(clients))
	for i, cl := range clients {
		out[i] = partnerInfo(cl)
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-cache")
	return c.JSON(http.StatusOK, out)
}
