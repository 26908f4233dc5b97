import { createHttpProvider } from './adapters/http';
import type { IdentityProvider } from './types';

/** The part of the site metadata (`GET /rest/v1/metadata`) that decides the adapter. */
export interface IdentityMetadata {
  environmentType: string;
  identity: { provider: 'embedded' | 'cdc' | 'fake'; cdc?: { apiKey: string; dataCenter?: string } };
}

export interface CreateIdentityProviderOptions {
  /** Language of the vendor SDK's texts (cdc). */
  language: string;
  /** Origin of the embedded provider; '' for the same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** fake only: where the scenario file is; default `/identity-scenario.json`. */
  scenarioUrl?: string;
  /** cdc only: how the vendor script is loaded (tests). */
  loadScript?: (src: string) => Promise<void>;
}

/** The vendor adapter is loaded on demand, so apps that talk to the embedded provider never ship it. */
export const loadCdcProvider = () => import('./adapters/cdc');

/**
 * Picks the adapter the metadata names: `cdc` (vendor Web SDK), `embedded` (the Go service over HTTP) or
 * `fake` (in-memory, outside production only, state from a scenario file).
 */
export async function createIdentityProvider(
  metadata: IdentityMetadata,
  options: CreateIdentityProviderOptions,
): Promise<IdentityProvider> {
  const settings = metadata.identity;
  switch (settings.provider) {
    case 'embedded':
      return createHttpProvider({ baseUrl: options.baseUrl, fetch: options.fetch });
    case 'cdc': {
      if (!settings.cdc?.apiKey) throw new Error('Identity provider "cdc" needs metadata.identity.cdc.apiKey');
      const { createCdcProvider } = await loadCdcProvider();
      return createCdcProvider({
        apiKey: settings.cdc.apiKey,
        dataCenter: settings.cdc.dataCenter || undefined,
        language: options.language,
        loadScript: options.loadScript,
      });
    }
    case 'fake': {
      if (metadata.environmentType === 'production') {
        throw new Error(
          'Identity provider "fake" is not allowed in production: set metadata.identity.provider to "embedded" or "cdc".',
        );
      }
      const scenarioUrl = options.scenarioUrl ?? '/identity-scenario.json';
      const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
      const response = await doFetch(scenarioUrl, { headers: { Accept: 'application/json' } });
      if (!response.ok && response.status !== 404) throw new Error(`Identity scenario ${scenarioUrl}: status ${response.status}`);
      const scenario: unknown = response.ok ? await response.json() : {};
      const { createFakeProviderOfService } = await import('./testing/scenario');
      const fake = createFakeProviderOfService(scenario as Parameters<typeof createFakeProviderOfService>[0], doFetch, options.baseUrl);
      // Browser tests reach the fake's mails and clock through the page (e.g. Playwright's page.evaluate).
      if (typeof window !== 'undefined') (window as Window & { __identityFake?: unknown }).__identityFake = fake;
      return fake;
    }
    default:
      throw new Error(`Unknown identity provider "${String((settings as { provider: unknown }).provider)}" in metadata`);
  }
}
