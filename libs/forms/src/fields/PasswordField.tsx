import { useField } from 'formik';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { leaveField } from './after-press';
import { classNames, describedBy, FieldFrame, useFieldFrame } from './field-state';

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'children' | 'required' | 'type'>;

export interface PasswordFieldProps extends NativeInputProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  /** `current-password` (login, current password) or `new-password` (registration, reset, change). */
  autoComplete?: 'current-password' | 'new-password';
}

/**
 * A password input with a button that shows or hides the password. An `aria-describedby` of its own (a text the
 * form puts before the field) comes first in the description, before the field's hint and error.
 */
export function PasswordField({
  name,
  label,
  required,
  hint,
  id,
  autoComplete = 'current-password',
  className,
  'aria-describedby': description,
  ...input
}: PasswordFieldProps) {
  const { t } = useTranslation();
  const [field, meta] = useField<string | undefined>(name);
  const [visible, setVisible] = useState(false);
  const frame = useFieldFrame(name, { id, required, hint });
  return (
    <FieldFrame frame={frame} label={label} required={required} hint={hint} className={classNames('password-field', className)}>
      <div className="password-field__control">
        <input
          {...input}
          id={frame.inputId}
          name={field.name}
          type={visible ? 'text' : 'password'}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={leaveField(field, meta)}
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          className="form-field__input"
          {...frame.aria}
          aria-describedby={describedBy(description, frame.aria['aria-describedby'])}
        />
        <button type="button" className="password-field__toggle" aria-controls={frame.inputId} onClick={() => setVisible((shown) => !shown)}>
          {visible
            ? t('global.password.hide', { defaultValue: 'Passwort verbergen' })
            : t('global.password.show', { defaultValue: 'Passwort anzeigen' })}
        </button>
      </div>
    </FieldFrame>
  );
}
