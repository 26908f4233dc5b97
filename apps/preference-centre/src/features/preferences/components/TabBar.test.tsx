import { act, fireEvent, render, screen } from '@testing-library/react';
import type { PreferenceTab } from '@portal/cms';
import { TabBar } from './TabBar';

const tabs = [
  { id: 'newsletter', title: 'Newsletter' },
  { id: 'reminders', title: 'Produkterinnerungen' },
] as PreferenceTab[];

/** The list's scroll metrics as the browser's layout would give them; jsdom has no layout. */
const layOut = (list: HTMLElement, { scrollWidth, clientWidth, scrollLeft }: { scrollWidth: number; clientWidth: number; scrollLeft: number }) => {
  Object.defineProperty(list, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(list, 'clientWidth', { configurable: true, value: clientWidth });
  list.scrollLeft = scrollLeft;
};

/** A box of the given left edge and width, as the layout the browser would have made. */
const box = (left: number, width: number) => ({ left, right: left + width, x: left, y: 0, top: 0, bottom: 40, width, height: 40, toJSON: () => ({}) });

describe('TabBar', () => {
  const observers: ResizeObserverCallback[] = [];
  beforeEach(() => {
    observers.length = 0;
    globalThis.ResizeObserver = class {
      constructor(callback: ResizeObserverCallback) {
        observers.push(callback);
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });
  afterEach(() => {
    delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  });

  const resize = () => act(() => observers.forEach((callback) => callback([], {} as ResizeObserver)));
  const previous = () => screen.queryByRole('button', { name: 'Vorherige Bereiche anzeigen' });
  const next = () => screen.queryByRole('button', { name: 'Weitere Bereiche anzeigen' });

  // QA keyboard audit, 2026-11-30: at 1280 px, where all tabs fit, both arrows were there and did nothing, and at the
  // start of the list the left one did nothing; a screen reader's browse mode found them as buttons.
  it('shows an arrow only while the list can scroll its way, none while every tab fits, as the list scrolls and resizes', () => {
    render(<TabBar tabs={tabs} activeId="newsletter" access={() => 'open'} onSelect={() => {}} onBlocked={() => {}} />);
    const list = screen.getByRole('tablist');
    // Every tab fits.
    layOut(list, { scrollWidth: 600, clientWidth: 600, scrollLeft: 0 });
    resize();
    expect(previous()).not.toBeInTheDocument();
    expect(next()).not.toBeInTheDocument();
    // The screen narrows: the list is at its start, so only the way forward.
    layOut(list, { scrollWidth: 600, clientWidth: 300, scrollLeft: 0 });
    resize();
    expect(previous()).not.toBeInTheDocument();
    expect(next()).toBeVisible();
    // Scrolled midway: both ways.
    list.scrollLeft = 150;
    fireEvent.scroll(list);
    expect(previous()).toBeVisible();
    expect(next()).toBeVisible();
    // At its end, a fraction of a pixel short as a zoomed page may be: only the way back.
    list.scrollLeft = 299.5;
    fireEvent.scroll(list);
    expect(previous()).toBeVisible();
    expect(next()).not.toBeInTheDocument();
    // The screen widens again until everything fits.
    layOut(list, { scrollWidth: 600, clientWidth: 600, scrollLeft: 0 });
    resize();
    expect(previous()).not.toBeInTheDocument();
    expect(next()).not.toBeInTheDocument();
  });

  it('keeps a hidden arrow in the page, so the tabs do not move as it comes and goes, and an arrow takes no focus', () => {
    render(<TabBar tabs={tabs} activeId="newsletter" access={() => 'open'} onSelect={() => {}} onBlocked={() => {}} />);
    const list = screen.getByRole('tablist');
    layOut(list, { scrollWidth: 600, clientWidth: 300, scrollLeft: 0 });
    resize();
    // Hidden from the accessibility tree, yet in the page before the list (the style sheet keeps its room).
    expect(previous()).not.toBeInTheDocument();
    const back = list.previousElementSibling;
    expect(back).toHaveAttribute('aria-label', 'Vorherige Bereiche anzeigen');
    expect(back).not.toBeVisible();
    // A press leaves the focus on the tab, not on the arrow, which may hide under it.
    const tab = screen.getByRole('tab', { name: 'Newsletter' });
    tab.focus();
    expect(fireEvent.mouseDown(next()!)).toBe(false);
  });

  // CI of 2026-11-30: End revealed the last tab whole, then the page's scroll bar appeared as the panel rendered and
  // the narrower list cut it by 9 px.
  it('keeps the tab in use whole when the list narrows after it was revealed', () => {
    render(<TabBar tabs={tabs} activeId="reminders" access={() => 'open'} onSelect={() => {}} onBlocked={() => {}} />);
    const list = screen.getByRole('tablist');
    const last = screen.getByRole('tab', { name: 'Produkterinnerungen' });
    last.focus();
    list.scrollLeft = 0;
    // The list now ends at 256 px; the tab, 9 px past it.
    list.getBoundingClientRect = () => box(0, 256);
    last.getBoundingClientRect = () => box(100, 165);
    act(() => observers.forEach((callback) => callback([], {} as ResizeObserver)));
    expect(list.scrollLeft).toBe(9);
  });

  // CI of 2026-11-30 again: at 320 px the last tab, as wide as the list's content box, sat whole at the end of the
  // list; a later resize gave it the list's whole scroll padding on its left, and its right edge went 4 px past the list.
  it('gives a tab as wide as the list the room there is on both sides, evenly', () => {
    const computed = window.getComputedStyle;
    jest.spyOn(window, 'getComputedStyle').mockImplementation((element) =>
      Object.assign(computed(element), element.getAttribute('role') === 'tablist' ? { scrollPaddingInlineStart: '16px' } : {}),
    );
    render(<TabBar tabs={tabs} activeId="reminders" access={() => 'open'} onSelect={() => {}} onBlocked={() => {}} />);
    const list = screen.getByRole('tablist');
    const last = screen.getByRole('tab', { name: 'Produkterinnerungen' });
    last.focus();
    list.getBoundingClientRect = () => box(62, 200);
    list.scrollLeft = 100;
    // Whole, 6 px (the list's padding) on each side: it stays.
    last.getBoundingClientRect = () => box(68, 188);
    act(() => observers.forEach((callback) => callback([], {} as ResizeObserver)));
    expect(list.scrollLeft).toBe(100);
    // Cut on the right: revealed with 6 px on each side, not 16 on the left.
    last.getBoundingClientRect = () => box(82, 188);
    act(() => observers.forEach((callback) => callback([], {} as ResizeObserver)));
    expect(list.scrollLeft).toBe(114);
    jest.restoreAllMocks();
  });
});
