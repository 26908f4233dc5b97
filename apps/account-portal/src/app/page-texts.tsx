import type { i18n as I18n } from 'i18next';
import { use, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addMessages, type MessageLoader } from '@portal/i18n';
import { loadPageMessages } from './messages';

/**
 * Starts loading the texts of a page after the first: the part every such page shows and the page's own part (the
 * sign-in pages', the account area's), side by side. addMessages keeps each part's promise, so every call (the first
 * page's preparation, each render) gets the same ones.
 */
export function addPageTexts(i18n: I18n, own?: MessageLoader): Promise<void>[] {
  return [loadPageMessages, ...(own ? [own] : [])].map((load) => addMessages(i18n, load));
}

/**
 * Waits (suspends) until the texts of the pages after the first have loaded, the shared part and `own`; /login needs
 * none of them but for a rare answer, which waits for them when it comes (LoginOutcomeMessage). `code` starts
 * loading the page's code meanwhile, so code and texts load side by side. Texts that do not load bring the error
 * page, and are asked for again once the shopper has left it (retryFailedCode).
 */
export function PageTexts({ children, code, own }: { children: ReactNode; code?: () => Promise<unknown>; own?: MessageLoader }) {
  const { i18n } = useTranslation();
  void code?.();
  for (const texts of addPageTexts(i18n, own)) use(texts);
  return <>{children}</>;
}
