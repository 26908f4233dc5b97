import { useMutation } from '@tanstack/react-query';
import { useSite } from '@portal/cms';
import { isSuccess, useIdentity } from '@portal/identity';

/** What the resend told (spec 000 §4): 201 mail sent, 204 already verified, anything else a failure. */
export type ResendResult = 'sent' | 'alreadyVerified' | 'failed';

/**
 * `PUT {restApi}/rest/v1/account/registration/verification-email` with the form body `email` and the page's `lang`,
 * which the mail speaks (QA: without it, the language of the registration).
 */
export async function resendVerificationEmail(restApi: string, email: string, lang: string): Promise<ResendResult> {
  try {
    const response = await fetch(`${restApi}/rest/v1/account/registration/verification-email`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      credentials: 'same-origin',
      body: new URLSearchParams({ email, lang }).toString(),
    });
    if (response.status === 201) return 'sent';
    if (response.status === 204) return 'alreadyVerified';
    return 'failed';
  } catch {
    return 'failed';
  }
}

export function useResendVerificationEmail() {
  const { metadata, language } = useSite();
  return useMutation({ mutationFn: (email: string) => resendVerificationEmail(metadata.restApi, email, language) });
}

/** Whose verification mail to send again: the address typed for the login, or a passkey login's pending account. */
export type ResendTarget = { email: string } | { regToken: string };

/**
 * A new verification mail for a passkey login's pending account (`accounts.resendVerificationCode` with its
 * regToken): no address was typed, and a passkey-only shopper has no other way to one (QA).
 */
export function useResendVerification(target: ResendTarget) {
  const byEmail = useResendVerificationEmail();
  const { provider } = useIdentity();
  const byRegToken = useMutation({
    mutationFn: async (regToken: string): Promise<ResendResult> => {
      try {
        return isSuccess(await provider.resendVerificationCode({ regToken })) ? 'sent' : 'failed';
      } catch {
        return 'failed';
      }
    },
  });
  if ('email' in target) return { result: byEmail.data, pending: byEmail.isPending, send: () => byEmail.mutate(target.email) };
  return { result: byRegToken.data, pending: byRegToken.isPending, send: () => byRegToken.mutate(target.regToken) };
}
