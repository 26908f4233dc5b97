import { textInBundle, type Descriptor } from '@portal/forms/testing';

export { errorAt, type Descriptor } from '@portal/forms/testing';

/** The languages of this app's page bundles. */
export const PAGE_LANGUAGES = ['de', 'en', 'es', 'fr', 'nl', 'pl', 'pt'];

/** The text of a message in a language, from the pages' bundle (the bundle these keys live in). */
export async function textIn(language: string, error: Descriptor | undefined): Promise<string | undefined> {
  return textInBundle((await import(`../locales/pages/${language}.json`)) as Record<string, string>, error);
}
