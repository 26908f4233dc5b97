import type { ReactNode } from 'react';
import { useSite } from '@portal/cms';
import { PageLayout, type PageLayoutProps } from './PageLayout';
import { usePageAnnouncement } from './page-announcement';

export interface SiteLayoutProps {
  /** The app's name, in the page's language: the header's, and the end of the tab's title. */
  title: string;
  /** The page shown (its path): a new one is named in the tab's title and gets the focus (usePageAnnouncement). */
  pageKey?: string;
  headerActions?: ReactNode;
  home?: PageLayoutProps['home'];
  children: ReactNode;
}

/**
 * PageLayout filled from the loaded site: its content, language and language switch. index.html names the app in
 * German for the first paint; the tab's title then names the page and the app in the page's language (WCAG 2.4.2,
 * 3.1.1).
 */
export function SiteLayout({ title, pageKey, headerActions, home, children }: SiteLayoutProps) {
  const site = useSite();
  usePageAnnouncement(pageKey, title);
  return (
    <PageLayout
      title={title}
      content={site.content}
      language={site.language}
      languages={site.languages}
      onLanguageChange={site.changeLanguage}
      headerActions={headerActions}
      home={home}
    >
      {children}
    </PageLayout>
  );
}
