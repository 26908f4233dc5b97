import type { MouseEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmsContent } from '@portal/cms';
import { LanguageSelector } from './LanguageSelector';

export interface PageLayoutProps {
  title: string;
  content: CmsContent;
  language: string;
  languages: readonly string[];
  onLanguageChange: (language: string) => void;
  /** Extra header controls (home and back buttons in the account shell). */
  headerActions?: ReactNode;
  /**
   * Where the title leads; by default the content's header.homeUrl, else `/`: the account portal's start. The
   * preference centre leads to its own, in the page where a link's token goes with it (`onClick`).
   */
  home?: { href: string; onClick?: MouseEventHandler<HTMLAnchorElement> };
  children: ReactNode;
}

/** The frame of every page: skip link, header with logo and language switch, main content, footer links. */
export function PageLayout({ title, content, language, languages, onLanguageChange, headerActions, home, children }: PageLayoutProps) {
  const { t } = useTranslation();
  const logo = content.header?.logo;
  // The fallback content's texts on a page of another language carry their own (WCAG 3.1.2); the page's do not.
  const { lang } = content;
  const footerLinks = content.simpleFooter?.footerLinks ?? [];
  return (
    <div className="page">
      {/* The focus moves by script: the preference centre keeps its open tab in the address's #anchor, and following
          #main opened its first tab instead (QA). */}
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('global.skiplink', { defaultValue: 'Zum Inhalt springen' })}
      </a>
      <header className="page__header">
        <a className="page__brand" href={home?.href ?? content.header?.homeUrl ?? '/'} onClick={home?.onClick}>
          {/* The logo's text in the content names the content's homeUrl ("Zur Startseite des Kundenkontos"): where the
              app leads elsewhere, the title alone names the link. */}
          {logo ? <img src={logo.src} alt={home ? '' : logo.alt} lang={lang} height={40} width={40} /> : null}
          <span>{title}</span>
        </a>
        <div className="page__header-actions">
          {headerActions}
          <LanguageSelector language={language} languages={languages} onChange={onLanguageChange} />
        </div>
      </header>
      <main id="main" className="page__main" tabIndex={-1}>
        {children}
      </main>
      <footer className="page__footer">
        {footerLinks.length > 0 ? (
          <nav aria-label={t('global.footer.navigation', { defaultValue: 'Fußzeile' })}>
            <ul lang={lang}>
              {footerLinks.map((link) => (
                <li key={link.id}>
                  <a href={link.url}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {content.footer?.copyright ? <p lang={lang}>{content.footer.copyright}</p> : null}
      </footer>
    </div>
  );
}
