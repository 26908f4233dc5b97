import { useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductRemindersTabItem } from '@portal/cms';
import { baseLanguage } from '@portal/i18n';
import type { PendingProductReminder, ProductReminder } from '../api/search-product-reminders';
import type { PreferencesValues } from '../lib/form';
import { reminderNameLanguage } from '../lib/reminder-name';

export interface ProductReminderListProps {
  item: ProductRemindersTabItem;
  reminders: ProductReminder[];
  notActivated: PendingProductReminder[];
  failed: boolean;
  /** Individual switches, or only the master switch (spec 001 §9: by the account's country). */
  individual: boolean;
  language: string;
}

/**
 * A reminder's name (reminderNameLanguage), its variant id without one. A name in another language than the page's
 * says which, so that a screen reader speaks it in that language (WCAG 3.1.2).
 */
function ReminderName({ reminder, base }: { reminder: Pick<ProductReminder, 'variantId' | 'variantName'>; base: string }) {
  const language = reminderNameLanguage(reminder.variantName, base);
  if (!language) return <>{reminder.variantId}</>;
  const name = reminder.variantName[language];
  return language === base ? <>{name}</> : <span lang={language}>{name}</span>;
}

/** Reminders that are not active, under the text that says why; nothing without any. */
function PendingReminders({ reminders, text, base }: { reminders: PendingProductReminder[]; text: string; base: string }) {
  if (reminders.length === 0) return null;
  return (
    <div className="pc-reminders-pending">
      <p>{text}</p>
      <ul className="pc-list">
        {reminders.map((reminder) => (
          <li key={reminder.reminderId} className="pc-reminder pc-reminder--pending">
            <ReminderName reminder={reminder} base={base} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The active reminders: switched off, a reminder is deleted on save (spec 001 §2, screen 2). */
export function ProductReminderList({ item, reminders, notActivated, failed, individual, language }: ProductReminderListProps) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<PreferencesValues>();
  const id = useId();
  const base = baseLanguage(language);
  const allKept = reminders.length > 0 && reminders.every((reminder) => values.keepReminders[reminder.reminderId]);
  // Those whose link still activates them are asked for; those whose 7 days are over are named as not activated.
  const waiting = notActivated.filter((reminder) => !reminder.expired);
  const expired = notActivated.filter((reminder) => reminder.expired);

  let body;
  if (failed) {
    body = (
      <p role="alert">
        {t('mpp.productreminders.productreminderfetchfailed', {
          defaultValue: 'Aus technischen Gründen konnten wir Ihre Produkterinnerungen nicht laden. Bitte versuchen Sie es später erneut.',
        })}
      </p>
    );
  } else if (reminders.length === 0) {
    body = <p>{t('mpp.productreminders.noproductreminders', { defaultValue: 'Sie haben keine aktiven Produkterinnerungen.' })}</p>;
  } else {
    body = (
      <>
        <div className="pc-toggle pc-toggle--all">
          <input
            id={`${id}-all`}
            type="checkbox"
            role="switch"
            className="pc-toggle__input"
            checked={allKept}
            onChange={(event) =>
              void setFieldValue('keepReminders', Object.fromEntries(reminders.map((reminder) => [reminder.reminderId, event.target.checked])))
            }
          />
          <label htmlFor={`${id}-all`} className="pc-toggle__label">
            {t('mpp.productreminders.all', { defaultValue: 'Alle Produkterinnerungen' })}
          </label>
        </div>
        <ul className="pc-list">
          {reminders.map((reminder) => {
            const name = <ReminderName reminder={reminder} base={base} />;
            const kept = values.keepReminders[reminder.reminderId] === true;
            return (
              <li key={reminder.reminderId} className="pc-reminder">
                {individual ? (
                  <div className="pc-toggle">
                    <input
                      id={`${id}-${reminder.reminderId}`}
                      type="checkbox"
                      role="switch"
                      className="pc-toggle__input"
                      checked={kept}
                      onChange={(event) => void setFieldValue('keepReminders', { ...values.keepReminders, [reminder.reminderId]: event.target.checked })}
                    />
                    <label htmlFor={`${id}-${reminder.reminderId}`} className="pc-toggle__label">
                      {name}
                    </label>
                  </div>
                ) : (
                  <span className={kept ? undefined : 'pc-reminder--deleted'}>
                    {name}
                    {kept ? null : <span className="visually-hidden">{` (${t('mpp.productreminders.marked', { defaultValue: 'wird beim Speichern gelöscht' })})`}</span>}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </>
    );
  }

  return (
    <section className="pc-section" aria-labelledby={`${id}-headline`}>
      <h2 id={`${id}-headline`}>{item.title ?? t('mpp.productreminders.headline', { defaultValue: 'Meine Produkterinnerungen' })}</h2>
      <p>{item.description ?? t('mpp.productreminders.description', { defaultValue: 'Hier sehen Sie Ihre aktiven Produkterinnerungen.' })}</p>
      {body}
      {failed ? null : (
        <>
          <PendingReminders
            reminders={waiting}
            text={t('mpp.productreminders.notactivated', {
              defaultValue:
                'Noch nicht aktiv: Bitte bestätigen Sie diese Erinnerungen über den Link in unserer E-Mail. Wird der Link nicht innerhalb von 7 Tagen geöffnet, wird die Erinnerung nicht aktiviert.',
            })}
            base={base}
          />
          <PendingReminders
            reminders={expired}
            text={t('mpp.productreminders.expired', {
              defaultValue: 'Nicht aktiviert: Der Bestätigungslink dieser Erinnerungen wurde nicht innerhalb von 7 Tagen geöffnet.',
            })}
            base={base}
          />
        </>
      )}
    </section>
  );
}
