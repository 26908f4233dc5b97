import { ResponseError } from '@portal/cms';

/**
 * The full unsubscribe (spec 001 §4): `POST {restApi}/rest/v1/subscriber/unsubscribe/{jwt}` with the RFC 8058
 * body, the same call a mail client makes for one-click. The server ends every subscription, deletes every
 * reminder and erases the subscriber's personal data.
 */
export async function unsubscribeAll(restApi: string, jwt: string): Promise<void> {
  const response = await fetch(`${restApi}/rest/v1/subscriber/unsubscribe/${encodeURIComponent(jwt)}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    credentials: 'same-origin',
    body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
  });
  if (!response.ok) throw new ResponseError(response.status);
}
