import { screen, waitFor } from '@testing-library/react';
import { testMetadata } from '@portal/cms/testing';
import { CONSENT_EVENT, CONSENT_MANAGER_SCRIPT, loadThirdPartyScripts, tagManagerConsented } from './third-party-scripts';
import { forgetLanguage, renderPage } from './testing';

const LAUNCH = 'https://assets.adobedtm.com/abc/launch-xyz.min.js';

function scripts() {
  return [...document.head.querySelectorAll('script')].map((script) => ({ id: script.id, src: script.src, settings: script.dataset.settingsId }));
}

beforeEach(() => {
  document.head.innerHTML = '';
  forgetLanguage();
});

describe('consent manager and tag manager', () => {
  it('load the consent manager first, and the tag manager only once the shopper consented', () => {
    loadThirdPartyScripts({ settingsId: 'AbC123', launchUrl: LAUNCH });
    expect(scripts()).toEqual([{ id: 'usercentrics-cmp', src: CONSENT_MANAGER_SCRIPT, settings: 'AbC123' }]);

    window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { consent: { status: 'ALL_DENIED' }, services: { s1: { name: 'Adobe Experience Platform Launch', consent: { given: false } } } } }));
    expect(scripts()).toHaveLength(1);

    window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { consent: { status: 'SOME_ACCEPTED' }, services: { s1: { name: 'Adobe Experience Platform Launch', consent: { given: true } } } } }));
    expect(scripts()).toEqual([
      { id: 'usercentrics-cmp', src: CONSENT_MANAGER_SCRIPT, settings: 'AbC123' },
      { id: 'tag-manager', src: LAUNCH, settings: undefined },
    ]);
    window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { consent: { status: 'ALL_ACCEPTED' } } }));
    expect(scripts()).toHaveLength(2);

    loadThirdPartyScripts({ settingsId: 'AbC123', launchUrl: LAUNCH });
    expect(scripts()).toHaveLength(2);
  });

  it('never load the tag manager without a consent manager to consent with', () => {
    loadThirdPartyScripts({ settingsId: '', launchUrl: LAUNCH });
    window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { consent: { status: 'ALL_ACCEPTED' } } }));
    expect(scripts()).toEqual([]);
  });

  it('read consent for the tag manager from the status or from its own service', () => {
    expect(tagManagerConsented({ consent: { status: 'ALL_ACCEPTED' } })).toBe(true);
    expect(tagManagerConsented({ services: [{ name: 'Adobe Analytics', consent: { given: true } }] })).toBe(true);
    expect(tagManagerConsented({ services: { a: { name: 'Google Maps', consent: { given: true } } } })).toBe(false);
    expect(tagManagerConsented(undefined)).toBe(false);
  });

  it('nothing from a third party loads by default', async () => {
    await renderPage(<main>page</main>, { metadata: testMetadata() });
    await screen.findByText('page');
    expect(scripts()).toEqual([]);
  });

  it('the apps start them from the metadata', async () => {
    await renderPage(<main>page</main>, { metadata: testMetadata({ userCentrics: { settingsId: 'AbC123' }, adobeTagManager: { launchUrl: LAUNCH } }) });
    await waitFor(() => expect(scripts()).toEqual([{ id: 'usercentrics-cmp', src: CONSENT_MANAGER_SCRIPT, settings: 'AbC123' }]));
  });
});
