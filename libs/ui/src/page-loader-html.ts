/**
 * PageLoader as HTML, with its text (global.loading) in the page's language, which each app's index.html carries
 * inside its root element (pageHtmlInEveryLanguage in tools/vite/plugins.ts): a visitor sees the spinner as soon as
 * the page's HTML and styles are in rather than once the app's code has arrived and run, a second or more of blank
 * page on a phone's slow link. React replaces it with the same loader when the app starts, so nothing moves. A test
 * holds it to PageLoader's own markup in every language (page-loader-html.test.tsx).
 *
 * The spinner is a CSS border, which paint timing does not count as content, so the first contentful paint stays
 * the page's first text. Drawn as SVG it moved that paint from about 2.0 to 1.6 s in Lighthouse, but total blocking
 * time counts from the first contentful paint, so the start-up's long tasks after it then counted too and the
 * score fell (measured 2026-11-26, issue 16).
 */
export function pageLoaderHtml(loadingText: string): string {
  return (
    '<main><div class="loader" role="status" aria-live="polite">' +
    '<span class="loader__spinner" aria-hidden="true"></span>' +
    `<span class="visually-hidden">${escapeHtml(loadingText)}</span></div></main>`
  );
}

/** A text as React writes it into HTML, in an element or an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);
}
