import { useEffect, useLayoutEffect } from 'react';

/** Whether the document has shown a page yet. */
let pageShown = false;

/** The page shown last and the element that had the focus as it gave way (the link followed, if it stays). */
let left: { pageKey: string | undefined; focus: Element | null } | undefined;

/** Forgets the pages shown, so that the next one counts as the document's first (tests render many documents). */
export function forgetPagesShown() {
  pageShown = false;
  left = undefined;
}

/** How long a new page may take to show its heading (its code and texts load lazily), in milliseconds. */
const HEADING_WAIT_MS = 2_000;

/**
 * A page change in a single-page app is silent: the browser neither names the new page nor moves the focus, so a
 * screen reader stays where the shopper was (WCAG 2.4.2, 2.4.3). For each page (`pageKey`, the path), once its
 * heading is there, the tab's title names it ("Persönliche Daten – Kundenkonto"), and after a navigation the
 * focus moves to that heading unless something on the page has taken it already (a status page's heading, a
 * form's field). A focus still where it was as the last page gave way counts as not taken: the account menu's link
 * stays in the frame with the focus on it, and a screen reader heard nothing of the page it had opened (QA). The
 * document's first page keeps the browser's own focus; a later one does even when a new frame shows it (the account
 * portal's public and account areas each have their own).
 */
export function usePageAnnouncement(pageKey: string | undefined, siteTitle: string) {
  // Taken as the next page commits, before its own focus (a field's autoFocus comes later in the same commit): a
  // field it focuses is then no focus left unmoved.
  useLayoutEffect(
    () => () => {
      left = { pageKey, focus: document.activeElement };
    },
    [pageKey],
  );
  useEffect(() => {
    const moveFocus = pageShown;
    pageShown = true;
    // Once, as a new page arrives: the page named again (a language switch, or React's development check running the
    // effects twice) leaves the focus where it is.
    const unmoved = left && left.pageKey !== pageKey ? left.focus : null;
    left = undefined;
    let frame = 0;
    const deadline = performance.now() + HEADING_WAIT_MS;
    const heading = () => document.querySelector<HTMLElement>('#main h1');
    // The tab's title: the heading's text and the site's name, or the site's name alone while there is no heading.
    const nameTab = (name: string | undefined) => {
      const title = name ? `${name} – ${siteTitle}` : siteTitle;
      if (document.title !== title) document.title = title;
    };
    // A heading that changes on the same page (its content in the language just chosen, which arrives after the
    // page's own texts) renames the tab too; the focus stays where it is.
    const rename = new MutationObserver(() => {
      const name = heading()?.textContent?.trim();
      if (name) nameTab(name);
    });
    const announce = () => {
      const shown = heading();
      const name = shown?.textContent?.trim();
      nameTab(name);
      if (!shown || !name) {
        if (performance.now() < deadline) frame = requestAnimationFrame(announce);
        return;
      }
      const main = document.getElementById('main');
      if (main) rename.observe(main, { subtree: true, childList: true, characterData: true });
      const focus = document.activeElement;
      if (moveFocus && (focus === null || focus === document.body || focus === unmoved)) {
        if (!shown.hasAttribute('tabindex')) shown.setAttribute('tabindex', '-1');
        shown.focus();
      }
    };
    announce();
    return () => {
      cancelAnimationFrame(frame);
      rename.disconnect();
    };
  }, [pageKey, siteTitle]);
}
