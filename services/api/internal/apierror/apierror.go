// Package apierror defines the one error type the HTTP edge turns into a JSON
// body, so every failure a client sees has the same shape.
package apierror

import (
	"errors"
	"fmt"
	"net/http"
)

// Error is a failure meant for the client: an HTTP status, a stable
// machine-readable code, a human-readable message and, for input problems, the
// offending field or parameter.
type Error struct {
	Status  int
	Code    string
	Message string
	Field   string
	// Err is the underlying cause; it is logged, never sent to the client.
	Err error
}

// Error implements error.
func (e *Error) Error() string {
	msg := fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message)
	if e.Field != "" {
		msg += " (" + e.Field + ")"
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap exposes the cause to errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// FieldBody is the Field of an error that is the request body's as a whole (too large, not a JSON object, a form
// that cannot be read) rather than one field's in it. Field otherwise names a body field by its dotted path, a
// query or path parameter, or a header or cookie by its name, as a 415 names Content-Type; no field of this API's
// bodies is called "body".
const FieldBody = "body"

// Body is the JSON document written for every error response.
type Body struct {
	Error BodyError `json:"error"`
}

// BodyError is the inner object of Body.
type BodyError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
}

// Body returns the client-facing JSON body of the error.
func (e *Error) Body() Body {
	return Body{Error: BodyError{Code: e.Code, Message: e.Message, Field: e.Field}}
}

// New returns an Error with the given status, code and message.
func New(status int, code, message string) *Error {
	return &Error{Status: status, Code: code, Message: message}
}

// InvalidParameter reports a malformed path or query parameter.
func InvalidParameter(field, message string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: "invalid_parameter", Message: message, Field: field}
}

// NotFound reports that the addressed resource does not exist.
func NotFound(message string) *Error {
	return &Error{Status: http.StatusNotFound, Code: "not_found", Message: message}
}

// Internal hides the cause behind a generic message; the cause is only logged.
func Internal(cause error) *Error {
	return &Error{Status: http.StatusInternalServerError, Code: "internal_error", Message: "An internal error occurred.", Err: cause}
}

// Unavailable reports a dependency or part of the service that cannot answer now.
func Unavailable(code, message string) *Error {
	return &Error{Status: http.StatusServiceUnavailable, Code: code, Message: message}
}

// As returns err as *Error when it is one (or wraps one).
func As(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	return nil, false
}

// CodeForStatus names a status for errors that carry no code of their own
// (those raised by the router or middleware).
func CodeForStatus(status int) string {
	switch status {
	case http.StatusBadRequest:
		return "bad_request"
	case http.StatusUnauthorized:
		return "unauthorized"
	case http.StatusForbidden:
		return "forbidden"
	case http.StatusNotFound:
		return "not_found"
	case http.StatusMethodNotAllowed:
		return "method_not_allowed"
	case http.StatusRequestEntityTooLarge:
		return "request_too_large"
	case http.StatusUnsupportedMediaType:
		return "unsupported_media_type"
	case http.StatusTooManyRequests:
		return "too_many_requests"
	case http.StatusServiceUnavailable:
		return "unavailable"
	}
	if status >= 500 {
		return "internal_error"
	}
	return "request_failed"
}
