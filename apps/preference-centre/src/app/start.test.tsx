import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { stubSiteFetch, testContent } from '@portal/cms/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { startCentre } from './start';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJlcmlrYSJ9.c2lnbmF0dXJl';

let root: Root | undefined;
beforeEach(forgetLanguage);
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

// The app's own query client retries a failed load once, a second later.
jest.setTimeout(20_000);

/** Opens the centre at `address` as the browser does: the app started in the page, with the browser's router. */
async function open(address: string) {
  window.history.replaceState(null, '', address);
  const container = document.body.appendChild(document.createElement('div'));
  await act(async () => {
    root = await startCentre(undefined, container);
  });
}

// Spec 001 §8: the failure shows in place of the centre. The token, which reads and changes the subscriber's data for
// 30 days, stayed in the address and the history there, for the tag manager and the next user of the browser, where a
// centre that loads takes it out at once (QA spec audit, 2026-11-30).
describe('a link whose site does not load', () => {
  it.each([
    ['metadata', { metadata: 500 }, 'Die Metadaten konnten nicht geladen werden.'],
    // The language is known then: jsdom's browser speaks English, the spec's words.
    ['content', { content: { de_DE: 500, en_GB: 500, fr_FR: 500, default: 500 } }, 'cms data fetch failed.'],
  ] as const)('%s: the error shows, and the token has left the address for the history entry\'s state', async (_, responses, failure) => {
    stubSiteFetch(responses);
    await open(`/preferences/token/${JWT}#newsletter`);
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(failure);
    expect(window.location.href).not.toContain(JWT);
    expect(`${window.location.pathname}${window.location.hash}`).toBe('/preferences/token/#newsletter');
    // Where the centre finds it once the site loads, after a try or a reload (PreferenceCentreEntry).
    expect(window.history.state).toMatchObject({ usr: { link: JWT } });
    // The way home is the centre's, not the account portal's login (QA spec audit, 2026-11-30).
    expect(screen.getByRole('link', { name: /Startseite|home page/ })).toHaveAttribute('href', '/preferences/');
  });
});

describe('a link whose site loads', () => {
  it('the token leaves the address at once, and its lang stays there for the language the page opens in', async () => {
    stubSiteFetch({ content: { fr_FR: testContent() } });
    await open(`/preferences/token/${JWT}?lang=fr-FR#newsletter`);
    expect(window.location.href).not.toContain(JWT);
    await waitFor(() => expect(document.documentElement.lang).toBe('fr-FR'), { timeout: 10_000 });
  });
});
