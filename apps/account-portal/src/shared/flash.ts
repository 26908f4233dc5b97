import { useEffect, useState } from 'react';

/**
 * A success to show on the next page, for flows that end by going back (the address form goes back one page,
 * which cannot carry navigation state). Kept in session storage under one key and taken once.
 */
const FLASH_KEY = 'ap.flash';

export function setFlash(messageKey: string) {
  try {
    window.sessionStorage.setItem(FLASH_KEY, messageKey);
  } catch {
    // storage can be unavailable (private mode): the page then shows no banner
  }
}

/**
 * The success left for this page, as its first render reads it (so that the page's heading can name it from the
 * start: useSuccessBanner), taken from storage once the page shows.
 */
export function useFlash(): string | undefined {
  const [key] = useState(peekFlash);
  useEffect(clearFlash, []);
  return key;
}

/** Drops a pending success (the flow it announced did not succeed after all). */
export function clearFlash() {
  try {
    window.sessionStorage.removeItem(FLASH_KEY);
  } catch {
    // nothing stored then
  }
}

/** The pending success message key, left in place (render-time reads must not change anything). */
export function peekFlash(): string | undefined {
  try {
    return window.sessionStorage.getItem(FLASH_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
