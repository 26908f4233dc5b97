import { useTranslation } from 'react-i18next';
import { useResendVerificationEmail, type ResendResult } from '../api/resend-verification-email';

const resultKeys: Record<ResendResult, string> = {
  sent: 'clp.login.unverified.resend.success',
  alreadyVerified: 'clp.login.unverified.resend.verified',
  failed: 'clp.login.unverified.resend.failure',
};

/** Shown when the login meets an unconfirmed registration: explains it and sends a new verification mail. */
export function ResendVerificationPanel({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendVerificationEmail();
  const result = resend.data;
  return (
    <section className="panel" aria-labelledby="resend-verification-heading">
      <h2 id="resend-verification-heading">{t('clp.login.unverified.headline')}</h2>
      <p>{t('clp.login.unverified.text')}</p>
      {/* Not disabled while the mail is asked for, which would drop the focus to the page (WCAG 2.4.3): a second press is ignored. */}
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={resend.isPending || undefined}
        onClick={() => !resend.isPending && resend.mutate(email)}
      >
        {t('clp.login.unverified.resend')}
      </button>
      <div role="status">
        {result ? <p className={`notice notice--${result === 'failed' ? 'error' : result === 'sent' ? 'success' : 'info'}`}>{t(resultKeys[result])}</p> : null}
      </div>
    </section>
  );
}
