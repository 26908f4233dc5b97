import { useEffect, useState } from 'react';
import { SESSION_CHANNEL, type SessionChannelMessage } from './account-store';

/**
 * What the app's other tabs say on SESSION_CHANNEL (tellOtherTabs), heard one way by the account pages, /login and
 * the session's preference centre: `onSessionChanged` (keep it stable: the channel opens anew when it changes) runs
 * when a tab says that the browser's session changed (the account store's `0`: a login, a logout, an ended session),
 * and the answer tells whether a tab said last that the shopper logs out there ('logout', which its 'logoutFailed'
 * takes back): the end of the session that follows is then the shopper's logout, not a session that expired. A
 * browser without BroadcastChannel hears nothing; the pages check again when they are shown.
 *
 * Reached as '@portal/identity/other-tabs' only, as the identity contract's phone and text rules are, and the account
 * portal's build puts it in the chunk /login shares with the other sign-in pages (vite.config.ts, `auth`): /login has
 * no byte left of its first-load budget (2026-11-30).
 */
export function useOtherTabs(onSessionChanged: () => unknown): boolean {
  const [loggedOutElsewhere, setLoggedOutElsewhere] = useState(false);
  useEffect(() => {
    if (typeof BroadcastChannel !== 'function') return undefined;
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.onmessage = ({ data }: MessageEvent<SessionChannelMessage>) => (data === 0 ? onSessionChanged() : setLoggedOutElsewhere(data === 'logout'));
    return () => channel.close();
  }, [onSessionChanged]);
  return loggedOutElsewhere;
}
