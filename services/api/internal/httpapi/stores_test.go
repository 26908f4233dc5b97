package httpapi

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"
	"go.uber.org/zap"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/httpapi/restapi"
	"github.com/grocer-portal/portal/services/api/internal/stores"
	"github.com/grocer-portal/portal/services/api/internal/stores/storetest"
)

// storeSearchEcho mounts the store search behind the service's error
// handler, the way the generated router calls it.
func storeSearchEcho(t testing.TB, list []stores.Store) *echo.Echo {
	t.Helper()
	svc := stores.NewService(storetest.NewMemory())
	_, err := svc.Import(context.Background(), list)
	require.NoError(t, err)
	h := &storeHandlers{stores: svc}
	e := echo.New()
	e.HTTPErrorHandler = errorHandler(zap.NewNop())
	e.GET("/rest/v1/retailstores/search", func(c echo.Context) error {
		return h.SearchRetailStores(c, restapi.SearchRetailStoresParams{Q: c.QueryParam("q")})
	})
	return e
}

func TestSearchRetailStores(t *testing.T) {
	e := storeSearchEcho(t, []stores.Store{
		{ID: "DE-20095-01", Name: "Hamburg", Street: "Mönckebergstraße 7", Postcode: "20095", City: "Hamburg", Country: "DE", Open: true},
		{ID: "DE-22767-01", Name: "Hamburg-Altona", Street: "Große Bergstraße 1", Postcode: "22767", City: "Hamburg", Country: "DE", Open: false},
	})
	tests := []struct {
		name      string
		q         string
		wantIDs   []string
		wantField string
	}{
		{"found", "hamburg", []string{"DE-20095-01", "DE-22767-01"}, ""},
		{"umlaut spelt out", "grosse", []string{"DE-22767-01"}, ""},
		// As "20095" and "hamburg" find them (QA bad-input round: full-width found nothing).
		{"full-width postcode", "２００９５", []string{"DE-20095-01"}, ""},
		{"full-width postcode prefix", "２２７", []string{"DE-22767-01"}, ""},
		{"full-width name", "ＨＡＭＢＵＲＧ　ａｌｔｏｎａ", []string{"DE-22767-01"}, ""},
		{"nothing found is an empty list", "zz", []string{}, ""},
		{"too short", " h ", nil, "q"},
		{"missing", "", nil, "q"},
		{"too long", strings.Repeat("ü", 101), nil, "q"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/rest/v1/retailstores/search?q="+url.QueryEscape(tc.q), nil))
			if tc.wantField != "" {
				require.Equal(t, http.StatusBadRequest, rec.Code, rec.Body.String())
				var body apierror.Body
				require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body))
				require.Equal(t, "invalid_parameter", body.Error.Code)
				require.Equal(t, tc.wantField, body.Error.Field)
				return
			}
			require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
			require.Equal(t, storeSearchCacheControl, rec.Header().Get(echo.HeaderCacheControl))
			var raw map[string][]map[string]any
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &raw))
			ids := []string{}
			for _, s := range raw["retailStores"] {
				require.ElementsMatch(t, []string{"id", "uiText", "open"}, keys(s))
				ids = append(ids, s["id"].(string))
			}
			require.Equal(t, tc.wantIDs, ids)
		})
	}

	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/rest/v1/retailstores/search?q=altona", nil))
	require.JSONEq(t, `{"retailStores":[{"id":"DE-22767-01","uiText":"Hamburg-Altona, Große Bergstraße 1, 22767 Hamburg","open":false}]}`, rec.Body.String())
}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestStoreSearchAnswersArePreparedPerSnapshot: an answer is encoded once per query and directory snapshot, with an
// ETag the browser can revalidate and a gzip copy; an import shows at once in this replica, with a new ETag.
func TestStoreSearchAnswersArePreparedPerSnapshot(t *testing.T) {
	svc := stores.NewService(storetest.NewMemory())
	hamburg := func(n int) stores.Store {
		return stores.Store{ID: fmt.Sprintf("DE-20095-%02d", n), Name: "Hamburg", Street: fmt.Sprintf("Spitalerstraße %d", n),
			Postcode: "20095", City: "Hamburg", Country: "DE", Open: true}
	}
	var list []stores.Store
	for n := 1; n <= 15; n++ {
		list = append(list, hamburg(n))
	}
	_, err := svc.Import(context.Background(), list)
	require.NoError(t, err)
	h := &storeHandlers{stores: svc}
	e := echo.New()
	e.GET("/search", func(c echo.Context) error {
		return h.SearchRetailStores(c, restapi.SearchRetailStoresParams{Q: c.QueryParam("q")})
	})
	get := func(header map[string]string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/search?q=ham", nil)
		for k, v := range header {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		return rec
	}

	plain := get(nil)
	require.Equal(t, http.StatusOK, plain.Code)
	etag := plain.Header().Get("ETag")
	require.NotEmpty(t, etag)
	require.Equal(t, strconv.Itoa(plain.Body.Len()), plain.Header().Get(echo.HeaderContentLength))
	var first restapi.RetailStoreSearchResult
	require.NoError(t, json.Unmarshal(plain.Body.Bytes(), &first))
	require.Len(t, first.RetailStores, 15)

	zipped := get(map[string]string{"Accept-Encoding": "gzip"})
	require.Equal(t, "gzip", zipped.Header().Get(echo.HeaderContentEncoding))
	zr, err := gzip.NewReader(zipped.Body)
	require.NoError(t, err)
	unzipped, err := io.ReadAll(zr)
	require.NoError(t, err)
	require.Equal(t, plain.Body.String(), string(unzipped))

	require.Equal(t, http.StatusNotModified, get(map[string]string{"If-None-Match": etag}).Code)

	_, err = svc.Import(context.Background(), []stores.Store{hamburg(16)})
	require.NoError(t, err)
	after := get(map[string]string{"If-None-Match": etag})
	require.Equal(t, http.StatusOK, after.Code, "the import changed the answer")
	require.NotEqual(t, etag, after.Header().Get("ETag"))
	var second restapi.RetailStoreSearchResult
	require.NoError(t, json.Unmarshal(after.Body.Bytes(), &second))
	require.Len(t, second.RetailStores, 16)
}
