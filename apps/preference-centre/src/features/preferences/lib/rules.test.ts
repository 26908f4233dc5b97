import { tokenRefreshDelay } from '../api/exchange-subscriber-token';
import { isDisplayed, showsReminderToggles, tabAccess, unsubscribeVariant } from './rules';

const tab = (accessWithoutNewsletterSubscription: boolean, withNewsletters = false) => ({
  id: 't',
  title: 'T',
  accessWithoutNewsletterSubscription,
  items: withNewsletters ? [{ type: 'newsletters' as const, id: 'n', keys: [] }] : [],
});

describe('preference centre rules', () => {
  it('opens a tab with a newsletter subscription or when it allows access without one', () => {
    expect(tabAccess(tab(false), { subscribed: false, consentPending: false })).toBe('needsSubscription');
    expect(tabAccess(tab(false), { subscribed: true, consentPending: false })).toBe('open');
    expect(tabAccess(tab(true), { subscribed: false, consentPending: false })).toBe('open');
  });

  it('under forced consent only the newsletter tab opens', () => {
    expect(tabAccess(tab(true), { subscribed: true, consentPending: true })).toBe('needsConsent');
    expect(tabAccess(tab(true, true), { subscribed: false, consentPending: true })).toBe('open');
  });

  it.each([
    ['no window', {}, true],
    ['open-ended with nulls', { displayStart: null, displayEnd: null }, true],
    ['inside the window', { displayStart: '2026-01-01T00:00:00Z', displayEnd: '2026-12-31T00:00:00Z' }, true],
    ['before the start', { displayStart: '2026-07-01T00:00:00Z' }, false],
    ['after the end', { displayEnd: '2026-05-31T23:59:59Z' }, false],
  ])('lists a newsletter by its display window: %s', (_, window, shown) => {
    expect(isDisplayed(window, Date.parse('2026-06-15T12:00:00Z'))).toBe(shown);
  });

  it.each([
    [{ newsletters: true, reminders: 0 }, { newsletters: false, reminders: 0 }, 'Newsletters'],
    [{ newsletters: false, reminders: 2 }, { newsletters: false, reminders: 0 }, 'ProductReminders'],
    [{ newsletters: true, reminders: 1 }, { newsletters: false, reminders: 0 }, 'All'],
    [{ newsletters: true, reminders: 1 }, { newsletters: false, reminders: 1 }, undefined],
    [{ newsletters: true, reminders: 0 }, { newsletters: true, reminders: 0 }, undefined],
    [{ newsletters: false, reminders: 0 }, { newsletters: false, reminders: 0 }, undefined],
  ])('asks before leaving nothing subscribed: %j → %j is %s', (before, after, variant) => {
    expect(unsubscribeVariant(before, after)).toBe(variant);
  });

  it("offers single reminder toggles only when the account's country is outside BE, NL, PT, PL, ES, LU, DE and FR", () => {
    for (const country of ['DE', 'BE', 'NL', 'PT', 'PL', 'ES', 'LU', 'FR', 'fr']) expect(showsReminderToggles(country)).toBe(false);
    for (const country of ['AT', 'GB', 'IT']) expect(showsReminderToggles(country)).toBe(true);
    // No country on the account: the default country DE.
    expect(showsReminderToggles(undefined)).toBe(false);
    expect(showsReminderToggles('')).toBe(false);
  });

  it('refreshes the regToken 10 s before it expires, after at least 10 s', () => {
    const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds)).toISOString();
    expect(tokenRefreshDelay({ createdAt: at(0), expiresAt: at(3600) })).toBe(3_590_000);
    expect(tokenRefreshDelay({ createdAt: at(0), expiresAt: at(15) })).toBe(10_000);
    // Unknown lifetime: the default hour.
    expect(tokenRefreshDelay({ createdAt: 'nonsense', expiresAt: 'nonsense' })).toBe(3_590_000);
  });
});
