import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubSiteFetch, testMetadata } from '@portal/cms/testing';
import { createI18n, loadShippedMessages, type Messages } from '@portal/i18n';
import { useIdentity, type IdentityProvider } from '@portal/identity';
import type { FakeIdentityProvider } from '@portal/identity/testing';
import { AppProviders } from './AppProviders';
import { forgetLanguage } from './testing';

beforeEach(forgetLanguage);

function AccountLine() {
  const { account, ready } = useIdentity();
  return <p>{ready ? (account.loggedIn ? 'logged in' : 'anonymous') : 'looking up'}</p>;
}

/** The fake provider the metadata names (`fake`) puts itself on the window (createIdentityProvider). */
const createdFake = () => (window as Window & { __identityFake?: FakeIdentityProvider }).__identityFake;

describe('the identity provider the metadata names', () => {
  afterEach(() => delete (window as Window & { __identityFake?: unknown }).__identityFake);

  it('starts beside the texts: the account look-up and the warm-up run before the texts are in, and the look-up runs once', async () => {
    stubSiteFetch({ metadata: testMetadata({ identity: { provider: 'fake', socialProviders: ['apple', 'googleplus', 'facebook'] } }) });
    let releaseTexts!: () => void;
    const textsHeld = new Promise<void>((resolve) => (releaseTexts = resolve));
    const i18n = await createI18n(async (language): Promise<Messages> => {
      await textsHeld;
      return loadShippedMessages(language);
    }, null);
    const warmedUp: IdentityProvider[] = [];

    render(
      <AppProviders i18n={i18n} queryClient={new QueryClient()} environment={{ search: '', browserLanguages: ['de-DE'] }} identity={{ warmUp: (provider) => warmedUp.push(provider) }}>
        <AccountLine />
      </AppProviders>,
    );

    await waitFor(() => expect(warmedUp).toHaveLength(1));
    expect(warmedUp[0]).toBe(createdFake());
    await waitFor(() => expect(createdFake()!.calls.map((call) => call.method)).toEqual(['getAccountInfo']));
    expect(screen.queryByText(/anonymous|looking up/)).not.toBeInTheDocument();
    // Meanwhile the page has its main landmark, with the loader in it.
    expect(within(screen.getByRole('main')).getByRole('status')).toBeInTheDocument();

    releaseTexts();
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    // The gate took the provider (and its account look-up) from the start instead of asking again.
    expect(createdFake()!.calls.map((call) => call.method)).toEqual(['getAccountInfo']);
  });

  it('shows the load error once the texts are in when the provider cannot be created', async () => {
    stubSiteFetch({ metadata: testMetadata({ environmentType: 'production', identity: { provider: 'fake', socialProviders: ['apple', 'googleplus', 'facebook'] } }) });
    const i18n = await createI18n(loadShippedMessages, null);
    render(
      <AppProviders i18n={i18n} queryClient={new QueryClient()} environment={{ search: '', browserLanguages: ['de-DE'] }}>
        <AccountLine />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { name: 'Es ist ein unerwarteter Fehler aufgetreten.' })).toBeInTheDocument();
    expect(screen.queryByText(/anonymous|looking up/)).not.toBeInTheDocument();
    // A provider the metadata may not name is no missing connection: nothing offers to try again.
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument();
  });

  it('without a connection: the page says so, offers a try, and creates the provider once back online (QA phone)', async () => {
    const network = { connected: false, asked: 0 };
    // The browser says it is offline (online, the same failure is the service down).
    const offline = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    stubSiteFetch({
      metadata: testMetadata({ identity: { provider: 'fake', socialProviders: ['apple', 'googleplus', 'facebook'] } }),
      // The fake's scenario file gets no answer without a connection, as the cdc adapter's code would.
      rest: () => {
        network.asked++;
        if (!network.connected) throw new TypeError('Failed to fetch');
        return undefined;
      },
    });
    const i18n = await createI18n(loadShippedMessages, null);
    render(
      <AppProviders i18n={i18n} queryClient={new QueryClient()} environment={{ search: '', browserLanguages: ['de-DE'] }}>
        <AccountLine />
      </AppProviders>,
    );
    const unavailable = 'Die Anmeldung ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.';
    const noConnection = 'Keine Verbindung zum Internet. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.';
    expect(await screen.findByRole('alert')).toHaveTextContent(`${unavailable} ${noConnection}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Es ist ein unerwarteter Fehler aufgetreten.' })).toHaveFocus();
    const asked = network.asked;
    await userEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(network.asked).toBe(asked + 1));
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
    expect(screen.queryByText(/anonymous|looking up/)).not.toBeInTheDocument();

    network.connected = true;
    offline.mockRestore();
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
  });
});
