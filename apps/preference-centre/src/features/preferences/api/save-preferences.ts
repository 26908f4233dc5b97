import type { AccountData, DeepPartial, IdentityProvider, Profile, SetAccountInfoResponse, SubscriptionsUpdate } from '@portal/identity';

/** What a save writes; `null` in data or profile removes a value (the provider deep-merges). */
export interface PreferencesUpdate {
  subscriptions: SubscriptionsUpdate;
  data?: DeepPartial<AccountData>;
  profile?: Record<string, unknown>;
}

/**
 * `accounts.setAccountInfo` with the regToken; the envelope comes back as is, errors included. `lang` is the page's
 * language: the double opt-in mails a save sends speak it (a newsletter-only subscriber's were German, QA).
 */
export function savePreferences(provider: IdentityProvider, regToken: string, update: PreferencesUpdate, lang: string): Promise<SetAccountInfoResponse> {
  return provider.setAccountInfo({
    regToken,
    lang,
    ...(Object.keys(update.subscriptions).length > 0 ? { subscriptions: update.subscriptions } : {}),
    ...(update.data ? { data: update.data } : {}),
    ...(update.profile ? { profile: update.profile as DeepPartial<Profile> } : {}),
  });
}
