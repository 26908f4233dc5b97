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

/** The pending success message key, removed as it is read. */
export function takeFlash(): string | undefined {
  try {
    const key = window.sessionStorage.getItem(FLASH_KEY) ?? undefined;
    window.sessionStorage.removeItem(FLASH_KEY);
    return key;
  } catch {
    return undefined;
  }
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
