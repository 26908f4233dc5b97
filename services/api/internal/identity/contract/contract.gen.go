// Code generated from services/api/api/identity-contract.yaml by services/api/internal/identity/contract/gen. DO NOT EDIT.

package contract

import (
	"time"
	"unicode"
)

// Error codes (ErrorCode.NAME in TypeScript); the comment is the code's meaning.
const (
	// CodeOK (0): The call succeeded.
	CodeOK = 0
	// CodeCancelled (200001): The user cancelled the social login, or its return found no live login of the
	// browser to finish (the provider's page submitted again after the login had come back, a login older than
	// its 10 minutes, another login started meanwhile): nothing happened, and the login can be started again.
	CodeCancelled = 200001
	// CodeStaleLinkToken (200009): login with loginMode link named a social identity that is already linked to
	// this account: the link token is stale. Counts as success (contract: "treat 200009 as success"), but opens
	// no session.
	CodeStaleLinkToken = 200009
	// CodePendingRegistration (206001): Registration incomplete: required fields or a mandatory consent (also
	// one accepted below its minDocVersion) are missing. The answer carries a regToken to finish with.
	CodePendingRegistration = 206001
	// CodePendingVerification (206002): The e-mail address is not confirmed yet; the answer carries a regToken,
	// except to a social login whose address the provider did not confirm (nothing that would tell whether the
	// address has an account).
	CodePendingVerification = 206002
	// CodeAccountNotActivated (206006): The account exists but was never activated.
	CodeAccountNotActivated = 206006
	// CodeMissingRequiredParameter (400002): A required parameter is missing; errorDetails names it (e.g. the
	// current password of an e-mail change).
	CodeMissingRequiredParameter = 400002
	// CodeUniqueIdentifierExists (400003): The e-mail address belongs to another registered account: on its own
	// (e-mail change) or as the validation error of `email` inside 400009 (register). A newsletter subscriber's
	// account (isRegistered false) does not count, at register as at an e-mail change.
	CodeUniqueIdentifierExists = 400003
	// CodeInvalidParameter (400006): A parameter is invalid: an unknown or expired regToken, a malformed
	// request; as a validation error, a password that breaks the policy or a value out of range. errorDetails
	// may carry a detail code (below).
	CodeInvalidParameter = 400006
	// CodeValidation (400009): Field validation failed; validationErrors lists {fieldName, errorCode, message}.
	CodeValidation = 400009
	// CodeReadOnlyField (400020): A write to a field only the server may change (data.customerassignment), or,
	// with a preference-centre (subscriber) regToken, to a field outside subscriberScope.write
	// (data.addressBook, preferences, the login details); errorDetails names the field.
	CodeReadOnlyField = 400020
	// CodeInvalidFormat (400026): As a validation error, a value that does not match its format (e-mail, schema
	// regex).
	CodeInvalidFormat = 400026
	// CodeMissingRequiredValue (400027): As a validation error, a required value is missing.
	CodeMissingRequiredValue = 400027
	// CodeInvalidAPIKey (400093): The vendor refused the site's API key; the Go CDC client reports the provider
	// unavailable.
	CodeInvalidAPIKey = 400093
	// CodeFrequencyLimit (400125): A limit was reached: a password-reset mail for this account was sent less
	// than resetFrequency (15 minutes) ago; or the call would send more mails than limits allows the account or
	// the client within mailLimitWindow; or the client started more registrations or passkey logins than limits
	// allows within startLimitWindow. The call did nothing.
	CodeFrequencyLimit = 400125
	// CodeOldPasswordUsed (401030): The login used a password the account had before; the backend's custom login
	// hands it on.
	CodeOldPasswordUsed = 401030
	// CodeForbidden (403000): A cross-site call refused by the service's HTTP edge (Origin not the service's own
	// host or an allowed app host); the only answer with an HTTP status other than 200.
	CodeForbidden = 403000
	// CodeActivationExpired (403002): The verification (or double opt-in) link is older than its lifetime.
	CodeActivationExpired = 403002
	// CodeInvalidRequestSignature (403003): The vendor refused the request signature; the Go CDC client reports
	// the provider unavailable.
	CodeInvalidRequestSignature = 403003
	// CodeUnauthorized (403005): No session and no valid regToken.
	CodeUnauthorized = 403005
	// CodePermissionDenied (403007): The server's user key lacks a permission; the Go CDC client reports the
	// provider unavailable.
	CodePermissionDenied = 403007
	// CodePasswordTokenInvalid (403025): The password-reset token is unknown, used, revoked by a newer one, or
	// older than resetLink (1 hour).
	CodePasswordTokenInvalid = 403025
	// CodeInvalidUserKey (403036): The vendor refused the server's user key or secret; the Go CDC client reports
	// the provider unavailable.
	CodeInvalidUserKey = 403036
	// CodeAccountDisabled (403041): An operator disabled the account.
	CodeAccountDisabled = 403041
	// CodeInvalidLogin (403042): Wrong password or unknown login ID, one code for both (no account enumeration);
	// also the current password of a password or e-mail change (as a validation error on `password`).
	CodeInvalidLogin = 403042
	// CodeSocialConflict (403043): The social provider's e-mail belongs to an existing site account; the answer
	// carries a regToken.
	CodeSocialConflict = 403043
	// CodeLoginIDUnknown (403047): No account has this login ID (password-reset request).
	CodeLoginIDUnknown = 403047
	// CodeRateLimit (403048): The vendor throttles the site; the Go CDC client reports the provider unavailable.
	CodeRateLimit = 403048
	// CodeLockedOut (403120): Too many failed logins for this login ID (see lockout); even the right password is
	// refused.
	CodeLockedOut = 403120
	// CodeNotFound (404000): An unknown or already used link token (the verification and double opt-in landing
	// pages show it), an unknown accounts.* method, or an account that disappeared.
	CodeNotFound = 404000
	// CodeGeneralServerError (500001): The provider failed; the unexpected-error text with the code (000 §8).
	CodeGeneralServerError = 500001
	// CodeProviderError (500023): The social login provider failed or is not configured. A name that is none of
	// socialLogin's providers is no provider that failed: 400006 naming provider.
	CodeProviderError = 500023
	// CodeServiceUnavailable (503001): The vendor is down; the Go CDC client reports the provider unavailable.
	CodeServiceUnavailable = 503001
	// CodeTimeout (504001): The vendor timed out; the Go CDC client reports the provider unavailable.
	CodeTimeout = 504001
	// CodeGeneralTimeout (504002): The vendor timed out; the Go CDC client reports the provider unavailable.
	CodeGeneralTimeout = 504002
)

// Catalogue describes every error code (the error catalogue), in the contract's order.
var Catalogue = []Code{
	{Code: CodeOK, Name: "OK", Message: "OK", Status: 200, Outcome: OutcomeSuccess, From: FromAll},
	{Code: CodeCancelled, Name: "CANCELLED", Message: "Operation canceled", Status: 200, Outcome: OutcomeInformational, From: FromAll},
	{Code: CodeStaleLinkToken, Name: "STALE_LINK_TOKEN", Message: "Accounts linked", Status: 200, Outcome: OutcomeSuccess, From: FromAll},
	{Code: CodePendingRegistration, Name: "PENDING_REGISTRATION", Message: "Account Pending Registration", Status: 206, Outcome: OutcomeInformational, From: FromAll},
	{Code: CodePendingVerification, Name: "PENDING_VERIFICATION", Message: "Account Pending Verification", Status: 206, Outcome: OutcomeInformational, From: FromAll},
	{Code: CodeAccountNotActivated, Name: "ACCOUNT_NOT_ACTIVATED", Message: "Account not activated", Status: 206, Outcome: OutcomeInformational, From: FromVendor},
	{Code: CodeMissingRequiredParameter, Name: "MISSING_REQUIRED_PARAMETER", Message: "Missing required parameter", Status: 400, Outcome: OutcomeError, From: FromAll},
	{Code: CodeUniqueIdentifierExists, Name: "UNIQUE_IDENTIFIER_EXISTS", Message: "Unique identifier exists", Status: 400, Outcome: OutcomeError, From: FromAll},
	{Code: CodeInvalidParameter, Name: "INVALID_PARAMETER", Message: "Invalid parameter value", Status: 400, Outcome: OutcomeError, From: FromAll},
	{Code: CodeValidation, Name: "VALIDATION", Message: "Validation error", Status: 400, Outcome: OutcomeError, From: FromAll},
	{Code: CodeReadOnlyField, Name: "READ_ONLY_FIELD", Message: "Permission denied", Status: 400, Outcome: OutcomeError, From: FromAll},
	{Code: CodeInvalidFormat, Name: "INVALID_FORMAT", Message: "Invalid format", Status: 400, Outcome: OutcomeError, From: FromAll},
	{Code: CodeMissingRequiredValue, Name: "MISSING_REQUIRED_VALUE", Message: "Missing required field", Status: 400, Outcome: OutcomeError, From: FromAll},
	{Code: CodeInvalidAPIKey, Name: "INVALID_API_KEY", Message: "Invalid ApiKey parameter", Status: 400, Outcome: OutcomeError, From: FromVendor},
	{Code: CodeFrequencyLimit, Name: "FREQUENCY_LIMIT", Message: "Limit reached", Status: 400, Outcome: OutcomeError, From: FromAll},
	{Code: CodeOldPasswordUsed, Name: "OLD_PASSWORD_USED", Message: "Old password used", Status: 401, Outcome: OutcomeError, From: FromVendor},
	{Code: CodeForbidden, Name: "FORBIDDEN", Message: "Forbidden", Status: 403, Outcome: OutcomeError, From: FromEmbedded},
	{Code: CodeActivationExpired, Name: "ACTIVATION_EXPIRED", Message: "Verification code expired", Status: 403, Outcome: OutcomeError, From: FromAll},
	{Code: CodeInvalidRequestSignature, Name: "INVALID_REQUEST_SIGNATURE", Message: "Invalid request signature", Status: 403, Outcome: OutcomeError, From: FromVendor},
	{Code: CodeUnauthorized, Name: "UNAUTHORIZED", Message: "Unauthorized user", Status: 403, Outcome: OutcomeError, From: FromAll},
	{Code: CodePermissionDenied, Name: "PERMISSION_DENIED", Message: "Permission denied", Status: 403, Outcome: OutcomeError, From: FromVendor},
	{Code: CodePasswordTokenInvalid, Name: "PASSWORD_TOKEN_INVALID", Message: "Invalid or expired password reset token", Status: 403, Outcome: OutcomeError, From: FromAll},
	{Code: CodeInvalidUserKey, Name: "INVALID_USER_KEY", Message: "Invalid user key or secret", Status: 403, Outcome: OutcomeError, From: FromVendor},
	{Code: CodeAccountDisabled, Name: "ACCOUNT_DISABLED", Message: "Account Disabled", Status: 403, Outcome: OutcomeError, From: FromAll},
	{Code: CodeInvalidLogin, Name: "INVALID_LOGIN", Message: "Invalid LoginID", Status: 403, Outcome: OutcomeError, From: FromAll},
	{Code: CodeSocialConflict, Name: "SOCIAL_CONFLICT", Message: "Login Identifier exists", Status: 403, Outcome: OutcomeError, From: FromAll},
	{Code: CodeLoginIDUnknown, Name: "LOGIN_ID_UNKNOWN", Message: "Login ID does not exist", Status: 403, Outcome: OutcomeError, From: FromAll},
	{Code: CodeRateLimit, Name: "RATE_LIMIT", Message: "Rate limit exceeded", Status: 403, Outcome: OutcomeError, From: FromVendor},
	{Code: CodeLockedOut, Name: "LOCKED_OUT", Message: "Account temporarily locked out", Status: 403, Outcome: OutcomeError, From: FromAll},
	{Code: CodeNotFound, Name: "NOT_FOUND", Message: "Not found", Status: 404, Outcome: OutcomeError, From: FromAll},
	{Code: CodeGeneralServerError, Name: "GENERAL_SERVER_ERROR", Message: "General Server Error", Status: 500, Outcome: OutcomeError, From: FromAll},
	{Code: CodeProviderError, Name: "PROVIDER_ERROR", Message: "Social login provider error", Status: 500, Outcome: OutcomeError, From: FromAll},
	{Code: CodeServiceUnavailable, Name: "SERVICE_UNAVAILABLE", Message: "Service unavailable", Status: 503, Outcome: OutcomeError, From: FromVendor},
	{Code: CodeTimeout, Name: "TIMEOUT", Message: "Timeout", Status: 504, Outcome: OutcomeError, From: FromVendor},
	{Code: CodeGeneralTimeout, Name: "GENERAL_TIMEOUT", Message: "General timeout", Status: 504, Outcome: OutcomeError, From: FromVendor},
}

// Detail codes: errorDetails values that refine an error code.
const (
	// DetailsSamePassword (with CodeInvalidParameter): The new password (setAccountInfo's, resetPassword's)
	// equals the old one (000 §8 "400006.100001"; contract, decided).
	DetailsSamePassword = "100001"
	// DetailsCommonPassword (with CodeValidation): The password (register, setAccountInfo's newPassword,
	// resetPassword's newPassword) is on the list of the 100,000 most common and breached passwords, compared
	// regardless of case (OWASP ASVS 6.2.4; decided): the validation error of the password field has errorCode
	// 400006 and the envelope this errorDetails. The embedded provider and the fake check it; the vendor applies
	// its own rules.
	DetailsCommonPassword = "COMMON_PASSWORD"
	// DetailsPasswordTooLong (with CodeValidation): The password (register, setAccountInfo's newPassword,
	// resetPassword's newPassword) is longer than the password policy's maxBytes in UTF-8 (decided): the
	// validation error of the password field has errorCode 400006 and the envelope this errorDetails. The
	// embedded provider and the fake check it; the vendor applies its own rules.
	DetailsPasswordTooLong = "PASSWORD_TOO_LONG"
	// DetailsRegistrationUnverified (with CodeInvalidParameter): The registration is not verified yet (a login
	// of an unverified account, answered by the vendor's site policy).
	DetailsRegistrationUnverified = "REGISTRATION_UNVERIFIED"
	// DetailsPasskeyOrigin (with CodeInvalidLogin): The browser signed for another origin than the service's
	// configured ones (phishing site, wrong host).
	DetailsPasskeyOrigin = "PASSKEY_ORIGIN"
	// DetailsPasskeyRpID (with CodeInvalidLogin): The authenticator data names another relying party id than the
	// configured one.
	DetailsPasskeyRpID = "PASSKEY_RP_ID"
	// DetailsPasskeyChallenge (with CodeInvalidLogin): The challenge is unknown, used already (a replayed
	// answer) or older than passkeyChallengeLifetime, or it belongs to another ceremony. Challenges are single
	// use.
	DetailsPasskeyChallenge = "PASSKEY_CHALLENGE"
	// DetailsPasskeyUnknown (with CodeInvalidLogin): No account has this credential (never registered here, or
	// removed).
	DetailsPasskeyUnknown = "PASSKEY_UNKNOWN"
	// DetailsPasskeySignature (with CodeInvalidLogin): The signature (or attestation) does not verify against
	// the stored public key.
	DetailsPasskeySignature = "PASSKEY_SIGNATURE"
	// DetailsPasskeyCounter (with CodeInvalidLogin): The signature counter went backwards (or stood still where
	// it counts), so the authenticator may be cloned.
	DetailsPasskeyCounter = "PASSKEY_COUNTER"
	// DetailsPasskeyUserVerification (with CodeInvalidLogin): The authenticator did not verify the user (PIN,
	// biometrics); user verification is required.
	DetailsPasskeyUserVerification = "PASSKEY_USER_VERIFICATION"
	// DetailsPasskeyInvalid (with CodeInvalidLogin): The answer is malformed or fails another WebAuthn check
	// (type, flags, attestation format).
	DetailsPasskeyInvalid = "PASSKEY_INVALID"
	// DetailsRecentLoginRequired (with CodeInvalidLogin): initPasskeyRegistration, registerPasskey,
	// removePasskey, or setAccountInfo setting an account's first password (newPassword without password), for a
	// session whose login is older than recentLogin: a new way in needs a fresh proof, so a session cookie
	// copied later cannot add a passkey that would outlive the owner's password reset, or a password the
	// passkey-only owner never learns of; nor remove a passkey, which logs the owner out on every other device
	// while the copy stays in (2026-11-29). A login (password, passkey or social) opens a fresh session.
	DetailsRecentLoginRequired = "RECENT_LOGIN_REQUIRED"
	// DetailsLastPasskey (with CodeInvalidParameter): removePasskey of the only passkey of an account without a
	// password or social login: the account could not log in any more. Set a password first.
	DetailsLastPasskey = "LAST_PASSKEY"
)

// Password policy defaults (getPolicies → passwordComplexity) and the longest password hashed, in UTF-8 bytes.
const (
	DefaultPasswordMinLength     = 8
	DefaultPasswordMinCharGroups = 4
	PasswordMaxBytes             = 256
)

// CharGroups are the character groups of the password policy by Unicode general category; the group without
// categories takes every character no other group takes.
var CharGroups = []CharGroup{
	{Name: "lower", Categories: []*unicode.RangeTable{unicode.Ll}},
	{Name: "upper", Categories: []*unicode.RangeTable{unicode.Lu}},
	{Name: "digit", Categories: []*unicode.RangeTable{unicode.Nd}},
	{Name: "other"},
}

// CharGroupExamples are passwords with their number of character groups; both sides test against them.
var CharGroupExamples = []CharGroupExample{
	{Password: "ÄÖÜäöü123456", Groups: 3},
	{Password: "Grocer-Pass-2024!", Groups: 4},
	{Password: "ÉCOLE-école-1", Groups: 4},
	{Password: "password", Groups: 1},
	{Password: "١٢٣abc", Groups: 2},
	{Password: "ǅungla1", Groups: 3},
	{Password: "日本語Pass1", Groups: 4},
	{Password: "ßtraße", Groups: 1},
}

// PersonNamePattern is the rule of a first and a last name, in the profile and in an address book entry.
const PersonNamePattern = "^(?:['’]\\p{L}[ \\-\u2010\u2011])?\\p{L}(?:[·.]?\\p{L}|\\p{M}|\\.?['’\\-\u2010\u2011]+[\\p{L}\\p{M}])*(?:['’\\-\u2010\u2011]+|\\.?['’\\-\u2010\u2011]* [ '’\\-\u2010\u2011]*[\\p{L}\\p{M}](?:[·.]?\\p{L}|\\p{M}|\\.?[ '’\\-\u2010\u2011]+[\\p{L}\\p{M}])*(?:\\.|[ '’\\-\u2010\u2011]*)|['’\\-\u2010\u2011]* [ '’\\-\u2010\u2011]*)?$"

// PersonNameMaxLength is the most characters (code points after trimming and NFC) of a first or a last name.
const PersonNameMaxLength = 200

// PersonNameExamples are names as sent and whether the provider takes them; both sides test against them.
var PersonNameExamples = []PersonNameExample{
	{Name: "Anna", Valid: true},
	{Name: "  Müller  ", Valid: true},
	{Name: "Zoe\u0308", Valid: true},
	{Name: "D’Angelo", Valid: true},
	{Name: "d’Artagnan", Valid: true},
	{Name: "Müller\u2010Lüdenscheidt", Valid: true},
	{Name: "Müller\u2011Lüdenscheidt", Valid: true},
	{Name: "Anne\u2010Marie von Bülow\u2011Ruhe", Valid: true},
	{Name: "’s\u2010Gravesande", Valid: true},
	{Name: "Müller \u2010 Lüdenscheidt", Valid: true},
	{Name: "O'Brien", Valid: true},
	{Name: "Anne-Marie", Valid: true},
	{Name: "Mary Ann", Valid: true},
	{Name: "Ștefan", Valid: true},
	{Name: "Δήμητρα", Valid: true},
	{Name: "Бойко", Valid: true},
	{Name: "'t Hart", Valid: true},
	{Name: "’s-Gravesande", Valid: true},
	{Name: "van 't Hek", Valid: true},
	{Name: "van ’t Hek", Valid: true},
	{Name: "Gal·la", Valid: true},
	{Name: "Pujol·i", Valid: true},
	{Name: "Gal·la", Valid: true},
	{Name: "St. John", Valid: true},
	{Name: "Smith Jr.", Valid: true},
	{Name: "Jr. Dr.", Valid: true},
	{Name: "J.R.R. Tolkien", Valid: true},
	{Name: "Anna1", Valid: false},
	{Name: "R2D2", Valid: false},
	{Name: "Anna😀", Valid: false},
	{Name: "Anna!", Valid: false},
	{Name: "Anna_Maria", Valid: false},
	{Name: "Anna\tMaria", Valid: false},
	{Name: "Anna\x00", Valid: false},
	{Name: "-Anna", Valid: false},
	{Name: "\u2010Anna", Valid: false},
	{Name: "Müller\u2013Lüdenscheidt", Valid: false},
	{Name: "Müller \u2013 Lüdenscheidt", Valid: false},
	{Name: "Müller\u2014Lüdenscheidt", Valid: false},
	{Name: "Müller−Lüdenscheidt", Valid: false},
	{Name: "'Anna", Valid: false},
	{Name: "\u0308Anna", Valid: false},
	{Name: "'", Valid: false},
	{Name: "’", Valid: false},
	{Name: "'t", Valid: false},
	{Name: "' Hart", Valid: false},
	{Name: ".", Valid: false},
	{Name: "·", Valid: false},
	{Name: "- '", Valid: false},
	{Name: "Eva.", Valid: false},
	{Name: ".Anna", Valid: false},
	{Name: "Smith Jr..", Valid: false},
	{Name: "Smith .", Valid: false},
	{Name: "Smith Jr. -", Valid: false},
	{Name: "Gal·", Valid: false},
	{Name: "·la", Valid: false},
	{Name: "Gal ·la", Valid: false},
	{Name: "Gal-·la", Valid: false},
	{Name: "\u3164", Valid: false},
	{Name: "A\u3164", Valid: false},
	{Name: "Mus\uffa0ter", Valid: false},
	{Name: "Kim \u115f\u1160", Valid: false},
	{Name: "Max\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301", Valid: true},
	{Name: "Max\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301", Valid: false},
}

// The most characters (code points after trimming and NFC) of a profile or data text, of an address book field and
// of its house number (streetNo), the most combining marks in a row in a text of the schema, and the letters that
// show nothing, which no text of the schema holds (TextShowsAsSent).
const (
	AccountTextMaxLength     = 1000
	AddressTextMaxLength     = 200
	AddressStreetNoMaxLength = 30
	TextMaxMarksInRow        = 10
	TextHiddenLetters        = "\u115f\u1160\u3164\uffa0"
)

// PlaceTextExamples are streets, house numbers and towns as sent and whether the provider takes them (PlaceTextValid
// after trimming and composing, with every text's rules); both sides test against them.
var PlaceTextExamples = []PlaceTextExample{
	{Text: "Frankfurt (Oder)", Valid: true},
	{Text: "Halle (Saale)", Valid: true},
	{Text: "St. Gallen", Valid: true},
	{Text: "'s-Hertogenbosch", Valid: true},
	{Text: "’s-Hertogenbosch", Valid: true},
	{Text: "Sankt Peter-Ording", Valid: true},
	{Text: "Łódź", Valid: true},
	{Text: "Μύκονος", Valid: true},
	{Text: "Straße des 17. Juni", Valid: true},
	{Text: "Am Wall 3/4", Valid: true},
	{Text: "Rue de l'Église", Valid: true},
	{Text: "12a", Valid: true},
	{Text: "12-14", Valid: true},
	{Text: "3 ½", Valid: true},
	{Text: "Via Roma 5, 3° piano", Valid: true},
	{Text: "№ 15", Valid: true},
	{Text: "Mu\u0308nchen", Valid: true},
	{Text: "\u200bKöln\u2060", Valid: true},
	{Text: "München😀", Valid: false},
	{Text: "😀", Valid: false},
	{Text: "Berlin ❤", Valid: false},
	{Text: "★ Hauptstraße", Valid: false},
	{Text: "Weg ©", Valid: false},
	{Text: "🇩🇪 Berlin", Valid: false},
	{Text: "12🏽", Valid: false},
	{Text: "1\ufe0f⃣", Valid: false},
	{Text: "Mü\u200dnchen", Valid: false},
	{Text: "Mü\u200bnchen", Valid: false},
	{Text: "Haupt\u00adstraße", Valid: false},
	{Text: "Köln\u200e Süd", Valid: false},
	{Text: "Mün\achen", Valid: false},
	{Text: "-", Valid: false},
	{Text: "\u0301", Valid: false},
}

// PhoneNumberPattern is the rule of a phone number as it is stored (E.164), the schema's format of the number.
const PhoneNumberPattern = "^\\+[1-9][0-9]{6,14}$"

// PhoneNumberLengths are the countries whose numbers have one length: Digits after CountryCode.
var PhoneNumberLengths = []PhoneNumberLength{
	{Country: "PT", CountryCode: "351", Digits: 9},
	{Country: "PL", CountryCode: "48", Digits: 9},
}

// PhoneNumberExamples are numbers as stored and whether the provider takes them; both sides test against them.
var PhoneNumberExamples = []PhoneNumberExample{
	{Number: "+4912345678", Valid: true},
	{Number: "+491701234567", Valid: true},
	{Number: "+4940123456", Valid: true},
	{Number: "+351912345678", Valid: true},
	{Number: "+35191234567", Valid: false},
	{Number: "+3519123456789", Valid: false},
	{Number: "+48123456789", Valid: true},
	{Number: "+4860123456", Valid: false},
	{Number: "+481234567890", Valid: false},
	{Number: "+48123", Valid: false},
	{Number: "+3521234567", Valid: true},
	{Number: "+1234567", Valid: true},
	{Number: "+123456", Valid: false},
	{Number: "+123456789012345", Valid: true},
	{Number: "+1234567890123456", Valid: false},
	{Number: "4912345678", Valid: false},
	{Number: "+0912345678", Valid: false},
	{Number: "+49123456a8", Valid: false},
	{Number: "+４９12345678", Valid: false},
}

// EmailAddressExamples are addresses and whether the provider takes them; both sides test against them.
var EmailAddressExamples = []EmailAddressExample{
	{Address: "kunde@example.com", Valid: true},
	{Address: "  Kunde@Example.COM ", Valid: true},
	{Address: "first.last+news@sub.example.co.uk", Valid: true},
	{Address: "o'neil@example.ie", Valid: true},
	{Address: "a!#$%&*/=?^_`{|}~-@example.com", Valid: true},
	{Address: "josé@bücher.de", Valid: true},
	{Address: "josé@example.com", Valid: true},
	{Address: "kunde@xn--bcher-kva.de", Valid: true},
	{Address: "kunde@a--b.de", Valid: true},
	{Address: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@example.com", Valid: true},
	{Address: "max@mustermann", Valid: false},
	{Address: "x@y", Valid: false},
	{Address: "kunde@", Valid: false},
	{Address: "@example.com", Valid: false},
	{Address: "kunde", Valid: false},
	{Address: "", Valid: false},
	{Address: "a@b@example.com", Valid: false},
	{Address: ".kunde@example.com", Valid: false},
	{Address: "kunde.@example.com", Valid: false},
	{Address: "ku..nde@example.com", Valid: false},
	{Address: "kunde@example..com", Valid: false},
	{Address: "kunde@example.com.", Valid: false},
	{Address: "kunde name@example.com", Valid: false},
	{Address: "a,b@example.com", Valid: false},
	{Address: "\"kunde\"@example.com", Valid: false},
	{Address: "Kunde <kunde@example.com>", Valid: false},
	{Address: "kunde@[127.0.0.1]", Valid: false},
	{Address: "kunde@exa_mple.com", Valid: false},
	{Address: "kunde@-example.com", Valid: false},
	{Address: "kunde@example-.com", Valid: false},
	{Address: "kunde@ex--ample.com", Valid: false},
	{Address: "kunde@xn--a.com", Valid: false},
	{Address: "kunde@-bücher.de", Valid: false},
	{Address: "kunde@exa%41mple.com", Valid: false},
	{Address: "kunde@example.com/x", Valid: false},
	{Address: "ev\u200ba@example.com", Valid: false},
	{Address: "moc.elpmaxe\u202e@example.com", Valid: false},
	{Address: "a\x00@example.com", Valid: false},
	{Address: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@example.com", Valid: false},
	{Address: "ääääääääääääääääääääääääääääääää@example.com", Valid: true},
	{Address: "äääääääääääääääääääääääääääääääää@example.com", Valid: false},
	{Address: "kunde@müller.de", Valid: true},
	{Address: "kunde@bücher.example", Valid: true},
	{Address: "kunde@xn--mller-kva.de", Valid: true},
	{Address: "kunde@пример.рф", Valid: true},
	{Address: "kunde@ドメイン.日本", Valid: true},
	{Address: "kunde@col·legi.cat", Valid: true},
	{Address: "kunde@ジャパン・ネット.jp", Valid: true},
	{Address: "kunde@163.com", Valid: true},
	{Address: "kunde@1und1.de", Valid: true},
	{Address: "kunde@😀.de", Valid: false},
	{Address: "kunde@xn--e28h.de", Valid: false},
	{Address: "kunde@☃.com", Valid: false},
	{Address: "kunde@a⁄b.de", Valid: false},
	{Address: "kunde@a·b.de", Valid: false},
	{Address: "kunde@ab・cd.jp", Valid: false},
	{Address: "kunde@1.2.3.4", Valid: false},
	{Address: "kunde@１.２.３.４", Valid: false},
	{Address: "kunde@example.123", Valid: false},
	{Address: "kunde@xn----756b.jp", Valid: false},
	{Address: "kunde@xn--ab---8j1i.jp", Valid: false},
	{Address: "kunde@xn---8j1i.jp", Valid: false},
}

// Durations of the contract.
const (
	// VerificationLinkLifetime: The verification link of a registration or an e-mail change; an account not
	// verified by then is deleted. Source: 000 §1, §8, §9.
	VerificationLinkLifetime = 14 * 24 * time.Hour
	// NewsletterConfirmationLinkLifetime: The double opt-in link of a newsletter subscription. Source: contract
	// (Subscriptions).
	NewsletterConfirmationLinkLifetime = 14 * 24 * time.Hour
	// ProductReminderConfirmationLinkLifetime: The double opt-in link of the product reminder subscription
	// (SVC_PRODUCT_REMINDER). Source: 001 §4, §8, §9.
	ProductReminderConfirmationLinkLifetime = 7 * 24 * time.Hour
	// ResetLinkLifetime: The password-reset link (single use; a newer one revokes it). Source: contract
	// (resetPassword).
	ResetLinkLifetime = time.Hour
	// ResetFrequency: The wait before another password-reset mail for the same account (400125 sooner). Source:
	// 000 §4, §9.
	ResetFrequency = 15 * time.Minute
	// RegTokenLifetime: A regToken (initRegistration, 206001/206002, a social conflict, a subscriber's token
	// exchange). Source: 001 §4; contract (initRegistration).
	RegTokenLifetime = time.Hour
	// RegTokenRefreshLead: The preference centre refreshes a regToken this long before it expires, and waits at
	// least this long. Source: 001 §4, §9.
	RegTokenRefreshLead = 10 * time.Second
	// PartnerTokenLifetime: The partner token record oidcServicePartner kept in local storage (900000 ms).
	// Source: 000 §4, §9.
	PartnerTokenLifetime = 15 * time.Minute
	// LockoutWindow: Failed logins within this window count towards a lockout. Source: contract (Lockout,
	// decided).
	LockoutWindow = 15 * time.Minute
	// LockoutDuration: How long a locked login ID stays locked (403120). Source: contract (Lockout, decided).
	LockoutDuration = 15 * time.Minute
	// PasskeyChallengeLifetime: A passkey ceremony's challenge (single use; kept in the database until then).
	// Source: issue 14 (decided).
	PasskeyChallengeLifetime = 5 * time.Minute
	// MailLimitWindow: The window of the mail limits (limits.mailsPerAccount, limits.mailsPerClient). Source:
	// contract (decided).
	MailLimitWindow = time.Hour
	// StartLimitWindow: The window of the limit of anonymous starts (limits.startsPerClient). Source: contract
	// (decided).
	StartLimitWindow = time.Minute
	// RecentLogin: How long after its login a session may add a passkey (initPasskeyRegistration), remove one
	// (removePasskey) or set the account's first password; later it answers 403042 RECENT_LOGIN_REQUIRED. Long
	// enough to do so after logging in, short enough that a copied cookie cannot. Source: contract (passkeys,
	// decided).
	RecentLogin = 10 * time.Minute
)

// Session keeping (WCAG 2.2.1): how the account portal warns before a session of the embedded provider ends,
// unused or at its absolute end (SessionKeeping in TypeScript, session.gen.ts).
const (
	// SessionTouchInterval: the embedded provider records a session's use at most this often, so it may date a
	// session's last use up to this much early.
	SessionTouchInterval = time.Minute
	// SessionWarningLead: the account portal asks whether to stay logged in this long before an unused session
	// would end.
	SessionWarningLead = 2 * time.Minute
	// SessionIdleMinimum: the shortest idle limit of the sessions start-up accepts, one that leaves a page time
	// before the warning (more than SessionTouchInterval and SessionWarningLead together).
	SessionIdleMinimum = 5 * time.Minute
	// SessionEndWarningLead: the account portal says this long before a session's absolute end that it ends.
	SessionEndWarningLead = 5 * time.Minute
)

// LockoutMaxFailures failed logins of one login ID within LockoutWindow lock it for LockoutDuration.
const LockoutMaxFailures = 5

// Limits per account and per client (an address, an IPv6 one by its /64): the mails calls may make the service send
// within MailLimitWindow, and the anonymous starts (initRegistration, initPasskeyLogin) within StartLimitWindow.
const (
	MailsPerAccount = 5
	MailsPerClient  = 30
	StartsPerClient = 60
)

// What a preference-centre (subscriber) regToken reaches: the dotted names getAccountInfo answers and
// setAccountInfo writes with it (a name covers what is below it, a section name the section), and the account's
// other answers it gets.
var (
	SubscriberReads   = []string{"profile.email", "profile.firstName", "profile.lastName", "profile.birthDay", "profile.birthMonth", "profile.birthYear", "profile.zip", "profile.country", "profile.phones", "data.salutation", "data.preference", "data.sfmc", "preferences", "subscriptions"}
	SubscriberWrites  = []string{"profile.firstName", "profile.lastName", "profile.birthDay", "profile.birthMonth", "profile.birthYear", "profile.zip", "profile.country", "profile.phones", "data.salutation", "data.preference", "data.sfmc", "subscriptions"}
	SubscriberAnswers = []string{"UID", "isRegistered", "isVerified", "isActive"}
)

// Links in mails: the path and the query parameter that carries the token (none: the token follows the path).
const (
	// LinkVerifyEmailPath: GET changes nothing (mail scanners open links): it lands on
	// doubleOptInDone#verify={token}, whose page POSTs the token here (a form, as the REST API's link POSTs);
	// the answer {next} is doubleOptInDone with errorCode 0 (and emailChanged=true when the link was an e-mail
	// change's, which made the new address the login), 403002 (expired), 404000 (unknown or used) or 400003 (an
	// e-mail change's new address became another account's before the link was followed, a registration's not
	// confirmed yet too, which holds its address as setAccountInfo's 400003 says: the address is not changed and
	// the link stays unused); a newer e-mail change ends an older change's link (404000 from then on). The
	// service's own REST layer says more of an e-mail change's link than the contract does:
	// /error/email-change-expired, /error/email-change-replaced (a newer change was requested, even after that
	// one was confirmed), /error/email-change-ended (a password change or reset ended the change, also the newer
	// change that replaced it before it was confirmed) and /error/email-change-in-use (400003). The POST is the
	// page's fetch, not a navigation, so a request no page sends is refused as the REST API refuses it: without
	// the token, with it given twice or not text, 400 naming token; another body type, 415 naming Content-Type.
	LinkVerifyEmailPath       = "/identity/verify"
	LinkVerifyEmailTokenParam = "token"
	// LinkConfirmSubscriptionPath: GET changes nothing: it lands on
	// preferencesDoubleOptInDone#subscription={token}, whose page POSTs the token here; the answer {next} is
	// preferencesDoubleOptInDone (with ?newsletter={key} for a newsletter, NLT…), else
	// preferencesDoubleOptInError + code. A request no page sends is refused as verifyEmail's.
	LinkConfirmSubscriptionPath       = "/identity/confirm-subscription"
	LinkConfirmSubscriptionTokenParam = "token"
	// LinkResetPasswordPath: The account portal's reset-completion page reads the token from pwrt (000 §2).
	LinkResetPasswordPath       = "/login/reset-password"
	LinkResetPasswordTokenParam = "pwrt"
	// LinkPreferenceCentrePath: The signed subscriber token (a JWT) follows the path (001 §2).
	LinkPreferenceCentrePath       = "/preferences/token/"
	LinkPreferenceCentreTokenParam = ""
)

// Pages the links land on (paths ending in "doi-" take the error code).
const (
	// PageDoubleOptInDone: Account portal; query errorCode. 0 success; another code goes to doubleOptInError +
	// code (000 §2).
	PageDoubleOptInDone = "/double-opt-in-done"
	// PageDoubleOptInDoneEmailChangedParam: true beside errorCode 0 when the link confirmed an e-mail change,
	// not a registration: the page says that the address was changed and the login is the new one from now on
	// (QA round of 2026-12-01: it said the registration's "you can log in now"). The vendor's links give only
	// errorCode, and get the registration's words.
	PageDoubleOptInDoneEmailChangedParam = "emailChanged"
	// PageDoubleOptInError: Account portal error page; the code follows (doi-403002 offers registration) (000
	// §2).
	PageDoubleOptInError = "/error/doi-"
	// PagePreferencesDoubleOptInDone: Preference centre; a confirmed subscription or reminder (001 §2).
	PagePreferencesDoubleOptInDone = "/preferences/double-opt-in-done"
	// PagePreferencesDoubleOptInError: Preference centre error page; the code (or `expired`) follows (001 §2).
	PagePreferencesDoubleOptInError = "/preferences/error/doi-"
)

// Methods are the accounts.* methods of the identity HTTP API, their parameters and the codes they answer
// besides EveryMethodCodes.
var Methods = []Method{
	{Name: "initRegistration", Params: []string{"isLite"}, Codes: []int{CodeOK, CodeFrequencyLimit}},
	{Name: "register", Params: []string{"email", "password", "passkey", "regToken", "profile", "data", "preferences", "subscriptions", "lang", "regSource", "finalizeRegistration", "include"}, Codes: []int{CodeOK, CodePendingRegistration, CodePendingVerification, CodeMissingRequiredParameter, CodeInvalidParameter, CodeValidation, CodeReadOnlyField, CodeFrequencyLimit}},
	{Name: "finalizeRegistration", Params: []string{"regToken", "include"}, Codes: []int{CodeOK, CodePendingRegistration, CodePendingVerification, CodeInvalidParameter, CodeAccountDisabled}},
	{Name: "login", Params: []string{"loginID", "password", "include", "loginMode", "regToken", "sessionExpiration", "ignoreInterruptions"}, Codes: []int{CodeOK, CodeStaleLinkToken, CodePendingRegistration, CodePendingVerification, CodeMissingRequiredParameter, CodeInvalidParameter, CodeAccountDisabled, CodeInvalidLogin, CodeSocialConflict, CodeLockedOut}},
	{Name: "socialLogin", Params: []string{"provider", "redirectURL", "loginMode", "regToken"}, Codes: []int{CodeOK, CodeCancelled, CodePendingRegistration, CodePendingVerification, CodeMissingRequiredParameter, CodeAccountDisabled, CodeInvalidLogin, CodeSocialConflict, CodeProviderError}},
	{Name: "getConflictingAccount", Params: []string{"regToken"}, Codes: []int{CodeOK, CodeInvalidParameter}},
	{Name: "getAccountInfo", Params: []string{"include", "extraProfileFields", "regToken"}, Codes: []int{CodeOK, CodeUnauthorized, CodeAccountDisabled}},
	{Name: "setAccountInfo", Params: []string{"regToken", "profile", "data", "preferences", "subscriptions", "lang", "password", "newPassword"}, Codes: []int{CodeOK, CodeMissingRequiredParameter, CodeUniqueIdentifierExists, CodeInvalidParameter, CodeValidation, CodeReadOnlyField, CodeFrequencyLimit, CodeUnauthorized, CodeAccountDisabled, CodeInvalidLogin}},
	{Name: "resetPassword", Params: []string{"loginID", "lang", "passwordResetToken", "newPassword"}, Codes: []int{CodeOK, CodeMissingRequiredParameter, CodeInvalidParameter, CodeValidation, CodeFrequencyLimit, CodePasswordTokenInvalid, CodeLoginIDUnknown}},
	{Name: "resendVerificationCode", Params: []string{"regToken", "email", "lang"}, Codes: []int{CodeOK, CodeMissingRequiredParameter, CodeInvalidParameter, CodeFrequencyLimit}},
	{Name: "getSchema", Params: []string{"include"}, Codes: []int{CodeOK}},
	{Name: "getPolicies", Params: []string{"sections"}, Codes: []int{CodeOK}},
	{Name: "getSiteConsentDetails", Params: []string{}, Codes: []int{CodeOK}},
	{Name: "logout", Params: []string{}, Codes: []int{CodeOK}},
	{Name: "exportAccountData", Params: []string{}, Codes: []int{CodeOK, CodeUnauthorized}},
	{Name: "deleteAccount", Params: []string{"password"}, Codes: []int{CodeOK, CodeMissingRequiredParameter, CodeUnauthorized, CodeInvalidLogin, CodeLockedOut}},
	{Name: "initPasskeyRegistration", Params: []string{"regToken", "email"}, Codes: []int{CodeOK, CodeInvalidParameter, CodeValidation, CodeUnauthorized, CodeInvalidLogin}},
	{Name: "registerPasskey", Params: []string{"passkey", "name"}, Codes: []int{CodeOK, CodeMissingRequiredParameter, CodeInvalidParameter, CodeUnauthorized, CodeInvalidLogin}},
	{Name: "initPasskeyLogin", Params: []string{}, Codes: []int{CodeOK, CodeFrequencyLimit}},
	{Name: "passkeyLogin", Params: []string{"passkey", "include", "loginMode", "regToken"}, Codes: []int{CodeOK, CodeStaleLinkToken, CodePendingRegistration, CodePendingVerification, CodeMissingRequiredParameter, CodeInvalidParameter, CodeAccountDisabled, CodeInvalidLogin, CodeSocialConflict, CodeLockedOut}},
	{Name: "getPasskeys", Params: []string{}, Codes: []int{CodeOK, CodeUnauthorized}},
	{Name: "removePasskey", Params: []string{"id"}, Codes: []int{CodeOK, CodeMissingRequiredParameter, CodeInvalidParameter, CodeUnauthorized, CodeInvalidLogin, CodeNotFound}},
}

// APIMaxBodyBytes is the most bytes of the body of a call of the identity HTTP API.
const APIMaxBodyBytes = 65536

// EveryMethodCodes may answer any method: a cross-site call, an unreadable request, a failure in the service.
var EveryMethodCodes = []int{CodeForbidden, CodeInvalidParameter, CodeGeneralServerError}

// ValidationErrorCodes are the codes of validationErrors entries.
var ValidationErrorCodes = []int{CodeUniqueIdentifierExists, CodeInvalidParameter, CodeInvalidFormat, CodeMissingRequiredValue, CodeInvalidLogin}
