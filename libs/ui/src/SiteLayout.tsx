import type { ReactNode } from 'react';
import { useSite } from '@portal/cms';
import { PageLayout } from './PageLayout';

/** PageLayout filled from the loaded site: its content, language and language switch. */
export function SiteLayout({ title, headerActions, children }: { title: string; headerActions?: ReactNode; children: ReactNode }) {
  const site = useSite();
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
