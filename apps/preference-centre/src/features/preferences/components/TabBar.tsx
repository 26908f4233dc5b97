import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreferenceTab } from '@portal/cms';
import { scrollBehavior } from '@portal/ui';
import type { TabAccess } from '../lib/rules';

export interface TabBarProps {
  tabs: PreferenceTab[];
  activeId: string;
  access: (tab: PreferenceTab) => TabAccess;
  /** An open tab was chosen. */
  onSelect: (tab: PreferenceTab) => void;
  /** A closed tab was chosen: the caller explains why. */
  onBlocked: (tab: PreferenceTab, access: Exclude<TabAccess, 'open'>) => void;
}

export const tabId = (id: string) => `pc-tab-${id}`;
export const panelId = (id: string) => `pc-panel-${id}`;

/**
 * The CMS tabs in a horizontally scrollable bar with arrow buttons (WAI-ARIA tabs pattern): arrow keys, Home and
 * End move between tabs, an open tab is selected as the focus reaches it, a closed one only when chosen.
 */
/**
 * Scrolls the tab list sideways until tab shows whole. Not scrollIntoView, which scrolls the page too: the tab
 * focused after a save cut short the page's scroll to the tabs and stopped at the top edge, under the banner
 * (WCAG 2.4.11, QA).
 */
function revealInList(tab: HTMLElement, list: HTMLElement | null) {
  if (!list) return;
  const shown = list.getBoundingClientRect();
  const { left, right } = tab.getBoundingClientRect();
  // A tab too wide for the room on both sides (one that wraps at the list's width) gets what there is, evenly: given
  // the whole room on its left, it went 4 px past the list's right edge, its focus ring cut (CI of 2026-11-30).
  const room = Math.min(parseFloat(getComputedStyle(list).scrollPaddingInlineStart) || 0, (shown.width - (right - left)) / 2);
  if (left < shown.left + room) list.scrollLeft -= shown.left + room - left;
  else if (right > shown.right - room) list.scrollLeft += right - (shown.right - room);
}

/** Which ways the list can scroll from where it is; a pixel short counts as there (a scroll position in fractions). */
function scrollRoom(list: HTMLElement) {
  return { back: list.scrollLeft > 1, forward: list.scrollLeft + list.clientWidth < list.scrollWidth - 1 };
}

export function TabBar({ tabs, activeId, access, onSelect, onBlocked }: TabBarProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  // An arrow shows only while the list can scroll its way: one that did nothing (all four tabs fit at 1280 px, or the
  // list at its start) was still a button a screen reader's browse mode found (QA keyboard audit, 2026-11-30). None
  // shows until the list is measured.
  const [room, setRoom] = useState({ back: false, forward: false });
  const measure = useCallback(() => {
    if (!list.current) return;
    const now = scrollRoom(list.current);
    setRoom((before) => (before.back === now.back && before.forward === now.forward ? before : now));
  }, []);
  // The selected tab shows in the list whichever way it was selected: a link's #anchor, a save that opens the
  // tab with the error. On a 320 px screen the list stayed at its start, the selected tab out of sight (QA). The tab
  // in use (focused, else selected) stays whole when the list or a tab changes size after that: the page's scroll
  // bar appears as the panel below renders, which a busy phone does after the first key press (CI of 2026-11-30:
  // End showed the last tab cut by 9 px), or the screen turns.
  useEffect(() => {
    const element = list.current;
    const reveal = () => {
      const focused = element?.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
      const tab = focused ?? document.getElementById(tabId(activeId));
      if (tab) revealInList(tab, element);
      measure();
    };
    reveal();
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(reveal);
    observer.observe(element);
    for (const tab of element.children) observer.observe(tab);
    return () => observer.disconnect();
  }, [activeId, measure]);

  const choose = (tab: PreferenceTab) => {
    const state = access(tab);
    if (state === 'open') onSelect(tab);
    else onBlocked(tab, state);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key]! + tabs.length) % tabs.length;
    const target = tabs[next]!;
    document.getElementById(tabId(target.id))?.focus();
    if (access(target) === 'open') onSelect(target);
  };

  const scroll = (direction: 1 | -1) => {
    const element = list.current;
    element?.scrollBy({ left: direction * Math.max(element.clientWidth * 0.6, 120), behavior: scrollBehavior() });
  };

  // The arrow buttons scroll the bar for a mouse or a finger and are no Tab stops (tabIndex -1): the keyboard scrolls
  // it with the arrow keys that move between the tabs, and Tab goes from the tabs straight into the panel (WAI-ARIA
  // tabs; QA: two stops that did nothing where all tabs fit). A press takes no focus either: the focus stays where it
  // was (a tab), not on an arrow that hides as the list reaches its end. One that cannot scroll is `hidden`, which
  // the style sheet shows as empty room (visibility): the tabs do not move as the arrows come and go.
  const arrow = (direction: 1 | -1, label: string, shown: boolean) => (
    <button
      type="button"
      tabIndex={-1}
      className="pc-tabbar__arrow"
      hidden={!shown}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => scroll(direction)}
      aria-label={label}
    >
      <span aria-hidden="true">{direction < 0 ? '‹' : '›'}</span>
    </button>
  );

  return (
    <div className="pc-tabbar">
      {arrow(-1, t('mpp.tabs.previous', { defaultValue: 'Vorherige Bereiche anzeigen' }), room.back)}
      <div ref={list} className="pc-tabbar__list" role="tablist" aria-label={t('mpp.tabs.label', { defaultValue: 'Bereiche des Präferenzcenters' })} onScroll={measure}>
        {tabs.map((tab, index) => {
          const selected = tab.id === activeId;
          const closed = access(tab) !== 'open';
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              className="pc-tabbar__tab"
              aria-selected={selected}
              aria-controls={selected ? panelId(tab.id) : undefined}
              aria-disabled={closed || undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(tab)}
              onKeyDown={(event) => onKeyDown(event, index)}
              // A tab reached with the keyboard scrolls into the list's view, its focus outline whole (WCAG 2.4.7).
              onFocus={(event) => revealInList(event.currentTarget, list.current)}
            >
              {tab.title}
            </button>
          );
        })}
      </div>
      {arrow(1, t('mpp.tabs.next', { defaultValue: 'Weitere Bereiche anzeigen' }), room.forward)}
    </div>
  );
}
