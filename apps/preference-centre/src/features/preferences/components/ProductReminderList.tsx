import { useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductRemindersTabItem } from '@portal/cms';
import type { ProductReminder } from '../api/search-product-reminders';
import type { PreferencesValues } from '../lib/form';

export interface ProductReminderListProps {
  item: ProductRemindersTabItem;
  reminders: ProductReminder[];
  failed: boolean;
  /** Individual switches, or only the master switch (spec 001 §9). */
  individual: boolean;
  language: string;
}

/** The active reminders: switched off, a reminder is deleted on save (spec 001 §2, screen 2). */
export function ProductReminderList({ item, reminders, failed, individual, language }: ProductReminderListProps) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<PreferencesValues>();
  const id = useId();
  const base = language.split('-')[0]!;
  const allKept = reminders.length > 0 && reminders.every((reminder) => values.keepReminders[reminder.reminderId]);

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
            const name = reminder.variantName[base] ?? reminder.variantName.de ?? Object.values(reminder.variantName)[0] ?? reminder.variantId;
            return (
              <li key={reminder.reminderId} className="pc-reminder">
                {individual ? (
                  <div className="pc-toggle">
                    <input
                      id={`${id}-${reminder.reminderId}`}
                      type="checkbox"
                      role="switch"
                      className="pc-toggle__input"
                      checked={values.keepReminders[reminder.reminderId] === true}
                      onChange={(event) => void setFieldValue('keepReminders', { ...values.keepReminders, [reminder.reminderId]: event.target.checked })}
                    />
                    <label htmlFor={`${id}-${reminder.reminderId}`} className="pc-toggle__label">
                      {name}
                    </label>
                  </div>
                ) : (
                  <span>{name}</span>
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
    </section>
  );
}
