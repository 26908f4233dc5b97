import { textInBundle, type Descriptor } from '@portal/forms/testing';

export { errorAt, type Descriptor } from '@portal/forms/testing';

/** The languages of this app's page bundles. */
export const PAGE_LANGUAGES = ['de', 'en', 'es', 'fr', 'nl', 'pl', 'pt'];

/**
 * The text of a message in a language, from the bundles these keys live in: the pages' and the profile's (the refusals
 * of the names and of the address, which only the pages with them load).
 */
export async function textIn(language: string, error: Descriptor | undefined): Promise<string | undefined> {
  const pages = (await import(`../locales/pages/${language}.json`)) as Record<string, string>;
  const profile = (await import(`../locales/profile/${language}.json`)) as Record<string, string>;
  return textInBundle({ ...pages, ...profile }, error);
}
