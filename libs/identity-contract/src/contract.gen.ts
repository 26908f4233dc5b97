// Code generated from services/api/api/identity-contract.yaml by services/api/internal/identity/contract/gen. DO NOT EDIT.

/** Error codes of the identity contract; the comment is the code's meaning. */
export const ErrorCode = {
  /** The call succeeded. */
  OK: 0,
  /** The user cancelled the social login, or its return found no live login of the browser to finish (the provider's page submitted again after the login had come back, a login older than its 10 minutes, another login started meanwhile): nothing happened, and the login can be started again. */
  CANCELLED: 200001,
  /** login with loginMode link named a social identity that is already linked to this account: the link token is stale. Counts as success (contract: "treat 200009 as success"), but opens no session. */
  STALE_LINK_TOKEN: 200009,
  /** Registration incomplete: required fields or a mandatory consent (also one accepted below its minDocVersion) are missing. The answer carries a regToken to finish with. */
  PENDING_REGISTRATION: 206001,
  /** The e-mail address is not confirmed yet; the answer carries a regToken, except to a social login whose address the provider did not confirm (nothing that would tell whether the address has an account). */
  PENDING_VERIFICATION: 206002,
  /** The account exists but was never activated. */
  ACCOUNT_NOT_ACTIVATED: 206006,
  /** A required parameter is missing; errorDetails names it (e.g. the current password of an e-mail change). */
  MISSING_REQUIRED_PARAMETER: 400002,
  /** The e-mail address belongs to another registered account: on its own (e-mail change) or as the validation error of `email` inside 400009 (register). A newsletter subscriber's account (isRegistered false) does not count, at register as at an e-mail change. */
  UNIQUE_IDENTIFIER_EXISTS: 400003,
  /** A parameter is invalid: an unknown or expired regToken, a malformed request; as a validation error, a password that breaks the policy or a value out of range. errorDetails may carry a detail code (below). */
  INVALID_PARAMETER: 400006,
  /** Field validation failed; validationErrors lists {fieldName, errorCode, message}. */
  VALIDATION: 400009,
  /** A write to a field only the server may change (data.customerassignment), or, with a preference-centre (subscriber) regToken, to a field outside subscriberScope.write (data.addressBook, preferences, the login details); errorDetails names the field. */
  READ_ONLY_FIELD: 400020,
  /** As a validation error, a value that does not match its format (e-mail, schema regex). */
  INVALID_FORMAT: 400026,
  /** As a validation error, a required value is missing. */
  MISSING_REQUIRED_VALUE: 400027,
  /** The vendor refused the site's API key; the Go CDC client reports the provider unavailable. */
  INVALID_API_KEY: 400093,
  /** A limit was reached: a password-reset mail for this account was sent less than resetFrequency (15 minutes) ago; or the call would send more mails than limits allows the account or the client within mailLimitWindow; or the client started more registrations or passkey logins than limits allows within startLimitWindow. The call did nothing. */
  FREQUENCY_LIMIT: 400125,
  /** The login used a password the account had before; the backend's custom login hands it on. */
  OLD_PASSWORD_USED: 401030,
  /** A cross-site call refused by the service's HTTP edge (Origin not the service's own host or an allowed app host); the only answer with an HTTP status other than 200. */
  FORBIDDEN: 403000,
  /** The verification (or double opt-in) link is older than its lifetime. */
  ACTIVATION_EXPIRED: 403002,
  /** The vendor refused the request signature; the Go CDC client reports the provider unavailable. */
  INVALID_REQUEST_SIGNATURE: 403003,
  /** No session and no valid regToken. */
  UNAUTHORIZED: 403005,
  /** The server's user key lacks a permission; the Go CDC client reports the provider unavailable. */
  PERMISSION_DENIED: 403007,
  /** The password-reset token is unknown, used, revoked by a newer one, or older than resetLink (1 hour). */
  PASSWORD_TOKEN_INVALID: 403025,
  /** The vendor refused the server's user key or secret; the Go CDC client reports the provider unavailable. */
  INVALID_USER_KEY: 403036,
  /** An operator disabled the account. */
  ACCOUNT_DISABLED: 403041,
  /** Wrong password or unknown login ID, one code for both (no account enumeration); also the current password of a password or e-mail change (as a validation error on `password`). */
  INVALID_LOGIN: 403042,
  /** The social provider's e-mail belongs to an existing site account; the answer carries a regToken. */
  SOCIAL_CONFLICT: 403043,
  /** No account has this login ID (password-reset request). */
  LOGIN_ID_UNKNOWN: 403047,
  /** The vendor throttles the site; the Go CDC client reports the provider unavailable. */
  RATE_LIMIT: 403048,
  /** Too many failed logins for this login ID (see lockout); even the right password is refused. */
  LOCKED_OUT: 403120,
  /** An unknown or already used link token (the verification and double opt-in landing pages show it), an unknown accounts.* method, or an account that disappeared. */
  NOT_FOUND: 404000,
  /** The provider failed; the unexpected-error text with the code (000 §8). */
  GENERAL_SERVER_ERROR: 500001,
  /** The social login provider failed or is not configured. A name that is none of socialLogin's providers is no provider that failed: 400006 naming provider. */
  PROVIDER_ERROR: 500023,
  /** The vendor is down; the Go CDC client reports the provider unavailable. */
  SERVICE_UNAVAILABLE: 503001,
  /** The vendor timed out; the Go CDC client reports the provider unavailable. */
  TIMEOUT: 504001,
  /** The vendor timed out; the Go CDC client reports the provider unavailable. */
  GENERAL_TIMEOUT: 504002,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;

/** What the contract says about one error code. */
export interface ErrorCodeInfo {
  code: number;
  name: ErrorCodeName;
  /** The envelope's errorMessage. */
  message: string;
  /** The envelope's statusCode: the first three digits of the code. */
  status: number;
  outcome: 'success' | 'informational' | 'error';
  /** Who answers it: every implementation, the service's HTTP edge only, or the vendor only. */
  from: 'all' | 'embedded' | 'vendor';
}

/** Every error code (the error catalogue), in the contract's order. */
export const ErrorCatalogue: readonly ErrorCodeInfo[] = [
  { code: 0, name: 'OK', message: 'OK', status: 200, outcome: 'success', from: 'all' },
  { code: 200001, name: 'CANCELLED', message: 'Operation canceled', status: 200, outcome: 'informational', from: 'all' },
  { code: 200009, name: 'STALE_LINK_TOKEN', message: 'Accounts linked', status: 200, outcome: 'success', from: 'all' },
  { code: 206001, name: 'PENDING_REGISTRATION', message: 'Account Pending Registration', status: 206, outcome: 'informational', from: 'all' },
  { code: 206002, name: 'PENDING_VERIFICATION', message: 'Account Pending Verification', status: 206, outcome: 'informational', from: 'all' },
  { code: 206006, name: 'ACCOUNT_NOT_ACTIVATED', message: 'Account not activated', status: 206, outcome: 'informational', from: 'vendor' },
  { code: 400002, name: 'MISSING_REQUIRED_PARAMETER', message: 'Missing required parameter', status: 400, outcome: 'error', from: 'all' },
  { code: 400003, name: 'UNIQUE_IDENTIFIER_EXISTS', message: 'Unique identifier exists', status: 400, outcome: 'error', from: 'all' },
  { code: 400006, name: 'INVALID_PARAMETER', message: 'Invalid parameter value', status: 400, outcome: 'error', from: 'all' },
  { code: 400009, name: 'VALIDATION', message: 'Validation error', status: 400, outcome: 'error', from: 'all' },
  { code: 400020, name: 'READ_ONLY_FIELD', message: 'Permission denied', status: 400, outcome: 'error', from: 'all' },
  { code: 400026, name: 'INVALID_FORMAT', message: 'Invalid format', status: 400, outcome: 'error', from: 'all' },
  { code: 400027, name: 'MISSING_REQUIRED_VALUE', message: 'Missing required field', status: 400, outcome: 'error', from: 'all' },
  { code: 400093, name: 'INVALID_API_KEY', message: 'Invalid ApiKey parameter', status: 400, outcome: 'error', from: 'vendor' },
  { code: 400125, name: 'FREQUENCY_LIMIT', message: 'Limit reached', status: 400, outcome: 'error', from: 'all' },
  { code: 401030, name: 'OLD_PASSWORD_USED', message: 'Old password used', status: 401, outcome: 'error', from: 'vendor' },
  { code: 403000, name: 'FORBIDDEN', message: 'Forbidden', status: 403, outcome: 'error', from: 'embedded' },
  { code: 403002, name: 'ACTIVATION_EXPIRED', message: 'Verification code expired', status: 403, outcome: 'error', from: 'all' },
  { code: 403003, name: 'INVALID_REQUEST_SIGNATURE', message: 'Invalid request signature', status: 403, outcome: 'error', from: 'vendor' },
  { code: 403005, name: 'UNAUTHORIZED', message: 'Unauthorized user', status: 403, outcome: 'error', from: 'all' },
  { code: 403007, name: 'PERMISSION_DENIED', message: 'Permission denied', status: 403, outcome: 'error', from: 'vendor' },
  { code: 403025, name: 'PASSWORD_TOKEN_INVALID', message: 'Invalid or expired password reset token', status: 403, outcome: 'error', from: 'all' },
  { code: 403036, name: 'INVALID_USER_KEY', message: 'Invalid user key or secret', status: 403, outcome: 'error', from: 'vendor' },
  { code: 403041, name: 'ACCOUNT_DISABLED', message: 'Account Disabled', status: 403, outcome: 'error', from: 'all' },
  { code: 403042, name: 'INVALID_LOGIN', message: 'Invalid LoginID', status: 403, outcome: 'error', from: 'all' },
  { code: 403043, name: 'SOCIAL_CONFLICT', message: 'Login Identifier exists', status: 403, outcome: 'error', from: 'all' },
  { code: 403047, name: 'LOGIN_ID_UNKNOWN', message: 'Login ID does not exist', status: 403, outcome: 'error', from: 'all' },
  { code: 403048, name: 'RATE_LIMIT', message: 'Rate limit exceeded', status: 403, outcome: 'error', from: 'vendor' },
  { code: 403120, name: 'LOCKED_OUT', message: 'Account temporarily locked out', status: 403, outcome: 'error', from: 'all' },
  { code: 404000, name: 'NOT_FOUND', message: 'Not found', status: 404, outcome: 'error', from: 'all' },
  { code: 500001, name: 'GENERAL_SERVER_ERROR', message: 'General Server Error', status: 500, outcome: 'error', from: 'all' },
  { code: 500023, name: 'PROVIDER_ERROR', message: 'Social login provider error', status: 500, outcome: 'error', from: 'all' },
  { code: 503001, name: 'SERVICE_UNAVAILABLE', message: 'Service unavailable', status: 503, outcome: 'error', from: 'vendor' },
  { code: 504001, name: 'TIMEOUT', message: 'Timeout', status: 504, outcome: 'error', from: 'vendor' },
  { code: 504002, name: 'GENERAL_TIMEOUT', message: 'General timeout', status: 504, outcome: 'error', from: 'vendor' },
];

/** The envelope's errorMessage by error code. */
export const ErrorMessages: Readonly<Record<number, string>> = {
  0: 'OK',
  200001: 'Operation canceled',
  200009: 'Accounts linked',
  206001: 'Account Pending Registration',
  206002: 'Account Pending Verification',
  206006: 'Account not activated',
  400002: 'Missing required parameter',
  400003: 'Unique identifier exists',
  400006: 'Invalid parameter value',
  400009: 'Validation error',
  400020: 'Permission denied',
  400026: 'Invalid format',
  400027: 'Missing required field',
  400093: 'Invalid ApiKey parameter',
  400125: 'Limit reached',
  401030: 'Old password used',
  403000: 'Forbidden',
  403002: 'Verification code expired',
  403003: 'Invalid request signature',
  403005: 'Unauthorized user',
  403007: 'Permission denied',
  403025: 'Invalid or expired password reset token',
  403036: 'Invalid user key or secret',
  403041: 'Account Disabled',
  403042: 'Invalid LoginID',
  403043: 'Login Identifier exists',
  403047: 'Login ID does not exist',
  403048: 'Rate limit exceeded',
  403120: 'Account temporarily locked out',
  404000: 'Not found',
  500001: 'General Server Error',
  500023: 'Social login provider error',
  503001: 'Service unavailable',
  504001: 'Timeout',
  504002: 'General timeout',
};

/** The error codes whose outcome is success. */
export const SuccessCodes: readonly number[] = [0 /* OK */, 200009 /* STALE_LINK_TOKEN */];

/** Detail codes: errorDetails values that refine an error code. */
export const ErrorDetails = {
  /** With ErrorCode.INVALID_PARAMETER: The new password (setAccountInfo's, resetPassword's) equals the old one (000 §8 "400006.100001"; contract, decided). */
  SAME_PASSWORD: '100001',
  /** With ErrorCode.VALIDATION: The password (register, setAccountInfo's newPassword, resetPassword's newPassword) is on the list of the 100,000 most common and breached passwords, compared regardless of case (OWASP ASVS 6.2.4; decided): the validation error of the password field has errorCode 400006 and the envelope this errorDetails. The embedded provider and the fake check it; the vendor applies its own rules. */
  COMMON_PASSWORD: 'COMMON_PASSWORD',
  /** With ErrorCode.VALIDATION: The password (register, setAccountInfo's newPassword, resetPassword's newPassword) is longer than the password policy's maxBytes in UTF-8 (decided): the validation error of the password field has errorCode 400006 and the envelope this errorDetails. The embedded provider and the fake check it; the vendor applies its own rules. */
  PASSWORD_TOO_LONG: 'PASSWORD_TOO_LONG',
  /** With ErrorCode.INVALID_PARAMETER: The registration is not verified yet (a login of an unverified account, answered by the vendor's site policy). */
  REGISTRATION_UNVERIFIED: 'REGISTRATION_UNVERIFIED',
  /** With ErrorCode.INVALID_LOGIN: The browser signed for another origin than the service's configured ones (phishing site, wrong host). */
  PASSKEY_ORIGIN: 'PASSKEY_ORIGIN',
  /** With ErrorCode.INVALID_LOGIN: The authenticator data names another relying party id than the configured one. */
  PASSKEY_RP_ID: 'PASSKEY_RP_ID',
  /** With ErrorCode.INVALID_LOGIN: The challenge is unknown, used already (a replayed answer) or older than passkeyChallengeLifetime, or it belongs to another ceremony. Challenges are single use. */
  PASSKEY_CHALLENGE: 'PASSKEY_CHALLENGE',
  /** With ErrorCode.INVALID_LOGIN: No account has this credential (never registered here, or removed). */
  PASSKEY_UNKNOWN: 'PASSKEY_UNKNOWN',
  /** With ErrorCode.INVALID_LOGIN: The signature (or attestation) does not verify against the stored public key. */
  PASSKEY_SIGNATURE: 'PASSKEY_SIGNATURE',
  /** With ErrorCode.INVALID_LOGIN: The signature counter went backwards (or stood still where it counts), so the authenticator may be cloned. */
  PASSKEY_COUNTER: 'PASSKEY_COUNTER',
  /** With ErrorCode.INVALID_LOGIN: The authenticator did not verify the user (PIN, biometrics); user verification is required. */
  PASSKEY_USER_VERIFICATION: 'PASSKEY_USER_VERIFICATION',
  /** With ErrorCode.INVALID_LOGIN: The answer is malformed or fails another WebAuthn check (type, flags, attestation format). */
  PASSKEY_INVALID: 'PASSKEY_INVALID',
  /** With ErrorCode.INVALID_LOGIN: initPasskeyRegistration, registerPasskey, removePasskey, or setAccountInfo setting an account's first password (newPassword without password), for a session whose login is older than recentLogin: a new way in needs a fresh proof, so a session cookie copied later cannot add a passkey that would outlive the owner's password reset, or a password the passkey-only owner never learns of; nor remove a passkey, which logs the owner out on every other device while the copy stays in (2026-11-29). A login (password, passkey or social) opens a fresh session. */
  RECENT_LOGIN_REQUIRED: 'RECENT_LOGIN_REQUIRED',
  /** With ErrorCode.INVALID_PARAMETER: removePasskey of the only passkey of an account without a password or social login: the account could not log in any more. Set a password first. */
  LAST_PASSKEY: 'LAST_PASSKEY',
} as const;

/** Password policy defaults (getPolicies → passwordComplexity) and the longest password hashed, in UTF-8 bytes. */
export const PasswordPolicyDefaults = { minLength: 8, minCharGroups: 4, maxBytes: 256 } as const;

/** The character groups of the password policy by Unicode general category; each pattern finds one character of its group. */
export const CharGroups: readonly { name: string; pattern: RegExp }[] = [
  { name: 'lower', pattern: /\p{Ll}/u },
  { name: 'upper', pattern: /\p{Lu}/u },
  { name: 'digit', pattern: /\p{Nd}/u },
  { name: 'other', pattern: /[^\p{Ll}\p{Lu}\p{Nd}]/u },
];

/** Passwords with their number of character groups; both sides test against them. */
export const CharGroupExamples: readonly { password: string; groups: number }[] = [
  { password: 'ÄÖÜäöü123456', groups: 3 },
  { password: 'Grocer-Pass-2024!', groups: 4 },
  { password: 'ÉCOLE-école-1', groups: 4 },
  { password: 'password', groups: 1 },
  { password: '١٢٣abc', groups: 2 },
  { password: 'ǅungla1', groups: 3 },
  { password: '日本語Pass1', groups: 4 },
  { password: 'ßtraße', groups: 1 },
];

/** The rule of a first and a last name, in the profile and in an address book entry (a RegExp with the u flag). */
export const PersonNamePattern = '^(?:[\'’]\\p{L}[ \\-\u2010\u2011])?\\p{L}(?:[·.]?\\p{L}|\\p{M}|\\.?[\'’\\-\u2010\u2011]+[\\p{L}\\p{M}])*(?:[\'’\\-\u2010\u2011]+|\\.?[\'’\\-\u2010\u2011]* [ \'’\\-\u2010\u2011]*[\\p{L}\\p{M}](?:[·.]?\\p{L}|\\p{M}|\\.?[ \'’\\-\u2010\u2011]+[\\p{L}\\p{M}])*(?:\\.|[ \'’\\-\u2010\u2011]*)|[\'’\\-\u2010\u2011]* [ \'’\\-\u2010\u2011]*)?$';

/** Names as sent and whether the provider takes them; both sides test against them. */
export const PersonNameExamples: readonly { name: string; valid: boolean }[] = [
  { name: 'Anna', valid: true },
  { name: '  Müller  ', valid: true },
  { name: 'Zoe\u0308', valid: true },
  { name: 'D’Angelo', valid: true },
  { name: 'd’Artagnan', valid: true },
  { name: 'Müller\u2010Lüdenscheidt', valid: true },
  { name: 'Müller\u2011Lüdenscheidt', valid: true },
  { name: 'Anne\u2010Marie von Bülow\u2011Ruhe', valid: true },
  { name: '’s\u2010Gravesande', valid: true },
  { name: 'Müller \u2010 Lüdenscheidt', valid: true },
  { name: 'O\'Brien', valid: true },
  { name: 'Anne-Marie', valid: true },
  { name: 'Mary Ann', valid: true },
  { name: 'Ștefan', valid: true },
  { name: 'Δήμητρα', valid: true },
  { name: 'Бойко', valid: true },
  { name: '\'t Hart', valid: true },
  { name: '’s-Gravesande', valid: true },
  { name: 'van \'t Hek', valid: true },
  { name: 'van ’t Hek', valid: true },
  { name: 'Gal·la', valid: true },
  { name: 'Pujol·i', valid: true },
  { name: 'Gal·la', valid: true },
  { name: 'St. John', valid: true },
  { name: 'Smith Jr.', valid: true },
  { name: 'Jr. Dr.', valid: true },
  { name: 'J.R.R. Tolkien', valid: true },
  { name: 'Anna1', valid: false },
  { name: 'R2D2', valid: false },
  { name: 'Anna😀', valid: false },
  { name: 'Anna!', valid: false },
  { name: 'Anna_Maria', valid: false },
  { name: 'Anna\u0009Maria', valid: false },
  { name: 'Anna\u0000', valid: false },
  { name: '-Anna', valid: false },
  { name: '\u2010Anna', valid: false },
  { name: 'Müller\u2013Lüdenscheidt', valid: false },
  { name: 'Müller \u2013 Lüdenscheidt', valid: false },
  { name: 'Müller\u2014Lüdenscheidt', valid: false },
  { name: 'Müller−Lüdenscheidt', valid: false },
  { name: '\'Anna', valid: false },
  { name: '\u0308Anna', valid: false },
  { name: '\'', valid: false },
  { name: '’', valid: false },
  { name: '\'t', valid: false },
  { name: '\' Hart', valid: false },
  { name: '.', valid: false },
  { name: '·', valid: false },
  { name: '- \'', valid: false },
  { name: 'Eva.', valid: false },
  { name: '.Anna', valid: false },
  { name: 'Smith Jr..', valid: false },
  { name: 'Smith .', valid: false },
  { name: 'Smith Jr. -', valid: false },
  { name: 'Gal·', valid: false },
  { name: '·la', valid: false },
  { name: 'Gal ·la', valid: false },
  { name: 'Gal-·la', valid: false },
  { name: '\u3164', valid: false },
  { name: 'A\u3164', valid: false },
  { name: 'Mus\uffa0ter', valid: false },
  { name: 'Kim \u115f\u1160', valid: false },
  { name: 'Max\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301', valid: true },
  { name: 'Max\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301', valid: false },
];

/** Streets, house numbers and towns as sent and whether the provider takes them; both sides test against them. */
export const PlaceTextExamples: readonly { text: string; valid: boolean }[] = [
  { text: 'Frankfurt (Oder)', valid: true },
  { text: 'Halle (Saale)', valid: true },
  { text: 'St. Gallen', valid: true },
  { text: '\'s-Hertogenbosch', valid: true },
  { text: '’s-Hertogenbosch', valid: true },
  { text: 'Sankt Peter-Ording', valid: true },
  { text: 'Łódź', valid: true },
  { text: 'Μύκονος', valid: true },
  { text: 'Straße des 17. Juni', valid: true },
  { text: 'Am Wall 3/4', valid: true },
  { text: 'Rue de l\'Église', valid: true },
  { text: '12a', valid: true },
  { text: '12-14', valid: true },
  { text: '3 ½', valid: true },
  { text: 'Via Roma 5, 3° piano', valid: true },
  { text: '№ 15', valid: true },
  { text: 'Mu\u0308nchen', valid: true },
  { text: '\u200bKöln\u2060', valid: true },
  { text: 'München😀', valid: false },
  { text: '😀', valid: false },
  { text: 'Berlin ❤', valid: false },
  { text: '★ Hauptstraße', valid: false },
  { text: 'Weg ©', valid: false },
  { text: '🇩🇪 Berlin', valid: false },
  { text: '12🏽', valid: false },
  { text: '1\ufe0f⃣', valid: false },
  { text: 'Mü\u200dnchen', valid: false },
  { text: 'Mü\u200bnchen', valid: false },
  { text: 'Haupt\u00adstraße', valid: false },
  { text: 'Köln\u200e Süd', valid: false },
  { text: 'Mün\u0007chen', valid: false },
  { text: '-', valid: false },
  { text: '\u0301', valid: false },
];

/** Addresses and whether the provider takes them; both sides test against them. */
export const EmailAddressExamples: readonly { address: string; valid: boolean }[] = [
  { address: 'kunde@example.com', valid: true },
  { address: '  Kunde@Example.COM ', valid: true },
  { address: 'first.last+news@sub.example.co.uk', valid: true },
  { address: 'o\'neil@example.ie', valid: true },
  { address: 'a!#$%&*/=?^_`{|}~-@example.com', valid: true },
  { address: 'josé@bücher.de', valid: true },
  { address: 'jose\u0301@example.com', valid: true },
  { address: 'kunde@xn--bcher-kva.de', valid: true },
  { address: 'kunde@a--b.de', valid: true },
  { address: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@example.com', valid: true },
  { address: 'max@mustermann', valid: false },
  { address: 'x@y', valid: false },
  { address: 'kunde@', valid: false },
  { address: '@example.com', valid: false },
  { address: 'kunde', valid: false },
  { address: '', valid: false },
  { address: 'a@b@example.com', valid: false },
  { address: '.kunde@example.com', valid: false },
  { address: 'kunde.@example.com', valid: false },
  { address: 'ku..nde@example.com', valid: false },
  { address: 'kunde@example..com', valid: false },
  { address: 'kunde@example.com.', valid: false },
  { address: 'kunde name@example.com', valid: false },
  { address: 'a,b@example.com', valid: false },
  { address: '"kunde"@example.com', valid: false },
  { address: 'Kunde <kunde@example.com>', valid: false },
  { address: 'kunde@[127.0.0.1]', valid: false },
  { address: 'kunde@exa_mple.com', valid: false },
  { address: 'kunde@-example.com', valid: false },
  { address: 'kunde@example-.com', valid: false },
  { address: 'kunde@ex--ample.com', valid: false },
  { address: 'kunde@xn--a.com', valid: false },
  { address: 'kunde@-bücher.de', valid: false },
  { address: 'kunde@exa%41mple.com', valid: false },
  { address: 'kunde@example.com/x', valid: false },
  { address: 'ev\u200ba@example.com', valid: false },
  { address: 'moc.elpmaxe\u202e@example.com', valid: false },
  { address: 'a\u0000@example.com', valid: false },
  { address: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@example.com', valid: false },
  { address: 'ääääääääääääääääääääääääääääääää@example.com', valid: true },
  { address: 'äääääääääääääääääääääääääääääääää@example.com', valid: false },
  { address: 'kunde@müller.de', valid: true },
  { address: 'kunde@bücher.example', valid: true },
  { address: 'kunde@xn--mller-kva.de', valid: true },
  { address: 'kunde@пример.рф', valid: true },
  { address: 'kunde@ドメイン.日本', valid: true },
  { address: 'kunde@col·legi.cat', valid: true },
  { address: 'kunde@ジャパン・ネット.jp', valid: true },
  { address: 'kunde@163.com', valid: true },
  { address: 'kunde@1und1.de', valid: true },
  { address: 'kunde@😀.de', valid: false },
  { address: 'kunde@xn--e28h.de', valid: false },
  { address: 'kunde@☃.com', valid: false },
  { address: 'kunde@a⁄b.de', valid: false },
  { address: 'kunde@a·b.de', valid: false },
  { address: 'kunde@ab・cd.jp', valid: false },
  { address: 'kunde@1.2.3.4', valid: false },
  { address: 'kunde@１.２.３.４', valid: false },
  { address: 'kunde@example.123', valid: false },
  { address: 'kunde@xn----756b.jp', valid: false },
  { address: 'kunde@xn--ab---8j1i.jp', valid: false },
  { address: 'kunde@xn---8j1i.jp', valid: false },
];

/** The accounts.* methods of the identity HTTP API, their parameters and the codes they answer besides EveryMethodCodes. */
export const IdentityApiMethods = {
  initRegistration: { params: ['isLite'], codes: [0 /* OK */, 400125 /* FREQUENCY_LIMIT */] },
  register: { params: ['email', 'password', 'passkey', 'regToken', 'profile', 'data', 'preferences', 'subscriptions', 'lang', 'regSource', 'finalizeRegistration', 'include'], codes: [0 /* OK */, 206001 /* PENDING_REGISTRATION */, 206002 /* PENDING_VERIFICATION */, 400002 /* MISSING_REQUIRED_PARAMETER */, 400006 /* INVALID_PARAMETER */, 400009 /* VALIDATION */, 400020 /* READ_ONLY_FIELD */, 400125 /* FREQUENCY_LIMIT */] },
  finalizeRegistration: { params: ['regToken', 'include'], codes: [0 /* OK */, 206001 /* PENDING_REGISTRATION */, 206002 /* PENDING_VERIFICATION */, 400006 /* INVALID_PARAMETER */, 403041 /* ACCOUNT_DISABLED */] },
  login: { params: ['loginID', 'password', 'include', 'loginMode', 'regToken', 'sessionExpiration', 'ignoreInterruptions'], codes: [0 /* OK */, 200009 /* STALE_LINK_TOKEN */, 206001 /* PENDING_REGISTRATION */, 206002 /* PENDING_VERIFICATION */, 400002 /* MISSING_REQUIRED_PARAMETER */, 400006 /* INVALID_PARAMETER */, 403041 /* ACCOUNT_DISABLED */, 403042 /* INVALID_LOGIN */, 403043 /* SOCIAL_CONFLICT */, 403120 /* LOCKED_OUT */] },
  socialLogin: { params: ['provider', 'redirectURL', 'loginMode', 'regToken'], codes: [0 /* OK */, 200001 /* CANCELLED */, 206001 /* PENDING_REGISTRATION */, 206002 /* PENDING_VERIFICATION */, 400002 /* MISSING_REQUIRED_PARAMETER */, 403041 /* ACCOUNT_DISABLED */, 403042 /* INVALID_LOGIN */, 403043 /* SOCIAL_CONFLICT */, 500023 /* PROVIDER_ERROR */] },
  getConflictingAccount: { params: ['regToken'], codes: [0 /* OK */, 400006 /* INVALID_PARAMETER */] },
  getAccountInfo: { params: ['include', 'extraProfileFields', 'regToken'], codes: [0 /* OK */, 403005 /* UNAUTHORIZED */, 403041 /* ACCOUNT_DISABLED */] },
  setAccountInfo: { params: ['regToken', 'profile', 'data', 'preferences', 'subscriptions', 'lang', 'password', 'newPassword'], codes: [0 /* OK */, 400002 /* MISSING_REQUIRED_PARAMETER */, 400003 /* UNIQUE_IDENTIFIER_EXISTS */, 400006 /* INVALID_PARAMETER */, 400009 /* VALIDATION */, 400020 /* READ_ONLY_FIELD */, 400125 /* FREQUENCY_LIMIT */, 403005 /* UNAUTHORIZED */, 403041 /* ACCOUNT_DISABLED */, 403042 /* INVALID_LOGIN */] },
  resetPassword: { params: ['loginID', 'lang', 'passwordResetToken', 'newPassword'], codes: [0 /* OK */, 400002 /* MISSING_REQUIRED_PARAMETER */, 400006 /* INVALID_PARAMETER */, 400009 /* VALIDATION */, 400125 /* FREQUENCY_LIMIT */, 403025 /* PASSWORD_TOKEN_INVALID */, 403047 /* LOGIN_ID_UNKNOWN */] },
  resendVerificationCode: { params: ['regToken', 'email', 'lang'], codes: [0 /* OK */, 400002 /* MISSING_REQUIRED_PARAMETER */, 400006 /* INVALID_PARAMETER */, 400125 /* FREQUENCY_LIMIT */] },
  getSchema: { params: ['include'], codes: [0 /* OK */] },
  getPolicies: { params: ['sections'], codes: [0 /* OK */] },
  getSiteConsentDetails: { params: [], codes: [0 /* OK */] },
  logout: { params: [], codes: [0 /* OK */] },
  exportAccountData: { params: [], codes: [0 /* OK */, 403005 /* UNAUTHORIZED */] },
  deleteAccount: { params: ['password'], codes: [0 /* OK */, 400002 /* MISSING_REQUIRED_PARAMETER */, 403005 /* UNAUTHORIZED */, 403042 /* INVALID_LOGIN */, 403120 /* LOCKED_OUT */] },
  initPasskeyRegistration: { params: ['regToken', 'email'], codes: [0 /* OK */, 400006 /* INVALID_PARAMETER */, 400009 /* VALIDATION */, 403005 /* UNAUTHORIZED */, 403042 /* INVALID_LOGIN */] },
  registerPasskey: { params: ['passkey', 'name'], codes: [0 /* OK */, 400002 /* MISSING_REQUIRED_PARAMETER */, 400006 /* INVALID_PARAMETER */, 403005 /* UNAUTHORIZED */, 403042 /* INVALID_LOGIN */] },
  initPasskeyLogin: { params: [], codes: [0 /* OK */, 400125 /* FREQUENCY_LIMIT */] },
  passkeyLogin: { params: ['passkey', 'include', 'loginMode', 'regToken'], codes: [0 /* OK */, 200009 /* STALE_LINK_TOKEN */, 206001 /* PENDING_REGISTRATION */, 206002 /* PENDING_VERIFICATION */, 400002 /* MISSING_REQUIRED_PARAMETER */, 400006 /* INVALID_PARAMETER */, 403041 /* ACCOUNT_DISABLED */, 403042 /* INVALID_LOGIN */, 403043 /* SOCIAL_CONFLICT */, 403120 /* LOCKED_OUT */] },
  getPasskeys: { params: [], codes: [0 /* OK */, 403005 /* UNAUTHORIZED */] },
  removePasskey: { params: ['id'], codes: [0 /* OK */, 400002 /* MISSING_REQUIRED_PARAMETER */, 400006 /* INVALID_PARAMETER */, 403005 /* UNAUTHORIZED */, 403042 /* INVALID_LOGIN */, 404000 /* NOT_FOUND */] },
} as const;

/** The most bytes of the body of a call of the identity HTTP API. */
export const ApiMaxBodyBytes = 65536;

/** Codes any method may answer: a cross-site call, an unreadable request, a failure in the service. */
export const EveryMethodCodes: readonly number[] = [403000 /* FORBIDDEN */, 400006 /* INVALID_PARAMETER */, 500001 /* GENERAL_SERVER_ERROR */];

/** The codes of validationErrors entries. */
export const ValidationErrorCodes: readonly number[] = [400003 /* UNIQUE_IDENTIFIER_EXISTS */, 400006 /* INVALID_PARAMETER */, 400026 /* INVALID_FORMAT */, 400027 /* MISSING_REQUIRED_VALUE */, 403042 /* INVALID_LOGIN */];
