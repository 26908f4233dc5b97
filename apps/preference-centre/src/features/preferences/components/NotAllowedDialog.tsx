import { useTranslation } from 'react-i18next';
import { Dialog } from '@portal/ui';

// Which errors of a save's answer open the dialog goes with it: PreferenceHome loads both once an answer names a subscription.
export { refusedSubscriptions } from '../lib/refused-subscriptions';

/**
 * 'Sorry!': the shopper may not subscribe to the newsletter (spec 001 §2, screen 6). Opened when the identity provider
 * refuses a subscription the save asked for (refusedSubscriptions), and only then: not what a locked tab shows
 * (SubscribeInfoDialog). The rule is the provider's and is not shown, nor is its message. A file of its own,
 * loaded on the save's error path (PreferenceHome's loadNotAllowed), not with the page (first-load weight).
 *
 * It names each refused newsletter as the content does, a sentence each: its switch may be on another tab, and after
 * OK the save may go on to the next tab, so the dialog alone says which went off (review, 2026-11-30).
 */
export function NotAllowedDialog({ refused, newsletters, onClose }: { refused: string[]; newsletters: Partial<Record<string, { name: string }>>; onClose: () => void }) {
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
      {refused.map((key) => (
        <p key={key}>{t('mpp.dialog.notallowed.text', { name: newsletters[key]?.name ?? key, defaultValue: 'Sie dürfen den Newsletter „{name}“ leider nicht abonnieren.' })}</p>
      ))}
    </Dialog>
  );
}
