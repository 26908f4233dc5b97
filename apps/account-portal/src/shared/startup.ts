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
 * Session storage key of the page a social login was started for (SocialLogin.tsx). Every start writes it, so it
 * also tells that this tab started a social login.
 */
export const SOCIAL_LOGIN_RETURN_KEY = 'socialLoginReturnPath';

/**
 * Key of the social identity waiting on /social/link-accounts (spec 000 §3 names it). In session storage, not local
 * storage as the spec has it: the token, and with it the e-mail of the account it meets, must not outlive the tab
 * (QA: the next visitor of the link page saw another person's e-mail).
 */
export const ACCOUNT_LINKING_REG_TOKEN_KEY = 'accountLinkingRegToken';

const LINK_PAGE = '/social/link-accounts';

let socialRegToken: string | undefined;

/** The regToken the social login of this tab came back with, taken out of the address at start-up. */
export const returnedSocialRegToken = () => socialRegToken;

/**
 * The start-up parameters of spec 000 §2, read once when the app starts: `gig_regSource` is kept in session
 * storage (and cleared when absent); `gig_preselectRegistration=true` replaces the URL with /registration.
 * Answers the URL to show instead of the current one, or undefined to keep it.
 *
 * Tokens too: a social login's `regToken` leaves the address at once and waits in memory (returnedSocialRegToken),
 * and only for the tab whose social login asked for it; the browser's history keeps the address as it came, and
 * opened again from there, with another person's registration to finish, it is no return at all (QA). A link token
 * waits only for the link page: the app started on any other page ends the linking.
 */
export function applyStartupParameters(url: URL, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined = safeSessionStorage()): string | undefined {
  const query = new URLSearchParams(url.search);
  const regSource = query.get('gig_regSource');
  const regToken = query.get('regToken');
  socialRegToken = undefined;
  try {
    if (regSource) storage?.setItem(REG_SOURCE_KEY, regSource);
    else storage?.removeItem(REG_SOURCE_KEY);
    if (url.pathname !== LINK_PAGE) storage?.removeItem(ACCOUNT_LINKING_REG_TOKEN_KEY);
    if (regToken && storage?.getItem(SOCIAL_LOGIN_RETURN_KEY) != null) {
      socialRegToken = regToken;
      // Taken once: the same address opened again, even in this tab, is no return.
      storage.removeItem(SOCIAL_LOGIN_RETURN_KEY);
    }
  } catch {
    // storage can be unavailable (private mode); the registration then goes without a source
  }
  if (regToken !== null) {
    query.delete('regToken');
    if (!socialRegToken) query.delete('errorCode');
  }
  const preselect = query.get('gig_preselectRegistration') === 'true';
  if (!preselect && regToken === null) return undefined;
  query.delete('gig_preselectRegistration');
  const search = query.toString();
  return `${preselect ? '/registration' : url.pathname}${search ? `?${search}` : ''}${url.hash}`;
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
