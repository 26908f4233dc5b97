import { useId } from 'react';
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
  'nl-BE': 'Vlaams',
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

/** A language switch, shown only when the site offers more than one language (spec 000 §1). */
export function LanguageSelector({ language, languages, onChange }: LanguageSelectorProps) {
  const { t } = useTranslation();
  const id = useId();
  if (languages.length < 2) return null;
  return (
    <div className="language-selector">
      <label htmlFor={id}>{t('global.language.label', { defaultValue: 'Sprache' })}</label>
      <select id={id} value={language} onChange={(event) => onChange(event.target.value)}>
        {languages.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {languageName(lng)}
          </option>
        ))}
      </select>
    </div>
  );
}
