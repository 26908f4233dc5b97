import { queryOptions, useQuery } from '@tanstack/react-query';
import { isSuccess, useIdentity, type IdentityProvider, type PasskeyInfo } from '@portal/identity';

// Apart from adding and removing passkeys (passkeys.ts): the e-mail and password sections read whether the account
// has a password from here, and the browser's passkey ceremonies stay with the passkeys section, which loads later.

/** The account's passkeys and whether it has a password (a passwordless account sets its first one). */
function passkeysQuery(provider: IdentityProvider) {
  return queryOptions({
    queryKey: ['identity', 'passkeys'],
    enabled: Boolean(provider.getPasskeys),
    queryFn: async (): Promise<{ passkeys: PasskeyInfo[]; hasPassword: boolean }> => {
      const answer = await provider.getPasskeys!();
      if (!isSuccess(answer)) throw new Error(`getPasskeys answered ${answer.errorCode}`);
      return { passkeys: answer.passkeys ?? [], hasPassword: answer.hasPassword ?? true };
    },
  });
}

export function usePasskeys() {
  const { provider } = useIdentity();
  return useQuery(passkeysQuery(provider));
}
