import { useField } from 'formik';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { classNames, describedBy, FieldError, FieldHint, FieldLabel, useFieldError } from './field-state';

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'children' | 'required'>;

export interface TextFieldProps extends NativeInputProps {
  /** The form path, e.g. `profile.firstName` or `profile.phones.0.number`. */
  name: string;
  label: ReactNode;
  /** Marks the field as required for people and assistive technology; the rule itself lives in the schema. */
  required?: boolean;
  /** A lasting hint below the label, e.g. the expected format. */
  hint?: ReactNode;
}

/** A labelled text input (text, e-mail, phone, number) bound to formik, with its error announced. */
export function TextField({ name, label, required, hint, id, type = 'text', className, ...input }: TextFieldProps) {
  const [field] = useField<unknown>(name);
  const error = useFieldError(name);
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const value = field.value === undefined || field.value === null ? '' : String(field.value as string | number);
  return (
    <div className={classNames('form-field', error && 'form-field--invalid', className)}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <input
        {...input}
        id={inputId}
        name={field.name}
        type={type}
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        className="form-field__input"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : undefined, error && errorId)}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
