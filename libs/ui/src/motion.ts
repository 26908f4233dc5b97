/**
 * How the page scrolls itself to show something: smoothly, unless the shopper's system asks for less motion
 * (prefers-reduced-motion, WCAG 2.3.3), whose setting CSS alone does not carry into scrolls made by script.
 */
export function scrollBehavior(): ScrollBehavior {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}
