import type { DeepPartial, AccountData, IdentityProvider, SetAccountInfoResponse, SubscriptionsUpdate } from '@portal/identity';

export interface PreferencesUpdate {
  subscriptions: SubscriptionsUpdate;
  data?: DeepPartial<AccountData>;
}

/** `accounts.setAccountInfo` with the regToken; the envelope comes back as is, errors included. */
export function savePreferences(provider: IdentityProvider, regToken: string, update: PreferencesUpdate): Promise<SetAccountInfoResponse> {
  return provider.setAccountInfo({
    regToken,
    ...(Object.keys(update.subscriptions).length > 0 ? { subscriptions: update.subscriptions } : {}),
    ...(update.data ? { data: update.data } : {}),
  });
}
