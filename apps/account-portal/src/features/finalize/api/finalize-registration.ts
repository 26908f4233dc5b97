import type { FormikErrors } from 'formik';
import { mapValidationErrors } from '@portal/forms';
import {
  ErrorCode,
  isInvalidParameter,
  isPendingRegistration,
  isPendingVerification,
  isSuccess,
  isUnauthorized,
  isValidationError,
  type AccountData,
  type DeepPartial,
  type IdentityProvider,
  type Profile,
} from '@portal/identity';
import { accountFieldErrorOptions } from '../../../shared/account-fields';
import { grantConsent, type MarketConsentId } from '../../../shared/identity-settings';

export interface FinalizeValues {
  profile?: DeepPartial<Profile>;
  data?: DeepPartial<AccountData>;
  consent?: boolean;
}

/** What finishing the registration led to (spec 000 §4 and §8). */
export type FinalizeOutcome =
  | { kind: 'loggedIn' }
  | { kind: 'confirmEmail' }
  | { kind: 'stillIncomplete' }
  | { kind: 'expired' }
  | { kind: 'fieldErrors'; errors: FormikErrors<FinalizeValues> }
  | { kind: 'unexpected'; code: number | string };

/**
 * setAccountInfo with the regToken (the postcode as profile.zip, the market's consent when ticked, with the page's
 * language `lang`, whose country's example number a refused phone names), then finalizeRegistration; 206002 is
 * tolerated.
 */
export async function finalizeRegistration(
  provider: IdentityProvider,
  regToken: string,
  values: FinalizeValues,
  consentId: MarketConsentId,
  lang: string,
): Promise<FinalizeOutcome> {
  const saved = await provider.setAccountInfo({
    regToken,
    ...(values.profile ? { profile: values.profile } : {}),
    ...(values.data ? { data: values.data } : {}),
    // The vendor requires the language with a consent write ("When setting or updating a user's Consent, you must
    // pass the lang parameter also", accounts.setAccountInfo); it records which language's statement was accepted.
    // QA round of 2026-11-29: the finalize page wrote the consent without it, registration sends it.
    ...(values.consent ? { preferences: grantConsent(consentId), lang } : {}),
  });
  if (isValidationError(saved)) return { kind: 'fieldErrors', errors: mapValidationErrors<FinalizeValues>(saved.validationErrors, accountFieldErrorOptions(lang)) };
  if (isInvalidParameter(saved) || isUnauthorized(saved)) return { kind: 'expired' };
  if (!isSuccess(saved)) return { kind: 'unexpected', code: saved.errorCode };

  const answer = await provider.finalizeRegistration({ regToken });
  if (isSuccess(answer)) return { kind: 'loggedIn' };
  if (isPendingVerification(answer)) return { kind: 'confirmEmail' };
  // Still incomplete, with or without a new regToken.
  if (isPendingRegistration(answer) || answer.errorCode === ErrorCode.PENDING_REGISTRATION) return { kind: 'stillIncomplete' };
  if (isInvalidParameter(answer) || isUnauthorized(answer)) return { kind: 'expired' };
  return { kind: 'unexpected', code: answer.errorCode };
}
