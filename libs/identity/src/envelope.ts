import { ErrorCode, ErrorDetails, ErrorMessages, SuccessCodes } from '@portal/identity-contract';

/** One entry of `validationErrors`: which field failed and why (identity contract, Envelope). */
export interface ValidationError {
  fieldName: string;
  errorCode: number;
  message: string;
}

/** What every provider call resolves with; provider errors resolve too, only transport failures reject. */
export interface Envelope {
  errorCode: number;
  errorMessage?: string;
  errorDetails?: string;
  statusCode?: number;
  validationErrors?: ValidationError[];
  regToken?: string;
  callId?: string;
  time?: string;
}

/**
 * The error codes, detail codes and the rest of the identity contract come from services/api/api/identity-contract.yaml
 * through @portal/identity-contract (generated); `ErrorCode.X` is re-exported here so that every import keeps working.
 */
export { ErrorCode, ErrorDetails, type ErrorCodeName } from '@portal/identity-contract';

/** `errorDetails` of 400006 when the new password equals the old one (identity contract, setAccountInfo). */
export const SAME_PASSWORD_DETAILS = ErrorDetails.SAME_PASSWORD;

const successCodes: ReadonlySet<number> = new Set(SuccessCodes);

/** Success per the contract: 0, and 200009 (the identity was linked already). */
export function isSuccess(envelope: Pick<Envelope, 'errorCode'>): boolean {
  return successCodes.has(envelope.errorCode);
}

/** Registration incomplete: the answer carries the regToken to finish it with. */
export function isPendingRegistration(envelope: Envelope): envelope is Envelope & { regToken: string } {
  return envelope.errorCode === ErrorCode.PENDING_REGISTRATION && Boolean(envelope.regToken);
}

/** E-mail not confirmed yet. */
export function isPendingVerification(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.PENDING_VERIFICATION;
}

/** The social provider's e-mail belongs to an existing site account: link them. */
export function isSocialConflict(envelope: Envelope): envelope is Envelope & { regToken: string } {
  return envelope.errorCode === ErrorCode.SOCIAL_CONFLICT && Boolean(envelope.regToken);
}

/** Wrong login ID or password, answered alike so that nobody learns which accounts exist. */
export function isInvalidLogin(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.INVALID_LOGIN || envelope.errorCode === ErrorCode.UNAUTHORIZED;
}

/** Blocked after too many failed logins. */
export function isLockedOut(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.LOCKED_OUT;
}

/** Disabled by an operator. */
export function isAccountDisabled(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.ACCOUNT_DISABLED;
}

/** A 400006 whose details name an unverified registration (spec 000 §8). */
export function isRegistrationUnverified(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.INVALID_PARAMETER && envelope.errorDetails === ErrorDetails.REGISTRATION_UNVERIFIED;
}

/** New password equals the old one: 400006 with details 100001 (identity contract, setAccountInfo and resetPassword). */
export function isSamePassword(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.INVALID_PARAMETER && envelope.errorDetails === SAME_PASSWORD_DETAILS;
}

/**
 * Adding a way in (a passkey, a first password) needs a login of the last minutes: 403042 with details
 * RECENT_LOGIN_REQUIRED (identity contract, recentLogin). Ask before isInvalidLogin, which it also is.
 */
export function isRecentLoginRequired(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.INVALID_LOGIN && envelope.errorDetails === ErrorDetails.RECENT_LOGIN_REQUIRED;
}

/** The password is on the list of common and breached passwords: 400009 with details COMMON_PASSWORD. */
export function isCommonPassword(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.VALIDATION && envelope.errorDetails === ErrorDetails.COMMON_PASSWORD;
}

/** A 200xx/206xx answer: informational, not a failure of the call (the caller may still have work to do). */
export function isInformational(envelope: Pick<Envelope, 'errorCode'>): boolean {
  const status = statusCodeOf(envelope.errorCode);
  return envelope.errorCode !== ErrorCode.OK && status >= 200 && status < 300;
}

/** The user cancelled the social login. */
export function isCancelled(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.CANCELLED;
}

/** The link token was already used for linking: drop it and log in plainly (spec 000 §4). */
export function isStaleLinkToken(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.STALE_LINK_TOKEN;
}

/** Account exists but was never activated. */
export function isAccountNotActivated(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.ACCOUNT_NOT_ACTIVATED;
}

/** 400006: invalid parameter, including an invalid or expired regToken. */
export function isInvalidParameter(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.INVALID_PARAMETER;
}

/** 400009: field validation failed; `validationErrors` says which fields. */
export function isValidationError(envelope: Envelope): envelope is Envelope & { validationErrors: ValidationError[] } {
  return envelope.errorCode === ErrorCode.VALIDATION && Array.isArray(envelope.validationErrors);
}

/** The e-mail address is taken: 400003 on its own (e-mail change) or as a validation error on `email` (register). */
export function isEmailInUse(envelope: Envelope): boolean {
  if (envelope.errorCode === ErrorCode.UNIQUE_IDENTIFIER_EXISTS) return true;
  return (
    envelope.errorCode === ErrorCode.VALIDATION &&
    (envelope.validationErrors ?? []).some((e) => e.errorCode === ErrorCode.UNIQUE_IDENTIFIER_EXISTS)
  );
}

/** A write to a field only the server may change (e.g. `data.customerassignment`). */
export function isReadOnlyField(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.READ_ONLY_FIELD;
}

/**
 * 400125, a limit was reached and the call did nothing: a password-reset mail for this account was sent less than 15
 * minutes ago, the call would send more mails than the account or the client address may, or the client address
 * started too many registrations or passkey logins (the identity contract's Limits).
 */
export function isFrequencyLimited(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.FREQUENCY_LIMIT;
}

/** The verification link is older than 14 days. */
export function isActivationExpired(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.ACTIVATION_EXPIRED;
}

/** No session and no valid regToken. */
export function isUnauthorized(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.UNAUTHORIZED;
}

/** The password-reset token is invalid, used or expired. */
export function isPasswordTokenInvalid(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.PASSWORD_TOKEN_INVALID;
}

/** No account has this login ID (password-reset request). */
export function isLoginIdUnknown(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.LOGIN_ID_UNKNOWN;
}

/** The social provider failed. */
export function isProviderError(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.PROVIDER_ERROR;
}

/** The HTTP-like status of an error code: its first three digits (identity contract, Envelope). */
export function statusCodeOf(errorCode: number): number {
  return errorCode === ErrorCode.OK ? 200 : Number(String(errorCode).slice(0, 3));
}

/** The envelope's errorMessage of a code (identity contract); 'Error' for a code the contract does not know. */
export function errorMessageOf(errorCode: number): string {
  return ErrorMessages[errorCode] ?? 'Error';
}
