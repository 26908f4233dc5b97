package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
)

// Every endpoint that reads a body answers malformed, hostile or oversized bodies with a 4xx (or a normal
// answer), never a 5xx, and never with anything but JSON.
func TestMalformedBodiesNeverFailWith5xx(t *testing.T) {
	svc := apitest.New(t)
	endpoints := []struct{ method, path string }{
		{http.MethodPut, "/rest/v1/account/registration/verification-email"},
		{http.MethodPost, "/rest/v1/account/login"},
		{http.MethodPost, "/rest/v1/subscriber/regToken/jwt"},
		{http.MethodPost, "/rest/v1/productreminder/search"},
		{http.MethodDelete, "/rest/v1/productreminder"},
		{http.MethodPost, "/rest/v1/productreminder"},
		{http.MethodPost, "/identity/accounts.login"},
		{http.MethodPost, "/identity/accounts.register"},
		{http.MethodPost, "/identity/accounts.setAccountInfo"},
		{http.MethodPost, "/identity/accounts.resetPassword"},
		{http.MethodPost, "/identity/accounts.getAccountInfo"},
		{http.MethodPost, "/identity/accounts.finalizeRegistration"},
		{http.MethodPost, "/identity/accounts.socialLogin"},
	}
	bodies := []struct{ name, contentType, body string }{
		{"empty JSON", "application/json", ""},
		{"truncated JSON", "application/json", `{"email": "a@b.c", "password": `},
		{"JSON null", "application/json", "null"},
		{"JSON array", "application/json", "[1,2,3]"},
		{"JSON number", "application/json", "42"},
		{"wrong types", "application/json", `{"email": 1, "authToken": [], "productReminderIds": "x", "variantName": 7, "profile": "x", "data": [1], "subscriptions": true, "loginID": {}, "password": null}`},
		{"deep nesting", "application/json", strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000)},
		{"oversized", "application/json", `{"email":"` + strings.Repeat("a", 70<<10) + `"}`},
		{"invalid UTF-8", "application/json", "{\"email\": \"\xff\xfe\"}"},
		{"NUL bytes", "application/x-www-form-urlencoded", "email=a%00b%40c.de&jwt=%00&loginID=%00&password=%00"},
		{"broken form escapes", "application/x-www-form-urlencoded", "email=%zz&jwt=%&loginID=%%&password=%G1"},
		{"form with JSON fields as junk", "application/x-www-form-urlencoded", "profile=%7B&data=%5B&subscriptions=nope&regToken=x"},
		{"huge JWT", "application/x-www-form-urlencoded", "jwt=" + strings.Repeat("eyJ", 15000)},
		{"multipart without boundary", "multipart/form-data", "--x\r\n"},
		{"unknown content type", "text/plain", "hello"},
	}
	for _, ep := range endpoints {
		for _, b := range bodies {
			t.Run(ep.path+"/"+b.name, func(t *testing.T) {
				rec := svc.Do(apitest.Request{
					Method: ep.method, Target: ep.path, Body: b.body,
					Header: map[string]string{"Content-Type": b.contentType, "Origin": "http://example.com", "X-Api-Key": "dev-shop-key"},
				})
				require.Less(t, rec.Code, 500, rec.Body.String())
				if rec.Code >= 400 || strings.HasPrefix(ep.path, "/rest/") {
					if rec.Code != http.StatusNoContent && rec.Code != http.StatusCreated {
						require.Contains(t, rec.Header().Get("Content-Type"), "application/json", rec.Body.String())
					}
				}
			})
		}
	}
}
