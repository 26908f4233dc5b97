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

/** The provider error codes the two specs react to (spec 000 §8, spec 001 §8). */
export const ErrorCode = {
  OK: 0,
  CANCELLED: 200001,
  STALE_LINK_TOKEN: 200009,
  PENDING_REGISTRATION: 206001,
  PENDING_VERIFICATION: 206002,
  ACCOUNT_NOT_ACTIVATED: 206006,
  INVALID_PARAMETER: 400006,
  VALIDATION: 400009,
  FREQUENCY_LIMIT: 400125,
  UNIQUE_IDENTIFIER_EXISTS: 400003,
  ACTIVATION_EXPIRED: 403002,
  UNAUTHORIZED: 403005,
  PASSWORD_TOKEN_INVALID: 403025,
  ACCOUNT_DISABLED: 403041,
  INVALID_LOGIN: 403042,
  SOCIAL_CONFLICT: 403043,
  LOGIN_ID_UNKNOWN: 403047,
  LOCKED_OUT: 403120,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;

/** Success per the contract: 0, and 200009 which is informational. */
export function isSuccess(envelope: Pick<Envelope, 'errorCode'>): boolean {
  return envelope.errorCode === ErrorCode.OK || envelope.errorCode === ErrorCode.STALE_LINK_TOKEN;
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
  return envelope.errorCode === ErrorCode.INVALID_PARAMETER && envelope.errorDetails === 'REGISTRATION_UNVERIFIED';
}

/** New password equals the old one: 400006 with details 100001 (identity contract, setAccountInfo). */
export function isSamePassword(envelope: Envelope): boolean {
  return envelope.errorCode === ErrorCode.INVALID_PARAMETER && envelope.errorDetails === '100001';
}
