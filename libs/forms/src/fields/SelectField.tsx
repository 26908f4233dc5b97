import { useField } from 'formik';
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { classNames, describedBy, FieldError, FieldHint, FieldLabel, useFieldError } from './field-state';

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
  const [field] = useField<string | undefined>(name);
  const error = useFieldError(name);
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const value = field.value ?? '';
  return (
    <div className={classNames('form-field', error && 'form-field--invalid', className)}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <select
        {...select}
        id={inputId}
        name={field.name}
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        className="form-field__input form-field__select"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : undefined, error && errorId)}
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
      <FieldError id={errorId} message={error} />
    </div>
  );
}
