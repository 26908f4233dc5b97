import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ReactNode } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { forgetLanguage, renderPage } from '@portal/ui/testing';
import { loadMessages } from '../app/messages';
import { clearFlash, peekFlash, setFlash, useFlash } from './flash';
import { CHUNK_LOAD_TIMEOUT, CHUNK_LOAD_TIMEOUT_MS, lazyNamed, loadCode, loadPage } from './load-page';
import { errorCodeOf, RouteErrorBoundary } from './RouteErrorBoundary';
import { ACCOUNT_BANNER_MS, FORM_BANNER_MS, useSuccessBanner } from './SuccessBanner';

beforeEach(forgetLanguage);

describe('loadPage', () => {
  afterEach(() => jest.useRealTimers());

  it('asks again after 120 seconds without an answer, then reports the time-out', async () => {
    jest.useFakeTimers();
    const load = jest.fn(() => new Promise<never>(() => undefined));
    const result = loadPage(load);
    const settled = result.catch((error: unknown) => error);
    expect(load).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(await settled).toEqual(new Error(CHUNK_LOAD_TIMEOUT));
  });

  it('a failed load is retried once and may succeed then', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce({ Page: 'ok' });
    await expect(loadPage(load)).resolves.toEqual({ Page: 'ok' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyNamed', () => {
  const Fallback = () => <p>loading</p>;

  it('shows a page whose code came in ahead (loadCode) at once, without its loader', async () => {
    const load = jest.fn(async () => ({ Page: () => <h1>Page</h1> }));
    const Page = lazyNamed(load, 'Page');
    await loadCode(load);
    render(
      <Suspense fallback={<Fallback />}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Page' })).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads code once however often it is asked for, and asks again after a failure', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('one')).mockRejectedValueOnce(new Error('two')).mockResolvedValue({ Page: 'ok' });
    await expect(loadCode(load)).rejects.toThrow('two');
    expect(load).toHaveBeenCalledTimes(2); // loadPage's own retry
    await expect(Promise.all([loadCode(load), loadCode(load)])).resolves.toEqual([{ Page: 'ok' }, { Page: 'ok' }]);
    expect(load).toHaveBeenCalledTimes(3);
    await loadCode(load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('shows the loader until the code of a page not loaded yet arrives', async () => {
    const Page = lazyNamed(async () => ({ Page: ({ name }: { name: string }) => <h1>{name}</h1> }), 'Page');
    render(
      <Suspense fallback={<Fallback />}>
        <Page name="Later" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Later' })).toBeInTheDocument();
  });
});

function Broken(): never {
  throw new Error('render failed');
}

/** A page of /personaldata inside the error boundary every route has. */
function renderInBoundary(page: ReactNode) {
  return renderPage(
    <Routes>
      <Route path="*" element={<RouteErrorBoundary>{page}</RouteErrorBoundary>} />
    </Routes>,
    { path: '/personaldata', messages: loadMessages },
  );
}

describe('RouteErrorBoundary', () => {
  it('a page whose code did not load loads when the shopper comes back to it (QA phone)', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let connected = false;
    const Flaky = lazyNamed(async () => {
      if (!connected) throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/Flaky-x.js');
      return { FlakyPage: () => <h1>Geladen</h1> };
    }, 'FlakyPage');
    await renderPage(
      <Routes>
        <Route path="/flaky" element={<RouteErrorBoundary><Flaky /></RouteErrorBoundary>} />
        <Route path="/" element={<Link to="/flaky">Zur Seite</Link>} />
      </Routes>,
      { path: '/flaky', messages: loadMessages },
    );
    expect(await screen.findByText('Keine Verbindung zum Internet. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.')).toBeInTheDocument();
    connected = true;
    offline.mockRestore();
    await userEvent.click(screen.getByRole('link', { name: 'Zur Startseite' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Zur Seite' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Geladen' })).toBeInTheDocument();
    log.mockRestore();
  });

  it('shows the generic error page with home and back instead of a blank page', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderInBoundary(<Broken />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Es ist ein unerwarteter Fehler aufgetreten.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeInTheDocument();
    // With an error code (spec 000 §8): this page failed while it was shown.
    expect(screen.getByText('Fehlercode: client')).toBeInTheDocument();
    log.mockRestore();
  });

  it.each([
    ['for lack of a connection (offline) says so', false, 'Keine Verbindung zum Internet. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.'],
    ['with the browser online (the service down) says the service is briefly unavailable', true, 'Unser Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.'],
  ])('a page whose code did not load %s instead of the code network (QA)', async (_, online, text) => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    function Unloaded(): never {
      throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/PersonalDataPage-x.js');
    }
    await renderInBoundary(<Unloaded />);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText(/Fehlercode/)).not.toBeInTheDocument();
    onLine.mockRestore();
    log.mockRestore();
  });

  it.each([
    [new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/RegistrationPage-x.js'), 'network'],
    [new TypeError('error loading dynamically imported module'), 'network'],
    [new TypeError('Importing a module script failed.'), 'network'],
    [new Error(CHUNK_LOAD_TIMEOUT), 'timeout'],
    [new TypeError("Cannot read properties of undefined (reading 'x')"), 'client'],
  ])('names what failed: %s is %s', (error, code) => expect(errorCodeOf(error)).toBe(code));
});

describe('success banners', () => {
  afterEach(() => jest.useRealTimers());

  it('show for 5 (forms) or 10 (account page) seconds', () => {
    expect([FORM_BANNER_MS, ACCOUNT_BANNER_MS]).toEqual([5_000, 10_000]);
    jest.useFakeTimers();
    const { result } = renderHook(() => useSuccessBanner(FORM_BANNER_MS));
    const { rerender } = render(<>{result.current.banner}</>);
    act(() => result.current.show('Gespeichert.'));
    rerender(<>{result.current.banner}</>);
    expect(screen.getByRole('status')).toHaveTextContent('Gespeichert.');
    act(() => jest.advanceTimersByTime(FORM_BANNER_MS - 1));
    rerender(<>{result.current.banner}</>);
    expect(screen.getByRole('status')).toHaveTextContent('Gespeichert.');
    act(() => jest.advanceTimersByTime(1));
    rerender(<>{result.current.banner}</>);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("go with any submit of a form beside them, also one the form's own check stops (QA, 2026-11-30)", async () => {
    function Page({ arrived }: { arrived?: string }) {
      const success = useSuccessBanner(FORM_BANNER_MS, arrived);
      return (
        <section>
          {success.banner}
          <button type="button" onClick={() => success.show('Gespeichert.')}>
            Zeigen
          </button>
          {/* A form whose check refuses the submit: it never reaches a save. */}
          <form noValidate onSubmit={(event) => event.preventDefault()}>
            <button type="submit">Speichern</button>
          </form>
        </section>
      );
    }
    const { unmount } = render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Zeigen' }));
    expect(screen.getByRole('status')).toHaveTextContent('Gespeichert.');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    unmount();
    // The banner a page arrives with goes the same way.
    render(<Page arrived="Adresse gespeichert." />);
    expect(screen.getByText('Adresse gespeichert.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.queryByText('Adresse gespeichert.')).not.toBeInTheDocument();
  });

  it('a flash is read by the first render and taken once the page shows', () => {
    setFlash('ap.addresses.saved');
    expect(peekFlash()).toBe('ap.addresses.saved');
    const { result, unmount } = renderHook(() => useFlash());
    expect(result.current).toBe('ap.addresses.saved');
    expect(peekFlash()).toBeUndefined();
    unmount();
    expect(renderHook(() => useFlash()).result.current).toBeUndefined();
    setFlash('x');
    clearFlash();
    expect(peekFlash()).toBeUndefined();
  });
});
