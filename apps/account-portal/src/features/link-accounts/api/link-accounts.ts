import { useMutation } from '@tanstack/react-query';
import { isInvalidParameter, isRegistrationUnverified, isStaleLinkToken, useIdentity, type IdentityProvider } from '@portal/identity';
import { failureCode } from '../../../shared/call-failure';
import { forgetLinkingRegToken } from '../../../shared/SocialLogin';
import { loginOutcome, type LoginOutcome } from '../../../shared/login-outcome';

/** A login outcome, or the link token no longer valid (400006: expired, used, or not this account's). */
export type LinkOutcome = LoginOutcome | { kind: 'linkExpired' };

export interface LinkAccountsValues {
  loginID: string;
  password: string;
  regToken: string;
}

/**
 * Logs in with the existing account's password in link mode (spec 000 §7), which links the waiting social
 * identity once the password proved the owner. 200009 (the identity was linked already, the token is stale)
 * drops the stored token and logs in plainly with what was typed (spec 000 §4).
 */
export async function linkAccounts(provider: IdentityProvider, { loginID, password, regToken }: LinkAccountsValues): Promise<LinkOutcome> {
  try {
    let answer = await provider.login({ loginID, password, loginMode: 'link', regToken });
    if (isStaleLinkToken(answer)) {
      forgetLinkingRegToken();
      answer = await provider.login({ loginID, password });
    } else if (isInvalidParameter(answer) && !isRegistrationUnverified(answer)) {
      return { kind: 'linkExpired' };
    }
    return loginOutcome(answer);
  } catch (error) {
    return { kind: 'unexpected', code: failureCode(error) };
  }
}

export function useLinkAccounts() {
  const { provider } = useIdentity();
  return useMutation({ mutationFn: (values: LinkAccountsValues) => linkAccounts(provider, values) });
}
