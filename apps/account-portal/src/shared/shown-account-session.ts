import { useCallback } from 'react';
import { ErrorCode, isSuccess, isUnauthorized, useIdentity, type Envelope, type GetAccountInfoResponse } from '@portal/identity';

/**
 * Makes a call only while the browser's session is the account the page shows (useShownAccountSession). The call
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
 * the call answers 403005 without being made, as it would for a session that ended.
 */
export function useShownAccountSession(): ShownAccountSession {
  const { provider, account, refresh } = useIdentity();
  const uid = account.UID;
  return useCallback<ShownAccountSession>(
    async (call) => {
      const session = await provider.getAccountInfo({});
      if (isSuccess(session) && session.UID === uid) return call(session);
      if (isSuccess(session)) await refresh({ sessionEnded: true });
      else if (!isUnauthorized(session)) return session;
      return { errorCode: ErrorCode.UNAUTHORIZED, errorMessage: 'Unauthorized user', statusCode: 403 };
    },
    [provider, uid, refresh],
  );
}
