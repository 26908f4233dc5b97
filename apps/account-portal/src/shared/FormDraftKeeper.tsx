import { setIn, useFormikContext } from 'formik';
import { Suspense, use, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { addMessages } from '@portal/i18n';
import { useIdentity } from '@portal/identity';
import { keepDraft, keptValues, leaveDraft, type FormDraft } from './form-draft';
import { loadSessionMessages } from './session-texts';

/**
 * An account form's part of keeping what it holds unsaved (form-draft.tsx): its values as it leaves the page, which
 * the login guard keeps when the session ended, and back after the login of the same account on the same page,
 * unsaved (the form compares them with the account's values as ever), with a notice that they still need saving.
 */
export function FormDraftKeeper() {
  const { values, initialValues, dirty, setValues } = useFormikContext<object>();
  const { UID } = useIdentity().account;
  const { pathname } = useLocation();
  const [kept] = useState(() => keptValues(UID, pathname));
  useEffect(() => {
    if (!kept) return;
    keepDraft();
    // Onto the values of the account as read after the login: what another device saved meanwhile stays.
    void setValues((current) => Object.entries(kept).reduce((form: object, [path, value]) => setIn(form, path, value), current));
  }, [kept, setValues]);
  // The clean-up runs as the page is removed, before the login guard's layout effect; it runs at each change of the
  // values too, handing on values that the commit's end drops.
  useLayoutEffect(
    () => () => {
      if (!dirty) return;
      const draft: FormDraft = { by: UID, path: pathname, values: changedFields(values, initialValues), at: Date.now() };
      // Never a password, whichever form it came from.
      leaveDraft(JSON.stringify(draft, (key, value: unknown) => (/password/i.test(key) ? undefined : value)));
    },
    [dirty, values, initialValues, UID, pathname],
  );
  return kept && dirty ? (
    <Suspense fallback={null}>
      <KeptNotice />
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

/** The notice of the values kept, in the session's texts (session-texts.ts), which load with it. */
function KeptNotice() {
  const { t, i18n } = useTranslation();
  use(addMessages(i18n, loadSessionMessages));
  return <p className="notice">{t('ap.session.kept')}</p>;
}
