import { Navigate, Route, Routes } from 'react-router-dom';
import type { AccountSchema } from '@portal/identity';
import { defaultSchema } from '@portal/identity/testing';
import { renderPage, type RenderPageOptions } from '@portal/ui/testing';
import { loadMessages } from '../app/messages';
import { AppRoutes } from '../app/routes';
import { applyStartupParameters } from '../shared/startup';

/**
 * A schema that requires no names, where the service's default (the fake's defaultSchema) requires the first and the last
 * name: with it a registration from /registration is complete and goes to the confirmation, not to finalize.
 */
export const namesOptionalSchema: AccountSchema = {
  ...defaultSchema,
  profileSchema: {
    fields: {
      ...defaultSchema.profileSchema.fields,
      firstName: { ...defaultSchema.profileSchema.fields.firstName!, required: false },
      lastName: { ...defaultSchema.profileSchema.fields.lastName!, required: false },
    },
  },
};

export interface OpenAppOptions extends RenderPageOptions {
  /** Navigation state to open `path` with (as another page would hand it over). */
  state?: unknown;
}

/** Renders the whole app at `path` with its messages, like the browser would open it. */
export function openApp(path: string, { state, ...options }: OpenAppOptions = {}) {
  if (state === undefined) return renderPage(<AppRoutes />, { path, messages: loadMessages, ...options });
  return renderPage(
    <Routes>
      <Route path="/__start" element={<Navigate to={path} state={state} replace />} />
      <Route path="*" element={<AppRoutes />} />
    </Routes>,
    { path: '/__start', messages: loadMessages, ...options },
  );
}

/**
 * Opens the app at `path` as a new page load does: main.tsx's start-up step first (applyStartupParameters, which may
 * take parameters out of the address), then the app at the address it leaves.
 */
export function loadApp(path: string, options: OpenAppOptions = {}) {
  return openApp(applyStartupParameters(new URL(path, 'http://localhost')) ?? path, options);
}

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response> | undefined;

/** Answers some backend calls (region, verification mail) on top of the stubbed site; answers the calls seen. */
export function stubBackend(handler: Handler) {
  const site = globalThis.fetch;
  const calls: { url: string; init?: RequestInit }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const answer = handler(url, init);
    if (answer) {
      calls.push({ url, init });
      return answer;
    }
    return site(input, init);
  }) as typeof fetch;
  return calls;
}

export function jsonResponse(status: number, body?: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body ?? {} } as Response;
}
