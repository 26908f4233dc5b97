package embedded

import (
	"time"

	"github.com/grocer-portal/portal/services/api/internal/identity/contract"
)

// MissingRequiredFieldsFlag in include asks a 206001 answer for the missing fields' names.
const MissingRequiredFieldsFlag = "missing-required-fields"

// ValidationError is one entry of validationErrors: a dotted field name, its own code and a message.
type ValidationError struct {
	FieldName string `json:"fieldName"`
	ErrorCode int    `json:"errorCode"`
	Message   string `json:"message"`
}

// NewSession is a session the caller must hand to the browser (the token is shown only here, once).
type NewSession struct {
	Token     string
	ExpiresAt time.Time
}

// Result is the domain answer of one accounts.* method; the HTTP edge wraps it in the envelope.
type Result struct {
	ErrorCode        int
	ErrorDetails     string
	ValidationErrors []ValidationError
	RegToken         string
	// Fields are the method's own answer fields (UID, profile, conflictingAccount, ...).
	Fields map[string]any
	// Session, when set, is a new session to set in the cookie (login rotated it).
	Session *NewSession
	// EndSession asks the edge to clear the session cookie (logout, password change).
	EndSession bool
}

// OK reports whether the result counts as success for the apps (identity contract: 0 and 200009).
func (r Result) OK() bool { return contract.IsSuccess(r.ErrorCode) }

func fail(code int, details string) Result {
	if details == "" {
		details = contract.Message(code)
	}
	return Result{ErrorCode: code, ErrorDetails: details}
}

// wrongPassword answers a current password that checkCredentials refused: 403042 on the `password` field, or
// 403120 while the login ID is locked out.
func wrongPassword(code int) Result {
	r := fail(code, "")
	if code == contract.CodeInvalidLogin {
		r.ValidationErrors = []ValidationError{{FieldName: "password", ErrorCode: contract.CodeInvalidLogin, Message: "Your password is incorrect."}}
	}
	return r
}

func validationFailed(errs []ValidationError) Result {
	details := "Validation failed"
	for _, e := range errs {
		switch e.Message {
		case CommonPasswordMessage:
			details = contract.DetailsCommonPassword
		case PasswordTooLongMessage:
			details = contract.DetailsPasswordTooLong
		}
	}
	return Result{ErrorCode: contract.CodeValidation, ErrorDetails: details, ValidationErrors: errs}
}

func ok(fields map[string]any) Result {
	if fields == nil {
		fields = map[string]any{}
	}
	return Result{ErrorCode: contract.CodeOK, Fields: fields}
}
