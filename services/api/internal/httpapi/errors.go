package httpapi

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/content"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/webapp"
)

// domainErrors maps the domain packages' sentinel errors to what the client
// sees. Domains stay free of HTTP; this table is the only translation.
var domainErrors = []struct {
	err error
	api *apierror.Error
}{
	{content.ErrNotFound, apierror.NotFound("There is no content for this content set and language.")},
	{webapp.ErrNotFound, apierror.NotFound("Not found.")},
	{identity.ErrAccountNotFound, apierror.New(http.StatusNotFound, "account_not_found", "There is no unverified registration for this e-mail address.")},
	{identity.ErrTooManyMails, apierror.New(http.StatusTooManyRequests, "too_many_mails", "Too many e-mails were requested. Please try again later.")},
	{identity.ErrUnavailable, apierror.Unavailable("identity_unavailable", "The identity provider cannot be reached. Please try again later.")},
	{webapp.ErrNotBuilt, apierror.Unavailable("app_not_built", "This web app was not built into the service. Run `make build` to build the apps and embed them.")},
}

// toAPIError turns any error into the client-facing error type; anything
// unknown becomes a 500 whose details only reach the log.
func toAPIError(err error) *apierror.Error {
	if e, ok := apierror.As(err); ok {
		return e
	}
	for _, m := range domainErrors {
		if errors.Is(err, m.err) {
			e := *m.api
			e.Err = err
			return &e
		}
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		if field, ok := badParameter(he); ok {
			return apierror.InvalidParameter(field, fmt.Sprintf("The parameter %s is missing or malformed.", field))
		}
		msg := http.StatusText(he.Code)
		// Router and middleware messages are fixed strings (e.g. "Not Found");
		// internals are only ever in he.Internal, which is not sent.
		if s, ok := he.Message.(string); ok && he.Code < 500 {
			msg = s
		}
		if he.Code >= 500 {
			return &apierror.Error{Status: he.Code, Code: apierror.CodeForStatus(he.Code), Message: "An internal error occurred.", Err: err}
		}
		e := &apierror.Error{Status: he.Code, Code: apierror.CodeForStatus(he.Code), Message: msg, Err: err}
		if he.Code == http.StatusRequestEntityTooLarge {
			// The body limit's answer, on the declared length or once the limit is read past: the body as a whole
			// is at fault (QA bad-input round: the 413 named nothing).
			e.Field = apierror.FieldBody
		}
		return e
	}
	return apierror.Internal(err)
}

// errorHandler is echo's single error handler: every error becomes
// {"error":{"code","message","field"}}.
func errorHandler(logger *zap.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		e := toAPIError(err)
		if isFailure(e.Status, err) && e.Code != "app_not_built" {
			logger.Error("request failed",
				zap.String("route", c.Path()),
				zap.String("request_id", RequestID(c)),
				zap.String("error", fmt.Sprint(err)),
			)
		}
		if e.Status == http.StatusMethodNotAllowed {
			if allow, ok := c.Get(echo.ContextKeyHeaderAllow).(string); ok && allow != "" {
				c.Response().Header().Set(echo.HeaderAllow, allow)
			}
		}
		// Error bodies must never be cached or taken for the app's content.
		c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
		c.Response().Header().Del(headerETag)
		var writeErr error
		if c.Request().Method == http.MethodHead {
			writeErr = c.NoContent(e.Status)
		} else {
			writeErr = c.JSON(e.Status, e.Body())
		}
		if writeErr != nil {
			logger.Debug("writing error response failed", zap.Error(writeErr))
		}
	}
}

// isFailure tells whether an answer is a failure of the service, logged at error level: a 5xx, except /readyz's
// 503 (ErrNotReady), which is the answer a probe is there to get. A load balancer polls /readyz every second or so
// through http.shutdownDrain, or while the database is down, and each of its answers wrote an error line (operator
// rounds); the service's Pinger logs the database's outage once instead.
func isFailure(status int, err error) bool {
	return status >= 500 && !errors.Is(err, ErrNotReady)
}

// bindingFailure matches the generated request binding's errors, which name the parameter but also quote the
// caller's input; only the name is passed on.
var bindingFailure = regexp.MustCompile(`^Invalid format for parameter ([A-Za-z0-9_-]+):`)

func badParameter(he *echo.HTTPError) (string, bool) {
	msg, ok := he.Message.(string)
	if !ok || he.Code != http.StatusBadRequest {
		return "", false
	}
	m := bindingFailure.FindStringSubmatch(msg)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// noSuchEndpoint answers an API path that no route of the request's method serves: HEAD through the path's GET
// route, 405 with Allow when routes of other methods serve it (PATCH on the region check), else 404; never an
// app's index.html.
func noSuchEndpoint(e *echo.Echo) echo.HandlerFunc {
	return func(c echo.Context) error {
		allow := otherMethods(e, c)
		if c.Request().Method == http.MethodHead && slices.Contains(allow, http.MethodGet) {
			// HEAD is GET without the body (RFC 9110 9.3.2); the generated routes register GET only, and net/http
			// drops the body of an answer to HEAD.
			e.Router().Find(http.MethodGet, echo.GetPath(c.Request()), c)
			return c.Handler()(c)
		}
		if len(allow) > 0 {
			c.Response().Header().Set(echo.HeaderAllow, strings.Join(allow, ", "))
			return apierror.New(http.StatusMethodNotAllowed, "method_not_allowed", "This endpoint does not answer "+c.Request().Method+".")
		}
		return apierror.NotFound("There is no such endpoint.")
	}
}

// otherMethods lists the methods whose routes serve the request's path, other than the catch-all that answered.
func otherMethods(e *echo.Echo, c echo.Context) []string {
	probe := e.NewContext(c.Request(), nil)
	var allow []string
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		if m == c.Request().Method {
			continue
		}
		e.Router().Find(m, echo.GetPath(c.Request()), probe)
		if p := probe.Path(); p != c.Path() && p != "/*" {
			allow = append(allow, m)
		}
	}
	return allow
}
