import type { LoginEvent, LogoutEvent, Unsubscribe } from './types';

/** The login/logout subscribers of one provider instance; a throwing handler does not stop the others. */
export class IdentityEvents {
  private readonly login = new Set<(event: LoginEvent) => void>();
  private readonly logout = new Set<(event: LogoutEvent) => void>();

  onLogin = (handler: (event: LoginEvent) => void): Unsubscribe => {
    this.login.add(handler);
    return () => this.login.delete(handler);
  };

  onLogout = (handler: (event: LogoutEvent) => void): Unsubscribe => {
    this.logout.add(handler);
    return () => this.logout.delete(handler);
  };

  emitLogin(event: LoginEvent): void {
    for (const handler of [...this.login]) safely(() => handler(event));
  }

  emitLogout(): void {
    const event: LogoutEvent = { eventName: 'logout' };
    for (const handler of [...this.logout]) safely(() => handler(event));
  }
}

function safely(run: () => void) {
  try {
    run();
  } catch (error) {
    console.error('identity: event handler failed', error);
  }
}

/** The sections an onLogin event carries, so adapters ask for them with every login. */
export const LOGIN_EVENT_SECTIONS = ['profile', 'data', 'preferences', 'subscriptions'] as const;

/** Adds the sections the login event needs to a caller's `include`, keeping what the caller asked for. */
export function withLoginSections(include: string | undefined): string {
  const parts = (include ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  for (const section of LOGIN_EVENT_SECTIONS) if (!parts.includes(section)) parts.push(section);
  return parts.join(',');
}

/** Builds the contract's login event from a successful answer. */
export function loginEventFrom(
  answer: { UID?: string; profile?: unknown; data?: unknown; preferences?: unknown; subscriptions?: unknown; newUser?: boolean },
  provider: string,
  newUser: boolean,
): LoginEvent {
  return {
    eventName: 'login',
    UID: answer.UID ?? '',
    provider,
    profile: answer.profile as LoginEvent['profile'],
    data: answer.data as LoginEvent['data'],
    preferences: answer.preferences as LoginEvent['preferences'],
    subscriptions: answer.subscriptions as LoginEvent['subscriptions'],
    newUser: answer.newUser ?? newUser,
  };
}
