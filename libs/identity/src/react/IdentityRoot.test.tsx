import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createFakeProvider, type FakeIdentityProvider } from '../testing';
import { AccountStore, accountReducer, type SavedChange } from './account-store';
import { IdentityRoot, useIdentity } from './IdentityRoot';

const PASSWORD = 'Grocer-Pass-2024!';
const consent = { terms: { customeraccount: { isConsentGranted: true } } };

function AccountView({ regToken = 'rt_manual' }: { regToken?: string }) {
  const { account, ready, refresh, setRegistration } = useIdentity();
  if (!ready) return <p>Loading</p>;
  return (
    <div>
      <p>{account.loggedIn ? `Logged in as ${account.profile?.email ?? ''}` : 'Logged out'}</p>
      {account.sessionEnded ? <p>Session ended</p> : null}
      {account.regToken ? <p>Registration {account.regToken}</p> : null}
      {account.UID ? <p>UID {account.UID}</p> : null}
      <button onClick={() => void refresh()}>Refresh</button>
      <button onClick={() => void refresh({ session: true })}>Read session</button>
      <button onClick={() => setRegistration(regToken, { profile: { email: 'new@example.org' } })}>Start registration</button>
    </div>
  );
}

function SaveButton() {
  const { provider } = useIdentity();
  const [answer, setAnswer] = useState<number>();
  return (
    <>
      <button onClick={() => void provider.setAccountInfo({ profile: { firstName: 'Eva' } }).then((a) => setAnswer(a.errorCode))}>Save</button>
      {answer === undefined ? null : <p>Answer {answer}</p>}
    </>
  );
}

function setup(fake: FakeIdentityProvider) {
  return render(
    <IdentityRoot provider={fake}>
      <AccountView />
    </IdentityRoot>,
  );
}

describe('IdentityRoot and useIdentity', () => {
  let fake: FakeIdentityProvider;
  beforeEach(() => {
    window.localStorage.clear();
    // Complete as the default schema asks (the terms and the required names), so that a login answers 0.
    fake = createFakeProvider({ accounts: [{ email: 'erika@example.org', password: PASSWORD, profile: { firstName: 'Erika', lastName: 'Muster' }, preferences: consent }] });
  });

  it('is logged out and ready after the first look-up answers 403005', async () => {
    setup(fake);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(fake.calls[0]).toEqual({
      method: 'getAccountInfo',
      params: { include: 'profile,data,preferences,subscriptions', extraProfileFields: 'phones' },
    });
  });

  it('takes a store whose first look-up started ahead of it, and asks the provider only once', async () => {
    const store = new AccountStore(fake);
    void store.load();
    render(
      <IdentityRoot provider={fake} store={store}>
        <AccountView />
      </IdentityRoot>,
    );
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(fake.calls.map((call) => call.method)).toEqual(['getAccountInfo']);
    // A refresh still asks again: only the first look-up is shared.
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fake.calls.map((call) => call.method)).toEqual(['getAccountInfo', 'getAccountInfo']));
  });

  it('a logout while the first look-up is out wins over its answer', async () => {
    await fake.login({ loginID: 'erika@example.org', password: PASSWORD });
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    // The provider reads the account at once (logged in) and the answer travels until `answer()`.
    const provider: FakeIdentityProvider = {
      ...fake,
      getAccountInfo: async (params) => {
        const read = await fake.getAccountInfo(params);
        await held;
        return read;
      },
    };
    const store = new AccountStore(provider);
    const lookUp = store.load();
    render(
      <IdentityRoot provider={provider} store={store}>
        <AccountView />
      </IdentityRoot>,
    );
    await act(() => fake.logout());
    expect(screen.getByText('Logged out')).toBeInTheDocument();
    // The look-up was sent while logged in; its answer comes after the logout and is ignored.
    await act(async () => {
      answer();
      await lookUp;
    });
    expect(screen.getByText('Logged out')).toBeInTheDocument();
  });

  it('follows login and logout events, and a login forgets the stored password-reset login id', async () => {
    window.localStorage.setItem('pwResetLoginID', 'erika@example.org');
    setup(fake);
    await screen.findByText('Logged out');
    await act(() => fake.login({ loginID: 'erika@example.org', password: PASSWORD }));
    expect(screen.getByText('Logged in as erika@example.org')).toBeInTheDocument();
    expect(window.localStorage.getItem('pwResetLoginID')).toBeNull();
    await act(() => fake.logout());
    expect(screen.getByText('Logged out')).toBeInTheDocument();
  });

  it('holds a registration in progress and refreshes it through its regToken', async () => {
    const { regToken } = fake.issueSubscriberRegToken('reader@example.org');
    render(
      <IdentityRoot provider={fake}>
        <AccountView regToken={regToken} />
      </IdentityRoot>,
    );
    await screen.findByText('Logged out');
    await userEvent.click(screen.getByRole('button', { name: 'Start registration' }));
    expect(screen.getByText(`Registration ${regToken}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(/^UID /)).toBeInTheDocument();
    expect(screen.getByText('Logged out')).toBeInTheDocument();
    expect(screen.getByText(`Registration ${regToken}`)).toBeInTheDocument();
    expect(fake.calls.at(-1)?.params).toMatchObject({ regToken });
  });

  // What another tab's word that the session changed reads: a /login a registration's finalize left its regToken
  // with stayed the form after another tab's login (QA, 2026-12-01).
  it("reads the browser's session, not the registration's regToken, when asked for the session", async () => {
    const { regToken } = fake.issueSubscriberRegToken('reader@example.org');
    // Another tab's login: this tab's provider tells only its own calls.
    render(
      <IdentityRoot provider={{ ...fake, onLogin: () => () => undefined }}>
        <AccountView regToken={regToken} />
      </IdentityRoot>,
    );
    await screen.findByText('Logged out');
    await userEvent.click(screen.getByRole('button', { name: 'Start registration' }));
    await fake.login({ loginID: 'erika@example.org', password: PASSWORD });
    await userEvent.click(screen.getByRole('button', { name: 'Read session' }));
    expect(await screen.findByText('Logged in as erika@example.org')).toBeInTheDocument();
    expect(screen.queryByText(/^Registration /)).not.toBeInTheDocument();
    expect(fake.calls.at(-1)?.params).not.toHaveProperty('regToken');
  });

  it('a call answered 403005 while logged in (the session idled out) logs out in client state', async () => {
    await fake.login({ loginID: 'erika@example.org', password: PASSWORD });
    render(
      <IdentityRoot provider={fake}>
        <AccountView />
        <SaveButton />
      </IdentityRoot>,
    );
    expect(await screen.findByText('Logged in as erika@example.org')).toBeInTheDocument();
    fake.clock.advance(31 * 60_000);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Answer 403005')).toBeInTheDocument();
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    // The login can tell the shopper why they are asked again.
    expect(screen.getByText('Session ended')).toBeInTheDocument();
    expect(fake.calls.map((call) => call.method).slice(-2)).toEqual(['setAccountInfo', 'getAccountInfo']);
  });

  it('a session the page ended itself stays logged in on screen until the page logs out (the banner of a password change)', async () => {
    await fake.login({ loginID: 'erika@example.org', password: PASSWORD });
    function EndItHere() {
      const { sessionEndedHere, provider } = useIdentity();
      return (
        <>
          <button onClick={() => sessionEndedHere()}>Ended here</button>
          <button onClick={() => void provider.logout()}>Log out</button>
        </>
      );
    }
    render(
      <IdentityRoot provider={fake}>
        <AccountView />
        <SaveButton />
        <EndItHere />
      </IdentityRoot>,
    );
    expect(await screen.findByText('Logged in as erika@example.org')).toBeInTheDocument();
    fake.clock.advance(31 * 60_000);
    await userEvent.click(screen.getByRole('button', { name: 'Ended here' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Answer 403005')).toBeInTheDocument();
    expect(screen.getByText('Logged in as erika@example.org')).toBeInTheDocument();
    expect(fake.calls.at(-1)?.method).toBe('setAccountInfo');

    // Its logout ends the expectation: the next login's sessions are watched again.
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    await act(() => fake.login({ loginID: 'erika@example.org', password: PASSWORD }));
    expect(await screen.findByText('Logged in as erika@example.org')).toBeInTheDocument();
    fake.clock.advance(31 * 60_000);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Session ended')).toBeInTheDocument();
  });

  it('a failed refresh logs out in client state', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await fake.login({ loginID: 'erika@example.org', password: PASSWORD });
    setup(fake);
    expect(await screen.findByText('Logged in as erika@example.org')).toBeInTheDocument();
    fake.failNext('getAccountInfo');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByText('Logged out')).toBeInTheDocument());
    // Only a page's call answered 403005 says a session ended under it.
    expect(screen.queryByText('Session ended')).not.toBeInTheDocument();
    error.mockRestore();
  });

  describe('the read after a save', () => {
    // The browser's word on the connection, as React Query hears it.
    const connection = (online: boolean) => act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
    afterEach(() => connection(true));

    // A whole address: the fake, as the embedded provider, refuses an entry without its required fields.
    const address = (city: string) => ({
      firstName: 'Erika', lastName: 'Muster', street: 'Hauptstraße', streetNo: '1', zip: '50667', city, country: 'DE',
    });

    function SavedView() {
      const { account, refreshAfterSave } = useIdentity();
      const save = async () => {
        // null removes a field, as the personal data form sends a field the shopper emptied (the write's type has no null);
        // the postcode, as the names are required.
        const change = {
          profile: { firstName: 'Eva', zip: null },
          data: { addressBook: [address('Köln')] },
        } as unknown as SavedChange;
        if ((await fake.setAccountInfo(change)).errorCode === 0) await refreshAfterSave(change);
      };
      return (
        <>
          <p>{account.loggedIn ? `Logged in as ${account.profile?.firstName ?? ''} ${account.profile?.zip ?? '-'}` : 'Logged out'}</p>
          <p>City {account.data?.addressBook?.[0]?.city}</p>
          <button onClick={() => void save()}>Save</button>
        </>
      );
    }

    it('without an answer keeps the shopper logged in with the change saved, and reads the account once online (QA phone)', async () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      await fake.login({ loginID: 'erika@example.org', password: PASSWORD });
      await fake.setAccountInfo({ profile: { zip: '53111' }, data: { addressBook: [address('Bonn')] } });
      render(
        <IdentityRoot provider={fake}>
          <SavedView />
        </IdentityRoot>,
      );
      expect(await screen.findByText('Logged in as Erika 53111')).toBeInTheDocument();
      fake.failNext('getAccountInfo');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      // The change as the provider merged it: the name set, the postcode removed, the address book replaced.
      expect(await screen.findByText('Logged in as Eva -')).toBeInTheDocument();
      expect(screen.getByText('City Köln')).toBeInTheDocument();
      expect(warn).toHaveBeenCalledWith('identity: getAccountInfo got no answer, the account is read again later', expect.anything());

      // Offline nothing is asked; back online the account is read, with what another tab saved meanwhile.
      connection(false);
      await fake.setAccountInfo({ data: { addressBook: [address('Aachen')] } });
      const reads = fake.calls.filter((call) => call.method === 'getAccountInfo').length;
      connection(true);
      expect(await screen.findByText('City Aachen')).toBeInTheDocument();
      expect(fake.calls.filter((call) => call.method === 'getAccountInfo')).toHaveLength(reads + 1);
      expect(screen.getByText('Logged in as Eva -')).toBeInTheDocument();
      warn.mockRestore();
    });

    it('answered 403005 (the session ended meanwhile) logs out as a refresh does', async () => {
      await fake.login({ loginID: 'erika@example.org', password: PASSWORD });
      render(
        <IdentityRoot provider={fake}>
          <SavedView />
        </IdentityRoot>,
      );
      expect(await screen.findByText(/^Logged in as/)).toBeInTheDocument();
      jest.spyOn(fake, 'getAccountInfo').mockResolvedValueOnce({ errorCode: 403005 });
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Logged out')).toBeInTheDocument();
    });
  });
});

describe('accountReducer', () => {
  it('a saved change after a logout leaves the logged-out state alone', () => {
    const state = { ready: true, account: { loggedIn: false } };
    expect(accountReducer(state, { type: 'saved', change: { profile: { firstName: 'Eva' } } })).toBe(state);
  });
});
