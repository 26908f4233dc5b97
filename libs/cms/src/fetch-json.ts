/** An answer other than 2xx; the message is the spec's generic fetch failure text. */
export class ResponseError extends Error {
  constructor(readonly status: number) {
    super(`Response had status ${status}`);
    this.name = 'ResponseError';
  }
}

/** GETs JSON, throwing ResponseError for any status other than 2xx. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', ...init });
  if (!response.ok) throw new ResponseError(response.status);
  return (await response.json()) as T;
}
