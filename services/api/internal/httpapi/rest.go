package httpapi

import (
	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/httpapi/restapi"
)

// The endpoint groups the REST server is composed of, one per concern. Each is satisfied by that concern's
// handler type; the server embeds them, so together they implement the generated ServerInterface.
type (
	storeEndpoints interface {
		SearchRetailStores(c echo.Context, params restapi.SearchRetailStoresParams) error
		GetRetailStore(c echo.Context, id string) error
	}
	subscriberEndpoints interface {
		ExchangeSubscriberToken(c echo.Context) error
		IssueSessionLinkToken(c echo.Context) error
		UnsubscribeAll(c echo.Context, token string) error
		OpenUnsubscribeLink(c echo.Context, token string) error
	}
	reminderEndpoints interface {
		SearchProductReminders(c echo.Context) error
		DeleteProductReminders(c echo.Context) error
		CreateProductReminder(c echo.Context) error
		ConfirmProductReminder(c echo.Context, params restapi.ConfirmProductReminderParams) error
		ActivateProductReminder(c echo.Context) error
	}
)

// restServer is the backend REST contract of api/openapi.yaml.
type restServer struct {
	*handlers
	*regionHandlers
	*accountHandlers
	storeEndpoints
	subscriberEndpoints
	reminderEndpoints
}

var _ restapi.ServerInterface = (*restServer)(nil)
