import { useMutation } from '@tanstack/react-query';
import { useSite } from '@portal/cms';

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
