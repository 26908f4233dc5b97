import { PW_RESET_LOGIN_ID_KEY } from '@portal/identity';

// The login ID a reset was asked for, kept in local storage (spec 000 §3) so that the page the mail's link opens,
// possibly in another tab, can log the shopper in with the new password. Any login event clears it too
// (libs/identity AccountStore). Without storage (private mode) the shopper logs in by hand afterwards.

export function rememberResetLoginId(email: string) {
  try {
    window.localStorage.setItem(PW_RESET_LOGIN_ID_KEY, email);
  } catch {
    // no storage: the completion page offers the login instead
  }
}

export function readResetLoginId(): string | undefined {
  try {
    return window.localStorage.getItem(PW_RESET_LOGIN_ID_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetResetLoginId() {
  try {
    window.localStorage.removeItem(PW_RESET_LOGIN_ID_KEY);
  } catch {
    // nothing kept without storage
  }
}
