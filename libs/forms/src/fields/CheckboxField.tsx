import { useField } from 'formik';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { leaveField } from './after-press';
import { classNames, describedBy, FieldError, useFieldError } from './field-state';

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'checked' | 'onChange' | 'onBlur' | 'children' | 'required' | 'type'>;

export interface CheckboxFieldProps extends NativeInputProps {
  /** The form path of a boolean value, e.g. `consent` or `data.sfmc.dataProcessingConsented`. */
  name: string;
  /** May contain a link, e.g. to the legal statement's document of the terms of use. */
  label: ReactNode;
  required?: boolean;
}

/** A checkbox bound to a boolean form value, with its label after it. */
export function CheckboxField({ name, label, required, id, className, ...input }: CheckboxFieldProps) {
  const [field, meta, helpers] = useField<boolean | undefined>(name);
  const error = useFieldError(name);
  const ownId = useId();
  const inputId = id ?? ownId;
  const errorId = `${inputId}-error`;
  return (
    <div className={classNames('form-field', 'checkbox-field', error && 'form-field--invalid', className)}>
      <div className="checkbox-field__control">
        <input
          {...input}
          id={inputId}
          name={field.name}
          type="checkbox"
          checked={field.value === true}
          // formik's own checkbox handling would turn an unset value into a list of values; this one is a boolean.
          onChange={(event) => void helpers.setValue(event.target.checked)}
          onBlur={leaveField(field, meta)}
          className="checkbox-field__input"
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errorId)}
        />
        <label className="checkbox-field__label" htmlFor={inputId}>
          {label}
          {required ? (
            <span className="form-field__required" aria-hidden="true">
              {' *'}
            </span>
          ) : null}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
