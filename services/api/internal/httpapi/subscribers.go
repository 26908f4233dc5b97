package httpapi

import (
	"context"
	"errors"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/httpapi/restapi"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

// subscriberService is what the handlers need from *subscribers.Service.
type subscriberService interface {
	Exchange(ctx context.Context, token string) (identity.RegToken, error)
	LinkForSession(ctx context.Context, sessionToken string) (string, time.Time, error)
	UnsubscribeAll(ctx context.Context, token string) (subscribers.Withdrawal, error)
}

// subscriberHandlers serve the preference centre's token exchange (spec 001 §4 "Preference centre loading"),
// the logged-in shopper's entry and the full (one-click) unsubscribe.
type subscriberHandlers struct {
	subscribers subscriberService
	// sessionCookie is the embedded identity provider's session cookie.
	sessionCookie string
	// bearerSession: the provider's session comes as Authorization: Bearer (SAP CDC's id_token), not in the cookie.
	bearerSession bool
}

var _ subscriberEndpoints = (*subscriberHandlers)(nil)

func newSubscriberHandlers(svc subscriberService, sessionCookie string, bearerSession bool) *subscriberHandlers {
	return &subscriberHandlers{subscribers: svc, sessionCookie: sessionCookie, bearerSession: bearerSession}
}

// preferencesLoadingCode is the error page the preference centre shows when the exchange fails (spec 001 §8).
const preferencesLoadingCode = "preferences.loading"

// ExchangeSubscriberToken answers the form field jwt with {regToken, createdAt, expiresAt}: 401
// preferences.loading for a token that is invalid, tampered or expired, 410 unsubscribed for a link older than
// a full unsubscribe, 503 when the provider is down.
func (h *subscriberHandlers) ExchangeSubscriberToken(c echo.Context) error {
	// Only the body: a token in the query string would end up in access logs.
	token := c.Request().PostFormValue("jwt")
	if token == "" {
		return apierror.InvalidParameter("jwt", "jwt is required as a form field.")
	}
	rt, err := h.subscribers.Exchange(c.Request().Context(), token)
	switch {
	case errors.Is(err, subscribers.ErrWithdrawn):
		return &apierror.Error{Status: http.StatusGone, Code: "unsubscribed",
			Message: "You have unsubscribed from everything; this link no longer opens a profile.", Field: "jwt", Err: err}
	case errors.Is(err, subscribers.ErrInvalidToken):
		return &apierror.Error{Status: http.StatusUnauthorized, Code: preferencesLoadingCode,
			Message: "The link is invalid or has expired.", Field: "jwt", Err: err}
	case err != nil:
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, restapi.SubscriberToken{
		RegToken:  rt.Token,
		CreatedAt: rt.CreatedAt.UTC(),
		ExpiresAt: rt.ExpiresAt.UTC(),
	})
}

// IssueSessionLinkToken gives the logged-in shopper a link token: 401 not_logged_in without a live session.
// The session is proven by the embedded provider's session cookie, or, with SAP CDC, by the vendor's id_token
// as a Bearer credential (the vendor's session lives in its Web SDK, not in a cookie of ours).
func (h *subscriberHandlers) IssueSessionLinkToken(c echo.Context) error {
	// The 401 names the credential at fault, as the shop's names X-Api-Key (QA bad-input round: it named nothing):
	// the one that was sent, else the one the provider's session comes in. A cookie is a parameter of OpenAPI's
	// (in: cookie), named by its name.
	session, credential := "", h.sessionCookie
	if h.bearerSession {
		credential = echo.HeaderAuthorization
	}
	if bearer, ok := strings.CutPrefix(c.Request().Header.Get(echo.HeaderAuthorization), "Bearer "); ok {
		session, credential = strings.TrimSpace(bearer), echo.HeaderAuthorization
	} else if ck, err := c.Cookie(h.sessionCookie); err == nil {
		session = ck.Value
	}
	token, expires, err := h.subscribers.LinkForSession(c.Request().Context(), session)
	switch {
	case errors.Is(err, subscribers.ErrNotLoggedIn):
		return &apierror.Error{Status: http.StatusUnauthorized, Code: "not_logged_in", Message: "Please log in first.", Field: credential, Err: err}
	case errors.Is(err, subscribers.ErrUnsupported):
		return unsupported(err)
	case err != nil:
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, restapi.SessionLinkToken{Jwt: token, ExpiresAt: expires.UTC()})
}

// oneClickValue is the body RFC 8058 prescribes, List-Unsubscribe=One-Click.
const (
	oneClickField = "List-Unsubscribe"
	oneClickValue = "One-Click"
)

// UnsubscribeAll is the RFC 8058 one-click POST (and the preference centre's full unsubscribe).
func (h *subscriberHandlers) UnsubscribeAll(c echo.Context, token string) error {
	if got := oneClickBody(c.Request()); got != oneClickValue {
		return apierror.InvalidParameter(oneClickField, "The body must be List-Unsubscribe=One-Click (RFC 8058).")
	}
	_, err := h.subscribers.UnsubscribeAll(c.Request().Context(), token)
	switch {
	case errors.Is(err, subscribers.ErrInvalidToken):
		return &apierror.Error{Status: http.StatusUnauthorized, Code: "invalid_token", Message: "The link is invalid or has expired.", Field: "token", Err: err}
	case errors.Is(err, subscribers.ErrUnsupported):
		return unsupported(err)
	case err != nil:
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	return c.JSON(http.StatusOK, restapi.UnsubscribeResult{Unsubscribed: true})
}

// oneClickBody reads List-Unsubscribe from a form-encoded or multipart body; the query string does not count.
func oneClickBody(r *http.Request) string {
	ct, _, _ := mime.ParseMediaType(r.Header.Get(echo.HeaderContentType))
	switch ct {
	case echo.MIMEApplicationForm:
		if err := r.ParseForm(); err != nil {
			return ""
		}
	case echo.MIMEMultipartForm:
		if err := r.ParseMultipartForm(32 << 10); err != nil {
			return ""
		}
	default:
		return ""
	}
	return r.PostForm.Get(oneClickField)
}

// OpenUnsubscribeLink: mail scanners and link previews follow GET links, so a GET never unsubscribes; it
// sends a person who opens the address to the preference centre, where they decide.
func (h *subscriberHandlers) OpenUnsubscribeLink(c echo.Context, token string) error {
	// The token is in this URL: keep it out of caches and out of the next page's Referer.
	c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
	c.Response().Header().Set("Referrer-Policy", "no-referrer")
	return c.Redirect(http.StatusSeeOther, subscribers.LinkPath+url.PathEscape(token))
}

func unsupported(err error) error {
	e := apierror.Unavailable("not_supported", "This is not available with the configured identity provider.")
	e.Err = err
	return e
}
