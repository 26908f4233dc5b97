import { useField } from 'formik';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { classNames, describedBy, FieldError, FieldHint, FieldLabel, useFieldError } from './field-state';

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'children' | 'required' | 'type'>;

export interface PasswordFieldProps extends NativeInputProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  /** `current-password` (login, current password) or `new-password` (registration, reset, change). */
  autoComplete?: 'current-password' | 'new-password';
}

/** A password input with a button that shows or hides the password. */
export function PasswordField({ name, label, required, hint, id, autoComplete = 'current-password', className, ...input }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [field] = useField<string | undefined>(name);
  const [visible, setVisible] = useState(false);
  const error = useFieldError(name);
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={classNames('form-field', 'password-field', error && 'form-field--invalid', className)}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      <div className="password-field__control">
        <input
          {...input}
          id={inputId}
          name={field.name}
          type={visible ? 'text' : 'password'}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          className="form-field__input"
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? hintId : undefined, error && errorId)}
        />
        <button type="button" className="password-field__toggle" aria-controls={inputId} onClick={() => setVisible((shown) => !shown)}>
          {visible
            ? t('global.password.hide', { defaultValue: 'Passwort verbergen' })
            : t('global.password.show', { defaultValue: 'Passwort anzeigen' })}
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
