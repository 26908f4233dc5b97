import { Suspense, use, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { addMessages } from '@portal/i18n';
import { lazyNamed } from '../../../shared/load-page';
import type { ResendTarget } from '../../../shared/resend-verification-email';
import { loadLinkedMessages } from '../linked-texts';

// Its own chunk, as /login loads it: a static import put it into the link page's list of this module's chunks, 25 bytes
// gzipped over what the page had left.
const ResendVerificationPanel = lazyNamed(() => import('../../../shared/ResendVerificationPanel'), 'ResendVerificationPanel');

/**
 * The state of the link page's history entry once the link is done for an account whose e-mail is not confirmed yet:
 * whom the resend panel's mail goes to, never the spent link token. A reload and Back/Forward bring the entry's state
 * back, so the page shows this again, where it said that nothing waited for linking (QA); nothing outside the entry
 * keeps it.
 */
export interface LinkedUnverifiedState {
  linkedUnverified: ResendTarget;
}

/**
 * What linking shows once the password or passkey proved an account whose e-mail is not confirmed yet: the service
 * linked the identity at that proof (README), so the page says the linking is done and the confirmation is all that is
 * left, then /login's resend-verification panel. Loaded on demand with its text (page weight).
 */
export function UnverifiedAccountPanel({ target }: { target: ResendTarget }) {
  const { t, i18n } = useTranslation();
  use(addMessages(i18n, loadLinkedMessages));
  // It replaces the form the focus was in (WCAG 2.4.3): the statement takes the focus, read out as it arrives, and the
  // panel after it leaves the focus where it is.
  const linked = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    linked.current?.focus();
  }, []);
  // Here rather than in the page, which had 1.7 KB left of its 150 KB: this code loads only with the link done. The
  // entry is replaced, not added; once it holds the target (a reload), it stays as it is.
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    const state: LinkedUnverifiedState = { linkedUnverified: target };
    if (JSON.stringify(location.state) !== JSON.stringify(state)) void navigate(location, { replace: true, state });
  }, [location, navigate, target]);
  return (
    <>
      <p ref={linked} className="notice notice--success" tabIndex={-1}>
        {t('clp.linkaccounts.linked.unverified')}
      </p>
      <Suspense fallback={null}>
        <ResendVerificationPanel target={target} takesFocus={false} />
      </Suspense>
    </>
  );
}
