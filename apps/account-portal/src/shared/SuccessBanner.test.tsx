import { act, render, screen } from '@testing-library/react';
import { ACCOUNT_BANNER_MS, FORM_BANNER_MS, useSuccessBanner } from './SuccessBanner';

afterEach(() => jest.useRealTimers());

function Page({ durationMs, arrived, later }: { durationMs: number; arrived?: string; later?: string }) {
  const success = useSuccessBanner(durationMs, arrived);
  return (
    <>
      {later ? <button onClick={() => success.show(later)}>Speichern</button> : null}
      {success.banner}
    </>
  );
}

async function pass(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

// QA spec audit, 2026-11-30, measured the account page's banner at about 11.2 s and the address banner at 5.3 s: from
// the click on the previous page's submit button (the reset's "Passwort speichern", the address form's "Speichern"),
// which also held the call, the login and the next page's loading, and polled once a second. The banners' own times
// are the spec's (§9 timers), counted from when they show.
describe('the success banners stay as long as spec 000 §9 says, counted from when they show', () => {
  it("the account page's, which comes with the page: 10 seconds", async () => {
    jest.useFakeTimers();
    render(<Page durationMs={ACCOUNT_BANNER_MS} arrived="Ihr Passwort wurde geändert" />);
    expect(screen.getByText('Ihr Passwort wurde geändert')).toBeInTheDocument();
    await pass(9_999);
    expect(screen.getByText('Ihr Passwort wurde geändert')).toBeInTheDocument();
    await pass(1);
    expect(screen.queryByText('Ihr Passwort wurde geändert')).not.toBeInTheDocument();
  });

  it("the address and personal data pages': 5 seconds from each save", async () => {
    jest.useFakeTimers();
    render(<Page durationMs={FORM_BANNER_MS} later="Ihre Adresse wurde gespeichert." />);
    await pass(3_000);
    act(() => screen.getByRole('button', { name: 'Speichern' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('Ihre Adresse wurde gespeichert.');
    await pass(4_999);
    expect(screen.getByRole('status')).toHaveTextContent('Ihre Adresse wurde gespeichert.');
    await pass(1);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('are the times of the spec', () => {
    expect([ACCOUNT_BANNER_MS, FORM_BANNER_MS]).toEqual([10_000, 5_000]);
  });
});
