import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The service's /third-party/consent.js (services/api/internal/thirdparty), which both apps' pages load when the
 * metadata names a consent manager, run here as a page runs it: read from its own script element's attributes.
 * QA security round of 2026-11-29: a mail link's token in the address (a reset link's, the preference centre's) was
 * there for the tag manager to read; the script must start nothing third-party until the app has taken it out.
 */
const source = readFileSync(path.resolve(__dirname, '../../../services/api/internal/thirdparty/consent.js'), 'utf8');
const LOADER = 'https://web.cmp.usercentrics.eu/ui/loader.js';

function runConsentScript() {
  const script = document.createElement('script');
  script.setAttribute('data-consent-manager', LOADER);
  script.setAttribute('data-settings-id', 'AbC123');
  script.textContent = source;
  document.head.appendChild(script);
}

const consentManager = () => document.getElementById('usercentrics-cmp');

beforeEach(() => {
  jest.useFakeTimers();
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
});
afterEach(() => jest.useRealTimers());

describe('consent.js and a token in the address', () => {
  it.each(['/login', '/preferences/token/', '/preferences/token/#newsletter', '/double-opt-in-done?errorCode=0', '/login/reset-password'])(
    '%s: the consent manager starts at once',
    (address) => {
      window.history.replaceState(null, '', address);
      runConsentScript();
      expect(consentManager()).toHaveAttribute('src', LOADER);
      expect(consentManager()).toHaveAttribute('data-settings-id', 'AbC123');
    },
  );

  it.each([
    ['/login/reset-password?pwrt=reset-token', '/login/reset-password'],
    ['/login/reset-password?lang=fr-BE&pwrt=reset-token', '/login/reset-password'],
    ['/preferences/token/eyJ.link.jwt#newsletter', '/preferences/token/#newsletter'],
    ['/double-opt-in-done#verify=verify-token', '/double-opt-in-done?errorCode=0'],
    ['/preferences/double-opt-in-done#subscription=doi-token', '/preferences/double-opt-in-done?newsletter=NLT_GENERAL'],
    ['/preferences/double-opt-in-done#reminder=reminder-token', '/preferences/double-opt-in-done'],
    ['/login?regToken=social-token&errorCode=206001', '/login?errorCode=206001'],
  ])('%s: nothing third-party starts until the app has put %s in its place', (linked, clean) => {
    window.history.replaceState(null, '', linked);
    runConsentScript();
    jest.advanceTimersByTime(1_000);
    expect(consentManager()).toBeNull();
    window.history.replaceState(null, '', clean);
    jest.advanceTimersByTime(50);
    expect(consentManager()).toHaveAttribute('src', LOADER);
  });
});
