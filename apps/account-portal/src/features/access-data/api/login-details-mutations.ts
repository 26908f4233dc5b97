import { useMutation } from '@tanstack/react-query';
import { useIdentity } from '@portal/identity';
import { useShownAccountSession } from '../../../shared/shown-account-session';

/**
 * The calls of the login details (change-login-details.ts), loaded with the first submit rather than with the page:
 * /accessdata has no bytes to spare in its first load, and a call that does not load fails as one without a
 * connection does (failureCode: `network`).
 */
const loadCalls = () => import('./change-login-details');

// Each step is made only while the browser's session is the page's account (useShownAccountSession): the password's
// check is a login, which would replace another account's session another tab had started.
export function useConfirmPassword() {
  const { provider, account } = useIdentity();
  const asShown = useShownAccountSession();
  return useMutation({
    mutationFn: (password: string) => loadCalls().then((calls) => calls.confirmPassword(provider, account.profile?.email ?? '', password, asShown)),
  });
}

export function useChangeEmail() {
  const { provider } = useIdentity();
  const asShown = useShownAccountSession();
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => loadCalls().then((calls) => calls.changeEmail(provider, email, password, asShown)),
  });
}

export function useChangePassword() {
  const { provider } = useIdentity();
  const asShown = useShownAccountSession();
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
      loadCalls().then((calls) => calls.changePassword(provider, currentPassword, newPassword, asShown)),
  });
}
