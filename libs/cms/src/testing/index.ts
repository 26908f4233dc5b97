import type { CmsContent, Metadata } from '../types';

/** Metadata as the service's defaults answer it, for tests. */
export function testMetadata(overrides: Partial<Metadata> = {}): Metadata {
  return {
    locales: ['de_DE', 'en_GB', 'fr_FR'],
    defaultLocale: 'de_DE',
    cms: { id: 'portal' },
    restApi: '',
    sso: { apiKey: '', customLogin: false },
    marketingPreferenceCenter: { apiKey: 'embedded' },
    forceConsent: false,
    countryGermany: true,
    ownId: { environment: '', application: '' },
    userCentrics: { settingsId: '' },
    adobeTagManager: { launchUrl: '' },
    validation: { zipCode: { DE: { regex: '^\\d{5}$', errorMessage: 'Bitte geben Sie eine gültige Postleitzahl ein.' } } },
    environmentType: 'development',
    currency: 'EUR',
    identity: { provider: 'embedded', socialProviders: ['apple', 'googleplus', 'facebook'] },
    backButtonReferrers: ['https://photo.example.com', 'https://travel.example.com'],
    ...overrides,
  };
}

/** A small CMS document, for tests. */
export function testContent(overrides: Partial<CmsContent> = {}): CmsContent {
  return {
    header: { logo: { src: '/logo.svg', alt: 'Logo' }, homeUrl: '/' },
    footer: { copyright: '© Test' },
    simpleFooter: { footerLinks: [{ id: 'imprint', label: 'Impressum', url: 'https://example.com/impressum' }] },
    components: { accountPage: { accountLinks: [] }, SsoClientsOverview: { items: [] } },
    ...overrides,
  };
}

/**
 * What the stubbed backend answers; a number answers that HTTP status instead, and 'no answer' gets none at all (the
 * browser's TypeError, as on a phone without a connection).
 */
export interface SiteResponses {
  metadata?: Metadata | number | 'no answer';
  content?: Record<string, CmsContent | number | 'no answer'>;
  /** Answers any other request (REST calls of a feature); undefined falls through to 404. */
  rest?: (url: string, init?: RequestInit) => Response | Promise<Response> | undefined;
}

/**
 * Replaces `fetch` with a stand-in backend for metadata and CMS content. Returns the list of requested URLs, so
 * tests can check which content was asked for.
 */
export function stubSiteFetch(responses: SiteResponses = {}): string[] {
  const requested: string[] = [];
  const metadata = responses.metadata ?? testMetadata();
  const answer = (body: unknown) => {
    if (body === 'no answer') throw new TypeError('Failed to fetch');
    return typeof body === 'number'
      ? ({ ok: false, status: body, json: async () => ({}) } as Response)
      : ({ ok: true, status: 200, json: async () => body } as Response);
  };
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requested.push(url);
    if (url.endsWith('/rest/v1/metadata')) return answer(metadata);
    const match = /\/cms\/(?:[^/]+\/)?([^/]+)\.json$/.exec(url);
    if (match) return answer(responses.content?.[match[1]!] ?? testContent());
    const other = await responses.rest?.(url, init);
    return other ?? answer(404);
  }) as typeof fetch;
  return requested;
}
