package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/grocer-portal/portal/services/api/internal/apitest"
	"github.com/grocer-portal/portal/services/api/internal/httpapi"
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

// Every REST endpoint that reads a body reads it in the types api/openapi.yaml names and answers any other with
// 415 naming Content-Type (QA round of 2026-11-29: the reminder calls took text/plain, and the verification mail's
// PUT read a JSON body as an empty form and said "email must be an e-mail address").
func TestRestBodiesOfAnotherTypeAre415(t *testing.T) {
	svc := apitest.New(t)
	jsonBody := `{"email":"a@example.com","variantId":"V1","variantName":{"de":"M"},"authToken":"x","productReminderIds":["x"],"loginID":"a@example.com","password":"x","jwt":"x","token":"x"}`
	formBody := url.Values{"email": {"a@example.com"}, "loginID": {"a@example.com"}, "password": {"x"}, "jwt": {"x"}, "token": {"x"}, "List-Unsubscribe": {"One-Click"}}.Encode()
	endpoints := []struct {
		method, path string
		json         bool
	}{
		{http.MethodPut, "/rest/v1/account/registration/verification-email", false},
		{http.MethodPost, "/rest/v1/account/login", false},
		{http.MethodPost, "/rest/v1/subscriber/regToken/jwt", false},
		{http.MethodPost, "/rest/v1/subscriber/unsubscribe/some-token", false},
		{http.MethodPost, "/rest/v1/productreminder/confirm", false},
		{http.MethodPost, "/rest/v1/productreminder/search", true},
		{http.MethodDelete, "/rest/v1/productreminder", true},
		{http.MethodPost, "/rest/v1/productreminder", true},
	}
	for _, ep := range endpoints {
		wrong := []struct{ contentType, body string }{
			{"text/plain", jsonBody},
			{"", jsonBody},
			{"application/json; charset", jsonBody},
		}
		want := "application/json"
		if ep.json {
			wrong = append(wrong, struct{ contentType, body string }{"application/x-www-form-urlencoded", formBody})
		} else {
			want = "application/x-www-form-urlencoded"
			wrong = append(wrong, struct{ contentType, body string }{"application/json", jsonBody})
		}
		for _, w := range wrong {
			t.Run(ep.method+" "+ep.path+" as "+w.contentType, func(t *testing.T) {
				header := map[string]string{"Origin": "http://example.com", "X-Api-Key": "dev-shop-key"}
				if w.contentType != "" {
					header["Content-Type"] = w.contentType
				}
				rec := svc.Do(apitest.Request{Method: ep.method, Target: ep.path, Body: w.body, Header: header})
				require.Equal(t, http.StatusUnsupportedMediaType, rec.Code, rec.Body.String())
				body := apitest.ErrorBody(t, rec)
				require.Equal(t, "unsupported_media_type", body.Code)
				require.Equal(t, "Content-Type", body.Field)
				require.Contains(t, body.Message, want)
			})
		}
	}

	t.Run("nothing is created from a text/plain body", func(t *testing.T) {
		rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/productreminder", Body: jsonBody,
			Header: map[string]string{"Content-Type": "text/plain", "X-Api-Key": "dev-shop-key"}})
		require.Equal(t, http.StatusUnsupportedMediaType, rec.Code)
		mails, err := svc.App.Outbox.Latest(context.Background(), "a@example.com", 10)
		require.NoError(t, err)
		require.Empty(t, mails)
	})
	t.Run("the named type, with a charset, is read", func(t *testing.T) {
		rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/productreminder", Body: jsonBody,
			Header: map[string]string{"Content-Type": "Application/JSON; charset=utf-8", "X-Api-Key": "dev-shop-key"}})
		require.Equal(t, http.StatusCreated, rec.Code, rec.Body.String())
		rec = svc.Do(apitest.Request{Method: http.MethodPut, Target: "/rest/v1/account/registration/verification-email", Body: formBody,
			Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded; charset=utf-8"}})
		require.Equal(t, http.StatusCreated, rec.Code, rec.Body.String())
	})
	t.Run("multipart where the contract names it", func(t *testing.T) {
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		require.NoError(t, w.WriteField("List-Unsubscribe", "One-Click"))
		require.NoError(t, w.Close())
		rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/unsubscribe/some-token", Body: buf.String(),
			Header: map[string]string{"Content-Type": w.FormDataContentType()}})
		require.Equal(t, http.StatusUnauthorized, rec.Code, "read, and the token refused: %s", rec.Body.String())
		rec = svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/account/login", Body: buf.String(),
			Header: map[string]string{"Content-Type": w.FormDataContentType()}})
		require.Equal(t, http.StatusUnsupportedMediaType, rec.Code, rec.Body.String())
	})
}

// A REST form refuses a parameter given twice, and a NUL or invalid UTF-8 in any value, naming the parameter, as
// the identity API does (QA round of 2026-11-29: loginID=a&loginID=b logged in as a, and a NUL went through).
func TestRestFormsRefuseRepeatedAndBinaryParameters(t *testing.T) {
	svc := apitest.New(t)
	cases := []struct{ name, method, path, body, field string }{
		{"loginID twice", http.MethodPost, "/rest/v1/account/login", "loginID=a%40example.com&loginID=b%40example.com&password=x", "loginID"},
		{"password twice", http.MethodPost, "/rest/v1/account/login", "loginID=a%40example.com&password=x&password=y", "password"},
		{"NUL in loginID", http.MethodPost, "/rest/v1/account/login", "loginID=a%00b%40example.com&password=x", "loginID"},
		{"invalid UTF-8 in password", http.MethodPost, "/rest/v1/account/login", "loginID=a%40example.com&password=%ff%fe", "password"},
		{"email twice", http.MethodPut, "/rest/v1/account/registration/verification-email", "email=a%40example.com&email=b%40example.com", "email"},
		{"NUL in lang", http.MethodPut, "/rest/v1/account/registration/verification-email", "email=a%40example.com&lang=de%00", "lang"},
		{"jwt twice", http.MethodPost, "/rest/v1/subscriber/regToken/jwt", "jwt=a&jwt=b", "jwt"},
		{"invalid UTF-8 in jwt", http.MethodPost, "/rest/v1/subscriber/regToken/jwt", "jwt=%c3%28", "jwt"},
		{"token twice", http.MethodPost, "/rest/v1/productreminder/confirm", "token=a&token=b", "token"},
		{"List-Unsubscribe twice", http.MethodPost, "/rest/v1/subscriber/unsubscribe/some-token", "List-Unsubscribe=One-Click&List-Unsubscribe=One-Click", "List-Unsubscribe"},
		{"an unread parameter twice", http.MethodPost, "/rest/v1/account/login", "loginID=a%40example.com&password=x&extra=1&extra=2", "extra"},
		{"a NUL in a parameter's name", http.MethodPost, "/rest/v1/account/login", "loginID=a%40example.com&password=x&ex%00tra=1", "ex\uFFFDtra"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := svc.Do(apitest.Request{Method: tc.method, Target: tc.path, Body: tc.body,
				Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Origin": "http://example.com"}})
			require.Equal(t, http.StatusBadRequest, rec.Code, rec.Body.String())
			body := apitest.ErrorBody(t, rec)
			require.Equal(t, "invalid_parameter", body.Code)
			require.Equal(t, tc.field, body.Field)
		})
	}
	// A broken escape is a 400, not an empty form, naming the parameter it is in (QA bad-input round: email=%ZZ
	// named nothing); one in a name names the name as sent, there being no other.
	for _, tc := range []struct{ name, target, body, field string }{
		{"in a value", "/rest/v1/account/login", "loginID=%zz&password=x", "loginID"},
		{"in the mail's address", "/rest/v1/account/registration/verification-email", "email=%ZZ", "email"},
		{"after good parameters", "/rest/v1/account/login", "loginID=a%40example.com&password=x&lang=%e", "lang"},
		{"in a value with an escaped name", "/rest/v1/account/login", "login%49D=%zz&password=x", "loginID"},
		{"in a name", "/rest/v1/account/login", "loginID=a%40example.com&pass%zzword=x", "pass%zzword"},
		{"a semicolon", "/rest/v1/account/login", "loginID=a%40example.com;password=x", "loginID"},
		{"in the query string", "/rest/v1/account/login?next=%zz", "loginID=a%40example.com&password=x", "next"},
		{"in the body before the query's", "/rest/v1/account/login?next=%zz", "loginID=%zz&password=x", "loginID"},
	} {
		t.Run("a broken escape "+tc.name, func(t *testing.T) {
			method := http.MethodPost
			if strings.HasSuffix(tc.target, "/verification-email") {
				method = http.MethodPut
			}
			rec := svc.Do(apitest.Request{Method: method, Target: tc.target, Body: tc.body,
				Header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
			require.Equal(t, http.StatusBadRequest, rec.Code, rec.Body.String())
			body := apitest.ErrorBody(t, rec)
			require.Equal(t, "invalid_form", body.Code)
			require.Equal(t, tc.field, body.Field)
		})
	}
	t.Run("a multipart form that cannot be read names the body", func(t *testing.T) {
		rec := svc.Do(apitest.Request{Method: http.MethodPost, Target: "/rest/v1/subscriber/unsubscribe/some-token", Body: "--x\r\n",
			Header: map[string]string{"Content-Type": "multipart/form-data"}})
		require.Equal(t, http.StatusBadRequest, rec.Code, rec.Body.String())
		body := apitest.ErrorBody(t, rec)
		require.Equal(t, "invalid_form", body.Code)
		require.Equal(t, "body", body.Field)
	})
}

// An oversized body is a 413 naming the body as a whole, on the JSON and on the form endpoints alike (QA bad-input
// round: it named nothing).
func TestOversizedRestBodiesNameTheBody(t *testing.T) {
	svc := apitest.New(t)
	for _, tc := range []struct{ method, path, contentType, body string }{
		{http.MethodPost, "/rest/v1/productreminder", "application/json", `{"email":"` + strings.Repeat("a", 70<<10) + `"}`},
		{http.MethodPost, "/rest/v1/productreminder/search", "application/json", `{"authToken":"` + strings.Repeat("a", 70<<10) + `"}`},
		{http.MethodPost, "/rest/v1/account/login", "application/x-www-form-urlencoded", "loginID=" + strings.Repeat("a", 70<<10)},
		{http.MethodPost, "/rest/v1/productreminder/confirm", "application/x-www-form-urlencoded", "token=" + strings.Repeat("a", 70<<10)},
	} {
		// Refused on its declared length, or, sent in chunks, once the limit is read past.
		for _, declared := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s declared %v", tc.path, declared), func(t *testing.T) {
				req := httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body))
				if !declared {
					req.ContentLength = -1
				}
				req.Header.Set("Content-Type", tc.contentType)
				req.Header.Set("X-Api-Key", "dev-shop-key")
				rec := httptest.NewRecorder()
				svc.Echo.ServeHTTP(rec, req)
				require.Equal(t, http.StatusRequestEntityTooLarge, rec.Code, rec.Body.String())
				body := apitest.ErrorBody(t, rec)
				require.Equal(t, "request_too_large", body.Code)
				require.Equal(t, "body", body.Field)
			})
		}
	}
}

// restBodies is the contract's: every operation of api/openapi.yaml with a request body is in it with exactly the
// media types the document names, and it names no other operation.
func TestRestBodiesFollowTheContract(t *testing.T) {
	raw, err := os.ReadFile("../../api/openapi.yaml")
	require.NoError(t, err)
	var doc struct {
		Paths map[string]map[string]yaml.Node `yaml:"paths"`
	}
	require.NoError(t, yaml.Unmarshal(raw, &doc))
	inDoc := map[string][]string{}
	for _, items := range doc.Paths {
		for method, node := range items {
			if method == "parameters" {
				continue
			}
			var op struct {
				OperationID string `yaml:"operationId"`
				RequestBody *struct {
					Content map[string]any `yaml:"content"`
				} `yaml:"requestBody"`
			}
			require.NoError(t, node.Decode(&op))
			if op.RequestBody != nil {
				inDoc[op.OperationID] = slices.Sorted(maps.Keys(op.RequestBody.Content))
			}
		}
	}
	require.NotEmpty(t, inDoc)
	inCode := map[string][]string{}
	for op, types := range httpapi.RestBodies() {
		inCode[op] = slices.Sorted(slices.Values(types))
	}
	require.Equal(t, inDoc, inCode)
}
