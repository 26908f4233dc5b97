import { useEffect } from 'react';

/**
 * While `unsaved`, leaving the page (the phone's Back to the mail, a reload or pull-to-refresh, closing the tab) asks
 * first, in the browser's own words: a ticked interest went without a word (QA phone round). Only while there is
 * something to lose: a page with the listener is kept out of some browsers' back/forward cache.
 */
export function useLeaveWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chrome and Edge before 119 ask only when returnValue is set; no browser shows a page's text any more.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}
