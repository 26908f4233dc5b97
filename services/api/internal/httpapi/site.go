package httpapi

import (
	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/httpapi/restapi"
)

// The generated ServerInterface methods of the site's own endpoints; the work is in handlers.go.

// GetHealth answers whether the process runs.
func (h *handlers) GetHealth(c echo.Context) error { return h.health(c) }

// GetReadiness answers whether the replica takes traffic: the database answers and the service is not stopping.
func (h *handlers) GetReadiness(c echo.Context) error { return h.ready(c) }

// GetMetadata answers the site configuration.
func (h *handlers) GetMetadata(c echo.Context) error { return writePrepared(c, h.metadata) }

// GetCmsDefault answers the fallback content; If-None-Match is read by sendCached.
func (h *handlers) GetCmsDefault(c echo.Context, _ restapi.GetCmsDefaultParams) error {
	return h.cmsDefault(c)
}

// GetCmsDocument answers the content of one language.
func (h *handlers) GetCmsDocument(c echo.Context, _ string, _ string, _ restapi.GetCmsDocumentParams) error {
	return h.cmsDocument(c)
}
