import { useFormikContext } from 'formik';
import { useId } from 'react';
import type { BooleanTileTabItem, RadioTileTabItem } from '@portal/cms';
import { FieldError, useFieldError } from '@portal/forms';
import { preferenceKey, type PreferencesValues } from '../lib/form';

/** A yes/no preference tile, stored as true or false in data.preference (openapi AccountPreferences). */
export function BooleanTile({ item }: { item: BooleanTileTabItem }) {
  const { values, setFieldValue } = useFormikContext<PreferencesValues>();
  const id = useId();
  const key = preferenceKey(item.preference);
  // The server's refusal of the tile's data field (formFieldOf), as the other fields show theirs (spec 001 §5).
  const error = useFieldError(`preferences.${key}`);
  const checked = values.preferences[key] === true;
  return (
    <div className={`pc-tile${checked ? ' pc-tile--on' : ''}${error ? ' pc-tile--invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        className="pc-tile__input"
        checked={checked}
        aria-describedby={error ? `${id}-text ${id}-error` : `${id}-text`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => void setFieldValue(`preferences.${key}`, event.target.checked)}
      />
      <label htmlFor={id} className="pc-tile__label">
        {/* Width and height reserve the space, so the grid does not shift when the picture arrives. */}
        <img className="pc-tile__icon" src={item.icon} alt="" width={64} height={64} loading="lazy" decoding="async" />
        <span className="pc-tile__title">{item.title}</span>
      </label>
      <p id={`${id}-text`} className="pc-tile__text">
        {item.description}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * A preference with one of several values, stored as the chosen option's value in data.preference. The options are
 * one field: its error belongs to the group (a radiogroup, which may be invalid and is described by the error), not
 * to each option; SubmitButton puts the focus on the chosen option, or the first.
 */
export function RadioTile({ item }: { item: RadioTileTabItem }) {
  const { values, setFieldValue } = useFormikContext<PreferencesValues>();
  const id = useId();
  const key = preferenceKey(item.preference);
  const error = useFieldError(`preferences.${key}`);
  const current = values.preferences[key];
  const describedBy = [item.description ? `${id}-text` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      role="radiogroup"
      className={`pc-radio-tile${error ? ' pc-radio-tile--invalid' : ''}`}
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="pc-radio-tile__title">
        {item.icon ? <img className="pc-tile__icon" src={item.icon} alt="" width={48} height={48} loading="lazy" decoding="async" /> : null}
        {item.title}
      </legend>
      {item.description ? (
        <p id={`${id}-text`} className="pc-tile__text">
          {item.description}
        </p>
      ) : null}
      <div className="pc-radio-tile__options">
        {item.options.map((option) => (
          <label key={option.value} className={`pc-radio-tile__option${current === option.value ? ' pc-radio-tile__option--on' : ''}`}>
            <input
              type="radio"
              name={`${id}-${key}`}
              value={option.value}
              checked={current === option.value}
              onChange={() => void setFieldValue(`preferences.${key}`, option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
