package httpapi

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/httpapi/restapi"
	"github.com/grocer-portal/portal/services/api/internal/region"
)

// regionHandlers answers the postcode region check of the registration's finalize step.
type regionHandlers struct {
	regions *region.Table
}

// regionAnswers holds every possible body, so the hot path writes bytes without encoding anything.
var regionAnswers = map[region.Region][]byte{
	region.North:   []byte(`{"region":{"id":"NORD"}}`),
	region.South:   []byte(`{"region":{"id":"SUED"}}`),
	region.Unknown: []byte(`{"region":{"id":"UNKNOWN"}}`),
}

// The table only changes with a release, so clients may keep an answer for a day. The values are shared by every
// answer (length and capacity 1: a later Header.Add copies instead of writing into them).
var (
	regionCacheControl = []string{"public, max-age=86400"}
	contentTypeJSON    = []string{echo.MIMEApplicationJSON}
)

// GetRegion answers NORD, SUED or UNKNOWN for a five-digit German postcode.
//
// Full-width digits ("２００９５") are refused, where the store search finds with them. The one rule: text that is
// searched is folded, a value that is kept is taken as every reader of it takes it. The postcode asked about here
// is the one the finalize step then saves, and the German rule of the metadata (^\d{5}$, ASCII digits in the
// apps and here), the profile's zip format and the address book all refuse full-width digits: answering a region
// for them would pass a postcode that the save refuses.
func (r *regionHandlers) GetRegion(c echo.Context, params restapi.GetRegionParams) error {
	postcode, err := region.ParsePostcode(params.Zip)
	if err != nil {
		return apierror.InvalidParameter("zip", "zip must be a German postcode of five digits.")
	}
	h := c.Response().Header()
	h[echo.HeaderCacheControl] = regionCacheControl
	h[echo.HeaderContentType] = contentTypeJSON
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, regionAnswers[r.regions.Lookup(postcode)])
}

// plainZipQuery answers the common request, a query of exactly one parameter of digits (?zip=20095), without the
// generated binding, which parses the query into a map and copies the parameter for every request (a fifth of
// the endpoint's allocations). Any other query (escapes, repeats, other parameters, none) takes the generated
// path, so every answer is the one the generated binding gives.
func (r *regionHandlers) plainZipQuery(generated echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if zip, ok := strings.CutPrefix(c.Request().URL.RawQuery, "zip="); ok && zip != "" && strings.Trim(zip, "0123456789") == "" {
			return r.GetRegion(c, restapi.GetRegionParams{Zip: zip})
		}
		return generated(c)
	}
}
