import type { i18n as I18n } from 'i18next';

/**
 * The error a field in error shows (its description's part that is an error: FieldError's id ends in "-error"). Said
 * without the field's label: it is said only while the focus is in that field.
 */
function fieldError(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'))
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
}

/**
 * Where the focus goes for a field in error: the control itself, or for a group in error (a radio group, whose
 * options are one field) its chosen option, else its first, as the Tab key enters a radio group.
 */
function focusTarget(field: HTMLElement): HTMLElement {
  if (field.matches('input, select, textarea, button, [tabindex]')) return field;
  return field.querySelector<HTMLElement>('input:checked') ?? field.querySelector<HTMLElement>('input, select, textarea, button') ?? field;
}

/** What a form's status line says after a refused submit, and the language it says it in. */
export interface RefusalText {
  text: string;
  language: string;
}

/**
 * What a submit refused for fields in error does, in every form: SubmitButton's, and /login's own, which stays
 * without formik (page weight). Both load it as their form is first used (loadRefusal), not with the page; it imports
 * nothing, so it comes as one small file. Called once the submit has ended and its errors are on the page
 * (`aria-invalid`): the focus goes to the first field in error (WCAG 3.3.1), which reads its error. Pressed Enter in
 * a field, or pressed a button, the focus goes there either way; when it is there already (Enter in the first field
 * in error), which the screen reader does not read again, the form's status line says its error; with more than one
 * field in error it says how many ("Bitte prüfen Sie 3 Felder."). Returns that text, in the language of the moment
 * (a status line shows it only while the page is in that language: QA, German words on the English page), or
 * undefined when no field is in error.
 */
export function refuseSubmit(form: HTMLFormElement | null | undefined, i18n: I18n): RefusalText | undefined {
  const invalid = form?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? [];
  const first = invalid[0];
  if (!first) return undefined;
  const there = first.contains(document.activeElement);
  if (!there) focusTarget(first).focus();
  const text = [there && fieldError(first), invalid.length > 1 && i18n.t('global.validation.count', { count: invalid.length })];
  return { text: text.filter(Boolean).join(' '), language: i18n.language };
}
