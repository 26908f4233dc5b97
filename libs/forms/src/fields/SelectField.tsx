import { getIn, useField, useFormikContext } from 'formik';
import { type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { hasValue } from '../checks';
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
  /**
   * The form path of a field whose rule follows this one's value (the postcode follows its country): choosing another
   * value shows that field's check at once, as leaving it would (spec 000 §5: re-validated when the country changes).
   */
  recheck?: string;
}

/**
 * A labelled select. An optional field offers an empty option ("not specified"); a required one does not
 * (spec 000 §5), and shows a placeholder that cannot be chosen only while it has no value yet, so the select
 * never pretends that its first option was picked.
 */
export function SelectField({ name, label, options, required, hint, emptyLabel, placeholder, recheck, id, className, ...select }: SelectFieldProps) {
  const { t } = useTranslation();
  const { values, setFieldTouched } = useFormikContext<unknown>();
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
        onChange={(event) => {
          field.onChange(event);
          // Marked touched only, not checked here: the change checks the form with the new value, and a check of this
          // render's values (the country before) could end last and leave its result. Only a field with a value (QA,
          // 2026-11-30): the country comes before the postcode, and an empty one said "required" as the shopper chose
          // the country, before reaching the field; that shows as it is left or with the submit, as everywhere.
          if (recheck && hasValue(getIn(values, recheck))) void setFieldTouched(recheck, true, false);
        }}
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
