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

/** What the status line says of the form as it is now: the first field's error when `there`, and the count. */
function summary(form: HTMLFormElement | null | undefined, there: boolean, i18n: I18n): string {
  const invalid = form?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? [];
  const text = [there && invalid[0] && fieldError(invalid[0]), invalid.length > 1 && i18n.t('global.validation.count', { count: invalid.length })];
  return text.filter(Boolean).join(' ');
}

/** The watch of each form's last refusal: a new refusal, or a submit without one, ends it. */
const watches = new WeakMap<HTMLFormElement, MutationObserver>();

/**
 * What a submit refused for fields in error does, in every form: SubmitButton's, and /login's own, which stays
 * without formik (page weight). Both load it as their form is first used (loadRefusal), not with the page; it imports
 * nothing, so it comes as one small file. Called once the submit has ended and its errors are on the page
 * (`aria-invalid`): the focus goes to the first field in error (WCAG 3.3.1), which reads its error. Pressed Enter in
 * a field, or pressed a button, the focus goes there either way; when it is there already (Enter in the first field
 * in error), which the screen reader does not read again, the form's status line says its error; with more than one
 * field in error it says how many ("Bitte prüfen Sie 3 Felder."). `say` sets the status line: to that text, in the
 * language of the moment (a status line shows it only while the page is in that language: QA, German words on the
 * English page), or to nothing when no field is in error; the same is returned.
 *
 * The line says it only while it holds: once the fields in error are others (one put right, or every one), or the
 * error it names has changed, `say` takes it down. It stayed until the next submit, and a screen reader's browse
 * mode read "Bitte prüfen Sie 2 Felder." in a form with none in error (QA keyboard round, 2026-11-30). Taken down,
 * not said anew: a live region's new text is read out, at every field the shopper puts right while typing on; the
 * fields still in error say their own errors.
 */
export function refuseSubmit(form: HTMLFormElement | null | undefined, i18n: I18n, say: (refusal: RefusalText | undefined) => void): RefusalText | undefined {
  if (form) watches.get(form)?.disconnect();
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  let refusal: RefusalText | undefined;
  if (form && first) {
    const there = first.contains(document.activeElement);
    if (!there) focusTarget(first).focus();
    const text = summary(form, there, i18n);
    refusal = { text, language: i18n.language };
    if (text) {
      // The form's fields, their errors and their state change in its subtree; a change that leaves the text as it
      // was (the status line's own, a field typed in that keeps its error) leaves the line.
      const watch = new MutationObserver(() => {
        if (summary(form, there, i18n) === text) return;
        watch.disconnect();
        say(undefined);
      });
      watch.observe(form, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-invalid', 'aria-describedby'] });
      watches.set(form, watch);
    }
  }
  say(refusal);
  return refusal;
}
