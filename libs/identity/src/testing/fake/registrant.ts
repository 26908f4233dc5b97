import type { ConsentState, Preferences } from '../../types';
import type { CheckedWrite } from './account-data';
import type { Account, AccountSections } from './model';
import type { FakeStore } from './store';
import { applySubscriptions } from './subscriptions';
import { clone } from './values';

// A registration of a newsletter subscriber's address upgrades the subscriber's account, but whoever registers has
// not proven the address until the verification link is followed. Until then nothing the subscriber stored changes
// what that registration answers or shows: it is answered as a new account of the address would be for the same
// requests (security finding of 2026-11-30: a registration without names answered 206002 for a subscriber who had
// given names and 206001 for an unknown address). As the embedded provider's registrant.go.

/** Whether the account is a registration over a newsletter subscriber that nobody has confirmed yet. */
export function unconfirmedOverSubscriber(acc: Account): boolean {
  return acc.origin === 'lite' && acc.isRegistered && !acc.isVerified;
}

/**
 * The account as its unconfirmed registration over a newsletter subscriber sees it: its own values in place of the
 * account's, and created when it registered, as a new account would be.
 */
export function registrantView(acc: Account): Account {
  const own = acc.registrant ?? { profile: {}, data: {}, preferences: consentsOfRegistration(acc), subscriptions: {} };
  return {
    ...acc,
    ...clone(own),
    profile: { ...clone(own.profile), email: acc.email },
    created: acc.registeredAt ? Date.parse(acc.registeredAt) : acc.created,
    pendingFields: [],
    registrant: undefined,
  };
}

/**
 * The registration's own values after a write it made, checked against what it saw (`seen`; an empty account for the
 * registration itself): the subscriptions in the states a new account would have, without mailing anything.
 */
export function ownSections(store: FakeStore, seen: Account, write: CheckedWrite): AccountSections {
  const own: Account = { ...seen, subscriptions: clone(seen.subscriptions) };
  applySubscriptions(store, own, write.subscriptions, false);
  return { profile: { ...write.profile, email: seen.email }, data: write.data, preferences: write.preferences, subscriptions: own.subscriptions };
}

/** The consents recorded at the account's registration (their lastConsentModified is its registeredAt). */
function consentsOfRegistration(acc: Account): Preferences {
  const out: Record<string, Record<string, ConsentState>> = {};
  if (!acc.isRegistered || !acc.registeredAt) return out;
  for (const [group, consents] of Object.entries(acc.preferences)) {
    for (const [name, record] of Object.entries((consents ?? {}) as Record<string, ConsentState>)) {
      if (record?.lastConsentModified === acc.registeredAt) (out[group] ??= {})[name] = record;
    }
  }
  return out;
}
