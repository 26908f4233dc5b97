import type { AccountData, DeepPartial, IdentityProvider, Profile, SetAccountInfoResponse, SubscriptionsUpdate } from '@portal/identity';

/** What a save writes; `null` in data or profile removes a value (the provider deep-merges). */
export interface PreferencesUpdate {
  subscriptions: SubscriptionsUpdate;
  data?: DeepPartial<AccountData>;
  profile?: Record<string, unknown>;
}

/**
 * `accounts.setAccountInfo` with the regToken; the envelope comes back as is, errors included. `lang` is the page's
 * language tag with its country (nl-BE): the double opt-in mails a save sends speak its language (a newsletter-only
 * subscriber's were German, QA) and name each newsletter as this page does (Belgium's names differ, QA).
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
