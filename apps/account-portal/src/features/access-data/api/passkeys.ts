import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorDetails, isRecentLoginRequired, isSuccess, useIdentity, type IdentityProvider } from '@portal/identity';
import { CeremonyError, type CeremonyFailure } from '../../../shared/passkey-browser';
import { createPasskey } from '../../../shared/passkey-create';

export type AddPasskeyOutcome =
  | { kind: 'done' }
  | { kind: 'recentLogin' }
  | { kind: 'ceremony'; failure: CeremonyFailure }
  | { kind: 'failed'; code: number };

/**
 * Adds a passkey to the session's account: creation options, the browser makes it, the provider stores it. The
 * provider adds one only within a few minutes of a login (RECENT_LOGIN_REQUIRED): `recentLogin`, confirm it is you.
 * Without a typed name it is named `word` (the page language's word for a passkey) with the device's platform.
 */
export async function addPasskey(provider: IdentityProvider, name: string, word: string): Promise<AddPasskeyOutcome> {
  const init = await provider.initPasskeyRegistration!();
  if (isRecentLoginRequired(init)) return { kind: 'recentLogin' };
  if (!isSuccess(init)) return { kind: 'failed', code: init.errorCode };
  let passkey;
  try {
    passkey = await createPasskey(init.options);
  } catch (error) {
    return { kind: 'ceremony', failure: error instanceof CeremonyError ? error.failure : 'failed' };
  }
  const answer = await provider.registerPasskey!({ passkey, name: name.trim() || defaultPasskeyName(word) });
  if (isRecentLoginRequired(answer)) return { kind: 'recentLogin' }; // the login grew old during the ceremony
  return isSuccess(answer) ? { kind: 'done' } : { kind: 'failed', code: answer.errorCode };
}

/**
 * A name the shopper recognises when none was typed: the device's platform, as the browser reports it, after the
 * page language's word (QA: "Passkey (Linux)" on the French page). The name is stored as made, in that language.
 */
function defaultPasskeyName(word: string): string {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform || navigator.platform;
  return platform ? `${word} (${platform})` : word;
}

export type RemovePasskeyOutcome = { kind: 'done' } | { kind: 'last' } | { kind: 'recentLogin' } | { kind: 'failed'; code: number };

/**
 * Removes a passkey of the session's account. A removal ends the account's other sessions, so the provider takes it
 * only within a few minutes of a login, as it adds one (RECENT_LOGIN_REQUIRED): `recentLogin`, confirm it is you.
 */
export async function removePasskey(provider: IdentityProvider, id: string): Promise<RemovePasskeyOutcome> {
  const answer = await provider.removePasskey!({ id });
  if (isSuccess(answer)) return { kind: 'done' };
  if (isRecentLoginRequired(answer)) return { kind: 'recentLogin' };
  if (answer.errorDetails === ErrorDetails.LAST_PASSKEY) return { kind: 'last' };
  return { kind: 'failed', code: answer.errorCode };
}

export function useAddPasskey() {
  const { provider } = useIdentity();
  const { t } = useTranslation();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => addPasskey(provider, name, t('ap.accessdata.passkeys.defaultName')),
    onSettled: () => client.invalidateQueries({ queryKey: ['identity', 'passkeys'] }),
  });
}

export function useRemovePasskey() {
  const { provider } = useIdentity();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removePasskey(provider, id),
    onSettled: () => client.invalidateQueries({ queryKey: ['identity', 'passkeys'] }),
  });
}
