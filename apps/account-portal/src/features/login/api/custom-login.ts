import type { Envelope } from '@portal/identity';

/**
 * `POST {restApi}/rest/v1/account/login`, form-encoded (spec 000 §7): with `sso.customLogin` the service checks
 * the credentials first and answers the provider's errorCode. An answer without one answers undefined; a request
 * that got no answer rejects, so that the login can say the connection is missing.
 */
export async function customLogin(restApi: string, loginID: string, password: string, fetchImpl: typeof fetch = fetch): Promise<Envelope | undefined> {
  const response = await fetchImpl(`${restApi}/rest/v1/account/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    credentials: 'same-origin',
    body: new URLSearchParams({ loginID, password }).toString(),
  });
  if (!response.ok) return undefined;
  try {
    const body = (await response.json()) as { errorCode?: unknown };
    return typeof body.errorCode === 'number' ? { errorCode: body.errorCode } : undefined;
  } catch {
    return undefined;
  }
}
