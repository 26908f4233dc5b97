import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadMessages, loadPageMessages, loadSignInMessages } from './messages';
import { loadProfileMessages } from '../shared/profile-texts';
import { loadSessionMessages } from '../shared/session-texts';
import { loadAccessDataMessages, loadAccountMessages } from './account-page-texts';
import { loadLinkedMessages } from '../features/link-accounts/linked-texts';

/**
 * The texts of the pages after the first come in parts (messages.ts): the shared ones, the sign-in pages' and the
 * account area's, each page loading the shared part and its own (PageTexts). A key that a sign-in page shows but
 * that sits in the account area's part would show as its raw key. This reads every module's message keys (quoted
 * keys, and the fixed start of a key built in a template) and checks each is in a part its pages load.
 */
const SRC = path.resolve(import.meta.dirname, '..');
// The account area's frame (its shell, the breadcrumbs) shows on every account page: its texts are the shared part's.
// /accessdata's own texts and the other account pages' load with those pages alone (account-page-texts.ts).
const FRAME = /^(app[\\/]account-area\.tsx|shared[\\/]Breadcrumbs\.tsx|features[\\/]account[\\/]components[\\/]AccountShell\.tsx)$/;
const ACCESS_DATA = /^features[\\/]access-data[\\/]/;
const ACCOUNT_PAGE = /^features[\\/]account[\\/]/;
const PROFILE_PAGES = /^features[\\/](addresses|personal-data)[\\/]/;
// The account's fields show on the personal data page and in the finalize form, which both load the profile's texts
// (the finalize form's addFieldTexts).
const ACCOUNT_FIELDS = /^shared[\\/]account-fields\.tsx$/;
// The session's dialogs load their texts with their code, when one is due, and so does the notice of a form's entries
// kept across the login after a session's end (session-texts.ts), also /accessdata's of a kept new e-mail address.
const SESSION_DIALOGS = /^(shared[\\/](SessionWarning|FormDraftKeeper)|features[\\/]access-data[\\/]components[\\/]KeptEmailNotice)\.tsx$/;
// What the link page shows once it linked an account whose e-mail is not confirmed yet loads its text with its code
// (linked-texts.ts).
const LINKED_UNVERIFIED = /^features[\\/]link-accounts[\\/]components[\\/]UnverifiedAccountPanel\.tsx$/;
// The login page loads no part (routes.tsx: its texts are the first page's); a text of the other pages it shows, after
// a password change say, is there when the shopper comes from one of them, sign-in page or account area alike.
const FIRST_PAGE = /^features[\\/]login[\\/]/;
const SIGN_IN = /^features[\\/]/;
const KEY = /['"`]((?:ap|clp)\.[A-Za-z0-9_.]*[A-Za-z0-9_])(\$\{)?['"`]?/g;

function modules(dir: string): string[] {
  return readdirSync(path.join(SRC, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' || entry.name === 'locales' ? [] : modules(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('the parts of the page texts', () => {
  it("every key a module shows is in the first page's texts or a part its pages load", async () => {
    const [first, shared, signIn, account, profile, accessData, session, linked] = await Promise.all(
      [loadMessages, loadPageMessages, loadSignInMessages, loadAccountMessages, loadProfileMessages, loadAccessDataMessages, loadSessionMessages, loadLinkedMessages].map(
        (load) => load('de'),
      ),
    );
    const every = [first!, shared!, signIn!, account!, profile!, accessData!, session!, linked!];
    const known = (parts: Record<string, string>[], key: string, prefix: boolean) =>
      parts.some((part) => (prefix ? Object.keys(part).some((k) => k.startsWith(key)) : key in part));
    const missing: string[] = [];
    let checked = 0;
    for (const file of modules('.')) {
      // First: a session notice of a page's own folder loads the session's texts, not its page's.
      const parts = SESSION_DIALOGS.test(file)
        ? [first!, shared!, session!]
        : FRAME.test(file)
          ? [first!, shared!]
        : ACCESS_DATA.test(file)
          ? [first!, shared!, accessData!]
          : ACCOUNT_PAGE.test(file)
            ? [first!, shared!, account!]
            : PROFILE_PAGES.test(file) || ACCOUNT_FIELDS.test(file)
              ? [first!, shared!, profile!]
            : LINKED_UNVERIFIED.test(file)
              ? [first!, shared!, signIn!, linked!]
            : SIGN_IN.test(file) && !FIRST_PAGE.test(file)
              ? [first!, shared!, signIn!]
              : [first!, shared!];
      const source = readFileSync(path.join(SRC, file), 'utf8');
      for (const [, key, template] of source.matchAll(KEY)) {
        // Keys of other kinds (e.g. a storage key 'ap.flash') are not texts: only keys some part has are checked.
        if (!known(every, key!, template !== undefined)) continue;
        checked++;
        if (!known(parts, key!, template !== undefined)) missing.push(`${file}: ${key!}${template ? '…' : ''}`);
      }
      // A success left for the next page (setFlash) shows on whichever page comes next: its text is in the shared part.
      for (const [, key] of source.matchAll(/setFlash\('([^']+)'\)/g)) {
        if (!(key! in first!) && !(key! in shared!)) missing.push(`${file}: ${key!} (left for the next page)`);
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(missing).toEqual([]);
  });
});
