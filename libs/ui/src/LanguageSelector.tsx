import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface LanguageSelectorProps {
  language: string;
  languages: readonly string[];
  onChange: (language: string) => void;
}

/**
 * The own names of the languages the retailer's sites offer (the locales of their metadata), as
 * `Intl.DisplayNames` gives them. The first use of `Intl.DisplayNames` in a page loads ICU's display-name data:
 * some 30 ms of a phone's main thread on every page that shows the selector (total blocking time, issue 16).
 * Save one: CLDR calls nl-BE "Vlaams", a regional name beside the language-and-country names of the others; Belgian
 * Dutch is named as Belgian French is (QA, 2026-11-30).
 */
export const OWN_LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  de: 'Deutsch',
  'de-DE': 'Deutsch (Deutschland)',
  'de-LU': 'Deutsch (Luxemburg)',
  en: 'English',
  'en-GB': 'British English',
  es: 'Español',
  'es-ES': 'Español de España',
  fr: 'Français',
  'fr-BE': 'Français (Belgique)',
  'fr-FR': 'Français (France)',
  'fr-LU': 'Français (Luxembourg)',
  it: 'Italiano',
  'it-IT': 'Italiano (Italia)',
  nl: 'Nederlands',
  'nl-BE': 'Nederlands (België)',
  'nl-NL': 'Nederlands (Nederland)',
  pl: 'Polski',
  'pl-PL': 'Polski (Polska)',
  pt: 'Português',
  'pt-PT': 'Português europeu',
};

/** The language's own name, e.g. "Français (Belgique)", so everyone finds theirs. */
export function languageName(tag: string): string {
  return OWN_LANGUAGE_NAMES[tag] ?? intlLanguageName(tag);
}

/** What `Intl.DisplayNames` calls a language in that language, with a capital first letter; the tag without it. */
export function intlLanguageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    return name ? name.charAt(0).toLocaleUpperCase(tag) + name.slice(1) : tag;
  } catch {
    return tag;
  }
}

/**
 * A language switch, shown only when the site offers more than one language (spec 000 §1). A button that opens
 * the list of languages, each a button of its own, rather than a native select: a select switches on every arrow
 * key while a keyboard user is still looking through it, and each switch rewrites the whole page (WCAG 3.2.2, F37).
 * Escape, a choice, a click outside or the focus leaving close the list; the focus then returns to the button.
 */
export function LanguageSelector({ language, languages, onChange }: LanguageSelectorProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const widget = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    // Safari focuses no button on a click, so a click elsewhere may move no focus at all.
    const closeOutside = (event: PointerEvent) => {
      if (!widget.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  if (languages.length < 2) return null;

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div
      ref={widget}
      className="language-selector"
      onKeyDown={(event) => {
        if (open && event.key === 'Escape') {
          event.preventDefault();
          close();
        }
      }}
      onBlur={(event) => {
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button ref={toggle} type="button" className="language-selector__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {t('global.language.label', { defaultValue: 'Sprache' })} <span lang={language}>{languageName(language)}</span>
      </button>
      <ul id={listId} className="language-selector__list" hidden={!open}>
        {languages.map((lng) => (
          <li key={lng}>
            <button
              type="button"
              lang={lng}
              aria-current={lng === language ? 'true' : undefined}
              onClick={() => {
                close();
                // Also the language shown: it takes back a switch still loading its texts.
                onChange(lng);
              }}
            >
              {languageName(lng)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
