package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/httpapi/restapi"
	"github.com/grocer-portal/portal/services/api/internal/stores"
)

// storeHandlers answers the store search behind the preference centre's
// favourite-store field.
type storeHandlers struct {
	stores *stores.Service
}

// storeSearchCacheControl lets browsers reuse an answer briefly while a
// shopper types and deletes; an import shows within a minute.
const storeSearchCacheControl = "public, max-age=60"

// SearchRetailStores returns up to 20 stores matching every word of q by
// prefix, best first; closed stores are included with open=false.
func (h *storeHandlers) SearchRetailStores(c echo.Context, params restapi.SearchRetailStoresParams) error {
	q, err := stores.ParseQuery(params.Q)
	if errors.Is(err, stores.ErrQueryTooShort) || errors.Is(err, stores.ErrQueryTooLong) {
		e := apierror.InvalidParameter("q", "q must be 2 to 100 characters long.")
		e.Err = err
		return e
	}
	if err != nil {
		return err
	}
	// Shoppers type the same prefixes over and over: the answer to a query is encoded, compressed and given its
	// ETag once per snapshot of the directory, then written as bytes.
	answer, err := h.stores.SearchRendered(c.Request().Context(), q, renderStoreSearch)
	if err != nil {
		return err
	}
	return writePrepared(c, answer.(*prepared))
}

func renderStoreSearch(found []stores.Store) (any, error) {
	body := restapi.RetailStoreSearchResult{RetailStores: make([]restapi.RetailStore, len(found))}
	for i, s := range found {
		body.RetailStores[i] = restapi.RetailStore{Id: s.ID, UiText: s.UIText(), Open: s.Open}
	}
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	b = append(b, '\n') // as echo's c.JSON writes it
	return prepare(b, nil, echo.MIMEApplicationJSON, strongETag(b), storeSearchCacheControl), nil
}

// GetRetailStore answers one store by id, open or closed; 404 for an unknown id.
func (h *storeHandlers) GetRetailStore(c echo.Context, id string) error {
	s, err := h.stores.Get(c.Request().Context(), id)
	if errors.Is(err, stores.ErrNotFound) {
		return &apierror.Error{Status: http.StatusNotFound, Code: "not_found", Message: "There is no store with this id.", Field: "id", Err: err}
	}
	if err != nil {
		return err
	}
	// Asked once per visit for the saved favourite: it must tell at once when the store has closed.
	c.Response().Header().Set(echo.HeaderCacheControl, "no-cache")
	return c.JSON(http.StatusOK, restapi.RetailStore{Id: s.ID, UiText: s.UIText(), Open: s.Open})
}
