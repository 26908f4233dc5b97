// Package ssoapi is the HTTP edge of single sign-on: op's protocol endpoints under /oidc, the continuation that
// hands a partner's sign-in to the account portal's login and consent pages and back, and the partner registry
// the portal reads. It knows the shopper through the identity provider's session cookie (Sessions).
package ssoapi

import (
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/rs/cors"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/formbody"
	"github.com/grocer-portal/portal/services/api/internal/sso"
)

// Sessions is what the edge needs from the identity provider: the browser's session, and the provider's limit
// of anonymous starts per client address.
type Sessions interface {
	// Shopper returns whom the browser's session belongs to; ok is false without a live session.
	Shopper(c echo.Context) (s sso.Shopper, ok bool, err error)
	// EndSession logs the browser out: its session is revoked and its cookie cleared.
	EndSession(c echo.Context) error
	// AllowSignIn counts a partner's sign-in the request starts against the limit of its client address; false
	// beyond it.
	AllowSignIn(c echo.Context) (bool, error)
}

type handlers struct {
	svc      *sso.Service
	sessions Sessions
	provider *op.Provider
	log      *zap.Logger
}

// Mount serves the provider under sso.Path: op's endpoints (discovery, authorize, token, userinfo, keys,
// end_session, revoke, introspect), the hand-over to the account portal, and the partner registry.
func Mount(e *echo.Echo, svc *sso.Service, provider *op.Provider, sessions Sessions, logger *zap.Logger) error {
	if sessions == nil || provider == nil {
		return errors.New("ssoapi: a provider and the sessions are required")
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	h := &handlers{svc: svc, sessions: sessions, provider: provider, log: logger}
	e.GET(sso.Path+sso.ContinuePath, h.continueSignIn)
	e.GET(sso.Path+sso.ConsentPath, h.consentRequest)
	e.POST(sso.Path+sso.ConsentPath, h.consentDecision)
	e.GET(sso.Path+sso.PartnersPath, h.partners)
	// The discovery document is served here rather than by op's router: it gets op's CORS answers too, so a
	// partner's page (a public client's OpenID Connect library) can read it.
	discoveryCORS := echo.WrapMiddleware(cors.New(*provider.CORSOptions()).Handler)
	e.GET(sso.Path+oidc.DiscoveryEndpoint, h.discovery, discoveryCORS)
	e.Any(sso.Path+deviceAuthorizationPath, func(c echo.Context) error {
		return c.JSON(http.StatusNotFound, oauthError{Error: "invalid_request", Description: "device authorization is not offered"})
	})
	// op's endpoints, each at its own path: any other path under sso.Path is the service's JSON 404 (httpapi's
	// API prefixes), where op's router answered its plain-text "404 page not found" (QA security round).
	authorize := provider.AuthorizationEndpoint().Relative()
	for _, path := range []string{authorize, authorize + "/callback", provider.TokenEndpoint().Relative(), provider.IntrospectionEndpoint().Relative(),
		provider.UserinfoEndpoint().Relative(), provider.RevocationEndpoint().Relative(), provider.EndSessionEndpoint().Relative(), provider.KeysEndpoint().Relative()} {
		e.Any(sso.Path+path, h.protocol)
	}
	return nil
}

// deviceAuthorizationPath is op's default device authorization endpoint, which this provider does not offer.
const deviceAuthorizationPath = "/device_authorization"

// discovery is op's discovery document without what this provider does not do, so that a relying party's
// library never picks it: no device authorization (op routes it whatever the storage), only the code flow
// (clients are registered for "code" alone, never the implicit flow) and refresh tokens; no JWT-bearer grant.
func (h *handlers) discovery(c echo.Context) error {
	r := c.Request()
	ctx := op.ContextWithIssuer(r.Context(), h.provider.IssuerFromRequest(r))
	doc := op.CreateDiscoveryConfig(ctx, h.provider, h.provider.Storage())
	doc.DeviceAuthorizationEndpoint = ""
	doc.ResponseTypesSupported = make([]string, len(sso.ResponseTypes))
	for i, t := range sso.ResponseTypes {
		doc.ResponseTypesSupported[i] = string(t)
	}
	doc.GrantTypesSupported = []oidc.GrantType{oidc.GrantTypeCode, oidc.GrantTypeRefreshToken}
	doc.ResponseModesSupported = sso.ResponseModes // the default too, said outright: form_post is not offered
	return c.JSON(http.StatusOK, doc)
}

// MountPartners serves only the partner registry (when another identity provider does the single sign-on).
func MountPartners(e *echo.Echo, svc *sso.Service, logger *zap.Logger) {
	if logger == nil {
		logger = zap.NewNop()
	}
	h := &handlers{svc: svc, log: logger}
	e.GET(sso.Path+sso.PartnersPath, h.partners)
}

// oauthError is the standard error body (RFC 6749 §5.2).
type oauthError struct {
	Error       string `json:"error"`
	Description string `json:"error_description,omitempty"`
}

// protocol hands a request to op. Malformed parameters are refused here (op would answer some with a 500);
// the authorisation endpoint binds the request to the browser, op's callback answers only that browser's shopper,
// and the end-session endpoint gets the function that logs the browser out.
func (h *handlers) protocol(c echo.Context) error {
	r := c.Request()
	if err := r.ParseForm(); err != nil {
		return c.JSON(http.StatusBadRequest, oauthError{Error: "invalid_request", Description: "malformed parameters"})
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	ctx := r.Context()
	var w http.ResponseWriter = c.Response()
	switch {
	case strings.HasSuffix(r.URL.Path, "/authorize"):
		// A request nothing can be answered to (no or an unknown client_id, a redirect_uri the partner did not
		// register) must not go back anywhere; the browser gets the portal's error page in the shopper's language
		// instead of the library's English plain text, and the log no error line for a caller's mistake. A request
		// that names its client or its redirect_uri twice names neither (RFC 6749 §3.1): op reads the last of each
		// where this check read the first, and answered client_id=known&client_id=other with its plain text (QA).
		answerable := len(r.Form["client_id"]) == 1 && len(r.Form["redirect_uri"]) == 1
		if answerable {
			var err error
			if answerable, err = h.svc.Answerable(ctx, r.Form.Get("client_id"), r.Form.Get("redirect_uri")); err != nil {
				return err
			}
		}
		if !answerable {
			return c.Redirect(http.StatusFound, InvalidSignInPage)
		}
		// A known partner hears of a parameter of the wrong type (max_age=abc) at its redirect URI, as RFC 6749
		// §4.1.2.1 asks; op answered it with a plain-text 400 the shopper was left on.
		request, err := op.ParseAuthorizeRequest(r, h.provider.Decoder())
		if err != nil {
			refused := answerTo(r)
			description := "malformed parameters"
			if parent := errors.Unwrap(err); parent != nil {
				description += ": " + parent.Error()
			}
			op.AuthRequestError(c.Response(), r, refused, oidc.ErrInvalidRequest().WithDescription("%s", description), h.provider)
			return nil
		}
		// A response type the provider does not do at all (foo, the implicit flow's token) is
		// unsupported_response_type (RFC 6749 §4.1.2.1); op said unauthorized_client, which means this partner may
		// not use it. op still answers a missing one (invalid_request) and, were clients registered for fewer types
		// than the provider does, one the partner was not registered for (unauthorized_client).
		if request.ResponseType != "" && !slices.Contains(sso.ResponseTypes, request.ResponseType) {
			op.AuthRequestError(c.Response(), r, request, &oidc.Error{ErrorType: "unsupported_response_type",
				Description: "only the authorization code flow is offered: response_type must be code"}, h.provider)
			return nil
		}
		// Each sign-in stores a request for anyone who asks: hundreds a second came from one client (QA security
		// round of 2026-11-29). Beyond the limit of its address the partner hears temporarily_unavailable at its
		// redirect URI (RFC 6749 §4.1.2.1) and nothing is stored.
		if allowed, err := h.sessions.AllowSignIn(c); err != nil {
			return err
		} else if !allowed {
			op.AuthRequestError(c.Response(), r, answerTo(r), &oidc.Error{ErrorType: "temporarily_unavailable",
				Description: "too many sign-ins from this address; try again later"}, h.provider)
			return nil
		}
		binding := h.svc.BindingCookie(r)
		c.SetCookie(binding)
		ctx = sso.WithBrowser(ctx, binding.Value)
	case strings.HasSuffix(r.URL.Path, "/authorize/callback"):
		// op's callback finds the request by its id alone and answers the code to whoever asks once the request is
		// authorised; the id is in the login page's address, so anyone may have it (QA: a poll without cookies
		// collected the code of the shopper who had gone on with the request). Any other caller learns nothing, and
		// the request stays as it is for its own browser.
		shopper, err := h.shopper(c)
		if err != nil {
			return err
		}
		collects, err := h.svc.Collects(ctx, r.Form.Get("id"), sso.Binding(r), shopper)
		if err != nil {
			return err
		}
		if !collects {
			return c.Redirect(http.StatusFound, ExpiredSignInPage)
		}
	case strings.HasSuffix(r.URL.Path, "/end_session"):
		shopper, err := h.shopper(c)
		if err != nil {
			return err
		}
		if r.Method == http.MethodPost && shopper == nil {
			// A partner's page on another site posts its logout without the session cookie (SameSite=Lax), so
			// the session could not be ended: the same request as a navigation brings the cookie.
			return c.Redirect(http.StatusSeeOther, r.URL.Path+"?"+r.Form.Encode())
		}
		// The logout ends the browser's session, or asks its shopper first (sso's TerminateSessionFromRequest).
		var uid string
		if shopper != nil {
			uid = shopper.UID
		}
		ctx = sso.WithEndSession(ctx, uid, func() error { return h.sessions.EndSession(c) })
		// The logout is the shopper's navigation: a refused one (an unregistered post_logout_redirect_uri, an
		// invalid id_token_hint) shows the portal's error page rather than op's JSON.
		w = &replacedAnswer{ResponseWriter: w, replace: func(w http.ResponseWriter, status int) bool {
			if status < http.StatusBadRequest || status >= http.StatusInternalServerError {
				return false
			}
			w.Header().Del(echo.HeaderContentType)
			w.Header().Set(echo.HeaderLocation, InvalidLogoutPage)
			w.WriteHeader(http.StatusFound)
			return true
		}}
	case strings.HasSuffix(r.URL.Path, "/oauth/token"):
		// RFC 6749 §3.2: the client MUST use POST (op answered a GET "grant_type missing"), and no parameter is given
		// twice (op read the first of each: grant_type=authorization_code&grant_type=refresh_token exchanged the
		// code; QA security round). 405 is HTTP's answer to a method the endpoint does not take, with the protocol's
		// JSON error for the partner's library; OPTIONS is CORS's preflight, which op's CORS handler answers.
		if r.Method != http.MethodPost && r.Method != http.MethodOptions {
			c.Response().Header().Set(echo.HeaderAllow, http.MethodPost)
			return c.JSON(http.StatusMethodNotAllowed, oauthError{Error: string(oidc.InvalidRequest), Description: "the token endpoint takes POST only"})
		}
		for _, name := range slices.Sorted(maps.Keys(r.Form)) {
			if len(r.Form[name]) > 1 {
				return c.JSON(http.StatusBadRequest, oauthError{Error: string(oidc.InvalidRequest), Description: name + " is given more than once"})
			}
		}
	case strings.HasSuffix(r.URL.Path, "/oauth/introspect"):
		// op answers a failed client authentication with a plain-text 401 naming its Go errors; RFC 7662 §2.3 and
		// RFC 6749 §5.2 want the JSON error, invalid_client.
		w = &replacedAnswer{ResponseWriter: w, replace: func(w http.ResponseWriter, status int) bool {
			if status != http.StatusUnauthorized {
				return false
			}
			if strings.HasPrefix(r.Header.Get(echo.HeaderAuthorization), "Basic ") {
				w.Header().Set(echo.HeaderWWWAuthenticate, `Basic realm="oidc"`)
			}
			w.Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
			w.WriteHeader(status)
			_ = json.NewEncoder(w).Encode(oauthError{Error: string(oidc.InvalidClient), Description: "client authentication failed"})
			return true
		}}
	case strings.HasSuffix(r.URL.Path, "/userinfo"):
		// op refuses a bad access token with a bare 401 and a dead one (expired, revoked) with a 403; RFC 6750 §3.1
		// asks 401 for both, with the error named in WWW-Authenticate: partners refresh on it.
		resp := c.Response()
		dead := false
		ctx = sso.WithDeadToken(ctx, func() { dead = true })
		resp.Before(func() {
			if dead {
				resp.Status = http.StatusUnauthorized
			}
			if resp.Status == http.StatusUnauthorized {
				resp.Header().Set(echo.HeaderWWWAuthenticate, `Bearer error="invalid_token"`)
			}
		})
	}
	http.StripPrefix(sso.Path, h.provider).ServeHTTP(w, r.WithContext(ctx))
	return nil
}

// answerTo is where a refusal of an authorisation request goes: the partner's redirect URI, with its state.
func answerTo(r *http.Request) *oidc.AuthRequest {
	return &oidc.AuthRequest{RedirectURI: r.Form.Get("redirect_uri"), State: r.Form.Get("state"),
		ResponseType: oidc.ResponseType(r.Form.Get("response_type")), ResponseMode: oidc.ResponseMode(r.Form.Get("response_mode"))}
}

// replacedAnswer passes op's answer on unless replace takes its status: then replace has answered instead, and
// what op writes after is dropped.
type replacedAnswer struct {
	http.ResponseWriter
	replace  func(w http.ResponseWriter, status int) bool
	replaced bool
}

func (w *replacedAnswer) WriteHeader(status int) {
	if w.replaced {
		return
	}
	if w.replaced = w.replace(w.ResponseWriter, status); !w.replaced {
		w.ResponseWriter.WriteHeader(status)
	}
}

func (w *replacedAnswer) Write(b []byte) (int, error) {
	if w.replaced {
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

func (h *handlers) shopper(c echo.Context) (*sso.Shopper, error) {
	s, ok, err := h.sessions.Shopper(c)
	if err != nil || !ok {
		return nil, err
	}
	return &s, nil
}

// continueSignIn carries out the next step of a stored sign-in request (sso.Service.Continue).
func (h *handlers) continueSignIn(c echo.Context) error {
	shopper, err := h.shopper(c)
	if err != nil {
		return err
	}
	d, err := h.svc.Continue(c.Request().Context(), c.QueryParam("id"), sso.Binding(c.Request()), shopper)
	if err != nil {
		return err
	}
	return h.carryOut(c, d)
}

func (h *handlers) carryOut(c echo.Context, d sso.Decision) error {
	switch d.Step {
	case sso.StepLogin, sso.StepLoginAgain, sso.StepConsent:
		// prompt=login or max_age: the login page asks again, and the new login replaces the session. Ending it
		// here, on a GET any site can link to, logged the shopper out without a word (logout CSRF).
		return c.Redirect(http.StatusFound, d.PortalURL())
	case sso.StepAnswer:
		return c.Redirect(http.StatusFound, d.CallbackURL())
	case sso.StepAnswerError:
		op.AuthRequestError(c.Response(), c.Request(), d.OPRequest(), d.Error, h.provider)
		return nil
	default:
		// The request is unknown, expired or already answered, so nothing can go back to the partner: the browser
		// lands on the portal's error page (in the shopper's language), not on a JSON body.
		return c.Redirect(http.StatusFound, ExpiredSignInPage)
	}
}

// The account portal's error pages of single sign-on: a partner's sign-in that can no longer be carried out, and
// one that names no registered partner or return address.
const (
	ExpiredSignInPage = "/error/sso-expired"
	InvalidSignInPage = "/error/sso-invalid"
	// InvalidLogoutPage: a partner's logout the provider refuses (an unregistered return address, an invalid
	// id_token_hint); nothing was logged out.
	InvalidLogoutPage = "/error/sso-logout-invalid"
)

// consentRequest answers the portal's consent page: who asks for what (only to the logged-in shopper).
func (h *handlers) consentRequest(c echo.Context) error {
	shopper, err := h.shopper(c)
	if err != nil {
		return err
	}
	ask, d, err := h.svc.AskConsent(c.Request().Context(), c.QueryParam("id"), sso.Binding(c.Request()))
	if err != nil {
		return err
	}
	if d.Step == sso.StepInvalid {
		// The consent page asks with fetch and shows its own text for this.
		return c.JSON(http.StatusBadRequest, oauthError{Error: string(d.Error.ErrorType), Description: d.Error.Description})
	}
	if shopper == nil {
		return c.JSON(http.StatusUnauthorized, oauthError{Error: "login_required"})
	}
	// The page names this shopper with its decision: a decision in another shopper's session is not taken (Decide).
	// It shows the shopper's address, as the shopper knows the account.
	ask.Account, ask.Email = shopper.UID, shopper.Email
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, ask)
}

// consentDecision takes the shopper's answer (a form with id, account, the uid the page was shown to
// (ConsentRequest.Account), and decision=allow|deny). The session cookie (SameSite=Lax) does not come with another
// site's form, so no other site can decide for the shopper.
//
// The consent page, which asks for JSON, hears of a session that changed under it: 401 login_required when there is
// none (the page says that the session ended and goes to the login; it was sent to the login without a word), 409
// account_changed when it is another shopper's, whom the page then asks (sso's Decide takes no decision of theirs).
// A form post is sent to the login or to the consent page again.
func (h *handlers) consentDecision(c echo.Context) error {
	// A form, as the page sends it, under the service's one rule of forms: a JSON body was answered "decision must be
	// allow or deny" (QA security round).
	if err := formbody.Check(c.Request(), echo.MIMEApplicationForm); err != nil {
		return err
	}
	decision := c.FormValue("decision")
	if decision != "allow" && decision != "deny" {
		return c.JSON(http.StatusBadRequest, oauthError{Error: "invalid_request", Description: "decision must be allow or deny"})
	}
	shopper, err := h.shopper(c)
	if err != nil {
		return err
	}
	id, browser := c.FormValue("id"), sso.Binding(c.Request())
	var d sso.Decision
	if shopper == nil {
		d, err = h.svc.Continue(c.Request().Context(), id, browser, nil)
	} else {
		d, err = h.svc.Decide(c.Request().Context(), id, browser, *shopper, c.FormValue("account"), decision == "allow")
	}
	if err != nil {
		return err
	}
	if !strings.Contains(c.Request().Header.Get(echo.HeaderAccept), echo.MIMEApplicationJSON) {
		return h.carryOut(c, d)
	}
	switch {
	case shopper == nil && (d.Step == sso.StepLogin || d.Step == sso.StepLoginAgain):
		return c.JSON(http.StatusUnauthorized, oauthError{Error: "login_required", Description: "the session has ended"})
	case shopper != nil && d.Step == sso.StepConsent:
		return c.JSON(http.StatusConflict, oauthError{Error: "account_changed",
			Description: "the consent page was shown to another account than the session's: ask this account"})
	}
	return h.nextAsJSON(c, d)
}

// nextAsJSON answers {"next": URL} with where carryOut would redirect. The consent page posts the decision with
// fetch and then goes there itself: the pages' CSP (form-action 'self') stops a form whose answer redirects to
// another origin, and Chromium applies it to every redirect after the post, so a partner on its own origin was
// never reached (QA).
func (h *handlers) nextAsJSON(c echo.Context, d sso.Decision) error {
	res := c.Response()
	page := res.Writer
	held := &heldRedirect{header: http.Header{}}
	res.Writer = held
	err := h.carryOut(c, d)
	res.Writer, res.Committed, res.Status, res.Size = page, false, 0, 0
	if err != nil {
		return err
	}
	next := held.header.Get(echo.HeaderLocation)
	if held.status < 300 || held.status > 399 || next == "" {
		return c.JSON(http.StatusBadGateway, oauthError{Error: "server_error", Description: "the sign-in could not be answered"})
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, map[string]string{"next": next})
}

// heldRedirect keeps a redirect's status and headers instead of sending them (nextAsJSON).
type heldRedirect struct {
	header http.Header
	status int
}

func (w *heldRedirect) Header() http.Header         { return w.header }
func (w *heldRedirect) Write(b []byte) (int, error) { return len(b), nil }
func (w *heldRedirect) WriteHeader(status int)      { w.status = status }

// partners lists the registered partners: the portal's /logout goes only to their post-logout addresses, and
// the account shell's back button recognises a partner by its home address.
func (h *handlers) partners(c echo.Context) error {
	out, err := h.svc.PartnerInfos(c.Request().Context())
	if err != nil {
		h.log.Error("single sign-on: list partners", zap.Error(err))
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-cache")
	return c.JSON(http.StatusOK, out)
}
