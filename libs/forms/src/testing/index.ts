import type * as yup from 'yup';

/** A form rule's message as the schema gives it: its key, or the keys tried in order, and its placeholders' values. */
export type Descriptor = { key: string | readonly string[]; values?: Readonly<Record<string, string | number>> };

/** The first error a schema finds at `path`, or undefined when the value there passes. */
export async function errorAt(schema: yup.Schema, path: string, values: unknown): Promise<Descriptor | undefined> {
  try {
    await schema.validateAt(path, values);
    return undefined;
  } catch (error) {
    return (error as yup.ValidationError).errors[0] as unknown as Descriptor;
  }
}

/**
 * The text a message bundle gives a message: the first of its keys the bundle has, its placeholders filled from the
 * message's values as the pages fill them; a placeholder without a value stays as written. Each app passes its own
 * bundle (they live in the apps), so that the two apps' tests of a message's wording read it one way.
 */
export function textInBundle(bundle: Readonly<Record<string, string>>, error: Descriptor | undefined): string | undefined {
  const text = [error?.key ?? []].flat().map((key) => bundle[key]).find(Boolean);
  return text?.replace(/\{(\w+)\}/g, (placeholder, name: string) => String(error?.values?.[name] ?? placeholder));
}
