import { useTranslation } from 'react-i18next';
import { Dialog } from '@portal/ui';
import type { UnsubscribeVariant } from '../lib/rules';

/** 'Sorry!': a disabled tab was chosen (spec 001 §2, screen 6). */
export function NotAllowedDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('mpp.dialog.notallowed.headline', { defaultValue: 'Entschuldigung!' })}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('mpp.button.ok', { defaultValue: 'OK' })}
        </button>
      }
    >
      <p>{t('mpp.dialog.notallowed.text', { defaultValue: 'Sie dürfen den Newsletter leider nicht abonnieren.' })}</p>
    </Dialog>
  );
}

/** The initial opt-in: consent to data processing before a first newsletter (spec 001 §2, screen 5). */
export function OptInDialog({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('mpp.dialog.optin.headline', { defaultValue: 'Ihre Einwilligung' })}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('mpp.button.cancel', { defaultValue: 'Abbrechen' })}
          </button>
          <button type="button" className="button" onClick={onConfirm}>
            {t('mpp.button.ok', { defaultValue: 'OK' })}
          </button>
        </>
      }
    >
      <p>
        {t('mpp.dialog.optin.text', {
          defaultValue:
            'Ich willige ein, dass meine Daten verarbeitet werden, um mir die gewählten Newsletter zu senden. Die Einwilligung kann ich jederzeit widerrufen.',
        })}
      </p>
    </Dialog>
  );
}

const unsubscribeTexts: Record<UnsubscribeVariant, string> = {
  Newsletters:
    'Wenn Sie sich von allen Newslettern abmelden und keine aktive Produkterinnerung haben, verlieren Sie den Zugang zu Ihrem Profil und Ihre persönlichen Daten werden gelöscht.',
  ProductReminders: 'Wenn Sie alle Produkterinnerungen löschen und keinen Newsletter abonniert haben, verlieren Sie ebenfalls den Zugang zu Ihrem Profil.',
  All: 'Wenn Sie sich von allen Newslettern abmelden und alle Produkterinnerungen löschen, verlieren Sie den Zugang zu Ihrem Profil und Ihre persönlichen Daten werden gelöscht.',
};

/** Asked before a save that leaves nothing subscribed; variant Newsletters, ProductReminders or All (spec 001 §2, screen 3). */
export function UnsubscribeDialog({ variant, onYes, onNo }: { variant: UnsubscribeVariant; onYes: () => void; onNo: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('mpp.dialog.unsubscribe.headline', { defaultValue: 'Wirklich abmelden?' })}
      onClose={onNo}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onNo}>
            {t('mpp.button.no', { defaultValue: 'Nein' })}
          </button>
          <button type="button" className="button" onClick={onYes}>
            {t('mpp.button.yes', { defaultValue: 'Ja' })}
          </button>
        </>
      }
    >
      <p>{t(`mpp.dialog.unsubscribe.${variant}`, { defaultValue: unsubscribeTexts[variant] })}</p>
    </Dialog>
  );
}
