import { useMutation } from '@tanstack/react-query';
import { useSite } from '@portal/cms';
import { isFrequencyLimited, isInvalidParameter, isLoginIdUnknown, isSuccess, isValidationError, useIdentity, type IdentityProvider } from '@portal/identity';
import { failureCode } from '../../../shared/call-failure';
import { rememberResetLoginId } from '../reset-login-id';

/** What asking for a reset mail led to (spec 000 §4 and §8). */
export type RequestResetOutcome =
  | { kind: 'started' }
  /** 403047: no account has this e-mail address. */
  | { kind: 'unknownEmail' }
  /** 400125: a mail was sent less than 15 minutes ago (or the service throttles mails to this address). */
  | { kind: 'wait' }
  | { kind: 'invalid' }
  | { kind: 'unexpected'; code: number | string };

/**
 * resetPassword step 1 with the login ID (spec 000 §7) and the page's language tag with its country (nl-BE), so that
 * the mail's link opens the shopper's country's page (QA). The address is remembered for the automatic login after
 * the reset when a mail was sent, and when one was sent shortly before (400125): its link still works.
 */
export async function requestPasswordReset(provider: IdentityProvider, email: string, lang: string): Promise<RequestResetOutcome> {
  let answer;
  try {
    answer = await provider.resetPassword({ loginID: email, lang });
  } catch (error) {
    return { kind: 'unexpected', code: failureCode(error) };
  }
  if (isSuccess(answer) || isFrequencyLimited(answer)) rememberResetLoginId(email);
  if (isSuccess(answer)) return { kind: 'started' };
  if (isFrequencyLimited(answer)) return { kind: 'wait' };
  if (isLoginIdUnknown(answer)) return { kind: 'unknownEmail' };
  if (isInvalidParameter(answer) || isValidationError(answer)) return { kind: 'invalid' };
  return { kind: 'unexpected', code: answer.errorCode };
}

export function useRequestPasswordReset() {
  const { provider } = useIdentity();
  const { language } = useSite();
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(provider, email, language) });
}
