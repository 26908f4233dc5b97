import { useFormikContext } from 'formik';
import { useEffect, useRef, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { classNames } from './field-state';
import { loadRefusal } from './load-refusal';
import type { RefusalText } from './refused-submit';

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  children: ReactNode;
}

/**
 * The form's submit button. Submitting validates every field and marks them all touched, so every error shows
 * before the form moves on; while the form is being saved (formik's `isSubmitting`) the button says it is busy and
 * ignores a press, and Enter in a field, which presses it, so nothing is saved twice. A submit that ends
 * with errors, the form's own or the server's, puts the focus on the first field in error (WCAG 3.3.1), which reads
 * its error; one that ends without errors on the same page gives the focus back to the button (WCAG 2.4.3), unless
 * the page has put it somewhere. The errors a submit brings are not announced each (FieldError): the status line
 * says the first one when the focus is in that field already, which the screen reader does not read again, and how
 * many fields need attention when more do (refuseSubmit, which /login's form shares).
 */
export function SubmitButton({ children, className, disabled, onMouseDown, onClick, ...button }: SubmitButtonProps) {
  const { isSubmitting, setStatus } = useFormikContext<unknown>();
  const { i18n } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  // Whether a submit is under way: its end is what counts, also when a save re-initialises the form (its account
  // read again) and so sets the submit count back.
  const submitting = useRef(false);
  // The text is read from the page in its language of the moment: a language switch takes it down rather than leave
  // it in the status line in the former language (QA: German words on the English page). The field itself reads its
  // error in the new language. The text goes once the errors it counts are gone (refuseSubmit).
  const [announcement, setAnnouncement] = useState<RefusalText>();
  // Emptied as a submit starts, so that the same error named again after it is announced again.
  if (isSubmitting && announcement) setAnnouncement(undefined);
  useEffect(() => {
    const form = ref.current?.form;
    const load = () => void loadRefusal();
    form?.addEventListener('focusin', load, { once: true });
    return () => form?.removeEventListener('focusin', load);
  }, []);
  useEffect(() => {
    if (isSubmitting) {
      submitting.current = true;
      // A press of the button takes no focus (onMouseDown): a form submitted without a focus in it asks here.
      void loadRefusal();
      return;
    }
    if (!submitting.current) return;
    submitting.current = false;
    // The focus goes to the first field in error, and the status line says what the focus does not. (Not when another
    // submit has begun meanwhile, its code still on its way: that submit's end decides.)
    void loadRefusal().then(({ refuseSubmit }) => {
      if (submitting.current) return;
      const refusal = refuseSubmit(ref.current?.form, i18n, setAnnouncement);
      if (!refusal && (document.activeElement === null || document.activeElement === document.body)) ref.current?.focus();
    });
  }, [isSubmitting, i18n]);
  return (
    <>
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
        // A new submit takes the form's last error down (FormError): when the form's own check stops it, the server's
        // answer to the one before stood beside the new field errors (QA: "the password is incorrect" beside "please
        // enter your password"). The click comes first, also of an Enter in a field, then the form's submit.
        // Not disabled while the form is saved: a disabled button drops the focus to the page, where the next Tab
        // starts over and a dialog the save opens (the preference centre's "Wirklich abmelden?") gives it back (QA
        // keyboard audit, 2026-11-30). A press meanwhile does nothing, so neither does Enter in a field, which
        // presses the form's button (implicit submission): the click's default action is the submit.
        onClick={(event) => {
          if (isSubmitting) {
            event.preventDefault();
            return;
          }
          onClick?.(event);
          setStatus(undefined);
        }}
        type="submit"
        className={classNames('button', className)}
        disabled={disabled}
        aria-disabled={isSubmitting || undefined}
        aria-busy={isSubmitting || undefined}
      >
        {children}
      </button>
      {/* Polite: it follows the field's own name, which the screen reader reads as the focus stays. */}
      <span className="visually-hidden" role="status">
        {announcement?.language === i18n.language ? announcement.text : ''}
      </span>
    </>
  );
}
