import { Suspense } from 'react';
import { lazyNamed } from '../../../shared/load-page';
import type { ResendTarget } from '../../../shared/resend-verification-email';

// /login's panel, imported on demand: its loader shares a chunk with the passwordless widget (so that /login loads
// one request less), and a static import put that chunk into this page's first load, 0.8 KB over its budget.
const UnverifiedRegistration = lazyNamed(() => import('../../../shared/UnverifiedRegistration'), 'UnverifiedRegistration');

/** What linking shows for an account whose e-mail is not confirmed yet: /login's resend-verification panel. */
export function UnverifiedAccountPanel({ target }: { target: ResendTarget }) {
  return (
    <Suspense fallback={null}>
      <UnverifiedRegistration target={target} />
    </Suspense>
  );
}
