import { queryOptions, useQuery } from '@tanstack/react-query';
import { isSuccess, useIdentity, type IdentityProvider } from '@portal/identity';

/** The existing account a social identity's e-mail belongs to: its login ID and how it logs in. */
export interface ConflictingAccount {
  loginID: string;
  /** `site` (a password) and social providers; empty when the provider does not say. */
  loginProviders: string[];
}

/** getConflictingAccount with the link token (spec 000 §7); an invalid or expired token answers `expired`. */
export function conflictingAccountQuery(provider: IdentityProvider, regToken: string | undefined) {
  return queryOptions({
    queryKey: ['conflicting-account', regToken],
    queryFn: async (): Promise<{ expired: true } | { expired: false; account: ConflictingAccount }> => {
      const answer = await provider.getConflictingAccount({ regToken: regToken ?? '' });
      const found = answer.conflictingAccount;
      if (!isSuccess(answer) || !found?.loginID) return { expired: true };
      return { expired: false, account: { loginID: found.loginID, loginProviders: found.loginProviders ?? [] } };
    },
    enabled: Boolean(regToken),
    retry: false,
    // The answer belongs to this one token; it does not change while the page is open.
    staleTime: Infinity,
  });
}

export function useConflictingAccount(regToken: string | undefined) {
  const { provider } = useIdentity();
  return useQuery(conflictingAccountQuery(provider, regToken));
}
