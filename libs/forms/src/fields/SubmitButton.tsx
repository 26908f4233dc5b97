import { useFormikContext } from 'formik';
import { useEffect, useRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { classNames } from './field-state';

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  children: ReactNode;
}

function isField(element: Element | null, form: HTMLFormElement): boolean {
  return element !== null && form.contains(element) && element.matches('input, select, textarea');
}

/**
 * The form's submit button. Submitting validates every field and marks them all touched, so every error shows
 * before the form moves on; while the form is being saved the button cannot submit it again. A submit that ends
 * with errors, the form's own or the server's, puts the focus on the first field in error (WCAG 3.3.1) when it was
 * on the button, which was disabled meanwhile and left the focus nowhere.
 */
export function SubmitButton({ children, className, disabled, onMouseDown, ...button }: SubmitButtonProps) {
  const { isSubmitting, submitCount } = useFormikContext<unknown>();
  const ref = useRef<HTMLButtonElement>(null);
  const handled = useRef(submitCount);
  useEffect(() => {
    if (isSubmitting || submitCount === handled.current) return;
    handled.current = submitCount;
    const form = ref.current?.form;
    // A field that has the focus keeps it: leaving it would check the form on blur, and formik's check replaces
    // the errors the server gave with the form's own.
    if (!form || isField(document.activeElement, form)) return;
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [isSubmitting, submitCount]);
  return (
    <button
      {...button}
      ref={ref}
      // Pressing the button would blur the field just typed in, whose error (checked on blur) then appears and moves
      // the button down before the press ends: the click missed and the first submit did nothing (QA, 2026-11-28).
      // The field keeps the focus, and the submit checks every field at once.
      onMouseDown={(event) => {
        onMouseDown?.(event);
        event.preventDefault();
      }}
      type="submit"
      className={classNames('button', className)}
      disabled={disabled || isSubmitting}
      aria-busy={isSubmitting || undefined}
    >
      {children}
    </button>
  );
}
