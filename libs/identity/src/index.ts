export {
  CharGroupExamples,
  CharGroups,
  Durations,
  ErrorCatalogue,
  EveryMethodCodes,
  IdentityApiMethods,
  Links,
  Lockout,
  Pages,
  PasswordPolicyDefaults,
  ValidationErrorCodes,
  type ErrorCodeInfo,
  charGroupCount,
  passwordLength,
  passwordPolicyProblem,
  type PasswordPolicyProblem,
} from '@portal/identity-contract';
export {
  ErrorCode,
  ErrorDetails,
  errorMessageOf,
  SAME_PASSWORD_DETAILS,
  isAccountDisabled,
  isAccountNotActivated,
  isActivationExpired,
  isCancelled,
  isEmailInUse,
  isFrequencyLimited,
  isInformational,
  isInvalidLogin,
  isInvalidParameter,
  isLockedOut,
  isLoginIdUnknown,
  isPasswordTokenInvalid,
  isPendingRegistration,
  isPendingVerification,
  isProviderError,
  isReadOnlyField,
  isRecentLoginRequired,
  isRegistrationUnverified,
  isSamePassword,
  isCommonPassword,
  isSocialConflict,
  isStaleLinkToken,
  isSuccess,
  isUnauthorized,
  isValidationError,
  statusCodeOf,
  type Envelope,
  type ErrorCodeName,
  type ValidationError,
} from './envelope';
export { IdentityTransportError, isIdentityTransportError, type TransportErrorCode } from './errors';
export * from './types';
export { confirmMailLink, mailLinkToken } from './mail-link';
export { createHttpProvider, readSocialLoginResult, socialLoginUrl, type HttpProviderOptions } from './adapters/http';
export type { CdcOidcOptions, CdcOidcPages, CdcProviderOptions, GigyaLoginEvent, GigyaSdk } from './adapters/cdc';
export {
  createIdentityProvider,
  loadCdcProvider,
  type CreateIdentityProviderOptions,
  type IdentityMetadata,
} from './create-identity-provider';
export {
  IdentityRoot,
  useIdentity,
  type IdentityRootProps,
  type UseIdentity,
} from './react/IdentityRoot';
export {
  AccountStore,
  accountReducer,
  ACCOUNT_EXTRA_PROFILE_FIELDS,
  ACCOUNT_INCLUDE,
  PW_RESET_LOGIN_ID_KEY,
  SESSION_CHANNEL,
  type AccountAction,
  type AccountSnapshot,
  type AccountState,
  type RegistrationPartial,
  type SavedChange,
} from './react/account-store';
export {
  identitySettingsQuery,
  loadIdentitySettings,
  type IdentitySettings,
  type IdentitySettingsCall,
} from './react/identity-settings';
