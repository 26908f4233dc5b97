import { getIn, useFormikContext } from 'formik';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toMessage, translateMessage, type Message } from '../messages';
import type { FormStatus } from './FormError';

/**
 * The error to show for one or more form paths (the first that has one): the form's own, else the server's
 * (`FormStatus.fieldErrors`) while none of the paths has changed since the save it refused. An error shows once
 * its field was left, or once the user tried to submit: formik then validates every field, so errors of fields
 * that are not in the initial values show too.
 */
export function useFieldError(names: string | readonly string[]): Message | undefined {
  const { errors, touched, submitCount, status, values } = useFormikContext<Record<string, unknown>>();
  const list = typeof names === 'string' ? [names] : names;
  const wasTouched = submitCount > 0 || list.some((name) => Boolean(getIn(touched, name)));
  if (!wasTouched) return undefined;
  const server = (status as FormStatus | undefined)?.fieldErrors;
  const judged = server && list.every((name) => getIn(values, name) === getIn(server.values, name));
  for (const name of list) {
    const error = toMessage(getIn(errors, name)) ?? (judged ? toMessage(getIn(server.errors, name)) : undefined);
    if (error) return error;
  }
  return undefined;
}

/** The ids of a field's hint and error, joined for `aria-describedby`. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter((id): id is string => Boolean(id));
  return list.length > 0 ? list.join(' ') : undefined;
}

export function classNames(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/**
 * A field's error. One that appears or changes while the shopper is elsewhere (the field was just left, or another
 * field's value changed it) is announced at once (role alert). One that changes as the shopper types in the field
 * (`typing`) shows at once but is announced only as the field is left, if it is still there: announced as it came,
 * it was read mid-word, each keystroke's message cutting off the one before (QA: the password's rules, the birth
 * year's range on 0001, 0019, 0198). Those a submit brings are not announced either: each would interrupt the one
 * before, and the submit itself puts the focus on the first field in error, which reads its error as its
 * description, or names that error once (SubmitButton). Nor is one the field has as it appears.
 */
export function FieldError({ id, message, typing }: { id: string; message: Message | undefined; typing?: boolean }) {
  const { t } = useTranslation();
  const { submitCount, isSubmitting } = useFormikContext<unknown>();
  const key = message && JSON.stringify([message.key, message.values, message.fallback]);
  // Decided once for each error, not for each render: a language switch translates it again without announcing.
  // `told` is the error the shopper has heard of, by its alert or by the submit that brought it. `settledSubmits` is
  // the submit count as of the last render outside a submit: an error that appears while it differs came with a
  // submit (formik counts the submit first and sets the errors it found, or the server's, a render or more later).
  // An error there as the field appears is not announced either: it comes with the field and is read with it, as its
  // description, as the other messages that come with a page are. The centre shows only its open tab's fields, and a
  // newsletter's or a tile's server error, told by the save that brought it, was announced again each time its tab was
  // shown again (QA).
  const [seen, setSeen] = useState({ key, told: key, announce: false, settledSubmits: submitCount });
  let next = seen;
  if (key !== next.key) next = { ...next, key, announce: false, told: isSubmitting || submitCount !== next.settledSubmits ? key : undefined };
  if (key !== next.told && !typing) next = { ...next, told: key, announce: true };
  // A submit ending tells of the error it leaves, the one of the field the focus is in too (SubmitButton).
  if (!isSubmitting && next.settledSubmits !== submitCount) next = { ...next, settledSubmits: submitCount, told: key };
  if (next !== seen) setSeen(next);
  if (!message) return null;
  return (
    // A new element for each error, and for an error as it comes to be announced: screen readers announce an alert
    // as it is added.
    <p key={next.announce ? `!${key}` : key} id={id} className="form-field__error" role={next.announce ? 'alert' : undefined}>
      {translateMessage(t, message)}
    </p>
  );
}

/** A label, marked visually when the field is required (the input itself carries `aria-required`). */
export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <label className="form-field__label" htmlFor={htmlFor}>
      {children}
      {required ? (
        <span className="form-field__required" aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </label>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="form-field__hint">
      {children}
    </p>
  );
}

/** The ids and accessibility wiring of one labelled field. */
export interface FieldFrameState {
  error: Message | undefined;
  inputId: string;
  hintId: string;
  errorId: string;
  /** Spread onto the control: it is required, invalid, and described by its hint and error. */
  aria: { 'aria-required': true | undefined; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
}

/** What every labelled field works out alike: its ids, its error (of one or more form paths) and its ARIA state. */
export function useFieldFrame(
  names: string | readonly string[],
  { id, required, hint }: { id?: string; required?: boolean; hint?: ReactNode },
): FieldFrameState {
  const error = useFieldError(names);
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return {
    error,
    inputId,
    hintId,
    errorId,
    aria: {
      'aria-required': required || undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(hint ? hintId : undefined, error && errorId),
    },
  };
}

export interface FieldFrameProps {
  frame: FieldFrameState;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  /** The control itself. */
  children: ReactNode;
}

/** The frame around a control: label, hint above it, and the announced error below it. */
export function FieldFrame({ frame, label, required, hint, className, children }: FieldFrameProps) {
  // Whether the focus is in the field (its control, or the password's show button): its error then changes silently.
  const [typing, setTyping] = useState(false);
  return (
    <div
      className={classNames('form-field', frame.error && 'form-field--invalid', className)}
      onFocus={() => setTyping(true)}
      onBlur={(event) => setTyping(event.currentTarget.contains(event.relatedTarget))}
    >
      <FieldLabel htmlFor={frame.inputId} required={required}>
        {label}
      </FieldLabel>
      {hint ? <FieldHint id={frame.hintId}>{hint}</FieldHint> : null}
      {children}
      <FieldError id={frame.errorId} message={frame.error} typing={typing} />
    </div>
  );
}
