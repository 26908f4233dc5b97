package httpapi

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/httpapi/restapi"
	"github.com/grocer-portal/portal/services/api/internal/identity"
	"github.com/grocer-portal/portal/services/api/internal/subscribers"
)

// subscriberExchange turns a preference centre link token into a registration token; *subscribers.Service.
type subscriberExchange interface {
	Exchange(ctx context.Context, token string) (identity.RegToken, error)
}

// subscriberHandlers serve the preference centre's token exchange (spec 001 §4 "Preference centre loading").
type subscriberHandlers struct {
	exchange subscriberExchange
}

var _ subscriberEndpoints = (*subscriberHandlers)(nil)

func newSubscriberHandlers(exchange subscriberExchange) *subscriberHandlers {
	return &subscriberHandlers{exchange: exchange}
}

// preferencesLoadingCode is the error page the preference centre shows when the exchange fails (spec 001 §8).
const preferencesLoadingCode = "preferences.loading"

// ExchangeSubscriberToken answers the form field jwt with {regToken, createdAt, expiresAt}: 401
// preferences.loading for a token that is invalid, tampered or expired, 503 when the provider is down.
func (h *subscriberHandlers) ExchangeSubscriberToken(c echo.Context) error {
	// Only the body: a token in the query string would end up in access logs.
	token := c.Request().PostFormValue("jwt")
	if token == "" {
		return apierror.InvalidParameter("jwt", "jwt is required as a form field.")
	}
	rt, err := h.exchange.Exchange(c.Request().Context(), token)
	switch {
	case errors.Is(err, subscribers.ErrInvalidToken):
		return &apierror.Error{Status: http.StatusUnauthorized, Code: preferencesLoadingCode,
			Message: "The link is invalid or has expired.", Field: "jwt", Err: err}
	case errors.Is(err, identity.ErrUnavailable):
		e := apierror.Unavailable("identity_unavailable", "The account service is not available. Please try again later.")
		e.Err = err
		return e
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
