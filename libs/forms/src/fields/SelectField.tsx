import { useField } from 'formik';
import { type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { leaveField } from './after-press';
import { FieldFrame, useFieldFrame } from './field-state';

export interface SelectOption {
  value: string;
  label: string;
}

type NativeSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'children' | 'required' | 'multiple'>;

export interface SelectFieldProps extends NativeSelectProps {
  name: string;
  label: ReactNode;
  options: readonly SelectOption[];
  required?: boolean;
  hint?: ReactNode;
  /** Text of the empty option of an optional field (default: 'Keine Angabe', e.g. salutation not specified). */
  emptyLabel?: string;
  /** Text shown while a required field has no value yet (default: 'Bitte auswählen'); it cannot be chosen. */
  placeholder?: string;
}

/**
 * A labelled select. An optional field offers an empty option ("not specified"); a required one does not
 * (spec 000 §5), and shows a placeholder that cannot be chosen only while it has no value yet, so the select
 * never pretends that its first option was picked.
 */
export function SelectField({ name, label, options, required, hint, emptyLabel, placeholder, id, className, ...select }: SelectFieldProps) {
  const { t } = useTranslation();
  const [field, meta] = useField<string | undefined>(name);
  const frame = useFieldFrame(name, { id, required, hint });
  const value = field.value ?? '';
  return (
    <FieldFrame frame={frame} label={label} required={required} hint={hint} className={className}>
      <select
        {...select}
        id={frame.inputId}
        name={field.name}
        value={value}
        onChange={field.onChange}
        onBlur={leaveField(field, meta)}
        className="form-field__input form-field__select"
        {...frame.aria}
      >
        {!required ? <option value="">{emptyLabel ?? t('global.select.none', { defaultValue: 'Keine Angabe' })}</option> : null}
        {required && value === '' ? (
          <option value="" disabled>
            {placeholder ?? t('global.select.placeholder', { defaultValue: 'Bitte auswählen' })}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
