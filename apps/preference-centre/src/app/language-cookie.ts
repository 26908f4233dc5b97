import { useEffect } from 'react';
import { useSite } from '@portal/cms';
import { languageCookie, matchLanguage } from '@portal/i18n';

/** How often the language cookie is read (spec 001 §9: cookie change polling interval 300 ms). */
export const LANGUAGE_COOKIE_POLL_MS = 300;

/**
 * Follows the language chosen elsewhere on the site: the account portal (another tab, or the same browser
 * later) writes the `i18next` cookie; a change shows here within 300 ms. Browsers have no event for cookie
 * changes that works everywhere, hence the polling. Only available languages are taken (spec 001 §4), matched as the
 * first look-up matches them.
 */
export function useLanguageCookie() {
  const { languages, changeLanguage } = useSite();
  useEffect(() => {
    let seen = languageCookie(document.cookie);
    const timer = setInterval(() => {
      const now = languageCookie(document.cookie);
      if (now === seen) return;
      seen = now;
      // Matched as the first look-up matches it: a bare `nl` is the site's nl-NL there, and was ignored here (QA).
      // Followed also when it is the language the page shows: a switch of this page may still be loading its texts,
      // and the cookie's choice is the later one (taken as already shown, it left the page in the other language).
      const match = now ? matchLanguage(now, languages) : undefined;
      if (match) changeLanguage(match);
    }, LANGUAGE_COOKIE_POLL_MS);
    return () => clearInterval(timer);
  }, [languages, changeLanguage]);
}
