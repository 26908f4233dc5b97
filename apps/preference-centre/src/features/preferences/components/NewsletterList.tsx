import { useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewsletterContent, NewslettersTabItem } from '@portal/cms';
import { useFieldError, FieldError } from '@portal/forms';
import type { Subscriptions } from '@portal/identity';
import type { PreferencesValues } from '../lib/form';

export interface NewsletterListProps {
  item: NewslettersTabItem;
  /** The keys shown: configured for this item and inside their display window. */
  keys: string[];
  newsletters: Record<string, NewsletterContent | undefined>;
  /** The saved subscriptions, for the confirmation state of each newsletter. */
  saved: Subscriptions | undefined;
  /** Called when a newsletter is switched on that was not subscribed before. */
  onSubscribe: () => void;
}

/** One switch per newsletter plus the switch for all of them (spec 001 §2). */
export function NewsletterList({ item, keys, newsletters, saved, onSubscribe }: NewsletterListProps) {
  const { t } = useTranslation();
  const { values, setFieldValue } = useFormikContext<PreferencesValues>();
  const headingId = useId();
  const allOn = keys.length > 0 && keys.every((key) => values.newsletters[key]);

  const set = (changes: Record<string, boolean>) => {
    const newlySubscribed = Object.entries(changes).some(([key, on]) => on && !values.newsletters[key]);
    void setFieldValue('newsletters', { ...values.newsletters, ...changes });
    if (newlySubscribed) onSubscribe();
  };

  return (
    <section className="pc-section" aria-labelledby={item.title ? headingId : undefined}>
      {item.title ? <h2 id={headingId}>{item.title}</h2> : null}
      {item.description ? <p>{item.description}</p> : null}
      <div className="pc-toggle pc-toggle--all">
        <input
          id={`${headingId}-all`}
          type="checkbox"
          role="switch"
          className="pc-toggle__input"
          checked={allOn}
          onChange={(event) => set(Object.fromEntries(keys.map((key) => [key, event.target.checked])))}
        />
        <label htmlFor={`${headingId}-all`} className="pc-toggle__label">
          {t('mpp.newsletters.all', { defaultValue: 'Alle Newsletter abonnieren' })}
        </label>
      </div>
      <ul className="pc-list">
        {keys.map((key) => (
          <NewsletterToggle key={key} newsletterKey={key} content={newsletters[key]} saved={saved} checked={values.newsletters[key] === true} onChange={(on) => set({ [key]: on })} />
        ))}
      </ul>
    </section>
  );
}

function NewsletterToggle({
  newsletterKey,
  content,
  saved,
  checked,
  onChange,
}: {
  newsletterKey: string;
  content: NewsletterContent | undefined;
  saved: Subscriptions | undefined;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const error = useFieldError(`newsletters.${newsletterKey}`);
  const email = saved?.[newsletterKey]?.email;
  const status = email?.isSubscribed ? email.doubleOptIn?.status : undefined;
  const statusText =
    status === 'Confirmed'
      ? t('mpp.newsletters.status.confirmed', { defaultValue: 'Abonniert und bestätigt' })
      : status === 'Pending'
        ? t('mpp.newsletters.status.pending', { defaultValue: 'Bestätigung ausstehend: Bitte klicken Sie auf den Link in unserer E-Mail.' })
        : undefined;
  const describedBy = [`${id}-text`, statusText ? `${id}-status` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <li className="pc-newsletter">
      {content?.icon ? <img className="pc-newsletter__icon" src={content.icon} alt="" width={48} height={48} /> : null}
      <div className="pc-newsletter__body">
        <div className="pc-toggle">
          <input
            id={id}
            name={`newsletters.${newsletterKey}`}
            type="checkbox"
            role="switch"
            className="pc-toggle__input"
            checked={checked}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange(event.target.checked)}
          />
          <label htmlFor={id} className="pc-toggle__label">
            {content?.name ?? newsletterKey}
          </label>
        </div>
        <p id={`${id}-text`} className="pc-newsletter__text">
          {content?.descriptions.short}
        </p>
        {content?.descriptions.long?.length ? (
          <ul className="pc-newsletter__points">
            {content.descriptions.long.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        ) : null}
        {statusText ? (
          <p id={`${id}-status`} className="pc-newsletter__status">
            {statusText}
          </p>
        ) : null}
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </li>
  );
}
