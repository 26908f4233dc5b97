import { ErrorCode, isSuccess, isUnauthorized, type Envelope, type GetAccountInfoResponse, type UseIdentity } from '@portal/identity';

/**
 * Makes a call only while the browser's session is the account the page shows (shownAccountSession). The call
 * gets the look-up's answer, the account's profile and data as stored now: a save builds on it what the provider
 * replaces whole (the address book), rather than on the page's older copy.
 */
export type ShownAccountSession = <Answer>(call: (stored: GetAccountInfoResponse) => Promise<Answer>) => Promise<Answer | Envelope>;

/** No check of the session and nothing read (the call gets an account of no fields): for tests of the call itself. */
export const withoutSessionCheck: ShownAccountSession = (call) => call({ errorCode: ErrorCode.OK });

/**
 * A call of the page's shopper, made only while the browser's session is the account the page shows: the session
 * goes with the browser's cookie, and a tab left on one account's page saved into the account another tab had logged
 * in since, and said "saved" (QA). One bare look-up before the call (saves are rare; the other tabs' announcements
 * come too late for a save already on its way): another account's session logs the page's account out as a session
 * that ended (refresh), and the page goes to the login (spec 000 §6); none, and the watched provider has done so. Either way
 * the call answers 403005 without being made, as it would for a session that ended. From the page's useIdentity: its
 * provider, the account it shows and its refresh. Loaded with the calls it guards, at the first save
 * (account-save.ts, login-details-mutations.ts), not with the page: the address pages and /accessdata had no bytes to
 * spare in their first load (2026-11-30).
 */
export function shownAccountSession({ provider, account, refresh }: Pick<UseIdentity, 'provider' | 'account' | 'refresh'>): ShownAccountSession {
  const uid = account.UID;
  return async (call) => {
    const session = await provider.getAccountInfo({});
    if (isSuccess(session) && session.UID === uid) return call(session);
    if (isSuccess(session)) await refresh({ sessionEnded: true });
    else if (!isUnauthorized(session)) return session;
    return { errorCode: ErrorCode.UNAUTHORIZED, errorMessage: 'Unauthorized user', statusCode: 403 };
  };
}
