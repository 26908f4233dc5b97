import { isNewsletterKey, type NewsletterContent, type PreferenceCentreContent, type PreferenceTab } from '@portal/cms';
import type { Subscriptions } from '@portal/identity';

export const PRODUCT_REMINDER_KEY = 'SVC_PRODUCT_REMINDER';

/** Subscribed to any newsletter: any NLT… key with email.isSubscribed (spec 001 §4). */
export function hasNewsletterSubscription(subscriptions: Subscriptions | undefined): boolean {
  return Object.entries(subscriptions ?? {}).some(([key, value]) => isNewsletterKey(key) && value?.email?.isSubscribed === true);
}

/** Reminders are listed only when SVC_PRODUCT_REMINDER is subscribed and confirmed (spec 001 §4). */
export function remindersActive(subscriptions: Subscriptions | undefined): boolean {
  const email = subscriptions?.[PRODUCT_REMINDER_KEY]?.email;
  return email?.isSubscribed === true && email.doubleOptIn?.status === 'Confirmed';
}

/** A newsletter is listed only after displayStart and before displayEnd, where those are set (spec 001 §4). */
export function isDisplayed(newsletter: Pick<NewsletterContent, 'displayStart' | 'displayEnd'>, now: number): boolean {
  const start = newsletter.displayStart ? Date.parse(newsletter.displayStart) : NaN;
  const end = newsletter.displayEnd ? Date.parse(newsletter.displayEnd) : NaN;
  if (!Number.isNaN(start) && now < start) return false;
  if (!Number.isNaN(end) && now > end) return false;
  return true;
}

/** The newsletter keys the centre shows: those configured in the tabs and the CMS, inside their display window. */
export function displayedNewsletterKeys(content: PreferenceCentreContent, now: number): string[] {
  const keys: string[] = [];
  for (const tab of content.tabs) {
    for (const item of tab.items) {
      if (item.type !== 'newsletters') continue;
      for (const key of item.keys) {
        const newsletter = content.newsletters[key];
        if (newsletter && isDisplayed(newsletter, now) && !keys.includes(key)) keys.push(key);
      }
    }
  }
  return keys;
}

/** A tab with the newsletter toggles: under forced consent it is the only one open (spec 001 §4). */
export function isNewsletterTab(tab: PreferenceTab): boolean {
  return tab.items.some((item) => item.type === 'newsletters');
}

export type TabAccess = 'open' | 'needsSubscription' | 'needsConsent';

/** Whether a tab opens, or why not (spec 001 §2, §4). */
export function tabAccess(tab: PreferenceTab, options: { subscribed: boolean; consentPending: boolean }): TabAccess {
  if (options.consentPending && !isNewsletterTab(tab)) return 'needsConsent';
  if (tab.accessWithoutNewsletterSubscription || options.subscribed) return 'open';
  return 'needsSubscription';
}

export type UnsubscribeVariant = 'Newsletters' | 'ProductReminders' | 'All';

/**
 * Which confirmation a save that leaves nothing subscribed needs (spec 001 §4), or none when the save still
 * leaves a newsletter or a reminder, or when nothing was subscribed before either.
 */
export function unsubscribeVariant(before: { newsletters: boolean; reminders: number }, after: { newsletters: boolean; reminders: number }): UnsubscribeVariant | undefined {
  if (after.newsletters || after.reminders > 0) return undefined;
  if (before.newsletters && before.reminders > 0) return 'All';
  if (before.newsletters) return 'Newsletters';
  if (before.reminders > 0) return 'ProductReminders';
  return undefined;
}

/** Countries where only the master toggle of the reminders is offered (spec 001 §9). */
const MASTER_TOGGLE_ONLY = new Set(['BE', 'NL', 'PT', 'PL', 'ES', 'LU', 'DE', 'FR']);

/** The country an account counts as from when it names none (spec 001 §9). */
export const DEFAULT_COUNTRY = 'DE';

/** Whether each reminder gets its own toggle, from the account's country (not the page language). */
export function showsReminderToggles(accountCountry: string | undefined): boolean {
  const country = (accountCountry || DEFAULT_COUNTRY).toUpperCase();
  return !MASTER_TOGGLE_ONLY.has(country);
}
