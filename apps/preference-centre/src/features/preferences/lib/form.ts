import type { SubscriptionsUpdate } from '@portal/identity';
import type { SubscriberAccount } from '../api/get-account';
import type { PreferencesUpdate } from '../api/save-preferences';
import type { ProductReminder } from '../api/search-product-reminders';
import { hasNewsletterSubscription, isNewsletterKey } from './rules';

/** What the preference centre's form holds. */
export interface PreferencesValues {
  /** Shown newsletters by key: subscribed or not. */
  newsletters: Record<string, boolean>;
  /** data.sfmc.dataProcessingConsented as the form has it (the initial opt-in may set it). */
  dataProcessingConsented: boolean;
  /** Listed reminders by id: true keeps it, false deletes it on save. */
  keepReminders: Record<string, boolean>;
}

export function initialValues(account: SubscriberAccount, keys: string[], reminders: ProductReminder[]): PreferencesValues {
  return {
    newsletters: Object.fromEntries(keys.map((key) => [key, account.subscriptions?.[key]?.email?.isSubscribed === true])),
    dataProcessingConsented: account.data?.sfmc?.dataProcessingConsented === true,
    keepReminders: Object.fromEntries(reminders.map((reminder) => [reminder.reminderId, true])),
  };
}

/** Only what changed is written: unchanged keys stay untouched at the provider. */
export function preferencesUpdate(values: PreferencesValues, initial: PreferencesValues): PreferencesUpdate {
  const subscriptions: SubscriptionsUpdate = {};
  for (const [key, on] of Object.entries(values.newsletters)) {
    if (on !== initial.newsletters[key]) subscriptions[key] = { email: { isSubscribed: on } };
  }
  const data = values.dataProcessingConsented && !initial.dataProcessingConsented ? { sfmc: { dataProcessingConsented: true } } : undefined;
  return { subscriptions, data };
}

/** Whether a newsletter stays subscribed after saving `values`: a shown one in the form, or a hidden one at the provider. */
export function staysSubscribed(values: PreferencesValues, account: SubscriberAccount): boolean {
  if (Object.values(values.newsletters).some(Boolean)) return true;
  const hidden = Object.fromEntries(Object.entries(account.subscriptions ?? {}).filter(([key]) => isNewsletterKey(key) && !(key in values.newsletters)));
  return hasNewsletterSubscription(hidden);
}

export function remindersToDelete(values: PreferencesValues): string[] {
  return Object.entries(values.keepReminders)
    .filter(([, keep]) => !keep)
    .map(([id]) => id);
}

/** Server field names onto the form: `subscriptions.NLT_X(.email.isSubscribed)` is the newsletter's switch. */
export function formFieldOf(fieldName: string): string {
  const match = /^subscriptions\.([^.]+)/.exec(fieldName);
  return match ? `newsletters.${match[1]}` : fieldName;
}
