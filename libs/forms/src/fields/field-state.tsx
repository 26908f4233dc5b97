import { getIn, useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toMessage, translateMessage, type Message } from '../messages';

/**
 * The error to show for one or more form paths (the first that has one). An error shows once its field was
 * left, or once the user tried to submit: formik then validates every field, so errors of fields that are not
 * in the initial values show too.
 */
export function useFieldError(names: string | readonly string[]): Message | undefined {
  const { errors, touched, submitCount } = useFormikContext<Record<string, unknown>>();
  const list = typeof names === 'string' ? [names] : names;
  const wasTouched = submitCount > 0 || list.some((name) => Boolean(getIn(touched, name)));
  if (!wasTouched) return undefined;
  for (const name of list) {
    const error = toMessage(getIn(errors, name));
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

/** A field's error, announced by screen readers the moment it appears. */
export function FieldError({ id, message }: { id: string; message: Message | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="form-field__error" role="alert">
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
