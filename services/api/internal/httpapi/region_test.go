package httpapi_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
)

func TestRegion(t *testing.T) {
	srv := apitest.New(t)
	tests := []struct {
		name, zip string
		status    int
		want      string
		wantField string
	}{
		{"Hamburg", "20095", http.StatusOK, `{"region":{"id":"NORD"}}`, ""},
		{"Berlin", "10115", http.StatusOK, `{"region":{"id":"NORD"}}`, ""},
		{"Dresden", "01067", http.StatusOK, `{"region":{"id":"NORD"}}`, ""},
		{"Essen", "45127", http.StatusOK, `{"region":{"id":"NORD"}}`, ""},
		{"Dortmund", "44135", http.StatusOK, `{"region":{"id":"NORD"}}`, ""},
		{"Münster", "48143", http.StatusOK, `{"region":{"id":"NORD"}}`, ""},
		{"Kassel", "34117", http.StatusOK, `{"region":{"id":"NORD"}}`, ""},
		{"München", "80331", http.StatusOK, `{"region":{"id":"SUED"}}`, ""},
		{"Stuttgart", "70173", http.StatusOK, `{"region":{"id":"SUED"}}`, ""},
		{"Saarbrücken", "66111", http.StatusOK, `{"region":{"id":"SUED"}}`, ""},
		{"Köln", "50667", http.StatusOK, `{"region":{"id":"SUED"}}`, ""},
		{"Düsseldorf", "40213", http.StatusOK, `{"region":{"id":"SUED"}}`, ""},
		{"Duisburg", "47051", http.StatusOK, `{"region":{"id":"SUED"}}`, ""},
		{"Frankfurt", "60311", http.StatusOK, `{"region":{"id":"SUED"}}`, ""},
		{"Gießen", "35390", http.StatusOK, `{"region":{"id":"SUED"}}`, ""},
		{"well-formed but not a postcode", "00000", http.StatusOK, `{"region":{"id":"UNKNOWN"}}`, ""},
		{"four digits", "2009", http.StatusBadRequest, "", "zip"},
		{"six digits", "200955", http.StatusBadRequest, "", "zip"},
		{"letters", "2009a", http.StatusBadRequest, "", "zip"},
		{"empty", "", http.StatusBadRequest, "", "zip"},
		// Refused, where the store search folds them: a postcode is kept, and every rule that reads it takes
		// ASCII digits only (region.go).
		{"full-width digits", "２００９５", http.StatusBadRequest, "", "zip"},
	}
	// check asks for the region with a query: the answer `want`, or an error on `field` (with `message`, if given).
	check := func(t *testing.T, query string, status int, want, field, message string) {
		res := srv.Get("/rest/v1/region?" + query)
		require.Equal(t, status, res.Code, res.Body.String())
		if want != "" {
			require.JSONEq(t, want, res.Body.String())
			return
		}
		body := apitest.ErrorBody(t, res)
		require.Equal(t, field, body.Field)
		if message != "" {
			require.Equal(t, message, body.Message)
		}
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { check(t, "zip="+tc.zip, tc.status, tc.want, tc.wantField, "") })
	}

	// A plain ?zip=digits skips the generated binding; every other query goes through it, with its answers.
	for _, tc := range []struct {
		query   string
		status  int
		want    string
		message string
	}{
		{"zip=%32%30%30%39%35", http.StatusOK, `{"region":{"id":"NORD"}}`, ""},
		{"zip=20095&x=1", http.StatusOK, `{"region":{"id":"NORD"}}`, ""},
		{"zip=20095&zip=80331", http.StatusBadRequest, "", "The parameter zip is missing or malformed."},
		{"zip=20095;x=1", http.StatusBadRequest, "", "The parameter zip is missing or malformed."},
		{"ZIP=20095", http.StatusBadRequest, "", "The parameter zip is missing or malformed."},
		{"zip=+20095", http.StatusBadRequest, "", "zip must be a German postcode of five digits."},
		{"zip=20095%00", http.StatusBadRequest, "", "zip must be a German postcode of five digits."},
	} {
		t.Run(tc.query, func(t *testing.T) { check(t, tc.query, tc.status, tc.want, "zip", tc.message) })
	}

	t.Run("missing parameter", func(t *testing.T) {
		res := srv.Get("/rest/v1/region")
		require.Equal(t, http.StatusBadRequest, res.Code)
		require.Equal(t, "zip", apitest.ErrorBody(t, res).Field)
	})
}
