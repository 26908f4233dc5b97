import { use, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addMessages } from '@portal/i18n';
import { loadPageMessages } from './messages';

/**
 * Waits (suspends) until the texts of the pages after the first have loaded; /login needs none of them but for a
 * rare answer, which waits for them when it comes (LoginOutcomeMessage). `code` starts loading the page's code
 * meanwhile, so code and texts load side by side. Texts that do not load bring the error page, and are asked for
 * again once the shopper has left it (retryFailedCode).
 */
export function PageTexts({ children, code }: { children: ReactNode; code?: () => Promise<unknown> }) {
  const { i18n } = useTranslation();
  void code?.();
  use(addMessages(i18n, loadPageMessages));
  return <>{children}</>;
}
