import type { FocusEvent } from 'react';

const PRESSES = ['pointerdown', 'mousedown'] as const;
const RELEASES = ['pointerup', 'mouseup', 'pointercancel'] as const;

// Whether a mouse button or finger is down; undefined until the first field listens (the library has no import-time
// side effects, tools/vite/plugins.ts). Phones send mousedown after pointerup, as they move the focus then.
let pressed: boolean | undefined;

/**
 * A field's blur handler that waits for the press that left the field to end. Leaving a field shows its error,
 * which pushes what is below it down (the password's rules: 46 px); the press that took the focus, on the terms
 * checkbox for one, then comes up beside it and its click is lost (QA). The error still shows on leaving the field,
 * once the click has landed; leaving it with the keyboard shows it at once.
 */
export function afterPress<E extends FocusEvent>(handler: (event: E) => void): (event: E) => void {
  if (pressed === undefined) {
    pressed = false;
    for (const type of PRESSES) document.addEventListener(type, () => (pressed = true), true);
    for (const type of RELEASES) document.addEventListener(type, () => (pressed = false), true);
  }
  return (event) => {
    if (!pressed) return handler(event);
    const release = () => {
      for (const type of RELEASES) window.removeEventListener(type, release, true);
      // After the click, which follows the release in the same task.
      setTimeout(() => handler(event));
    };
    for (const type of RELEASES) window.addEventListener(type, release, true);
  };
}
