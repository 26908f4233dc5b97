import { useTranslation } from 'react-i18next';
import { Dialog } from '@portal/ui';
import type { UnsubscribeVariant } from '../lib/rules';

/**
 * A tab that opens with a newsletter was chosen without one (spec 001 §2, Tabs: "the subscribe info dialog"): it
 * says so and leads to the newsletters, where the shopper can subscribe at once. Not screen 6 ("Sorry! … not allowed
 * to subscribe"), which a locked tab showed until 2026-11-30 and which was false there: screen 6 is NotAllowedDialog,
 * shown since 2026-11-30 when the identity provider refuses a subscription a save asks for (the rule the spec does
 * not show is the provider's).
 */
export function SubscribeInfoDialog({ onSubscribe, onClose }: { onSubscribe: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('mpp.dialog.subscribeinfo.headline', { defaultValue: 'Nur mit Newsletter' })}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onSubscribe}>
            {t('mpp.dialog.subscribeinfo.button', { defaultValue: 'Zu den Newslettern' })}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('mpp.button.cancel', { defaultValue: 'Abbrechen' })}
          </button>
        </>
      }
    >
      <p>
        {t('mpp.dialog.subscribeinfo.text', {
          defaultValue: 'Dieser Bereich öffnet sich, sobald Sie einen unserer Newsletter abonniert haben.',
        })}
      </p>
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

/**
 * The same for an account the shopper logs in with: the unsubscribe ends the subscriptions, the reminders and the
 * preference-centre data, but the customer account and its profile stay (services/api EraseSubscriber), so the
 * spec's "your personal data will be deleted", true of a newsletter-only profile, is not said (QA, 2026-11-30).
 */
const accountUnsubscribeTexts: Record<UnsubscribeVariant, string> = {
  Newsletters:
    'Wenn Sie sich von allen Newslettern abmelden und keine aktive Produkterinnerung haben, erhalten Sie keine Newsletter mehr und Ihre Einstellungen im Präferenzcenter werden gelöscht. Ihr Kundenkonto bleibt bestehen.',
  ProductReminders:
    'Wenn Sie alle Produkterinnerungen löschen und keinen Newsletter abonniert haben, werden Ihre Einstellungen im Präferenzcenter gelöscht. Ihr Kundenkonto bleibt bestehen.',
  All: 'Wenn Sie sich von allen Newslettern abmelden und alle Produkterinnerungen löschen, erhalten Sie keine Newsletter mehr und Ihre Einstellungen im Präferenzcenter werden gelöscht. Ihr Kundenkonto bleibt bestehen.',
};

/** Asked before a save that leaves nothing subscribed; variant Newsletters, ProductReminders or All (spec 001 §2, screen 3). */
export function UnsubscribeDialog({
  variant,
  hasLogin,
  onYes,
  onNo,
}: {
  variant: UnsubscribeVariant;
  /** The account is one the shopper logs in with (isRegistered), not a newsletter-only profile. */
  hasLogin: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
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
      <p>
        {hasLogin
          ? t(`mpp.dialog.unsubscribe.account.${variant}`, { defaultValue: accountUnsubscribeTexts[variant] })
          : t(`mpp.dialog.unsubscribe.${variant}`, { defaultValue: unsubscribeTexts[variant] })}
      </p>
    </Dialog>
  );
}
