package embedded

import (
	"strconv"
	"time"
)

// Error codes of the identity contract (shared/identity-contract.md) that the embedded provider answers.
const (
	CodeOK                    = 0
	CodeAccountsLinked        = 200009 // the social identity was already linked: treat as success
	CodePendingRegistration   = 206001
	CodePendingVerification   = 206002
	CodeMissingParameter      = 400002
	CodeUniqueIdentifier      = 400003 // e-mail already in use
	CodeInvalidParameter      = 400006 // also: regToken invalid/expired, password policy on a field
	CodeValidation            = 400009
	CodeServerOnlyField       = 400020
	CodeInvalidFormat         = 400026
	CodeRequiredMissing       = 400027
	CodeResetFrequency        = 400125
	CodeForbidden             = 403000 // cross-site request refused (embedded provider only)
	CodeVerificationExpired   = 403002
	CodeUnauthorized          = 403005 // no session and no valid regToken
	CodeInvalidResetToken     = 403025
	CodeAccountDisabled       = 403041
	CodeInvalidLogin          = 403042
	CodeSocialConflict        = 403043
	CodeUnknownLoginID        = 403047
	CodeLockedOut             = 403120
	CodeNotFound              = 404000
	CodeSocialNotConfigured   = 500023 // social login provider error / no social login configured
	CodeGeneralServerError    = 500001
	DetailsPasswordSameAsOld  = "100001"
	MissingRequiredFieldsFlag = "missing-required-fields"
)

var errorMessages = map[int]string{
	CodeOK:                  "OK",
	CodeAccountsLinked:      "Accounts linked",
	CodePendingRegistration: "Account Pending Registration",
	CodePendingVerification: "Account Pending Verification",
	CodeMissingParameter:    "Missing required parameter",
	CodeUniqueIdentifier:    "Unique identifier exists",
	CodeInvalidParameter:    "Invalid parameter value",
	CodeValidation:          "Validation error",
	CodeServerOnlyField:     "Permission denied",
	CodeInvalidFormat:       "Invalid format",
	CodeRequiredMissing:     "Missing required field",
	CodeResetFrequency:      "Limit reached",
	CodeForbidden:           "Forbidden",
	CodeVerificationExpired: "Verification code expired",
	CodeUnauthorized:        "Unauthorized user",
	CodeInvalidResetToken:   "Invalid or expired password reset token",
	CodeAccountDisabled:     "Account Disabled",
	CodeInvalidLogin:        "Invalid LoginID",
	CodeSocialConflict:      "Login Identifier exists",
	CodeUnknownLoginID:      "Invalid loginID",
	CodeLockedOut:           "Account temporarily locked out",
	CodeNotFound:            "Not found",
	CodeSocialNotConfigured: "Social login unavailable",
	CodeGeneralServerError:  "General Server Error",
}

// ErrorMessage is the short name of an error code ("Validation error").
func ErrorMessage(code int) string {
	if m, ok := errorMessages[code]; ok {
		return m
	}
	return "Error"
}

// StatusCode is the HTTP-like status of the envelope: 200 on success, else the first three digits of the code.
func StatusCode(code int) int {
	if code == CodeOK {
		return 200
	}
	s := strconv.Itoa(code)
	if len(s) < 3 {
		return 500
	}
	n, _ := strconv.Atoi(s[:3])
	return n
}

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

// OK reports whether the result counts as success for the apps (0 or 2000xx).
func (r Result) OK() bool {
	return r.ErrorCode == CodeOK || (r.ErrorCode >= 200000 && r.ErrorCode < 201000)
}

func fail(code int, details string) Result {
	if details == "" {
		details = ErrorMessage(code)
	}
	return Result{ErrorCode: code, ErrorDetails: details}
}

func validationFailed(errs []ValidationError) Result {
	return Result{ErrorCode: CodeValidation, ErrorDetails: "Validation failed", ValidationErrors: errs}
}

func ok(fields map[string]any) Result {
	if fields == nil {
		fields = map[string]any{}
	}
	return Result{ErrorCode: CodeOK, Fields: fields}
}
