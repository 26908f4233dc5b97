import { ACCOUNT_LINKING_REG_TOKEN_KEY } from './SocialLogin';

/** The regToken of the social identity waiting on /social/link-accounts (spec 000 §3), if any. */
export function readLinkingRegToken(): string | undefined {
  try {
    return window.localStorage.getItem(ACCOUNT_LINKING_REG_TOKEN_KEY) || undefined;
  } catch {
    return undefined;
  }
}

/** Drops the stored link token: linked, stale (200009), expired, or the shopper left the page. */
export function forgetLinkingRegToken() {
  try {
    window.localStorage.removeItem(ACCOUNT_LINKING_REG_TOKEN_KEY);
  } catch {
    // nothing stored without storage
  }
}
