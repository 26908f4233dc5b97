import { queryOptions, useQuery } from '@tanstack/react-query';
import { isSuccess, useIdentity, type IdentityProvider } from '@portal/identity';

/** The account a regToken stands for, to see which required fields it still lacks. */
export function pendingAccountQuery(provider: IdentityProvider, regToken: string | undefined) {
  return queryOptions({
    queryKey: ['pending-account', regToken],
    queryFn: async () => {
      const answer = await provider.getAccountInfo({ regToken, include: 'profile,data,preferences' });
      // An unknown or expired regToken: the caller treats it like a missing one.
      return isSuccess(answer) ? { expired: false as const, account: answer } : { expired: true as const };
    },
    enabled: Boolean(regToken),
    retry: false,
  });
}

export function usePendingAccount(regToken: string | undefined) {
  const { provider } = useIdentity();
  return useQuery(pendingAccountQuery(provider, regToken));
}
