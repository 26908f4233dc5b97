import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSite } from '@portal/cms';
import {
  ACCOUNT_EXTRA_PROFILE_FIELDS,
  ACCOUNT_INCLUDE,
  ErrorCode,
  isSuccess,
  isUnauthorized,
  useIdentity,
  type AccountInfo,
  type IdentityProvider,
  type RegistrationPartial,
} from '@portal/identity';
import { renewSubscriberToken, type Relink } from './exchange-subscriber-token';

/** The look-up failed: 403005 (no valid regToken) is expected and stays silent (spec 001 §8). */
export class AccountLoadError extends Error {
  constructor(readonly errorCode: number) {
    super(`getAccountInfo answered ${errorCode}`);
    this.name = 'AccountLoadError';
  }
}

/** isRegistered: an account the shopper logs in with, which a full unsubscribe keeps (the unsubscribe dialog's text). */
export type SubscriberAccount = Pick<AccountInfo, 'UID' | 'profile' | 'data' | 'preferences' | 'subscriptions' | 'isRegistered'>;

/** `accounts.getAccountInfo` with the regToken: data, preferences, profile (and subscriptions), plus phones. */
export async function getSubscriberAccount(provider: IdentityProvider, regToken: string): Promise<SubscriberAccount> {
  const answer = await provider.getAccountInfo({ include: ACCOUNT_INCLUDE, extraProfileFields: ACCOUNT_EXTRA_PROFILE_FIELDS, regToken });
  if (!isSuccess(answer) || !answer.UID) {
    if (!isUnauthorized(answer)) console.warn('preference centre: getAccountInfo answered', answer.errorCode);
    throw new AccountLoadError(answer.errorCode);
  }
  const { UID, profile, data, preferences, subscriptions, isRegistered } = answer;
  return { UID, profile, data, preferences, subscriptions, isRegistered };
}

/**
 * The account as the provider has it now, with the regToken that read it. 403005 on the look-up is ignored (spec
 * 001 §8): the regToken may have run out meanwhile (a tab woken from sleep), so the link's token is exchanged once
 * more and the look-up repeated; only then it counts.
 */
export async function readSubscriberAccount(
  provider: IdentityProvider,
  regToken: string,
  renewRegToken: () => Promise<string>,
): Promise<{ account: SubscriberAccount; regToken: string }> {
  try {
    return { account: await getSubscriberAccount(provider, regToken), regToken };
  } catch (error) {
    if (!(error instanceof AccountLoadError) || error.errorCode !== ErrorCode.UNAUTHORIZED) throw error;
    const renewed = await renewRegToken();
    return { account: await getSubscriberAccount(provider, renewed), regToken: renewed };
  }
}

export function subscriberAccountQueryOptions(
  provider: IdentityProvider,
  jwt: string,
  regToken: string | undefined,
  remember: (regToken: string, partial: RegistrationPartial) => void,
  renewRegToken: () => Promise<string>,
) {
  return queryOptions({
    // Not keyed by the regToken: a renewed regToken reads the same account.
    queryKey: ['preference-centre', 'account', jwt],
    queryFn: async () => {
      const { account, regToken: used } = await readSubscriberAccount(provider, regToken!, renewRegToken);
      // The app's account state (useIdentity) follows, for anything else that reads it.
      remember(used, account);
      return account;
    },
    enabled: Boolean(regToken),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** The link subscriber's account, loaded through the identity provider with the regToken. */
export function useSubscriberAccount(jwt: string, regToken: string | undefined, relink?: Relink) {
  const { provider, setRegistration } = useIdentity();
  const { metadata } = useSite();
  const queryClient = useQueryClient();
  const renew = async () => (await renewSubscriberToken(queryClient, metadata.restApi, jwt, relink)).regToken;
  return useQuery(subscriberAccountQueryOptions(provider, jwt, regToken, setRegistration, renew));
}
