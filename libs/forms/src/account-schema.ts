import * as yup from 'yup';
import { isEmailAddress } from '@portal/identity-contract';
import { messages } from './messages';
import { emptyToUndefined, hasValue } from './checks';
import { birthYearSchema, emailSchema, firstNameSchema, lastNameSchema, phoneSchema, postcodeSchema } from './rules';
import { accountFieldName, findSchemaField, parseFormat, type AccountSchemaDefinition, type FieldFormat, type SchemaFieldDefinition } from './schema-fields';
import type { ZipCodeRule } from './zip-code';

const NUMBER_TYPES = new Set(['long', 'int', 'integer', 'float', 'number', 'double']);
const BOOLEAN_TYPES = new Set(['boolean', 'bool']);

export interface FieldRuleOptions {
  /** Metadata `validation.zipCode`; with it `profile.zip` follows the rule of `profile.country`. */
  zipCodeRules?: Record<string, ZipCodeRule>;
  /**
   * The example number the phone's format error names: the site's country's (phoneExample of
   * '@portal/forms/phone-examples'), the one the field's hint names. A form with the phone field passes it; without it
   * the error names spec 000 §5's example (phoneSchema).
   */
  phoneExample?: string;
}

/** The product's own rule of a field (spec 000 §5), which the provider's schema adds to. */
function productRule(name: string, format: FieldFormat | undefined, options: FieldRuleOptions): yup.Schema | undefined {
  switch (name) {
    case 'profile.email':
      return emailSchema({ field: name });
    case 'profile.firstName':
      return firstNameSchema(name);
    case 'profile.lastName':
      return lastNameSchema(name);
    case 'profile.phones.number':
      return phoneSchema(name, options.phoneExample);
    case 'profile.birthYear':
      return format?.kind === 'range' ? birthYearSchema(format.min, format.max) : birthYearSchema();
    case 'profile.zip':
      return options.zipCodeRules ? postcodeSchema(options.zipCodeRules, { field: name, countryField: 'country' }) : undefined;
    default:
      return undefined;
  }
}

/**
 * The rule of one form field: the product's own rule for the field, plus what the provider's schema says
 * (required with `gigya.schema.{field}.required.error`, a `regex('…')` or `email` format and the range of a
 * `long` field with `gigya.schema.{field}`). Server-only fields are never checked. A text is checked without the
 * spaces around it, as the service trims every text before it checks it (the product's rules trim likewise): a
 * market's own field with a pattern refused " 0123456789 " in the browser, which the service takes (QA spec audit,
 * 2026-11-30).
 */
export function schemaFieldRule(path: string, field: SchemaFieldDefinition | undefined, options: FieldRuleOptions = {}): yup.Schema {
  if (field?.writeAccess === 'serverOnly') return yup.mixed();
  const name = accountFieldName(path);
  const format = parseFormat(field?.format);
  const own = productRule(name, format, options);
  const invalid = messages.format(name);
  let rule: yup.Schema;
  if (own) rule = own;
  else if (field && NUMBER_TYPES.has(field.type)) rule = yup.number().transform(emptyToUndefined).typeError(invalid);
  else if (field && BOOLEAN_TYPES.has(field.type)) rule = yup.boolean();
  else rule = yup.string().trim();

  if (format?.kind === 'regex') {
    // Composed (NFC), as the service composes a text before it tests its format (2026-11-30: the names' pattern takes
    // the middle dot U+00B7, which U+0387 is once composed).
    rule = rule.test('format', invalid, (value: unknown) => !hasValue(value) || format.pattern.test(String(value).normalize('NFC')));
  } else if (format?.kind === 'email' && !own) {
    rule = rule.test('format', invalid, (value: unknown) => !hasValue(value) || isEmailAddress(String(value)));
  } else if (format?.kind === 'range' && !own) {
    const { min, max } = format;
    rule = rule.test('range', invalid, (value: unknown) => !hasValue(value) || (Number.isInteger(value) && Number(value) >= min && Number(value) <= max));
  }
  if (field?.required) rule = rule.test('required', messages.required(name), hasValue);
  return rule;
}

type RuleTree = { [segment: string]: RuleTree | yup.Schema };

function isRule(node: RuleTree | yup.Schema | undefined): node is yup.Schema {
  return yup.isSchema(node);
}

function insert(tree: RuleTree, segments: string[], rule: yup.Schema) {
  const [head, ...rest] = segments;
  if (head === undefined) return;
  if (rest.length === 0) {
    tree[head] = rule;
    return;
  }
  const child = tree[head];
  const node: RuleTree = child && !isRule(child) ? child : {};
  tree[head] = node;
  insert(node, rest, rule);
}

function build(tree: RuleTree): yup.Schema {
  const keys = Object.keys(tree);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    // A list (profile.phones.0.number): every entry follows the rules given for any position.
    const merged: RuleTree = {};
    for (const key of keys) {
      const entry = tree[key];
      if (entry && !isRule(entry)) Object.assign(merged, entry);
    }
    return yup.array().of(build(merged));
  }
  const shape: Record<string, yup.Schema> = {};
  for (const key of keys) {
    const node = tree[key];
    if (node) shape[key] = isRule(node) ? node : build(node);
  }
  return yup.object(shape);
}

/**
 * A yup object schema from rules by dotted form path: `{'profile.firstName': …, 'profile.phones.0.number': …,
 * password: …}` validates `{profile: {firstName, phones: [{number}]}, password}`, the shape formik holds.
 */
export function formSchema(rules: Record<string, yup.Schema>): yup.ObjectSchema<Record<string, unknown>> {
  const tree: RuleTree = {};
  for (const [path, rule] of Object.entries(rules)) insert(tree, path.replace(/\[(\d+)\]/g, '.$1').split('.'), rule);
  return build(tree) as yup.ObjectSchema<Record<string, unknown>>;
}

export interface AccountFormSchemaOptions extends FieldRuleOptions {
  /** Rules of fields the identity schema does not describe, or replacements (password, retype, consent). */
  rules?: Record<string, yup.Schema>;
}

/**
 * The schema of an account form, built at run time from the provider's `getSchema` answer: the rules of the
 * given form paths, plus `options.rules`.
 *
 * @example accountFormSchema(schema, ['profile.firstName', 'profile.birthYear'], { rules: { password: passwordSchema(policy) } })
 */
export function accountFormSchema(schema: AccountSchemaDefinition | undefined, paths: readonly string[], options: AccountFormSchemaOptions = {}) {
  const rules: Record<string, yup.Schema> = {};
  for (const path of paths) rules[path] = schemaFieldRule(path, findSchemaField(schema, path), options);
  return formSchema({ ...rules, ...options.rules });
}

