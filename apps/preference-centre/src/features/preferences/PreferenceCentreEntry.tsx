import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { ResponseError, useSite } from '@portal/cms';
import { identitySettingsQuery, useIdentity } from '@portal/identity';
import { failedForConnection, Loader, useConnectionWait, useRevealed } from '@portal/ui';
import { useSubscriberAccount } from './api/get-account';
import { renewSubscriberToken, useSubscriberToken, type Relink } from './api/exchange-subscriber-token';
import { useFavouriteStore } from './api/retail-stores';
import { useProductReminders } from './api/search-product-reminders';
import { CentreConnectionLostPage } from './components/ConnectionLost';
import { PreferenceHome } from './components/PreferenceHome';
import { hasNewsletterSubscription, remindersActive } from './lib/rules';

/** Where a link's centre stands once the link's token has left the address (PreferenceCentreEntry). */
export const LINK_PATH = '/preferences/token/';

/** The link's token, as the history entry's state keeps it at LINK_PATH. */
export function linkInState(state: unknown): string | undefined {
  const link = (state as { link?: unknown } | null)?.link;
  return typeof link === 'string' && link ? link : undefined;
}

/**
 * `/preferences/token/{token}`, the mails' link. Without a token or without the marketing preference centre in the
 * metadata the visitor goes to `/preferences/error/notfound` (spec 001 §2). The token, which reads and changes the
 * subscriber's data for 30 days, leaves the address at once for LINK_PATH (the tab's #anchor stays), as a
 * confirmation link's does once posted: the retailer's tag manager reads the address, and the browser's history
 * keeps it (QA security round of 2026-11-29). It waits in the history entry's state, which a reload, the way back
 * and a tab switch keep, and the page carries it over to an entry of another hash (AppRoutes, `link`: the token at
 * LINK_PATH); an address typed or copied later does not have it.
 */
export function PreferenceCentreEntry({ link: held }: { link?: string }) {
  const { token } = useParams();
  const { hash } = useLocation();
  const { metadata, content } = useSite();
  const link = token ?? held;
  if (!link || !metadata.marketingPreferenceCenter?.apiKey || !content.preferenceCentre) return <Navigate to="/preferences/error/notfound" replace />;
  // Without the query: its lang was read as the site started.
  if (token) return <Navigate to={{ pathname: LINK_PATH, hash }} replace state={{ link: token }} />;
  return <PreferenceCentre jwt={link} />;
}

/**
 * Whether the entry's failure page is shown over the centre's form, which holds changes not saved (PreferenceCentre):
 * the failure page then says so and moves on at the shopper's word, not by itself.
 */
const FailureOverUnsavedChanges = createContext(false);

/** Whether this failure page is shown over a form that holds changes not saved (PreferenceCentre's `failurePage`). */
export function useFailureOverUnsavedChanges(): boolean {
  return useContext(FailureOverUnsavedChanges);
}

/**
 * Exchanges the link's JWT (or the one issued for a login session) for a regToken (renewed before it expires),
 * loads the account with it, the reminders, the saved favourite store and the provider's settings, then shows
 * the centre; any failure to load is the `preferences.loading` error page (spec 001 §4), or what the entry puts in
 * its place (`failurePage`), but a load that waits for the connection is no failure: the centre says the connection
 * is missing and loads once it is back (useConnectionWait), before it is shown in place of the centre, afterwards
 * above its Save button. A link older than a full unsubscribe opens nothing: the unsubscribe-success page.
 * `relink` (the session's centre) replaces a link that ended with its session by the session's new one; a save
 * that would reach another account than the one shown goes nowhere: `onAccountChanged`, by default the page of
 * a link that opens nothing. A failure once the centre is shown, while its form holds changes not saved, leaves the
 * form in view under `failurePage` (useFailureOverUnsavedChanges). `sessionOver`: the session's centre found that its
 * session has ended (TokenlessEntry), which fails the centre as a load that found it would; a save waits for
 * `sessionGoesOn` (PreferenceHome).
 */
export function PreferenceCentre({
  jwt,
  headerActions,
  failurePage = <Navigate to="/preferences/error/preferences.loading" replace />,
  relink,
  onAccountChanged,
  sessionOver = false,
  sessionGoesOn,
}: {
  jwt: string;
  headerActions?: ReactNode;
  failurePage?: ReactNode;
  relink?: Relink;
  onAccountChanged?: () => void;
  sessionOver?: boolean;
  sessionGoesOn?: () => Promise<boolean>;
}) {
  const { content, metadata } = useSite();
  const { ready, provider } = useIdentity();
  const queryClient = useQueryClient();
  const token = useSubscriberToken(jwt, relink);
  const account = useSubscriberAccount(jwt, token.data?.regToken, relink);
  // The link the regToken came from: the session's new one once the first ended.
  const link = token.data?.jwt ?? jwt;
  // The schema's birth-year range when the provider gives it; without it the centre keeps its built-in rules.
  const settings = useQuery(identitySettingsQuery(provider));
  const withReminders = account.data ? remindersActive(account.data.subscriptions) : false;
  const reminders = useProductReminders(jwt, withReminders, link);
  const storeId = typeof account.data?.data?.preference?.FAVORITE_STORE === 'string' ? account.data.data.preference.FAVORITE_STORE : '';
  const favouriteStore = useFavouriteStore(storeId);
  // After the first render, reloads (a save) keep the centre on screen: its banner and open tab stay.
  const [shown, setShown] = useState(false);
  // A save found the link opening another account (onAccountChanged): the page a link that opens nothing shows, and
  // the data leaves the page's memory once the centre has gone. Removed while the centre still showed (the
  // navigation to the error page is a transition), its queries loaded again at once, the other account came on the
  // page, and its tab in the address won over the error page (a Jest run under load, 2026-11-30).
  const [accountChanged, setAccountChanged] = useState(false);
  // Whether the form holds changes not saved (PreferenceHome tells).
  const [unsaved, setUnsaved] = useState(false);
  useEffect(() => {
    if (accountChanged) return () => queryClient.removeQueries({ queryKey: ['preference-centre'] });
  }, [accountChanged, queryClient]);
  const connection = useConnectionWait([token, account, settings, reminders, favouriteStore]);
  // Data counts once it is in, also while a later read of it got no answer: the centre shown stays (the read after a
  // save, the regToken's renewal) and names the missing connection above its Save button.
  const loaded =
    ready &&
    token.data !== undefined &&
    account.data !== undefined &&
    settings.data !== undefined &&
    !(withReminders && reminders.isPending) &&
    !(storeId && favouriteStore.isPending && !shown);
  // The centre is a large page: it renders in a background pass React splits up, once everything it needs is in.
  const revealed = useRevealed(loaded);

  if (accountChanged) return <Navigate to="/preferences/error/preferences.loading" replace />;
  if (token.error instanceof ResponseError && token.error.status === 410) return <Navigate to="/unsubscribe-success" replace />;
  // In place, not on the error page's address: the link stays with the page (its history state) for the next try.
  if (!shown && connection.lost && !connection.retrying) return <CentreConnectionLostPage onRetry={connection.retry} />;
  const failed = sessionOver || [token, account, settings].some((query) => query.isError && !failedForConnection(query));
  // Once the centre was shown, a failure (the renewal of the regToken finds the session ended) does not take the form
  // with its changes not saved off the screen: the failure page comes above it and says so first (QA, 2026-11-30: the
  // centre went to the session-ended page by itself, and a toggle the shopper had not saved was lost without a word).
  const failedOverUnsavedChanges = failed && shown && unsaved;
  if (failed && !failedOverUnsavedChanges) return failurePage;
  if (!loaded || !revealed) return <Loader />;
  // Adjusting state while rendering, as React recommends for values derived from earlier renders.
  if (!shown) setShown(true);

  const list = withReminders && reminders.data ? reminders.data : { active: [], notActivated: [] };
  const remindersFailed = withReminders && reminders.isError;
  // Nothing left to manage: subscribed once (a subscription key), now no newsletter and no reminder (spec 001 §4).
  // Reminders that failed to load are not "no reminder": the centre shows them as failed instead.
  if (account.data.data?.sfmc?.subscriptionKey && !hasNewsletterSubscription(account.data.subscriptions) && !remindersFailed && list.active.length === 0) {
    return <Navigate to="/unsubscribe-success" replace />;
  }

  return (
    <FailureOverUnsavedChanges.Provider value={failedOverUnsavedChanges}>
      <PreferenceHome
        jwt={link}
        regToken={token.data.regToken}
        renewToken={() => renewSubscriberToken(queryClient, metadata.restApi, jwt, relink)}
        onAccountChanged={onAccountChanged ?? (() => setAccountChanged(true))}
        account={account.data}
        content={content.preferenceCentre!}
        reminders={list}
        remindersFailed={remindersFailed}
        favouriteStore={favouriteStore.data}
        headerActions={headerActions}
        accountSchema={settings.data.schema}
        connectionLost={connection.lost}
        reload={async () => {
          await queryClient.invalidateQueries({ queryKey: ['preference-centre', 'account', jwt] });
          await queryClient.invalidateQueries({ queryKey: ['preference-centre', 'product-reminders', jwt] });
        }}
        onUnsavedChange={setUnsaved}
        sessionGoesOn={sessionGoesOn}
        interrupted={failedOverUnsavedChanges}
      />
      {failedOverUnsavedChanges ? failurePage : null}
    </FailureOverUnsavedChanges.Provider>
  );
}
