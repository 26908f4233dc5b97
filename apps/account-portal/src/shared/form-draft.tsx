import { useEffect, useLayoutEffect, useState } from 'react';
import type { AccountState } from '@portal/identity';
import { InBackground } from './InBackground';
import { lazyNamed } from './load-page';

/**
 * What an account page's form held unsaved when the session ended under it: the account it was typed for (`by`), the
 * page (`path`), the fields the shopper changed by their path (`values`, FormDraftKeeper's changedFields) and when
 * they were kept (`at`). WCAG 2.2.5 (re-authenticating): after the login the
 * same account goes on where it was, its entries filled in; they were lost with the session (QA, 2026-11-30).
 */
export interface FormDraft {
  by?: string;
  path: string;
  values: Record<string, unknown>;
  at: number;
}

// One draft, for this tab alone and gone with it (sessionStorage, never localStorage): no other tab's login, nor a
// later visitor's, finds it. The logout page forgets it by this key too (LogoutPage).
const DRAFT_KEY = 'ap.formDraft';
/**
 * Long enough to log in again; entries typed longer ago are no longer the work in hand. The idle dialog names these
 * minutes (ap.session.expiring.text, messages.test.ts).
 */
export const DRAFT_KEEP_MS = 30 * 60_000;

/** The draft of the form that the commit being made removes, as kept (leaveDraft), until that commit is over. */
let left: string | undefined;

/**
 * A form leaves the page with unsaved values (FormDraftKeeper, as it is removed): `draft` is their FormDraft as it
 * would be kept (JSON). The login guard keeps it when the session ended, in the same commit (useDraftKeeping); left
 * any other way (a link, a save, a logout), it is dropped as the commit ends.
 */
export function leaveDraft(draft: string) {
  left = draft;
  queueMicrotask(() => (left = undefined));
}

/**
 * The draft this tab keeps, unless it is older than DRAFT_KEEP_MS (or the browser refuses storage: private modes). An
 * older one is deleted as it is read: the phone number and the names stayed in the tab until it closed (QA, 2026-11-30).
 */
export function keptDraft(): FormDraft | undefined {
  try {
    const draft = JSON.parse(sessionStorage.getItem(DRAFT_KEY) || '{}') as FormDraft;
    if (Date.now() - draft.at < DRAFT_KEEP_MS) return draft;
    keepDraft();
  } catch {
    // none without storage
  }
  return undefined;
}

/** The values this tab keeps for the account `by` on the page `path` (keptDraft), to give back to its form. */
export function keptValues(by: string | undefined, path: string) {
  const draft = keptDraft();
  return draft && draft.by === by && draft.path === path ? draft.values : undefined;
}

/** Keeps `draft` (JSON) for this tab; none given, drops the kept one. */
export function keepDraft(draft?: string) {
  try {
    if (draft) sessionStorage.setItem(DRAFT_KEY, draft);
    else sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // nothing is kept without storage
  }
}

/**
 * The login guard's part (RequireLogin). When the session ends under the page (the idle or the 12-hour limit, another
 * tab's logout, a call answered 403005: the account store's `sessionEnded`), React removes the page, and with it a
 * form's FormDraftKeeper, before it runs this effect in the same commit: the values the form leaves unsaved are kept.
 * The page's own logout (LoginAgain, the password change's) drops them; so does the login of another account, and age.
 */
export function useDraftKeeping(account: AccountState) {
  useLayoutEffect(() => {
    // Read first on every start of an account page, logged in or not: an expired draft goes (keptDraft).
    const draft = keptDraft();
    if (account.loggedIn ? draft?.by !== account.UID : left) keepDraft(account.sessionEnded ? left : undefined);
  }, [account]);
}

// Its code loads once the shopper types in the page (only then can a form hold unsaved values), or at once when a draft
// waits in this tab: loaded with every form, it and the session's texts took the address pages 0.8 KB over their
// first load's budget (2026-11-30). The forms' rules wait for the first check the same way (deferredSchema).
const FormDraftKeeper = lazyNamed(() => import('./FormDraftKeeper'), 'FormDraftKeeper');

/** Whether this tab keeps a draft: the keeper then loads at once, to see whether it is this page's. */
const draftWaits = () => keptDraft() !== undefined;

/**
 * What a form outside the account area tells its keeper: finalize's (spec 000 §4), whose entries its regToken's 60
 * minutes took (QA, WCAG 2.2.1), has no session to name the account nor a login guard to keep them.
 */
export interface KeptDraftOptions {
  /** The account the entries are kept for and given back to; without it, the session's. */
  by?: string;
  /** The form's fields: kept entries of others stay out (finalize asks only what the account lacks by now). */
  fields?: string[];
  /** Whether the form leaves because what let it save ran out (the regToken): its entries are kept as it goes. */
  expired?: () => boolean;
}

/**
 * Inside an account form (not one of passwords: those are typed again): its unsaved values kept when the session ends
 * under it, and back after the login (FormDraftKeeper). A failure to load its code leaves the form as it is.
 */
export function KeptDraft(options: KeptDraftOptions) {
  const [wanted, setWanted] = useState(draftWaits);
  useEffect(() => {
    if (wanted) return undefined;
    // Every field says 'input' as it changes (text, select, checkbox, radio), before formik holds the new value.
    const want = () => setWanted(true);
    document.addEventListener('input', want, { capture: true });
    return () => document.removeEventListener('input', want, { capture: true });
  }, [wanted]);
  return wanted ? (
    <InBackground>
      <FormDraftKeeper {...options} />
    </InBackground>
  ) : null;
}
