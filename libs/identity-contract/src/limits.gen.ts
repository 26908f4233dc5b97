// Code generated from services/api/api/identity-contract.yaml by services/api/internal/identity/contract/gen. DO NOT EDIT.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Durations of the contract, in milliseconds. */
export const Durations = {
  /** The verification link of a registration or an e-mail change; an account not verified by then is deleted. Source: 000 §1, §8, §9. */
  verificationLinkLifetime: 14 * DAY,
  /** The double opt-in link of a newsletter subscription. Source: contract (Subscriptions). */
  newsletterConfirmationLinkLifetime: 14 * DAY,
  /** The double opt-in link of the product reminder subscription (SVC_PRODUCT_REMINDER). Source: 001 §4, §8, §9. */
  productReminderConfirmationLinkLifetime: 7 * DAY,
  /** The password-reset link (single use; a newer one revokes it). Source: contract (resetPassword). */
  resetLinkLifetime: HOUR,
  /** The wait before another password-reset mail for the same account (400125 sooner). Source: 000 §4, §9. */
  resetFrequency: 15 * MINUTE,
  /** A regToken (initRegistration, 206001/206002, a social conflict, a subscriber's token exchange). Source: 001 §4; contract (initRegistration). */
  regTokenLifetime: HOUR,
  /** The preference centre refreshes a regToken this long before it expires, and waits at least this long. Source: 001 §4, §9. */
  regTokenRefreshLead: 10 * SECOND,
  /** The partner token record oidcServicePartner kept in local storage (900000 ms). Source: 000 §4, §9. */
  partnerTokenLifetime: 15 * MINUTE,
  /** Failed logins within this window count towards a lockout. Source: contract (Lockout, decided). */
  lockoutWindow: 15 * MINUTE,
  /** How long a locked login ID stays locked (403120). Source: contract (Lockout, decided). */
  lockoutDuration: 15 * MINUTE,
  /** A passkey ceremony's challenge (single use; kept in the database until then). Source: issue 14 (decided). */
  passkeyChallengeLifetime: 5 * MINUTE,
  /** The window of the mail limits (limits.mailsPerAccount, limits.mailsPerClient). Source: contract (decided). */
  mailLimitWindow: HOUR,
  /** The window of the limit of anonymous starts (limits.startsPerClient). Source: contract (decided). */
  startLimitWindow: MINUTE,
  /** How long after its login a session may add a passkey (initPasskeyRegistration), remove one (removePasskey) or set the account's first password; later it answers 403042 RECENT_LOGIN_REQUIRED. Long enough to do so after logging in, short enough that a copied cookie cannot. Source: contract (passkeys, decided). */
  recentLogin: 10 * MINUTE,
} as const;

/** maxFailures failed logins of one login ID within Durations.lockoutWindow lock it for Durations.lockoutDuration. */
export const Lockout = { maxFailures: 5 } as const;

/**
 * Limits per account and per client (an address, an IPv6 one by its /64; the fake is one client): the mails calls may
 * make the service send within Durations.mailLimitWindow, and the anonymous starts (initRegistration,
 * initPasskeyLogin) within Durations.startLimitWindow. Beyond one, 400125.
 */
export const Limits = { mailsPerAccount: 5, mailsPerClient: 30, startsPerClient: 60 } as const;

/**
 * What a preference-centre (subscriber) regToken reaches: the dotted names getAccountInfo answers (read) and
 * setAccountInfo writes (write) with it (a name covers what is below it, a section name the section), and the
 * account's other answers it gets.
 */
export const SubscriberScope = {
  read: ['profile.email', 'profile.firstName', 'profile.lastName', 'profile.birthDay', 'profile.birthMonth', 'profile.birthYear', 'profile.zip', 'profile.country', 'profile.phones', 'data.salutation', 'data.preference', 'data.sfmc', 'preferences', 'subscriptions'],
  write: ['profile.firstName', 'profile.lastName', 'profile.birthDay', 'profile.birthMonth', 'profile.birthYear', 'profile.zip', 'profile.country', 'profile.phones', 'data.salutation', 'data.preference', 'data.sfmc', 'subscriptions'],
  answers: ['UID', 'isRegistered', 'isVerified', 'isActive'],
} as const;
