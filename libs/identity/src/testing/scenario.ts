import type { AccountSchema, ConsentDetails, Policies, SocialProviderName } from '../types';
import { createClock } from './clock';
import { storeAreasOfService } from './store-areas';
import { parseForcedAnswer, type ForcedAnswer } from './fake/forced';
import {
  createFakeProvider,
  type FakeAccountSeed,
  type FakeIdentityProvider,
  type FakeProviderOptions,
  type FakeSocialIdentity,
  type FakeTokenSeed,
} from './fake-provider';

/**
 * A scenario file (`/identity-scenario.json`) for running the apps wholly in the browser against the fake,
 * e.g. for QA's browser tests of hard cases. In QA mode the service answers it: the scenario the tester chose
 * (services/api/internal/qamode/scenarios), with the service's own schema, policies and consents, and the
 * answers forced for the next call of a method:
 *
 * ```json
 * {
 *   "clock": "2026-03-01T09:00:00Z",
 *   "outage": false,
 *   "accounts": [
 *     { "email": "erika@example.org", "password": "Secret-123", "profile": { "firstName": "Erika" },
 *       "preferences": { "terms": { "customeraccount": { "isConsentGranted": true } } } },
 *     { "email": "blocked@example.org", "password": "Secret-123", "disabled": true },
 *     { "email": "new@example.org", "password": "Secret-123", "unverified": true },
 *     { "email": "locked@example.org", "password": "Secret-123", "locked": true },
 *     { "email": "half@example.org", "password": "Secret-123", "pendingFields": ["profile.zip"] },
 *     { "email": "reader@example.org", "lite": true }
 *   ],
 *   "tokens": [{ "kind": "password-reset", "token": "expired-reset", "email": "erika@example.org", "expired": true }],
 *   "social": { "googleplus": { "email": "erika@example.org", "firstName": "Erika" } }
 * }
 * ```
 */
export interface IdentityScenario {
  /** Start time of the fake's clock (ISO 8601); default 2026-01-01T09:00:00Z. */
  clock?: string;
  /** Every call rejects as if the provider were down. */
  outage?: boolean;
  accounts?: ScenarioAccount[];
  tokens?: FakeTokenSeed[];
  social?: Partial<Record<SocialProviderName, FakeSocialIdentity>>;
  schema?: AccountSchema;
  policies?: Policies;
  consent?: Record<string, ConsentDetails>;
  /** Answers the next calls of these methods give instead of their own (e.g. `login` answers 206006). */
  forcedAnswers?: ForcedAnswer[];
  /** QA mode: accept the regTokens of the service's token exchange (see FakeProviderOptions). */
  serviceSubscriberTokens?: boolean;
  /** What the scenario is for, for people; the fake ignores it (as it ignores any other key). */
  name?: string;
  description?: string;
}

export interface ScenarioAccount extends Omit<FakeAccountSeed, 'verified'> {
  /** Registered but the verification link was not opened yet. */
  unverified?: boolean;
  /** A newsletter-only account without password; `password` must then be absent. */
  lite?: boolean;
}

/** Checks the shape of a parsed scenario file; throws naming the first problem. */
export function parseScenario(input: unknown): IdentityScenario {
  if (!isObject(input)) throw new Error('identity scenario: expected a JSON object');
  const accounts = input.accounts ?? [];
  if (!Array.isArray(accounts)) throw new Error('identity scenario: "accounts" must be a list');
  accounts.forEach((account: unknown, i) => {
    if (!isObject(account) || typeof account.email !== 'string' || !account.email.includes('@')) {
      throw new Error(`identity scenario: accounts[${i}] needs an "email"`);
    }
    if (account.password !== undefined && typeof account.password !== 'string') {
      throw new Error(`identity scenario: accounts[${i}].password must be a string`);
    }
    if (account.lite === true && account.password !== undefined) {
      throw new Error(`identity scenario: accounts[${i}] is lite and cannot have a password`);
    }
    if (account.lite !== true && account.password === undefined && !Array.isArray(account.socialProviders)) {
      throw new Error(`identity scenario: accounts[${i}] needs a "password" (or "lite": true)`);
    }
  });
  if (input.clock !== undefined && Number.isNaN(new Date(String(input.clock)).getTime())) {
    throw new Error('identity scenario: "clock" must be an ISO 8601 time');
  }
  if (input.tokens !== undefined && !Array.isArray(input.tokens)) throw new Error('identity scenario: "tokens" must be a list');
  const forced = input.forcedAnswers ?? [];
  if (!Array.isArray(forced)) throw new Error('identity scenario: "forcedAnswers" must be a list');
  forced.forEach((answer: unknown, i) => parseForcedAnswer(answer, `identity scenario: forcedAnswers[${i}]`));
  return input as IdentityScenario;
}

/**
 * A fake provider in the state the scenario describes. What a scenario file cannot carry comes beside it: the store
 * areas (in QA mode the service's region check, createFakeProviderOfService).
 */
export function createFakeProviderFromScenario(scenario: IdentityScenario, options: Pick<FakeProviderOptions, 'storeAreas'> = {}): FakeIdentityProvider {
  const parsed = parseScenario(scenario);
  const fake = createFakeProvider({
    ...options,
    clock: createClock(parsed.clock),
    outage: parsed.outage,
    accounts: (parsed.accounts ?? []).map(({ unverified, lite, ...account }) => ({
      ...account,
      password: lite ? undefined : account.password,
      verified: !unverified,
    })),
    tokens: parsed.tokens,
    social: parsed.social,
    schema: parsed.schema,
    policies: parsed.policies,
    consent: parsed.consent,
    serviceSubscriberTokens: parsed.serviceSubscriberTokens,
  });
  for (const { method, ...answer } of parsed.forcedAnswers ?? []) fake.forceNext(method, answer);
  return fake;
}

/**
 * The fake of QA mode in a browser: the store areas come from the service's region check, as the browser holds no
 * postcode table. Wired here rather than in createIdentityProvider, which every page loads (page weight).
 */
export function createFakeProviderOfService(scenario: IdentityScenario, fetchFn: typeof fetch, restApi?: string): FakeIdentityProvider {
  return createFakeProviderFromScenario(scenario, { storeAreas: storeAreasOfService(fetchFn, restApi) });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
