/** Session storage key of the registration source a partner site hands over (spec 000 §3). */
export const REG_SOURCE_KEY = 'regSource';

/** The registration source of this visit, if a partner site handed one over. */
export function readRegSource(storage: Pick<Storage, 'getItem'> | undefined = safeSessionStorage()): string | undefined {
  try {
    return storage?.getItem(REG_SOURCE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The start-up parameters of spec 000 §2, read once when the app starts: `gig_regSource` is kept in session
 * storage (and cleared when absent); `gig_preselectRegistration=true` replaces the URL with /registration.
 * Answers the URL to show instead of the current one, or undefined to keep it.
 */
export function applyStartupParameters(url: URL, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = safeSessionStorage()): string | undefined {
  const regSource = url.searchParams.get('gig_regSource');
  try {
    if (regSource) storage?.setItem(REG_SOURCE_KEY, regSource);
    else storage?.removeItem(REG_SOURCE_KEY);
  } catch {
    // storage can be unavailable (private mode); the registration then goes without a source
  }
  if (url.searchParams.get('gig_preselectRegistration') !== 'true') return undefined;
  const query = new URLSearchParams(url.search);
  query.delete('gig_preselectRegistration');
  const search = query.toString();
  return `/registration${search ? `?${search}` : ''}`;
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
