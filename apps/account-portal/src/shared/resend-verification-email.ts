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

/** Whose verification mail to send again: the address typed for the login, or a passkey login's pending account. */
export type ResendTarget = { email: string } | { regToken: string };

/**
 * Sends the verification mail again: to a typed address through the REST API, or, for a passkey login's pending
 * account (no address was typed, and a passkey-only shopper has no other way to one, QA), through the provider's
 * `accounts.resendVerificationCode` with its regToken.
 */
export function useResendVerification(target: ResendTarget) {
  const { metadata, language } = useSite();
  const { provider } = useIdentity();
  const resend = useMutation({
    mutationFn: async (): Promise<ResendResult> => {
      if ('email' in target) return resendVerificationEmail(metadata.restApi, target.email, language);
      try {
        return isSuccess(await provider.resendVerificationCode({ regToken: target.regToken })) ? 'sent' : 'failed';
      } catch {
        return 'failed';
      }
    },
  });
  return { result: resend.data, pending: resend.isPending, send: () => resend.mutate() };
}
