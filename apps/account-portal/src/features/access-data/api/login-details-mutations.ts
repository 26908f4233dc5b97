import { useMutation } from '@tanstack/react-query';
import { useIdentity } from '@portal/identity';

/**
 * The calls of the login details (change-login-details.ts), loaded with the first submit rather than with the page:
 * /accessdata has no bytes to spare in its first load, and a call that does not load fails as one without a
 * connection does (failureCode: `network`). The check that the session is the page's account comes with them.
 */
const loadCalls = () => import('./change-login-details');

// Each step is made only while the browser's session is the page's account (shownAccountSession): the password's
// check is a login, which would replace another account's session another tab had started.
export function useConfirmPassword() {
  const identity = useIdentity();
  return useMutation({
    mutationFn: (password: string) =>
      loadCalls().then((calls) => calls.confirmPassword(identity.provider, identity.account.profile?.email ?? '', password, calls.shownAccountSession(identity))),
  });
}

export function useChangeEmail() {
  const identity = useIdentity();
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      loadCalls().then((calls) => calls.changeEmail(identity.provider, email, password, calls.shownAccountSession(identity))),
  });
}

export function useChangePassword() {
  const identity = useIdentity();
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
      loadCalls().then((calls) => calls.changePassword(identity.provider, currentPassword, newPassword, calls.shownAccountSession(identity))),
  });
}
