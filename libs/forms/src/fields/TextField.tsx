import { useField } from 'formik';
import { type InputHTMLAttributes, type ReactNode } from 'react';
import { leaveField } from './after-press';
import { describedBy, FieldFrame, useFieldFrame } from './field-state';

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

/**
 * A labelled text input (text, e-mail, phone, number) bound to formik, with its error announced. An
 * `aria-describedby` of its own (a text the form shows beside the field, e.g. the postcode's region) comes first in
 * the description, before the field's hint and error.
 */
export function TextField({ name, label, required, hint, id, type = 'text', className, 'aria-describedby': description, ...input }: TextFieldProps) {
  const [field, meta] = useField<unknown>(name);
  const frame = useFieldFrame(name, { id, required, hint });
  const value = field.value === undefined || field.value === null ? '' : String(field.value as string | number);
  return (
    <FieldFrame frame={frame} label={label} required={required} hint={hint} className={className}>
      <input
        {...input}
        id={frame.inputId}
        name={field.name}
        type={type}
        value={value}
        onChange={field.onChange}
        onBlur={leaveField(field, meta)}
        className="form-field__input"
        {...frame.aria}
        aria-describedby={describedBy(description, frame.aria['aria-describedby'])}
      />
    </FieldFrame>
  );
}
