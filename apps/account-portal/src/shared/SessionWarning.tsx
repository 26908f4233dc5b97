import { useTranslation } from 'react-i18next';
import { Dialog } from '@portal/ui';

/** The question `minutes` before an unused session ends (SessionKeeper): stay logged in, or log out. */
export function SessionWarning({ minutes, onStay, onLogout }: { minutes: number; onStay: () => void; onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('ap.session.expiring.title')}
      onClose={onStay}
      actions={
        <>
          <button type="button" className="button" onClick={onStay}>
            {t('ap.session.expiring.stay')}
          </button>
          <button type="button" className="button button--secondary" onClick={onLogout}>
            {t('ap.session.expiring.logout')}
          </button>
        </>
      }
    >
      <p>{t('ap.session.expiring.text', { minutes })}</p>
    </Dialog>
  );
}
