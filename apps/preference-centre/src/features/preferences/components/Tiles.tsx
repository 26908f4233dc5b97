import { useFormikContext } from 'formik';
import { useId } from 'react';
import type { BooleanTileTabItem, RadioTileTabItem } from '@portal/cms';
import { preferenceKey, type PreferencesValues } from '../lib/form';

/** A yes/no preference tile, stored as true or false in data.preference (openapi AccountPreferences). */
export function BooleanTile({ item }: { item: BooleanTileTabItem }) {
  const { values, setFieldValue } = useFormikContext<PreferencesValues>();
  const id = useId();
  const key = preferenceKey(item.preference);
  const checked = values.preferences[key] === true;
  return (
    <div className={`pc-tile${checked ? ' pc-tile--on' : ''}`}>
      <input
        id={id}
        type="checkbox"
        className="pc-tile__input"
        checked={checked}
        aria-describedby={`${id}-text`}
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
    </div>
  );
}

/** A preference with one of several values, stored as the chosen option's value in data.preference. */
export function RadioTile({ item }: { item: RadioTileTabItem }) {
  const { values, setFieldValue } = useFormikContext<PreferencesValues>();
  const id = useId();
  const key = preferenceKey(item.preference);
  const current = values.preferences[key];
  return (
    <fieldset className="pc-radio-tile" aria-describedby={item.description ? `${id}-text` : undefined}>
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
    </fieldset>
  );
}
