import { useEffect, useRef } from 'react';

/** How long a new page may take to show its heading (its code and texts load lazily). */
const HEADING_WAIT_FRAMES = 120;

/**
 * A page change in a single-page app is silent: the browser neither names the new page nor moves the focus, so a
 * screen reader stays where the shopper was (WCAG 2.4.2, 2.4.3). For each page (`pageKey`, the path), once its
 * heading is there, the tab's title names it ("Persönliche Daten – Kundenkonto"), and after a navigation the
 * focus moves to that heading unless something on the page has taken it already (a status page's heading, a
 * form's field). The first page keeps the browser's own focus.
 */
export function usePageAnnouncement(pageKey: string | undefined, siteTitle: string) {
  const firstPage = useRef(true);
  useEffect(() => {
    const moveFocus = !firstPage.current;
    firstPage.current = false;
    let frame = 0;
    let frames = 0;
    const announce = () => {
      const heading = document.querySelector<HTMLElement>('#main h1');
      const name = heading?.textContent?.trim();
      if (!heading || !name) {
        document.title = siteTitle;
        if (++frames < HEADING_WAIT_FRAMES) frame = requestAnimationFrame(announce);
        return;
      }
      document.title = `${name} – ${siteTitle}`;
      const focus = document.activeElement;
      if (moveFocus && (focus === null || focus === document.body)) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      }
    };
    announce();
    return () => cancelAnimationFrame(frame);
  }, [pageKey, siteTitle]);
}
