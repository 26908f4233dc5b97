import { Links } from '@portal/identity-contract';
import { IdentityTransportError } from '../errors';
import type { IdentityProvider } from '../types';
import { accountDataMethods } from './fake/account-data';
import { withForcedAnswers } from './fake/forced';
import { loginMethods } from './fake/login';
import type { FakeIdentityProvider, FakeProviderOptions } from './fake/model';
import { passkeyMethods } from './fake/passkeys';
import { openVerificationLink, registrationMethods } from './fake/registration';
import { resetMethods } from './fake/reset';
import { socialMethods } from './fake/social';
import { FakeStore } from './fake/store';
import { issueSubscriberRegToken, openConfirmationLink } from './fake/subscriptions';
import { clone } from './fake/values';

export type { ForcedAnswer } from './fake/forced';
export type {
  FakeAccountSeed,
  FakeIdentityProvider,
  FakeMailKind,
  FakeProviderOptions,
  FakeSocialIdentity,
  FakeTokenSeed,
  SentMail,
} from './fake/model';

/**
 * An in-memory identity provider that follows the identity contract: deterministic ids and tokens, a clock
 * the test moves, and the mails it would have sent. Use it in unit tests and in demo/QA builds (never in
 * production); the contract suite keeps it honest against the embedded provider.
 *
 * It is put together from one module per capability (fake/registration, login, account-data, reset, social,
 * subscriptions) over one store (fake/store), plus the controls a test or a QA session needs (below), and
 * answers forced for the next call of a method (fake/forced).
 */
export function createFakeProvider(options: FakeProviderOptions = {}): FakeIdentityProvider {
  const store = new FakeStore(options);
  store.seed(options);

  const provider: IdentityProvider = withForcedAnswers(store, {
    ...registrationMethods(store),
    ...loginMethods(store),
    ...socialMethods(store),
    ...accountDataMethods(store),
    ...resetMethods(store),
    ...passkeyMethods(store),
    onLogin: store.events.onLogin,
    onLogout: store.events.onLogout,
  });

  return {
    ...provider,
    clock: store.clock,
    get sentMails() {
      return store.sentMails;
    },
    get calls() {
      return store.calls;
    },
    lastMail(to, kind) {
      const wanted = to.trim().toLowerCase();
      return [...store.sentMails].reverse().find((m) => m.to === wanted && (kind === undefined || m.kind === kind));
    },
    failNext(method, error = 'network') {
      const queued = store.failures.get(method) ?? [];
      queued.push(typeof error === 'string' ? new IdentityTransportError(error, `accounts.${method}: simulated ${error} failure`) : error);
      store.failures.set(method, queued);
    },
    setOutage(on) {
      store.outage = on;
    },
    openLink(link) {
      store.purge();
      const url = new URL(link, store.linkBase);
      if (url.pathname.endsWith(Links.verifyEmail.path)) return openVerificationLink(store, url.searchParams.get(Links.verifyEmail.tokenParam) ?? '');
      if (url.pathname.endsWith(Links.confirmSubscription.path)) {
        return openConfirmationLink(store, url.searchParams.get(Links.confirmSubscription.tokenParam) ?? '');
      }
      return `${url.pathname}${url.search}`;
    },
    disableAccount(email) {
      const acc = store.byEmail(email);
      if (!acc) throw new Error(`fake identity: no account ${email}`);
      acc.disabled = true;
      if (store.session?.UID === acc.UID) store.session = undefined;
    },
    enableAccount(email) {
      const acc = store.byEmail(email);
      if (acc) acc.disabled = false;
    },
    setSocialIdentity(name, identity) {
      store.social[name] = identity;
    },
    issueSubscriberRegToken: (email) => issueSubscriberRegToken(store, email),
    forceNext(method, answer) {
      const queued = store.forcedAnswers.get(method) ?? [];
      queued.push({ ...answer, method });
      store.forcedAnswers.set(method, queued);
    },
    setConsent(id, details) {
      store.consent[id] = clone(details);
    },
    account(email) {
      store.purge();
      const acc = store.byEmail(email);
      if (!acc) return undefined;
      return {
        ...store.accountAnswer(acc, 'profile,data,preferences,subscriptions', 'phones'),
        email: acc.email,
        locked: acc.lockedUntil > store.now(),
        disabled: acc.disabled,
      };
    },
  };
}
