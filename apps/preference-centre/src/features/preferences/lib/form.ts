import { isNewsletterKey, type PreferenceCentreContent, type ProfileFieldName } from '@portal/cms';
import type { AccountData, DeepPartial, SubscriptionsUpdate } from '@portal/identity';
import type { SubscriberAccount } from '../api/get-account';
import type { PreferencesUpdate } from '../api/save-preferences';
import type { ProductReminder } from '../api/search-product-reminders';
import { hasNewsletterSubscription } from './rules';

/** `data.preference.ORGANIC` → `ORGANIC`: the key of a tile inside `data.preference` (openapi AccountPreferences). */
export function preferenceKey(preference: string): string {
  return preference.replace(/^data\.preference\./, '');
}

/** The profile inputs of the form; empty strings where the account has no value. */
export interface ProfileValues {
  firstName: string;
  lastName: string;
  birthDay?: number;
  birthMonth?: number;
  birthYear?: number | string;
  zip: string;
  /**
   * The country the postcode is checked against and saved with: the account's; for a postcode without one, DE, as
   * the service has it on the German site; else the shopper's (shopperCountry).
   */
  country: string;
}

/** The favourite store as the combobox holds it: the chosen store's id (empty while typing) and the text shown. */
export interface FavouriteStoreValue {
  id: string;
  text: string;
  /** false for a saved favourite that has closed since (spec 001 §5). */
  open: boolean;
}

/** What the preference centre's form holds. */
export interface PreferencesValues {
  /** Shown newsletters by key: subscribed or not. */
  newsletters: Record<string, boolean>;
  /** data.sfmc.dataProcessingConsented as the form has it (the initial opt-in may set it). */
  dataProcessingConsented: boolean;
  /** Listed reminders by id: true keeps it, false deletes it on save. */
  keepReminders: Record<string, boolean>;
  /** The tiles by key of data.preference: true/false for a boolean tile, the option value ('' unanswered) for a radio tile. */
  preferences: Record<string, boolean | string>;
  favouriteStore: FavouriteStoreValue;
  /** data.sfmc.personalisationOptIn: personalised newsletters. */
  personalisationOptIn: boolean;
  /** data.salutation: mr, mrs, div or '' (not specified). */
  salutation: string;
  profile: ProfileValues;
}

/** The profile fields the CMS places anywhere in the centre. */
export function shownProfileFields(content: PreferenceCentreContent): Set<ProfileFieldName> {
  const shown = new Set<ProfileFieldName>();
  for (const tab of content.tabs) for (const item of tab.items) if (item.type === 'profileFields') item.fields.forEach((field) => shown.add(field));
  return shown;
}

/** The tiles of the CMS: key of data.preference → kind. */
export function tilesOf(content: PreferenceCentreContent): Map<string, 'boolean' | 'radio'> {
  const tiles = new Map<string, 'boolean' | 'radio'>();
  for (const tab of content.tabs) {
    for (const item of tab.items) {
      if (item.type === 'booleanTile') tiles.set(preferenceKey(item.preference), 'boolean');
      if (item.type === 'radioTile') tiles.set(preferenceKey(item.preference), 'radio');
    }
  }
  return tiles;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function initialValues(
  account: SubscriberAccount,
  content: PreferenceCentreContent,
  keys: string[],
  reminders: ProductReminder[],
  favouriteStore: { uiText: string; open: boolean } | undefined,
  shopperCountry: string,
): PreferencesValues {
  const saved = (account.data?.preference ?? {}) as Record<string, unknown>;
  const profile = (account.profile ?? {}) as Record<string, unknown>;
  const sfmc = (account.data?.sfmc ?? {}) as Record<string, unknown>;
  const storeId = text(saved.FAVORITE_STORE);
  return {
    ...listedNewsletters(account, keys),
    dataProcessingConsented: sfmc.dataProcessingConsented === true,
    keepReminders: Object.fromEntries(reminders.map((reminder) => [reminder.reminderId, true])),
    preferences: Object.fromEntries([...tilesOf(content)].map(([key, kind]) => [key, kind === 'boolean' ? saved[key] === true : text(saved[key])])),
    favouriteStore: { id: storeId, text: storeId ? (favouriteStore?.uiText ?? storeId) : '', open: favouriteStore?.open ?? true },
    personalisationOptIn: sfmc.personalisationOptIn === true,
    salutation: text(account.data?.salutation),
    profile: {
      firstName: text(profile.firstName),
      lastName: text(profile.lastName),
      birthDay: typeof profile.birthDay === 'number' ? profile.birthDay : undefined,
      birthMonth: typeof profile.birthMonth === 'number' ? profile.birthMonth : undefined,
      birthYear: typeof profile.birthYear === 'number' ? profile.birthYear : undefined,
      zip: text(profile.zip),
      // A Belgian's link opens the Belgian page: a first postcode is a Belgian one (QA).
      country: text(profile.country) || (text(profile.zip) ? 'DE' : shopperCountry),
    },
  };
}

const numberOrNull = (value: number | string | undefined) => (value === undefined || value === '' ? null : Number(value));

/** Only what changed is written: unchanged keys stay untouched at the provider; a cleared value is null. */
export function preferencesUpdate(values: PreferencesValues, initial: PreferencesValues, shown: Set<ProfileFieldName>): PreferencesUpdate {
  const subscriptions: SubscriptionsUpdate = {};
  for (const [key, on] of Object.entries(values.newsletters)) {
    if (on !== initial.newsletters[key]) subscriptions[key] = { email: { isSubscribed: on } };
  }
  const data: Record<string, unknown> = {};
  const sfmc: Record<string, unknown> = {};
  if (values.dataProcessingConsented && !initial.dataProcessingConsented) sfmc.dataProcessingConsented = true;
  if (shown.has('personalisationOptIn') && values.personalisationOptIn !== initial.personalisationOptIn) sfmc.personalisationOptIn = values.personalisationOptIn;
  if (Object.keys(sfmc).length > 0) data.sfmc = sfmc;

  const preference: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values.preferences)) {
    if (value !== initial.preferences[key]) preference[key] = value === '' ? null : value;
  }
  if (shown.has('favouriteStore') && values.favouriteStore.id !== initial.favouriteStore.id) preference.FAVORITE_STORE = values.favouriteStore.id || null;
  if (Object.keys(preference).length > 0) data.preference = preference;
  if (shown.has('salutation') && values.salutation !== initial.salutation) data.salutation = values.salutation || null;

  const profile: Record<string, unknown> = {};
  const p = values.profile;
  const before = initial.profile;
  if (shown.has('firstName') && p.firstName.trim() !== before.firstName) profile.firstName = p.firstName.trim() || null;
  if (shown.has('lastName') && p.lastName.trim() !== before.lastName) profile.lastName = p.lastName.trim() || null;
  if (shown.has('dateOfBirth') || shown.has('birthYear')) {
    if (numberOrNull(p.birthYear) !== numberOrNull(before.birthYear)) profile.birthYear = numberOrNull(p.birthYear);
  }
  if (shown.has('dateOfBirth')) {
    if (numberOrNull(p.birthMonth) !== numberOrNull(before.birthMonth)) profile.birthMonth = numberOrNull(p.birthMonth);
    if (numberOrNull(p.birthDay) !== numberOrNull(before.birthDay)) profile.birthDay = numberOrNull(p.birthDay);
  }
  if (shown.has('zip')) {
    if (p.zip.trim() !== before.zip) profile.zip = p.zip.trim() || null;
    // A postcode goes with its country, which the provider holds it to: without one it counts as the site's (DE).
    if (p.country !== before.country || profile.zip) profile.country = p.country;
  }
  return {
    subscriptions,
    data: Object.keys(data).length > 0 ? (data as DeepPartial<AccountData>) : undefined,
    profile: Object.keys(profile).length > 0 ? profile : undefined,
  };
}

/**
 * The form's values as the account has them once a save of `values` is written, what the next save diffs against
 * (preferencesUpdate) until the account read again is the form's start: the texts trimmed, as written.
 */
export function writtenValues(values: PreferencesValues): PreferencesValues {
  const { profile } = values;
  return { ...values, profile: { ...profile, firstName: profile.firstName.trim(), lastName: profile.lastName.trim(), zip: profile.zip.trim() } };
}

/** The listed newsletters (`keys`: displayedNewsletterKeys) as the account has them: subscribed or not. */
export function listedNewsletters(account: SubscriberAccount, keys: string[]): Pick<PreferencesValues, 'newsletters'> {
  return { newsletters: Object.fromEntries(keys.map((key) => [key, account.subscriptions?.[key]?.email?.isSubscribed === true])) };
}

/**
 * Whether `values` leave a newsletter subscribed that the shopper sees: what the save flow's "nothing subscribed"
 * (spec 001 §4: the unsubscribe dialog) and the personalisation opt-in's requirement count. A subscription to a
 * newsletter no longer offered (gone from the content, or past its displayEnd: spec 001 §4 lists it no more) cannot
 * be unticked here; counted, it turned unticking the last listed one into a plain save that kept it, and the full
 * unsubscribe, the one way to withdraw it here, out of reach (QA market round; GDPR Art. 7(3)). The full unsubscribe
 * ends every subscription, those too.
 */
export function staysSubscribed(values: Pick<PreferencesValues, 'newsletters'>): boolean {
  return Object.values(values.newsletters).some(Boolean);
}

/**
 * Whether a save of `values` needs the personalisation opt-in ticked (spec 001 §5: required to save, "To save, please
 * fill in this field."). It is the opt-in to personalised newsletters: only while a listed newsletter stays subscribed
 * (staysSubscribed). A subscriber who has given it keeps it as long as a newsletter stays. One who has not is asked for
 * it by a save that gives something (givesSomething: a subscription, a tile, a store, a name, a birth date), not by
 * one that only withdraws: unticking a newsletter, deleting reminders, clearing a field, nor by a tab change with
 * nothing new. Withdrawing a consent is as easy as giving it and never asks for another (GDPR Art. 7(3), UWG §7(3)):
 * before, a subscriber without the opt-in could withdraw nothing short of unsubscribing from every newsletter, and
 * could not even open the reminders' tab to delete them.
 */
export function personalisationOptInRequired(values: PreferencesValues, initial: PreferencesValues): boolean {
  return staysSubscribed(values) && (initial.personalisationOptIn || givesSomething(values, initial));
}

/**
 * What the shopper gives in a field, or undefined for nothing: an empty text (trimmed, as preferencesUpdate saves it),
 * no answer and off count as nothing. The form's check gets the values as formik hands them to it, an empty text as
 * undefined.
 */
function given(value: unknown): string | number | true | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' || value === true) return value;
  return undefined;
}

/** Whether `now` gives a value the account did not have: a new one, or another one than it had. */
const givesNew = (now: unknown, before: unknown) => given(now) !== undefined && given(now) !== given(before);

/** The birth date's parts as numbers, typed or loaded. */
const birthPart = (value: number | string | undefined) => numberOrNull(value) ?? undefined;

/**
 * Whether a save of `values` gives something the account did not have, where preferencesUpdate writes it: a
 * subscription, a tile ticked or answered, a store, a salutation, a name, a birth date, a postcode or its country.
 * Ending a subscription, deleting a reminder, unticking a tile and clearing a field give nothing.
 */
function givesSomething(values: PreferencesValues, initial: PreferencesValues): boolean {
  const now = values.profile;
  const before = initial.profile;
  return (
    Object.entries(values.newsletters).some(([key, on]) => on && !initial.newsletters[key]) ||
    Object.entries(values.preferences).some(([key, value]) => givesNew(value, initial.preferences[key])) ||
    givesNew(values.favouriteStore.id, initial.favouriteStore.id) ||
    givesNew(values.salutation, initial.salutation) ||
    givesNew(now.firstName, before.firstName) ||
    givesNew(now.lastName, before.lastName) ||
    (['birthDay', 'birthMonth', 'birthYear'] as const).some((part) => givesNew(birthPart(now[part]), birthPart(before[part]))) ||
    givesNew(now.zip, before.zip) ||
    givesNew(now.country, before.country)
  );
}

/** Whether the account keeps any newsletter after saving `values`, listed or not: what opens the tabs (spec 001 §2). */
export function keepsNewsletter(values: Pick<PreferencesValues, 'newsletters'>, account: SubscriberAccount): boolean {
  if (staysSubscribed(values)) return true;
  const hidden = Object.fromEntries(Object.entries(account.subscriptions ?? {}).filter(([key]) => isNewsletterKey(key) && !(key in values.newsletters)));
  return hasNewsletterSubscription(hidden);
}

/**
 * The shown newsletters as a save of `values` leaves them: a save writes only the switches the shopper changed
 * (preferencesUpdate), so every other one stays as the account has it now, which another tab may have changed
 * since the page loaded.
 */
export function newslettersAfterSave(values: PreferencesValues, initial: PreferencesValues, now: SubscriberAccount): Pick<PreferencesValues, 'newsletters'> {
  return {
    newsletters: Object.fromEntries(
      Object.entries(values.newsletters).map(([key, on]) => [key, on !== initial.newsletters[key] ? on : now.subscriptions?.[key]?.email?.isSubscribed === true]),
    ),
  };
}

export function remindersToDelete(values: PreferencesValues): string[] {
  return Object.entries(values.keepReminders)
    .filter(([, keep]) => !keep)
    .map(([id]) => id);
}

/** The subscription a server field name is on: `subscriptions.NLT_X`, or below it (`….email.isSubscribed`), is NLT_X's. */
export function subscriptionKeyOf(fieldName: string): string | undefined {
  return /^subscriptions\.([^.]+)/.exec(fieldName)?.[1];
}

/** Server field names onto the form: `subscriptions.NLT_X(.email.isSubscribed)` is the newsletter's switch, and so on. */
export function formFieldOf(fieldName: string): string {
  const subscription = subscriptionKeyOf(fieldName);
  if (subscription) return `newsletters.${subscription}`;
  if (fieldName === 'data.preference.FAVORITE_STORE') return 'favouriteStore.text';
  const preference = /^data\.preference\.([^.]+)$/.exec(fieldName);
  if (preference) return `preferences.${preference[1]}`;
  if (fieldName === 'data.salutation') return 'salutation';
  if (fieldName === 'data.sfmc.personalisationOptIn') return 'personalisationOptIn';
  if (/^profile\.(birthDay|birthMonth)$/.test(fieldName)) return 'profile.birthYear';
  return fieldName;
}
