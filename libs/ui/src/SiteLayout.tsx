import { useEffect, type ReactNode } from 'react';
import { useSite } from '@portal/cms';
import { PageLayout } from './PageLayout';

/** PageLayout filled from the loaded site: its content, language and language switch; the tab's title in the page's language. */
export function SiteLayout({ title, headerActions, children }: { title: string; headerActions?: ReactNode; children: ReactNode }) {
  const site = useSite();
  // index.html names the app in German for the first paint; the title then follows the page's language (WCAG 2.4.2, 3.1.1).
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <PageLayout
      title={title}
      content={site.content}
      language={site.language}
      languages={site.languages}
      onLanguageChange={site.changeLanguage}
      headerActions={headerActions}
    >
      {children}
    </PageLayout>
  );
}
