import { setIn, useFormikContext } from 'formik';
import { Suspense, use, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { BIRTH_DATE_FIELDS } from '@portal/forms';
import { addMessages } from '@portal/i18n';
import { useIdentity } from '@portal/identity';
import { keepDraft, keptValues, leaveDraft, type FormDraft, type KeptDraftOptions } from './form-draft';
import { loadSessionMessages } from './session-texts';

/**
 * An account form's part of keeping what it holds unsaved (form-draft.tsx): its values as it leaves the page, which
 * the login guard keeps when the session ended, and back after the login of the same account on the same page,
 * unsaved (the form compares them with the account's values as ever), with a notice that they still need saving.
 * Finalize's form names its account and its fields, and says when its regToken ran out (KeptDraftOptions).
 */
export function FormDraftKeeper({ by: account, fields, expired }: KeptDraftOptions) {
  const { values, initialValues, dirty, setValues } = useFormikContext<object>();
  const session = useIdentity().account.UID;
  const by = account ?? session;
  const { pathname } = useLocation();
  const [kept] = useState(() => {
    const found = keptValues(by, pathname);
    return found && fields ? Object.fromEntries(Object.entries(found).filter(([path]) => fields.includes(path))) : found;
  });
  // The focus goes to the entries once, as they come back: not again when the notice shows again after an undo.
  const focused = useRef(false);
  const focusOnce = useCallback((field: HTMLElement | undefined) => {
    if (!focused.current) focusRestored(field);
    focused.current = true;
  }, []);
  useEffect(() => {
    if (!kept) return;
    keepDraft();
    // Onto the values of the account as read after the login: what another device saved meanwhile stays.
    void setValues((current) => Object.entries(kept).reduce((form: object, [path, value]) => setIn(form, path, value), current));
  }, [kept, setValues]);
  // The clean-up runs as the page is removed, before the login guard's layout effect; it runs at each change of the
  // values too, handing on values that the commit's end drops. A form whose regToken ran out is kept here: no login
  // guard is around it.
  useLayoutEffect(
    () => () => {
      if (!dirty) return;
      const draft: FormDraft = { by, path: pathname, values: changedFields(values, initialValues), at: Date.now() };
      // Never a password, whichever form it came from.
      (expired?.() ? keepDraft : leaveDraft)(JSON.stringify(draft, (key, value: unknown) => (/password/i.test(key) ? undefined : value)));
    },
    [dirty, values, initialValues, by, pathname, expired],
  );
  return kept && dirty ? (
    <Suspense fallback={null}>
      <KeptNotice kept={kept} focusOnce={focusOnce} />
    </Suspense>
  ) : null;
}

/**
 * The fields the shopper changed in the form, by formik's field path (`profile.phones.0.number`), with their values.
 * All of the form's values came back as typed: a last name another device had changed meanwhile came back as it was
 * read before, and the next save wrote it over the new one (QA, 2026-11-30). A list that grew or shrank is one change.
 */
export function changedFields(values: unknown, initial: unknown, path = '', changed: Record<string, unknown> = {}) {
  if (isRecord(values) && isRecord(initial) && sameShape(values, initial)) {
    for (const key of new Set([...Object.keys(values), ...Object.keys(initial)])) {
      changedFields(values[key], initial[key], path ? `${path}.${key}` : key, changed);
    }
  } else if (JSON.stringify(values) !== JSON.stringify(initial)) {
    changed[path] = values;
  }
  return changed;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Both objects, or both lists of the same length: compared field by field. */
const sameShape = (values: object, initial: object) =>
  Array.isArray(values) ? Array.isArray(initial) && values.length === initial.length : !Array.isArray(initial);

/**
 * The notice of the values kept, in the session's texts (session-texts.ts), which load with it. A screen reader read
 * only the label and the value of the field the entries came back to, not the notice above it (QA, 2026-12): it is
 * that field's description (tellWithFields), read as the focus lands there, which a live region added with its text
 * is not reliably. `kept` are the values that came back, by their form paths (changedFields).
 */
function KeptNotice({ kept, focusOnce }: { kept: Record<string, unknown>; focusOnce: (field: HTMLElement | undefined) => void }) {
  const { t, i18n } = useTranslation();
  use(addMessages(i18n, loadSessionMessages));
  const id = useId();
  const notice = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const form = notice.current?.closest('form');
    return form ? tellWithFields(form, id, Object.keys(kept)) : undefined;
  }, [id, kept]);
  // After the form's own layout effects, which hand its fields' handlers the values that came back: entered again,
  // the field is left first, and checked as it is left.
  useEffect(() => {
    const form = notice.current?.closest('form');
    if (form) focusOnce(restoredFields(form, Object.keys(kept))[0]);
  }, [kept, focusOnce]);
  return (
    <p ref={notice} id={id} className="notice">
      {t('ap.session.kept')}
    </p>
  );
}

/** The form's controls of the paths that came back (a list kept as one change, its items' fields too), in page order. */
function restoredFields(form: HTMLFormElement, paths: string[]) {
  const dates = Object.values(BIRTH_DATE_FIELDS);
  return [...form.querySelectorAll<HTMLElement>('input, select, textarea')].filter((field) => {
    // The date of birth is one input without a name for its three values (DateField).
    const name = field.getAttribute('name') ?? (field.matches('[type="date"]') ? dates.join(' ') : '');
    return paths.some((path) => name.split(' ').some((own) => own === path || own.startsWith(`${path}.`)));
  });
}

/**
 * The focus to the first field that came back, its description now naming the notice, unless the shopper has put it
 * elsewhere: the page gives it to its heading (usePageAnnouncement), or the e-mail change to its empty field, before
 * the entries and the notice are back. That field is entered again, so that its description is read.
 */
function focusRestored(first: HTMLElement | undefined) {
  const focus = document.activeElement;
  if (!first || !(!focus || focus === document.body || focus === first || focus.matches('#main h1'))) return;
  if (focus === first) first.blur();
  first.focus();
}

/**
 * Adds the notice `id` to the description of the fields that came back, after what each field has (its hint, its
 * error), for as long as the notice shows: a field's own render sets its description anew as its error comes or goes,
 * and a field can show later (an address's fields after its country). Done here on the form's elements, not by the
 * fields of @portal/forms (a context their describedBy would read): that code is in the first load of every page with
 * a form, which had 0.1–0.4 KB left of 150 KB (2026-12-01), and only a draft coming back needs it.
 */
function tellWithFields(form: HTMLFormElement, id: string, paths: string[]) {
  const ids = (field: Element) => (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const tell = () => {
    for (const field of restoredFields(form, paths)) {
      if (!ids(field).includes(id)) field.setAttribute('aria-describedby', [...ids(field), id].join(' '));
    }
  };
  tell();
  const watch = new MutationObserver(tell);
  watch.observe(form, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-describedby'] });
  return () => {
    watch.disconnect();
    for (const field of restoredFields(form, paths)) {
      const rest = ids(field).filter((own) => own !== id);
      if (rest.length > 0) field.setAttribute('aria-describedby', rest.join(' '));
      else field.removeAttribute('aria-describedby');
    }
  };
}
