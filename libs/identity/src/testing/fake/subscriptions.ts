import { Links, Pages } from '@portal/identity-contract';
import { ErrorCode, type ValidationError } from '../../envelope';
import { REG_TOKEN_LIFETIME, REMINDER_CONFIRM_LIFETIME, VERIFICATION_LIFETIME, type Account } from './model';
import type { FakeStore } from './store';
import { emptyKeyParts, leaves } from './rules';
import { clone, dropUndefined, isBlank, isPlainObject } from './values';

// Subscriptions with double opt-in, the confirmation link, and the subscriber regToken of the preference centre.

/**
 * The `isSubscribed` changes of a write, by key, or the errors: a key the schema does not know, a subscription not
 * written as `{KEY: {email: {…}}}`, a value that is not a boolean. The rest of a subscription (its double opt-in
 * state) is the provider's and is ignored.
 */
export function checkSubscriptions(store: FakeStore, updates: unknown): { changes: Record<string, boolean>; errors: ValidationError[] } {
  const changes: Record<string, boolean> = {};
  const errors: ValidationError[] = emptyKeyParts('subscriptions', updates);
  for (const [path, value] of leaves(updates)) {
    const [key = '', channel, attribute] = path.split('.');
    if (!store.schema.subscriptionsSchema.fields[`${key}.email`]) {
      errors.push({ fieldName: `subscriptions.${key}`, errorCode: ErrorCode.INVALID_PARAMETER, message: 'Unknown subscription' });
    } else if (channel !== 'email' || attribute === undefined) {
      errors.push({ fieldName: `subscriptions.${path}`, errorCode: ErrorCode.INVALID_PARAMETER, message: 'Write a subscription as {KEY: {email: {isSubscribed: true or false}}}.' });
    } else if (attribute === 'isSubscribed') {
      // JSON's true or false only, as the embedded provider (QA round of 2026-11-29: it took "true", 1 and "T").
      if (typeof value === 'boolean') changes[key] = value;
      else errors.push({ fieldName: `subscriptions.${path}`, errorCode: ErrorCode.INVALID_PARAMETER, message: 'The value must be true or false.' });
    }
  }
  return { changes, errors };
}

type EmailChannel = { isSubscribed?: boolean; doubleOptIn?: Record<string, unknown> } | undefined;

function emailChannel(acc: Pick<Account, 'subscriptions'> | undefined, key: string): EmailChannel {
  return (acc?.subscriptions[key] as { email?: EmailChannel } | undefined)?.email;
}

/** Whether turning `key` on (wanted) for the account (undefined: a new one) mails a double opt-in confirmation. */
function mailsConfirmation(store: FakeStore, current: EmailChannel, key: string, wanted: boolean): boolean {
  const doubleOptIn = store.schema.subscriptionsSchema.fields[`${key}.email`]?.doubleOptIn === true;
  return wanted && !current?.isSubscribed && doubleOptIn && current?.doubleOptIn?.status !== 'Confirmed';
}

/** How many double opt-in confirmations applying checked `isSubscribed` changes to the account would mail. */
export function confirmationsDue(store: FakeStore, acc: Account | undefined, changes: Record<string, boolean>): number {
  return Object.entries(changes).filter(([key, wanted]) => mailsConfirmation(store, emailChannel(acc, key), key, wanted)).length;
}

/**
 * Applies checked `isSubscribed` changes; a new subscription to a double opt-in key mails its confirmation link, unless
 * `mail` is false: the states alone, as a registration's own values keep them (registrant.ts).
 */
export function applySubscriptions(store: FakeStore, acc: Account, changes: Record<string, boolean>, mail = true) {
  for (const [key, wanted] of Object.entries(changes)) {
    const current = emailChannel(acc, key);
    let status = (current?.doubleOptIn?.status as string | undefined) ?? 'NotConfirmed';
    let emailSentTime = current?.doubleOptIn?.emailSentTime as string | undefined;
    if (mailsConfirmation(store, current, key, wanted)) {
      if (mail) {
        const token = store.issue('double-opt-in', confirmationLifetime(key), { UID: acc.UID, subscription: key });
        store.send(acc, 'double-opt-in', token, `${store.linkBase}${Links.confirmSubscription.path}?${Links.confirmSubscription.tokenParam}=${token.token}`);
      }
      status = 'Pending';
      emailSentTime = store.iso(store.now());
    }
    if (!wanted) {
      status = 'NotConfirmed';
      if (mail) for (const t of store.tokens.values()) if (t.kind === 'double-opt-in' && t.UID === acc.UID && t.subscription === key) t.used = true;
    }
    const changed = wanted !== (current?.isSubscribed === true);
    acc.subscriptions[key] = {
      email: dropUndefined({
        isSubscribed: wanted,
        doubleOptIn: dropUndefined({ status, emailSentTime, confirmTime: status === 'Confirmed' ? current?.doubleOptIn?.confirmTime : undefined }),
        lastUpdatedSubscriptionState: changed ? store.iso(store.now()) : (current as { lastUpdatedSubscriptionState?: string } | undefined)?.lastUpdatedSubscriptionState,
      }),
    };
  }
}

/** How long the double opt-in link of subscription `key` stays valid. */
function confirmationLifetime(key: string): number {
  return key === 'SVC_PRODUCT_REMINDER' ? REMINDER_CONFIRM_LIFETIME : VERIFICATION_LIFETIME;
}

/**
 * A subscription still waiting for its double opt-in when its link expired is no longer subscribed: the request
 * lapsed with its link, and choosing the subscription again mails a new one (as the embedded provider's
 * currentSubscriptions). The state changes at the link's end.
 */
export function lapseUnconfirmed(store: FakeStore, acc: Account) {
  for (const [key, value] of Object.entries(acc.subscriptions)) {
    const email = (value as { email?: { isSubscribed?: boolean; doubleOptIn?: { status?: string; emailSentTime?: string } } } | undefined)?.email;
    const sent = Date.parse(email?.doubleOptIn?.emailSentTime ?? '');
    if (!email?.isSubscribed || email.doubleOptIn?.status !== 'Pending' || Number.isNaN(sent)) continue;
    const ended = sent + confirmationLifetime(key);
    if (ended > store.now()) continue;
    acc.subscriptions[key] = {
      email: { ...email, isSubscribed: false, doubleOptIn: { ...email.doubleOptIn, status: 'NotConfirmed' }, lastUpdatedSubscriptionState: store.iso(ended) },
    };
  }
}

/**
 * Follows a double opt-in link; answers where the browser lands, as the service does: the confirmed page, else the
 * preference centre's error page with the code (404000 unknown or used, 403002 expired).
 */
export function openConfirmationLink(store: FakeStore, value: string): string {
  const token = store.tokens.get(value);
  const failed = (code: number) => `${Pages.preferencesDoubleOptInError}${code}`;
  if (!token || token.kind !== 'double-opt-in' || token.used) return failed(ErrorCode.NOT_FOUND);
  if (token.expiresAt <= store.now()) return failed(ErrorCode.ACTIVATION_EXPIRED);
  const acc = token.UID === undefined ? undefined : store.accounts.get(token.UID);
  const sub = acc && token.subscription ? (acc.subscriptions[token.subscription] as { email?: { isSubscribed?: boolean; doubleOptIn?: object } } | undefined) : undefined;
  if (!acc || !sub?.email?.isSubscribed) return failed(ErrorCode.NOT_FOUND);
  token.used = true;
  sub.email.doubleOptIn = { ...sub.email.doubleOptIn, status: 'Confirmed', confirmTime: store.iso(store.now()) };
  return Pages.preferencesDoubleOptInDone;
}

/**
 * Whether the account is a newsletter subscriber's and nothing more: no registration, password, social login or
 * passkey. Every call but the preference centre's answers such an address as one without an account.
 */
export function newsletterOnly(store: FakeStore, acc: Account): boolean {
  return !acc.isRegistered && acc.password === undefined && acc.social.length === 0 && !store.hasPasskey(acc);
}

/** The data sections of the newsletters (tiles, favourite store, marketing consents): identity.MarketingDataSections. */
const MARKETING_DATA_SECTIONS = ['preference', 'sfmc'];

/** own with every value of held that own lacks (nested objects field by field). */
function fillMissing(own: Record<string, unknown>, held: Record<string, unknown>): Record<string, unknown> {
  const out = clone(own);
  for (const [key, value] of Object.entries(held)) {
    const mine = out[key];
    if (isBlank(mine)) out[key] = clone(value);
    else if (isPlainObject(mine) && isPlainObject(value)) out[key] = fillMissing(mine, value);
  }
  return out;
}

type Channel = { email?: { isSubscribed?: boolean; doubleOptIn?: { status?: string } } } | undefined;

/**
 * A confirmed e-mail change to a newsletter subscriber's address (the link proved it, the subscriber's as much as the
 * account's): the subscriber's account joins acc and is gone (as the embedded provider's absorbSubscriber). Its
 * subscriptions come along where acc has none on (or a confirmed one where acc's waits), with their waiting links,
 * and what acc lacks of its marketing data; acc's profile and customer data stay acc's.
 */
export function absorbSubscriber(store: FakeStore, acc: Account, subscriber: Account) {
  for (const [key, value] of Object.entries(subscriber.subscriptions)) {
    const theirs = (value as Channel)?.email;
    const own = (acc.subscriptions[key] as Channel)?.email;
    if (!theirs?.isSubscribed || (own?.isSubscribed && (own.doubleOptIn?.status === 'Confirmed' || theirs.doubleOptIn?.status !== 'Confirmed'))) continue;
    acc.subscriptions[key] = clone(value);
    for (const t of store.tokens.values()) if (t.kind === 'double-opt-in' && t.UID === subscriber.UID && t.subscription === key) t.UID = acc.UID;
  }
  for (const section of MARKETING_DATA_SECTIONS) {
    const held = subscriber.data[section];
    if (isPlainObject(held)) acc.data[section] = fillMissing(isPlainObject(acc.data[section]) ? acc.data[section] : {}, held);
  }
  store.accounts.delete(subscriber.UID);
}

/** The backend's token exchange for a newsletter subscriber: finds or creates a lite account, 1 h regToken. */
export function issueSubscriberRegToken(store: FakeStore, email: string) {
  store.purge();
  const acc = store.byEmail(email) ?? store.newAccount(email, 'lite');
  const token = store.issue('subscriber', REG_TOKEN_LIFETIME, { UID: acc.UID });
  return { regToken: token.token, createdAt: store.iso(store.now()), expiresAt: store.iso(token.expiresAt) };
}

/** The prefix of the regTokens the service's token exchange answers in QA mode (services/api/internal/qamode). */
export const SERVICE_SUBSCRIBER_TOKEN_PREFIX = 'qa-subscriber.';

/**
 * In QA mode the service exchanges the preference centre link's JWT (verified as always) for
 * `qa-subscriber.<base64url(e-mail)>`, because the accounts live here, in the browser. The first time such a
 * token is used it is adopted as what the backend's exchange would have made: a subscriber regToken for that
 * address, which finds or creates its newsletter (lite) account, valid one hour on the fake's clock.
 */
export function adoptServiceSubscriberToken(store: FakeStore, value: string) {
  if (!value.startsWith(SERVICE_SUBSCRIBER_TOKEN_PREFIX) || store.tokens.has(value)) return;
  const email = decodeBase64Url(value.slice(SERVICE_SUBSCRIBER_TOKEN_PREFIX.length));
  if (!email?.includes('@')) return;
  const acc = store.byEmail(email) ?? store.newAccount(email, 'lite');
  store.tokens.set(value, { token: value, kind: 'subscriber', UID: acc.UID, expiresAt: store.now() + REG_TOKEN_LIFETIME, used: false });
}

function decodeBase64Url(value: string): string | undefined {
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}
