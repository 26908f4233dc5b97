// Package formbody is the one rule of the request bodies the service reads: the media types an endpoint takes, and
// a form's parameters, each given once, as UTF-8 text without NUL.
package formbody

import (
	"bytes"
	"errors"
	"io"
	"maps"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/grocer-portal/portal/services/api/internal/apierror"
	"github.com/grocer-portal/portal/services/api/internal/database"
)

// multipartMemory caps what a multipart form may hold in memory; the forms of this API are a few short fields.
const multipartMemory = 32 << 10

// Check lets a request through only with a body of one of types, a 415 naming Content-Type otherwise. A request
// without a body passes, so the handler names the field it misses. A form (URL-encoded or multipart) is read here,
// and refused naming the parameter when one is given twice or holds a NUL or text that is not UTF-8, or when it
// cannot be decoded. The REST API's bodies (httpapi) and the mail links' POSTs (maillink) both take this rule.
func Check(r *http.Request, types ...string) error {
	if r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
		return nil
	}
	mediaType, _, err := mime.ParseMediaType(r.Header.Get(echo.HeaderContentType))
	if err != nil || !slices.Contains(types, mediaType) {
		return &apierror.Error{Status: http.StatusUnsupportedMediaType, Code: "unsupported_media_type",
			Message: "Unsupported content type: send " + strings.Join(types, " or ") + ".", Field: echo.HeaderContentType, Err: err}
	}
	if mediaType == echo.MIMEApplicationForm || mediaType == echo.MIMEMultipartForm {
		return checkForm(r, mediaType)
	}
	return nil
}

// hashedOnly are the parameters whose value the service only hashes or compares with a hash, never stores nor looks
// up: the custom login's password. A NUL in it is the identity provider's to judge, as a wrong password (403042) like
// any other, not a refusal of the form, which the login page could only show as a failed login of unknown cause (QA,
// 2026-12-01). The identity API lets it through alike (identityapi's hashedParams).
var hashedOnly = map[string]bool{"password": true}

// checkForm reads the form of the request's body and refuses a parameter given twice, or one whose name or value
// holds a NUL (but for hashedOnly's values) or is not UTF-8, naming it (the first by name, so the answer is the same
// every time).
func checkForm(r *http.Request, mediaType string) error {
	var body []byte
	var err error
	if mediaType == echo.MIMEMultipartForm {
		err = r.ParseMultipartForm(multipartMemory)
	} else {
		// Kept, so that a broken escape can be named: ParseForm's error does not say where it is.
		if body, err = io.ReadAll(r.Body); err == nil {
			r.Body = io.NopCloser(bytes.NewReader(body))
			err = r.ParseForm()
		}
	}
	var httpErr *echo.HTTPError
	if errors.As(err, &httpErr) {
		return httpErr // the body limit middleware reports an oversized body this way
	} else if err != nil {
		return unreadableForm(err, string(body), r.URL.RawQuery)
	}
	for _, name := range slices.Sorted(maps.Keys(r.PostForm)) {
		field := fieldName(name)
		if !database.Storable(name) {
			return apierror.InvalidParameter(field, "A parameter's name must be UTF-8 text without NUL.")
		}
		values := r.PostForm[name]
		if len(values) > 1 {
			return apierror.InvalidParameter(name, name+" is given twice.")
		}
		if len(values) == 1 && hashedOnly[name] && !utf8.ValidString(values[0]) {
			return apierror.InvalidParameter(name, name+" must be UTF-8 text.")
		}
		if len(values) == 1 && !hashedOnly[name] && !database.Storable(values[0]) {
			return apierror.InvalidParameter(name, name+" must be UTF-8 text without NUL.")
		}
	}
	return nil
}

// unreadableForm is the 400 of a form that url.ParseQuery cannot decode, naming the parameter with the broken
// %-escape or the semicolon (QA bad-input round: email=%ZZ named nothing). ParseForm reads the body before the
// query string and answers the first error, so the body is searched first; a multipart body that cannot be read
// names the body.
func unreadableForm(err error, body, query string) error {
	e := &apierror.Error{Status: http.StatusBadRequest, Code: "invalid_form", Message: "The form could not be read.", Field: apierror.FieldBody, Err: err}
	for _, raw := range []string{body, query} {
		if name, ok := undecodableParameter(raw); ok {
			e.Field, e.Message = fieldName(name), "The form could not be read: "+fieldName(name)+" is not URL-encoded."
			break
		}
	}
	return e
}

// undecodableParameter finds the first pair of raw, a URL-encoded form or query string, that url.ParseQuery
// refuses, and names it: by its name decoded, or as sent when the name is what cannot be decoded.
func undecodableParameter(raw string) (string, bool) {
	for raw != "" {
		var pair string
		pair, raw, _ = strings.Cut(raw, "&")
		name, value, _ := strings.Cut(pair, "=")
		decoded, err := url.QueryUnescape(name)
		if err != nil {
			return name, true
		}
		if _, err := url.QueryUnescape(value); err != nil || strings.Contains(pair, ";") {
			return decoded, true
		}
	}
	return "", false
}

// fieldName is a parameter's name as an error's field can carry it: a NUL or bytes that are not UTF-8 shown as
// U+FFFD.
func fieldName(name string) string {
	return strings.ToValidUTF8(strings.ReplaceAll(name, "\x00", "\uFFFD"), "\uFFFD")
}
