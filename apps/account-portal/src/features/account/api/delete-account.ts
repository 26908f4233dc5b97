import { useMutation } from '@tanstack/react-query';
import { message, messages, type Message } from '@portal/forms';
import { ErrorCode, isInvalidLogin, isSuccess, useIdentity, type IdentityProvider } from '@portal/identity';
import { wrongPasswordMessage } from '../../../shared/identity-settings';

export type DeleteAccountOutcome = { kind: 'deleted' } | { kind: 'error'; message: Message };

/** Delete my account with the current password: the provider erases it and ends every session. */
export async function deleteAccount(provider: IdentityProvider, password: string): Promise<DeleteAccountOutcome> {
  if (!provider.deleteAccount) return { kind: 'error', message: message('clp.error.unexpected', 'An unexpected error has occurred.', { code: 'unsupported' }) };
  const answer = await provider.deleteAccount({ password });
  if (isSuccess(answer)) return { kind: 'deleted' };
  if (answer.errorCode === ErrorCode.MISSING_REQUIRED_PARAMETER) return { kind: 'error', message: messages.passwordRequired() };
  if (isInvalidLogin(answer)) return { kind: 'error', message: wrongPasswordMessage() };
  return { kind: 'error', message: message('clp.error.unexpected', 'An unexpected error has occurred.', { code: answer.errorCode }) };
}

export function useDeleteAccount() {
  const { provider } = useIdentity();
  return useMutation({ mutationFn: (password: string) => deleteAccount(provider, password) });
}
