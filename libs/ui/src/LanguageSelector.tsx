import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface LanguageSelectorProps {
  language: string;
  languages: readonly string[];
  onChange: (language: string) => void;
}

/** The language's own name, e.g. "Français (Belgique)", so everyone finds theirs. */
export function languageName(tag: string): string {
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
