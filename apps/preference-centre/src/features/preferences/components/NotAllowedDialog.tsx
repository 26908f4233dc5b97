import { useTranslation } from 'react-i18next';
import { Dialog } from '@portal/ui';

// Which errors of a save's answer open the dialog goes with it: PreferenceHome loads both once an answer names a subscription.
export { refusedSubscriptions } from '../lib/refused-subscriptions';

/**
 * 'Sorry!': the shopper may not subscribe to the newsletter (spec 001 §2, screen 6). Opened when the identity provider
 * refuses a subscription the save asked for (refusedSubscriptions), and only then: not what a locked tab shows
 * (SubscribeInfoDialog). The rule is the provider's and is not shown, nor is its message. A file of its own,
 * loaded on the save's error path (PreferenceHome's loadNotAllowed), not with the page (first-load weight).
 */
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
