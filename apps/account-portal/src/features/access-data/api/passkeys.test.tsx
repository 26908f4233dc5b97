import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { testMetadata } from '@portal/cms/testing';
import type { IdentityProvider } from '@portal/identity';
import { createFakeProvider } from '@portal/identity/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { openApp } from '../../../testing/render-app';

// The browser's ceremony, which jsdom cannot take part in, answers with a made-up passkey.
jest.mock('../../../shared/passkey-create', () => ({
  createPasskey: async () => ({ id: 'credential-1', type: 'public-key', response: {} }),
}));

beforeEach(forgetLanguage);

const EMAIL = 'k@example.com';
const PASSWORD = 'Geheim12!';

/** The logged-in fake; registerPasskey records the names it is given. */
async function recordingNames(names: (string | undefined)[]): Promise<IdentityProvider> {
  const identity = createFakeProvider({
    accounts: [
      { email: EMAIL, password: PASSWORD, preferences: { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } }, profile: { firstName: 'Erika', lastName: 'Muster' } },
    ],
  });
  await identity.login({ loginID: EMAIL, password: PASSWORD });
  return {
    ...identity,
    registerPasskey: async ({ name }) => {
      names.push(name);
      return { errorCode: 0 };
    },
  };
}

describe('a passkey added without a name', () => {
  let platform: jest.SpyInstance<string, []>;
  beforeEach(() => {
    platform = jest.spyOn(navigator, 'platform', 'get').mockReturnValue('Linux');
  });
  afterEach(() => platform.mockRestore());

  it.each([
    ['fr', 'Ajouter une clé d’accès', 'Clé d’accès (Linux)'],
    ['pl', 'Dodaj klucz dostępu', 'Klucz dostępu (Linux)'],
    ['de', 'Passkey hinzufügen', 'Passkey (Linux)'],
  ])("%s: is named in the page's language with the device's platform (QA: 'Passkey (Linux)' on every page)", async (lang, add, expected) => {
    const names: (string | undefined)[] = [];
    const metadata = testMetadata({ locales: ['de_DE', 'fr_FR', 'pl_PL'] });
    await openApp(`/accessdata?lang=${lang}`, { identity: await recordingNames(names), metadata });
    const button = await screen.findByRole('button', { name: add }, { timeout: 10_000 });
    await userEvent.click(within(button.closest('section')!).getByRole('button', { name: add }));
    await waitFor(() => expect(names).toEqual([expected]));
  }, 20_000);
});
