import type { GigyaLoginEvent, GigyaSdk } from '../adapters/cdc';
import type { Envelope } from '../envelope';

type Answer = Envelope & Record<string, unknown>;

/** A stand-in for the vendor SDK's global `gigya`: each method answers what the script says. */
export interface ScriptedGigya {
  gigya: GigyaSdk;
  /** Every SDK call, without its callback. */
  calls: { method: string; params: Record<string, unknown> }[];
  /** Plays the SDK's login event to the registered handlers. */
  fireLogin(event: GigyaLoginEvent): void;
  fireLogout(): void;
}

/** Methods without a script answer `{errorCode: 0}`. */
export function createScriptedGigya(script: Record<string, (params: Record<string, unknown>) => Answer> = {}): ScriptedGigya {
  const calls: ScriptedGigya['calls'] = [];
  let handlers: { onLogin?: (event: GigyaLoginEvent) => void; onLogout?: (event: unknown) => void } = {};
  const accounts = new Proxy({} as GigyaSdk['accounts'], {
    get(_target, method: string) {
      if (method === 'addEventHandlers') return (h: typeof handlers) => (handlers = { ...handlers, ...h });
      return (params: Record<string, unknown> & { callback: (answer: Answer) => void }) => {
        const { callback, ...rest } = params;
        calls.push({ method, params: rest });
        const answer = script[method]?.(rest) ?? { errorCode: 0 };
        callback(answer);
      };
    },
  });
  return {
    gigya: { accounts },
    calls,
    fireLogin: (event) => handlers.onLogin?.(event),
    fireLogout: () => handlers.onLogout?.({ eventName: 'logout' }),
  };
}
