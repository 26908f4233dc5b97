import type { FormikErrors } from 'formik';
import { mapValidationErrors } from '@portal/forms';
import {
  isEmailInUse,
  isFrequencyLimited,
  isInvalidParameter,
  isPendingRegistration,
  isPendingVerification,
  isSuccess,
  ErrorCode,
  type IdentityProvider,
} from '@portal/identity';
import { grantConsent, refusedPasswordMessage, type MarketConsentId } from '../../../shared/identity-settings';
import { loginOutcome } from '../../../shared/login-outcome';

export interface RegistrationValues {
  email: string;
  password: string;
  consent: boolean;
}

/** What a registration answer means for the registration page (spec 000 §4 and §8). */
export type RegistrationOutcome =
  | { kind: 'loggedIn' }
  | { kind: 'confirmEmail' }
  | { kind: 'finalize'; regToken: string; origin: 'registration' | 'siteLogin' }
  /** The address's account waits for its e-mail to be confirmed: the login's check-your-inbox and resend panel. */
  | { kind: 'unverified' }
  | { kind: 'accountExists' }
  | { kind: 'fieldErrors'; errors: FormikErrors<RegistrationValues> }
  | { kind: 'invalid' }
  /**
   * 400125: the provider's limits on this connection, initRegistration's on starting registrations (the embedded
   * provider's startLimits) or register's on the mails it sends.
   */
  | { kind: 'tooManyRequests' }
  | { kind: 'unexpected'; code: number | string };

export interface RegisterAccountOptions {
  lang: string;
  regSource?: string;
  /** The consent of the market (metadata): the terms of use in Germany, the privacy notice elsewhere. */
  consentId: MarketConsentId;
  /** What the vendor's passwordless widget (OwnID) made for this registration: sent as data.ownIdData (decided). */
  ownIdData?: unknown;
}

/**
 * initRegistration, then register with its regToken and `finalizeRegistration: true` (spec 000 §7). An address
 * that already has an account tries the login with the same password first (spec 000 §8, 400009/400003), and its
 * answer is the login's: a session, the finalize page, or an unconfirmed registration's panel (206002, spec 000
 * §4); a refused login is the account-exists text.
 */
export async function registerAccount(
  provider: IdentityProvider,
  { email, password }: RegistrationValues,
  { lang, regSource, consentId, ownIdData }: RegisterAccountOptions,
): Promise<RegistrationOutcome> {
  const init = await provider.initRegistration();
  if (isFrequencyLimited(init)) return { kind: 'tooManyRequests' };
  if (!isSuccess(init) || !init.regToken) return { kind: 'unexpected', code: init.errorCode };
  const answer = await provider.register({
    email,
    password,
    regToken: init.regToken,
    preferences: grantConsent(consentId),
    finalizeRegistration: true,
    lang,
    ...(regSource ? { regSource } : {}),
    ...(ownIdData === undefined ? {} : { data: { ownIdData } }),
  });
  if (isSuccess(answer)) return { kind: 'loggedIn' };
  if (isPendingRegistration(answer)) return { kind: 'finalize', regToken: answer.regToken, origin: 'registration' };
  if (isPendingVerification(answer)) return { kind: 'confirmEmail' };
  if (isEmailInUse(answer)) {
    const login = loginOutcome(await provider.login({ loginID: email, password }));
    if (login.kind === 'loggedIn') return login;
    if (login.kind === 'finalize') return { kind: 'finalize', regToken: login.regToken, origin: 'siteLogin' };
    // A shopper who registers again before confirming (a second tab, or back later) is told what the login
    // tells, not that the account exists: "use forgot password" would be no way on (QA).
    if (login.kind === 'unverified') return { kind: 'unverified' };
    return { kind: 'accountExists' };
  }
  if (answer.errorCode === ErrorCode.VALIDATION) {
    // The register call's `email` is the account's profile.email: its errors take that field's texts
    // (ap.errors.profile.email.{errorCode}, as on /accessdata) instead of the provider's English words (QA).
    const named = answer.validationErrors?.map((error) => (error.fieldName === 'email' ? { ...error, fieldName: 'profile.email' } : error));
    const errors = mapValidationErrors<RegistrationValues>(named, { fieldPath: (name) => (name === 'profile.email' ? 'email' : undefined) });
    // The password's refusal as the password change and the reset say it (a common or breached one: ASVS 6.2.4).
    const refused = refusedPasswordMessage(answer, password);
    if (refused) Object.assign(errors, { password: refused });
    // 400009 that names neither field of the form: the account-exists text with its forgot-password hint (spec 000 §8).
    return Object.keys(errors).length > 0 ? { kind: 'fieldErrors', errors } : { kind: 'accountExists' };
  }
  if (isInvalidParameter(answer)) return { kind: 'invalid' };
  if (isFrequencyLimited(answer)) return { kind: 'tooManyRequests' };
  return { kind: 'unexpected', code: answer.errorCode };
}
