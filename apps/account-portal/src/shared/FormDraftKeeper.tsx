import { useFormikContext } from 'formik';
import { Suspense, use, useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { addMessages } from '@portal/i18n';
import { useIdentity } from '@portal/identity';
import { keepDraft, keptDraft, leaveDraft, type FormDraft } from './form-draft';
import { loadSessionMessages } from './session-texts';

/**
 * An account form's part of keeping what it holds unsaved (form-draft.tsx): its values as it leaves the page, which
 * the login guard keeps when the session ended, and back after the login of the same account on the same page,
 * unsaved (the form compares them with the account's values as ever), with a notice that they still need saving.
 */
export function FormDraftKeeper() {
  const { values, dirty, setValues } = useFormikContext<object>();
  const { UID } = useIdentity().account;
  const { pathname } = useLocation();
  const [kept] = useState(() => {
    const draft = keptDraft();
    return draft && draft.by === UID && draft.path === pathname ? draft.values : undefined;
  });
  useEffect(() => {
    if (!kept) return;
    keepDraft();
    void setValues(kept);
  }, [kept, setValues]);
  // The clean-up runs as the page is removed, before the login guard's layout effect; it runs at each change of the
  // values too, handing on values that the commit's end drops.
  useLayoutEffect(
    () => () => {
      if (!dirty) return;
      const draft: FormDraft = { by: UID, path: pathname, values, at: Date.now() };
      // Never a password, whichever form it came from.
      leaveDraft(JSON.stringify(draft, (key, value: unknown) => (/password/i.test(key) ? undefined : value)));
    },
    [dirty, values, UID, pathname],
  );
  return kept && dirty ? (
    <Suspense fallback={null}>
      <KeptNotice />
    </Suspense>
  ) : null;
}

/** The notice of the values kept, in the session's texts (session-texts.ts), which load with it. */
function KeptNotice() {
  const { t, i18n } = useTranslation();
  use(addMessages(i18n, loadSessionMessages));
  return <p className="notice">{t('ap.session.kept')}</p>;
}
