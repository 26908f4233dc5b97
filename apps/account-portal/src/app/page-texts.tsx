import type { i18n as I18n } from 'i18next';
import { use, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addMessages, type MessageLoader } from '@portal/i18n';
import { loadAccountMessages, loadPageMessages, loadSignInMessages } from './messages';

/** The texts a page shows besides the first page's: the shared ones and the sign-in pages' or the account area's. */
export type PageTextsPart = 'signIn' | 'account' | 'shared';

const LOADERS: Record<PageTextsPart, MessageLoader[]> = {
  signIn: [loadPageMessages, loadSignInMessages],
  account: [loadPageMessages, loadAccountMessages],
  shared: [loadPageMessages],
};

/**
 * Starts loading a page's texts, each part beside the others; addMessages keeps each part's promise, so every call
 * (the first page's preparation, each render) gets the same ones.
 */
export function addPageTexts(i18n: I18n, part: PageTextsPart): Promise<void>[] {
  return LOADERS[part].map((load) => addMessages(i18n, load));
}

/**
 * Waits (suspends) until the texts of the pages after the first have loaded; /login needs none of them but for a
 * rare answer, which waits for them when it comes (LoginOutcomeMessage). `code` starts loading the page's code
 * meanwhile, so code and texts load side by side. Texts that do not load bring the error page, and are asked for
 * again once the shopper has left it (retryFailedCode).
 */
export function PageTexts({ children, code, part }: { children: ReactNode; code?: () => Promise<unknown>; part: PageTextsPart }) {
  const { i18n } = useTranslation();
  void code?.();
  for (const texts of addPageTexts(i18n, part)) use(texts);
  return <>{children}</>;
}
