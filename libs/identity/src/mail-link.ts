/**
 * Mail links change nothing on GET (mail scanners and link previews open every link of a mail): the service
 * lands the link on an app page with the token in the URL's fragment, `#{key}={token}`, and that page posts the
 * token back to the link's address. The answer names the page that shows the outcome.
 */

/** The token a landed mail link carries in the fragment under `key`, if any. */
export function mailLinkToken(hash: string, key: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(key);
  return token ? token : undefined;
}

/** Posts the token of a mail link to its address; resolves with the page to show next (a path of this site). */
export async function confirmMailLink(address: string, token: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  const response = await fetchImpl(address, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({ token }).toString(),
  });
  if (!response.ok) throw new Error(`Response had status ${response.status}`);
  const { next } = (await response.json()) as { next?: unknown };
  // Only a path of this site: the answer must never send the shopper elsewhere.
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//')) throw new Error('No page to show');
  return next;
}
