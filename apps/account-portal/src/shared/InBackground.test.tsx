import { act, fireEvent, render, screen } from '@testing-library/react';
import { testMetadata } from '@portal/cms/testing';
import { createFakeProvider } from '@portal/identity/testing';
import { forgetLanguage } from '@portal/ui/testing';
import { SESSION_KEEPER_DELAY_MS } from '../app/account-area';
import { openApp } from '../testing/render-app';
import { InBackground } from './InBackground';
import { lazyNamed } from './load-page';

// The session keeper's code does not arrive while this is false, as with the connection gone.
let mockKeeperArrives = true;
let mockKeeperAsked = 0;
jest.mock('./SessionKeeper', () => {
  mockKeeperAsked++;
  if (!mockKeeperArrives) throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/SessionKeeper-x.js');
  return jest.requireActual('./SessionKeeper');
});

const EMAIL = 'k@example.com';
const PASSWORD = 'Geheim12!';
const IDLE_S = 600;
const MINUTE = 60_000;

beforeEach(forgetLanguage);
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function pass(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

function offline(yes: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(!yes);
  if (!yes) act(() => void window.dispatchEvent(new Event('online')));
}

describe('a background helper whose code does not load (QA phone round: the connection dropped as the page opened)', () => {
  it('leaves the account page and what was typed, and the session keeper comes once the connection is back', async () => {
    // React reports the failed load on the console.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const identity = createFakeProvider({
      accounts: [{ email: EMAIL, password: PASSWORD, preferences: { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } }, profile: { firstName: 'Erika', lastName: 'Muster' } }],
    });
    await identity.login({ loginID: EMAIL, password: PASSWORD });
    jest.useFakeTimers({ advanceTimers: true, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const metadata = testMetadata();
    await openApp('/personaldata', { identity, metadata: { ...metadata, identity: { ...metadata.identity, sessionIdleSeconds: IDLE_S } } });
    const firstName = await screen.findByRole('textbox', { name: /Vorname/ });

    mockKeeperArrives = false;
    offline(true);
    fireEvent.change(firstName, { target: { value: 'Erika Maria' } });
    await pass(SESSION_KEEPER_DELAY_MS);
    expect(screen.queryByText(/Fehlercode/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Persönliche Daten' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Vorname/ })).toHaveValue('Erika Maria');

    // A tap while offline asks for nothing; back online two minutes later, the keeper comes.
    const asked = mockKeeperAsked;
    await act(async () => void fireEvent.pointerDown(document.body));
    await pass(2 * MINUTE);
    expect(mockKeeperAsked).toBe(asked);
    mockKeeperArrives = true;
    offline(false);
    await pass(0);

    // Its warning comes 3 minutes before the limit counted from the page's opening, not from the keeper's arrival
    // (counted so, it would come after the service had ended the session).
    await pass((IDLE_S / 60 - 6) * MINUTE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await pass(MINUTE + 10_000);
    expect(await screen.findByRole('dialog', { name: 'Sind Sie noch da?' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Vorname/ })).toHaveValue('Erika Maria');
  });

  it('is tried again at the next key or tap while online', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let arrives = false;
    const load = jest.fn(async () => {
      if (!arrives) throw new TypeError('Failed to fetch dynamically imported module');
      return { Helper: () => <p>helper</p> };
    });
    const Helper = lazyNamed(load, 'Helper');
    render(
      <>
        <h1>Page</h1>
        <InBackground>
          <Helper />
        </InBackground>
      </>,
    );
    // loadPage asks twice before it gives up.
    await act(async () => undefined);
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { name: 'Page' })).toBeInTheDocument();
    expect(screen.queryByText('helper')).not.toBeInTheDocument();

    arrives = true;
    await act(async () => void fireEvent.keyDown(document.body, { key: 'a' }));
    expect(await screen.findByText('helper')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });
});
