/**
 * The partners registered with the service's OpenID Connect provider: the addresses their logouts may return to
 * (/logout) and their start pages (the error page of an expired sign-in). Kept apart from single-sign-on.ts, which
 * every sign-in page loads: /login, at its page weight budget, loaded this code without using it (2026-11-30).
 */

/** Where the service lists the registered partners (logout addresses, home pages for the back button). */
export const PARTNERS_PATH = '/oidc/partners';

/** A registered partner as the service lists it. */
export interface Partner {
  id: string;
  name: string;
  homeUrl?: string;
  postLogoutRedirectUris: string[];
}

/** The registered partners; none when the list cannot be loaded. */
export async function fetchPartners(fetchImpl: typeof fetch = fetch): Promise<Partner[]> {
  try {
    const response = await fetchImpl(PARTNERS_PATH, { headers: { Accept: 'application/json' } });
    if (!response.ok) return [];
    const body = (await response.json()) as unknown;
    return Array.isArray(body) ? (body as Partner[]) : [];
  } catch {
    return [];
  }
}

/** Whether an address is exactly one a registered partner's logout may return to (never an open redirect). */
export function isPartnerLogoutAddress(address: string, partners: Partner[]): boolean {
  const registered = withoutState(address);
  return registered !== undefined && partners.some((partner) => partner.postLogoutRedirectUris?.includes(registered));
}

/**
 * The address without the `state` parameter a partner's logout request asked to get back (OpenID Connect
 * RP-Initiated Logout); only that parameter may differ from a registered address, so nothing else can be smuggled in.
 */
function withoutState(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (!url.searchParams.has('state')) return address;
  url.searchParams.delete('state');
  return url.toString().replace(/\?$/, '');
}
