import { ErrorCode, type Envelope, type ValidationError } from '../../envelope';
import { IDENTITY_METHODS, type IdentityMethod, type IdentityProvider, type SocialProviderName } from '../../types';
import { REG_TOKEN_LIFETIME, type Account } from './model';
import type { FakeStore } from './store';

/**
 * An answer the next call of one method gives instead of its own (QA: "login answers 206006"), without acting (as
 * 200009, which opens no session, too). 206001, 206002 and 403043 carry a regToken for the account the call names,
 * so the app's reaction (finalize, link-accounts) has something to work with.
 */
export interface ForcedAnswer {
  method: IdentityMethod;
  errorCode: number;
  errorDetails?: string;
  validationErrors?: ValidationError[];
}

/** Checks the shape of a forced answer (from a scenario file); throws naming the problem. */
export function parseForcedAnswer(input: unknown, where: string): ForcedAnswer {
  const value = input as Partial<ForcedAnswer> | null;
  if (typeof value !== 'object' || value === null) throw new Error(`${where}: expected an object`);
  if (!IDENTITY_METHODS.includes(value.method as IdentityMethod)) throw new Error(`${where}: unknown method "${String(value.method)}"`);
  if (!Number.isInteger(value.errorCode) || (value.errorCode as number) < 0) throw new Error(`${where}: "errorCode" must be a code number`);
  if (value.validationErrors !== undefined && !Array.isArray(value.validationErrors)) throw new Error(`${where}: "validationErrors" must be a list`);
  return value as ForcedAnswer;
}

/** The provider with each method answering a queued forced answer first. */
export function withForcedAnswers(store: FakeStore, provider: IdentityProvider): IdentityProvider {
  const wrapped = { ...provider } as Record<IdentityMethod, (params?: unknown) => Promise<Envelope>>;
  for (const method of IDENTITY_METHODS) {
    const original = (provider[method] as (params?: unknown) => Promise<Envelope>).bind(provider);
    wrapped[method] = async (params?: unknown) => {
      const forced = store.forcedAnswers.get(method)?.shift();
      if (!forced) return original(params);
      store.calls.push({ method, params: params ?? {} });
      return store.fail(forced.errorCode, forced.errorDetails, {
        ...(forced.validationErrors ? { validationErrors: forced.validationErrors } : {}),
        ...tokenFor(store, forced.errorCode, params),
      });
    };
  }
  return wrapped as unknown as IdentityProvider;
}

/** The regToken a forced 206001, 206002 or 403043 carries: for the account the call names, when there is one. */
function tokenFor(store: FakeStore, errorCode: number, params: unknown): { regToken?: string } {
  const p = (params ?? {}) as { loginID?: string; email?: string; regToken?: string; provider?: SocialProviderName };
  const acc: Account | undefined = store.byEmail(p.loginID ?? p.email) ?? store.tokenAccount(p.regToken) ?? store.sessionAccount();
  if (errorCode === ErrorCode.PENDING_REGISTRATION || errorCode === ErrorCode.PENDING_VERIFICATION) {
    return { regToken: acc ? store.registrationToken(acc) : store.issue('registration', REG_TOKEN_LIFETIME).token };
  }
  if (errorCode === ErrorCode.SOCIAL_CONFLICT && acc) {
    const provider = p.provider ?? 'googleplus';
    const identity = { email: acc.email };
    return { regToken: store.issue('social', REG_TOKEN_LIFETIME, { UID: acc.UID, social: { provider, providerUID: `${provider}-forced-${acc.email}`, identity } }).token };
  }
  return {};
}
