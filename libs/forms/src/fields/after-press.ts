import type { FieldInputProps, FieldMetaProps } from 'formik';
import type { FocusEvent } from 'react';

const PRESSES = ['pointerdown', 'mousedown'] as const;
const RELEASES = ['pointerup', 'mouseup', 'pointercancel'] as const;

// Whether a mouse button or finger is down; undefined until the first field listens (the library has no import-time
// side effects, tools/vite/plugins.ts). Phones send mousedown after pointerup, as they move the focus then.
let pressed: boolean | undefined;

/** Nothing typed, chosen or ticked. */
const isBlank = (value: unknown) => value == null || value === '' || value === false;

/**
 * The blur handler of a field bound to formik: leaving a field marks it touched, which shows its error, except a
 * field left empty that was empty from the start. Tabbing past a form's empty fields to reach a link or a button below
 * it showed and announced "Bitte geben Sie einen Wert ein." at each of them (QA), which the login, checking on submit
 * only, never did: such a field's "required" shows with the submit. A field the shopper emptied (a stored name
 * cleared) shows it as it is left.
 *
 * The blur waits for the press that left the field to end. Leaving a field shows its error, which pushes what is
 * below it down (the password's rules: 46 px); the press that took the focus, on the terms checkbox for one, then
 * comes up beside it and its click is lost (QA). The error still shows on leaving the field, once the click has
 * landed; leaving it with the keyboard shows it at once.
 */
export function leaveField<E extends FocusEvent>(field: FieldInputProps<unknown>, meta: FieldMetaProps<unknown>): (event: E) => void {
  if (pressed === undefined) {
    pressed = false;
    for (const type of PRESSES) document.addEventListener(type, () => (pressed = true), true);
    for (const type of RELEASES) document.addEventListener(type, () => (pressed = false), true);
  }
  return (event) => {
    if (isBlank(field.value) && isBlank(meta.initialValue)) return;
    if (!pressed) return field.onBlur(event);
    const release = () => {
      for (const type of RELEASES) window.removeEventListener(type, release, true);
      // After the click, which follows the release in the same task.
      setTimeout(() => field.onBlur(event));
    };
    for (const type of RELEASES) window.addEventListener(type, release, true);
  };
}
