import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson, ResponseError, useSite, type RestSchemas } from '@portal/cms';
import { ErrorCode, useIdentity, type IdentityProvider } from '@portal/identity';

export type SessionLinkToken = RestSchemas['SessionLinkToken'];

/**
 * `POST {restApi}/rest/v1/subscriber/jwt`: a link token for the logged-in shopper's session, so the centre opens
 * for a session exactly as for an e-mail link; undefined without a login (401). The embedded provider's session
 * is its cookie; the vendor's lives in its SDK and is shown to the service as the SDK's id_token.
 */
export async function issueSessionLink(restApi: string, provider: Pick<IdentityProvider, 'getJWT'>): Promise<SessionLinkToken | undefined> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (provider.getJWT) {
    const session = await provider.getJWT();
    if (session.errorCode !== ErrorCode.OK || !session.id_token) return undefined;
    headers.Authorization = `Bearer ${session.id_token}`;
  }
  try {
    return await fetchJson<SessionLinkToken>(`${restApi}/rest/v1/subscriber/jwt`, { method: 'POST', headers });
  } catch (error) {
    if (error instanceof ResponseError && error.status === 401) return undefined;
    throw error;
  }
}

/** The session's link token as a query: null without a login (a query's data is never undefined). */
export function sessionLinkQueryOptions(restApi: string, provider: Pick<IdentityProvider, 'getJWT'>) {
  return queryOptions({
    queryKey: ['preference-centre', 'session-link'],
    queryFn: async () => (await issueSessionLink(restApi, provider)) ?? null,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** The session's link token; `enabled` false once the session ended here, so nothing asks for it again. */
export function useSessionLink(enabled = true) {
  const { metadata } = useSite();
  const { provider } = useIdentity();
  return useQuery({ ...sessionLinkQueryOptions(metadata.restApi, provider), enabled });
}
