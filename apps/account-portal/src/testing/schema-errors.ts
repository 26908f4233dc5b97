import type * as kit from '@portal/forms/schemas';

/** The languages of this app's page bundles. */
export const PAGE_LANGUAGES = ['de', 'en', 'es', 'fr', 'nl', 'pl', 'pt'];

/** A form rule's message as the schema gives it: its key, or the keys tried in order, and its placeholders' values. */
export type Descriptor = { key: string | readonly string[]; values?: Readonly<Record<string, string | number>> };

/** The first error a schema finds at `path`, or undefined when the value there passes. */
export async function errorAt(schema: kit.yup.Schema, path: string, values: unknown): Promise<Descriptor | undefined> {
  try {
    await schema.validateAt(path, values);
    return undefined;
  } catch (error) {
    return (error as kit.yup.ValidationError).errors[0] as unknown as Descriptor;
  }
}

/**
 * The text of a message in a language: the first of its keys the pages' bundle has (the bundle these keys live in), its
 * placeholders filled from the message's values as the pages fill them; a placeholder without a value stays as written.
 */
export async function textIn(language: string, error: Descriptor | undefined): Promise<string | undefined> {
  const bundle = (await import(`../locales/pages/${language}.json`)) as Record<string, string>;
  const text = [error?.key ?? []].flat().map((key) => bundle[key]).find(Boolean);
  return text?.replace(/\{(\w+)\}/g, (placeholder, name: string) => String(error?.values?.[name] ?? placeholder));
}
