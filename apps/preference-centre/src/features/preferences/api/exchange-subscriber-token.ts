import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { fetchJson, ResponseError, useSite, type RestSchemas } from '@portal/cms';
import { Durations } from '@portal/identity';

/** The exchange's answer, with the link token it was exchanged from (a session's centre may take a new one). */
export type SubscriberToken = RestSchemas['SubscriberToken'] & { jwt: string };

/**
 * The session's centre asks the service for the session's link again: undefined without a login. Its link ends
 * with the session it was issued for, and a login, even the account page's password check in another tab, opens a
 * new session (QA: the next save went to the mail link's error page and the shopper's change was lost).
 */
export type Relink = () => Promise<string | undefined>;

/** Default lifetime of a regToken when the answer does not tell (spec 001 §4). */
export const DEFAULT_TOKEN_LIFETIME_MS = Durations.regTokenLifetime;
/** The refresh comes this long before the regToken expires, … */
export const REFRESH_AHEAD_MS = Durations.regTokenRefreshLead;
/** … but never sooner than this after the last exchange. */
export const MIN_REFRESH_WAIT_MS = Durations.regTokenRefreshLead;

/** How long to wait before exchanging the link token again: lifetime minus 10 s, at least 10 s. */
export function tokenRefreshDelay(token: Pick<SubscriberToken, 'createdAt' | 'expiresAt'>): number {
  const lifetime = Date.parse(token.expiresAt) - Date.parse(token.createdAt);
  const known = Number.isFinite(lifetime) && lifetime > 0 ? lifetime : DEFAULT_TOKEN_LIFETIME_MS;
  return Math.max(known - REFRESH_AHEAD_MS, MIN_REFRESH_WAIT_MS);
}

/** `POST {restApi}/rest/v1/subscriber/regToken/jwt` with the form field jwt; 401 for an invalid or expired link. */
export function exchangeSubscriberToken(restApi: string, jwt: string): Promise<RestSchemas['SubscriberToken']> {
  return fetchJson<RestSchemas['SubscriberToken']>(`${restApi}/rest/v1/subscriber/regToken/jwt`, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: new URLSearchParams({ jwt }),
  });
}

/**
 * The regToken of the link `jwt` (the query's key); with `relink`, a link that no longer opens anything (401) is
 * replaced by the session's new one. Whose account that regToken opens, the centre checks before it saves.
 */
async function exchangeLink(restApi: string, jwt: string, relink?: Relink): Promise<SubscriberToken> {
  try {
    return { ...(await exchangeSubscriberToken(restApi, jwt)), jwt };
  } catch (error) {
    const link = relink && error instanceof ResponseError && error.status === 401 ? await relink() : undefined;
    if (!link) throw error;
    return { ...(await exchangeSubscriberToken(restApi, link)), jwt: link };
  }
}

export function subscriberTokenQueryOptions(restApi: string, jwt: string, relink?: Relink) {
  return queryOptions({
    queryKey: ['preference-centre', 'subscriber-token', jwt],
    queryFn: () => exchangeLink(restApi, jwt, relink),
    // The regToken is renewed on its own schedule, never because the window got the focus again.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: (query) => (query.state.data ? tokenRefreshDelay(query.state.data) : false),
    refetchIntervalInBackground: true,
    retry: false,
  });
}

/**
 * Exchanges the link again now, whatever its schedule, for a save whose regToken ran out while the page slept (a
 * closed laptop, a background tab whose timers were held back); the page then holds the new regToken too.
 */
export function renewSubscriberToken(queryClient: QueryClient, restApi: string, jwt: string, relink?: Relink): Promise<SubscriberToken> {
  return queryClient.fetchQuery({ ...subscriberTokenQueryOptions(restApi, jwt, relink), staleTime: 0 });
}

/** The regToken of the link's subscriber, renewed shortly before it expires. */
export function useSubscriberToken(jwt: string, relink?: Relink) {
  const { metadata } = useSite();
  return useQuery(subscriberTokenQueryOptions(metadata.restApi, jwt, relink));
}
