import { useFormikContext } from 'formik';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { classNames } from './field-state';

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  children: ReactNode;
}

/**
 * The form's submit button. Submitting validates every field and marks them all touched, so every error shows
 * before the form moves on; while the form is being saved the button cannot submit it again.
 */
export function SubmitButton({ children, className, disabled, ...button }: SubmitButtonProps) {
  const { isSubmitting } = useFormikContext<unknown>();
  return (
    <button {...button} type="submit" className={classNames('button', className)} disabled={disabled || isSubmitting} aria-busy={isSubmitting || undefined}>
      {children}
    </button>
  );
}
