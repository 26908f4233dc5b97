// Package socialapi is the HTTP edge of the social login (package social): GET /identity/social/{provider}/start
// and GET+POST /identity/social/{provider}/callback. It reads the request, lets social decide each step, and
// carries the answer back as cookies and a redirect.
package socialapi

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/identity/social"
	"github.com/grocer-portal/portal/services/api/internal/identity/social/devissuer"
)

// Completer finishes a social login in the identity provider. It gets the callback's context for what the
// identity provider reads from the request (current session cookie, client address) and may set its session
// cookie itself instead of returning Outcome.Session. EmbeddedAccounts is the embedded provider's.
type Completer interface {
	CompleteSocialLogin(c echo.Context, id social.Identity) (social.Outcome, error)
}

// ErrNoAccounts is returned by Mount without a Completer.
var ErrNoAccounts = errors.New("socialapi: a Completer is required")

// Mount registers the social login's endpoints on e: GET /identity/social/:provider/start and GET+POST
// /identity/social/:provider/callback (POST for providers answering with response_mode=form_post).
func Mount(e *echo.Echo, svc *social.Service, accounts Completer) error {
	if accounts == nil {
		return ErrNoAccounts
	}
	h := &handlers{svc: svc, accounts: accounts}
	e.GET(social.RoutePrefix+":provider/start", h.start)
	e.GET(social.RoutePrefix+":provider/callback", h.callback)
	e.POST(social.RoutePrefix+":provider/callback", h.callback)
	return nil
}

type handlers struct {
	svc      *social.Service
	accounts Completer
}

// base is the service's public URL: http.publicUrl, else (outside production, or when unset) the request's
// scheme and host.
func (h *handlers) base(r *http.Request) string {
	return devissuer.BaseURL(h.svc.PublicURL(), r)
}

// start: GET /identity/social/:provider/start?redirectURL=/path&lang=de
func (h *handlers) start(c echo.Context) error {
	next, err := h.svc.Begin(h.base(c.Request()), c.Param("provider"), c.QueryParam("redirectURL"), c.QueryParam("loginMode"),
		c.QueryParam("regToken"), c.QueryParam("lang"))
	switch {
	case errors.Is(err, social.ErrRedirectURL):
		return apierror.InvalidParameter("redirectURL", "redirectURL must be a page of this site, such as /login.")
	case errors.Is(err, social.ErrLoginMode):
		return apierror.InvalidParameter("loginMode", "loginMode must be standard or link.")
	case err != nil:
		return apierror.Internal(err)
	}
	if next.ToProvider {
		c.Response().Header().Set("Cache-Control", "no-store")
	}
	return send(c, next)
}

// callback: GET or POST /identity/social/:provider/callback?code&state (or error=access_denied)
func (h *handlers) callback(c echo.Context) error {
	r := c.Request()
	param := func(k string) string {
		if r.Method == http.MethodPost {
			return c.FormValue(k)
		}
		return c.QueryParam(k)
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	// The state cookie is spent whatever happens next.
	http.SetCookie(c.Response(), h.svc.SpentStateCookie(h.base(r)))

	state, _ := r.Cookie(social.StateCookie) // nil when the browser sent none
	answer := social.Answer{State: param("state"), Code: param("code"), Error: param("error")}
	next, err := h.svc.Finish(r.Context(), c.Param("provider"), state, answer, func(_ context.Context, id social.Identity) (social.Outcome, error) {
		return h.accounts.CompleteSocialLogin(c, id)
	})
	if err != nil {
		return err
	}
	return send(c, next)
}

// send sets the step's cookies and redirects: 302 to the provider, 303 back to the app.
func send(c echo.Context, next social.Redirect) error {
	for _, ck := range next.Cookies {
		http.SetCookie(c.Response(), ck)
	}
	if next.ToProvider {
		return c.Redirect(http.StatusFound, next.Location)
	}
	return c.Redirect(http.StatusSeeOther, next.Location)
}
