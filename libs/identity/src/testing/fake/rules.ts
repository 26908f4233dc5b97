import { ErrorCode, type ValidationError } from '../../envelope';
import type { ConsentDetails, SchemaField } from '../../types';
import type { Account } from './model';
import type { FakeStore } from './store';
import { EMAIL, getPath, isBlank, isPlainObject } from './values';

// The account rules every capability shares: what is still missing, what a password and a written value must be.

/** The legal statement of a consent in a language, else the first one. */
export function statementFor(details: ConsentDetails, lang: string) {
  return details.legalStatements[lang] ?? Object.values(details.legalStatements)[0];
}

/** Dotted names of the required fields without a value and the mandatory consents not (or no longer) accepted. */
export function missingFields(store: FakeStore, acc: Account): string[] {
  const missing: string[] = [];
  for (const [section, values] of [
    ['profile', acc.profile],
    ['data', acc.data],
  ] as const) {
    const fields = (section === 'profile' ? store.schema.profileSchema : store.schema.dataSchema).fields;
    for (const [name, field] of Object.entries(fields)) {
      if (field.required && isBlank(getPath(values, name))) missing.push(`${section}.${name}`);
    }
  }
  for (const name of acc.pendingFields) {
    const [section, ...rest] = name.split('.');
    const values = section === 'profile' ? acc.profile : section === 'data' ? acc.data : undefined;
    if (values && isBlank(getPath(values, rest.join('.'))) && !missing.includes(name)) missing.push(name);
  }
  for (const [id, details] of Object.entries(store.consent)) {
    if (!details.isActive || !details.isMandatory) continue;
    const state = getPath(acc.preferences, id) as { isConsentGranted?: boolean; docVersion?: number } | undefined;
    const statement = statementFor(details, acc.lang);
    const accepted = state?.isConsentGranted === true && (state.docVersion ?? statement?.currentDocVersion ?? 0) >= (statement?.minDocVersion ?? 0);
    if (!accepted) missing.push(`preferences.${id}`);
  }
  return missing;
}

/** Why a password breaks the policy, or undefined when it is fine. */
export function passwordProblem(store: FakeStore, password: string): string | undefined {
  const { minLength, minCharGroups, regExp } = store.policies.passwordComplexity;
  if (password.length < minLength) return `The password must be at least ${minLength} characters long.`;
  const groups = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
  if (groups < minCharGroups) return 'The password does not meet the complexity requirements.';
  if (regExp && !new RegExp(regExp).test(password)) return 'The password does not meet the complexity requirements.';
  return undefined;
}

/** Checks written profile/data values against the schema; answers the validation errors and read-only writes. */
export function checkSections(store: FakeStore, profile: unknown, data: unknown): { errors: ValidationError[]; readOnly?: string } {
  const errors: ValidationError[] = [];
  let readOnly: string | undefined;
  const visit = (section: 'profile' | 'data', fields: Record<string, SchemaField>, value: unknown, path: string) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(section, fields, item, path);
      return;
    }
    if (isPlainObject(value) && !(path && fields[path] && fields[path].type !== 'object')) {
      for (const [key, child] of Object.entries(value)) visit(section, fields, child, path ? `${path}.${key}` : key);
      return;
    }
    const field = fields[path];
    if (!field) return;
    if (field.writeAccess === 'serverOnly') {
      readOnly ??= `${section}.${path}`;
      return;
    }
    const problem = formatProblem(field, value);
    if (problem) errors.push({ fieldName: `${section}.${path}`, errorCode: problem.code, message: problem.message });
  };
  if (profile !== undefined) visit('profile', store.schema.profileSchema.fields, profile, '');
  if (data !== undefined) visit('data', store.schema.dataSchema.fields, data, '');
  return { errors, readOnly };
}

function formatProblem(field: SchemaField, value: unknown): { code: number; message: string } | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const format = field.format ?? '';
  const range = /^range\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)$/.exec(format);
  if (range) {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isInteger(n) || n < Number(range[1]) || n > Number(range[2])) {
      return { code: ErrorCode.INVALID_PARAMETER, message: `Value must be between ${range[1]} and ${range[2]}` };
    }
    return undefined;
  }
  if (format === 'email' && !EMAIL.test(String(value))) return { code: ErrorCode.INVALID_FORMAT, message: 'Invalid email format' };
  const regex = /^regex\('(.*)'\)$/s.exec(format);
  if (regex && !new RegExp(regex[1] ?? '', 'u').test(String(value))) return { code: ErrorCode.INVALID_FORMAT, message: 'Invalid format' };
  if (field.type === 'long' && !Number.isInteger(typeof value === 'number' ? value : Number(value))) {
    return { code: ErrorCode.INVALID_FORMAT, message: 'Invalid number' };
  }
  return undefined;
}
