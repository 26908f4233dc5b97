import { Suspense } from 'react';
import { lazyNamed } from './load-page';
import type { ResendTarget } from './resend-verification-email';

// The panel's code loads when a login or a registration meets an unconfirmed registration, not with /login or
// /registration (page weight: /login has no room left).
const ResendVerificationPanel = lazyNamed(() => import('./ResendVerificationPanel'), 'ResendVerificationPanel');

/**
 * What /login and /registration show for an account whose e-mail is not confirmed yet (spec 000 §4 "Unverified
 * registration", §8 206002): the check-your-inbox text and the button for a new verification mail.
 */
export function UnverifiedRegistration({ target }: { target: ResendTarget }) {
  return (
    <Suspense fallback={null}>
      <ResendVerificationPanel target={target} />
    </Suspense>
  );
}
