import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Pages load lazily, and the first import of a page compiles its modules through @swc/jest on demand: on a busy
// 2-core CI machine that alone can take longer than Testing Library's default of 1 s for `findBy*`/`waitFor`.
// A later failure still fails; only the wait for a page's code to arrive is longer.
configure({ asyncUtilTimeout: 5000 });

// A browser moves the focus off a control that becomes disabled, to the page (the focus fixup rule): its next Tab
// starts over, and a dialog opened then gives the focus back to the page (QA keyboard audit, 2026-11-30). jsdom keeps
// the focus there, where a test would never see the loss; here it goes as in the browser, once the change is made.
// jsdom's blur() leaves a disabled control alone: the control is enabled for the moment of it. (Not in the tests that
// run in Node, without a page.)
if (typeof document !== 'undefined') {
  new MutationObserver((records) => {
    for (const { target } of records) {
      if (target !== document.activeElement || !(target instanceof HTMLElement) || !target.hasAttribute('disabled')) continue;
      target.removeAttribute('disabled');
      target.blur();
      target.setAttribute('disabled', '');
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
}
