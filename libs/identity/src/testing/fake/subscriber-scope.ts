import { SubscriberScope } from '@portal/identity-contract';
import { isEmailAddress, isPlainObject } from './values';

// A subscriber regToken (the preference centre's) reaches the contract's subscriberScope, what the centre shows and
// saves (spec 001 §3, §7), not the customer account behind the address (as the embedded provider's
// subscriber_scope.go).

const SECTIONS = ['profile', 'data', 'preferences', 'subscriptions'] as const;

/** Whether scope covers the dotted name (names it or a name above it), and whether it names something below it. */
function covers(scope: readonly string[], name: string): { covered: boolean; below: boolean } {
  if (scope.some((s) => s === name || name.startsWith(`${s}.`))) return { covered: true, below: false };
  return { covered: false, below: scope.some((s) => s.startsWith(`${name}.`)) };
}

/** The part of values (the section or object called name) that scope covers. */
function inScope(scope: readonly string[], name: string, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const path = `${name}.${key}`;
    const { covered, below } = covers(scope, path);
    if (covered) out[key] = value;
    else if (below && isPlainObject(value)) out[key] = inScope(scope, path, value);
  }
  return out;
}

/** The first field of values (the section or object called name) that scope does not cover. */
function outsideScope(scope: readonly string[], name: string, values: unknown): string | undefined {
  if (!isPlainObject(values)) return undefined;
  for (const key of Object.keys(values).sort()) {
    const path = `${name}.${key}`;
    const { covered, below } = covers(scope, path);
    if (covered) continue;
    const value = values[key];
    if (below && isPlainObject(value)) {
      const field = outsideScope(scope, path, value);
      if (field) return field;
      continue;
    }
    return path;
  }
  return undefined;
}

/** What getAccountInfo answers a subscriber regToken: the answers the scope names and the sections' fields it reads. */
export function subscriberView<T extends Record<string, unknown>>(answer: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const name of SubscriberScope.answers) if (answer[name] !== undefined) out[name] = answer[name];
  for (const section of SECTIONS) {
    const values = answer[section];
    if (isPlainObject(values)) out[section] = inScope(SubscriberScope.read, section, values);
  }
  return out as Partial<T>;
}

/**
 * The first field of a write a subscriber regToken may not make (undefined when it may make all of it): the login
 * details (password, newPassword, an address other than the account's own) and what the scope does not write.
 */
export function subscriberRefusal(
  email: string,
  params: { password?: string; newPassword?: string; profile?: unknown; data?: unknown; preferences?: unknown; subscriptions?: unknown },
): string | undefined {
  if (params.password) return 'password';
  if (params.newPassword) return 'newPassword';
  let profile = params.profile;
  if (isPlainObject(profile) && profile.email !== undefined) {
    // The account's own address, as the centre may send it back, writes nothing.
    const given = typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : '';
    if (!isEmailAddress(given) || given !== email) return 'profile.email';
    profile = Object.fromEntries(Object.entries(profile).filter(([key]) => key !== 'email'));
  }
  const sections: Record<(typeof SECTIONS)[number], unknown> = {
    profile,
    data: params.data,
    preferences: params.preferences,
    subscriptions: params.subscriptions,
  };
  for (const section of SECTIONS) {
    const field = outsideScope(SubscriberScope.write, section, sections[section]);
    if (field) return field;
  }
  return undefined;
}
