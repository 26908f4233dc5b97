import { compilePattern, hasValue } from './checks';

// What the provider's getSchema answer says about a form's fields, read without yup: pages use it while rendering
// (which fields to ask for, which are required); the rules built from it live in account-schema.ts.

/** One field of the provider's `getSchema` answer. */
export interface SchemaFieldDefinition {
  type: string;
  required?: boolean;
  /** `regex('…')`, `range(1900,2020)` or `email`. */
  format?: string;
  writeAccess?: string;
}

export interface SchemaSectionDefinition {
  fields: Record<string, SchemaFieldDefinition>;
}

/** The provider's `getSchema` answer (any section may be missing). */
export interface AccountSchemaDefinition {
  profileSchema?: SchemaSectionDefinition;
  dataSchema?: SchemaSectionDefinition;
  subscriptionsSchema?: SchemaSectionDefinition;
  preferencesSchema?: SchemaSectionDefinition;
}

export type FieldFormat =
  | { kind: 'regex'; pattern: RegExp }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'email' };

/** Reads a schema `format`; undefined for none, and for one this product does not know or cannot compile. */
export function parseFormat(format: string | undefined): FieldFormat | undefined {
  if (!format) return undefined;
  if (format.trim() === 'email') return { kind: 'email' };
  const range = /^range\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)$/.exec(format.trim());
  if (range) return { kind: 'range', min: Number(range[1]), max: Number(range[2]) };
  // The pattern runs to the last quote: patterns may contain quotes themselves (first names with apostrophes).
  const regex = /^regex\('(.*)'\)$/s.exec(format.trim());
  const pattern = regex ? compilePattern(regex[1] ?? '') : undefined;
  return pattern ? { kind: 'regex', pattern } : undefined;
}

const sectionKeys = {
  profile: 'profileSchema',
  data: 'dataSchema',
  subscriptions: 'subscriptionsSchema',
  preferences: 'preferencesSchema',
} as const satisfies Record<string, keyof AccountSchemaDefinition>;

/** The account field a form path stands for, without list positions: `profile.phones.0.number` → `profile.phones.number`. */
export function accountFieldName(path: string): string {
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((segment) => segment !== '' && !/^\d+$/.test(segment))
    .join('.');
}

/** The schema definition of a form path (`profile.firstName`, `profile.phones.0.number`, `data.salutation`). */
export function findSchemaField(schema: AccountSchemaDefinition | undefined, path: string): SchemaFieldDefinition | undefined {
  const [section = '', ...rest] = accountFieldName(path).split('.');
  const key = sectionKeys[section as keyof typeof sectionKeys] as keyof AccountSchemaDefinition | undefined;
  return key ? schema?.[key]?.fields[rest.join('.')] : undefined;
}

/**
 * The required, client-writable fields of the given sections that the account has no value for: what the
 * finalize-registration form asks for (spec 000 §4). Names are dotted (`profile.firstName`, `data.salutation`).
 */
export function missingRequiredFields(
  schema: AccountSchemaDefinition | undefined,
  account: Record<string, unknown>,
  sections: readonly ('profile' | 'data')[] = ['profile', 'data'],
): string[] {
  const missing: string[] = [];
  for (const section of sections) {
    const fields = schema?.[sectionKeys[section]]?.fields ?? {};
    for (const [name, field] of Object.entries(fields)) {
      if (!field.required || field.writeAccess === 'serverOnly') continue;
      const path = name.startsWith('phones.') ? `${section}.phones.0.${name.slice('phones.'.length)}` : `${section}.${name}`;
      if (!hasValue(valueAt(account, path))) missing.push(path);
    }
  }
  return missing;
}

function valueAt(source: unknown, path: string): unknown {
  let current = source;
  for (const segment of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
