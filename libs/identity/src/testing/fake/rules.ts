import { ErrorCode, SAME_PASSWORD_DETAILS, type Envelope, type ValidationError } from '../../envelope';
import type { ConsentDetails, SchemaField } from '../../types';
import { baseLang } from '../../language';
import { GENERIC_POSTCODE } from '../defaults';
import { passwordPolicyProblem, type PasswordPolicyProblem } from '@portal/identity-contract';
import { phoneNumberFault } from '@portal/identity-contract/phone';
import { hasTextControl, isPlaceText, textShowsAsSent, trimInvisible } from '@portal/identity-contract/text';
import type { Account } from './model';
import type { FakeStore } from './store';
import { clone, getPath, isBlank, isEmailAddress, isPlainObject, setPath } from './values';

// The account rules every capability shares: what is still missing, what a password must be, and how written
// values are checked and stored in their schema form (as the embedded provider's schema.go does).

/**
 * The language of the legal statement a shopper of `lang` gets, as the embedded provider picks it: the tag's own
 * (`nl-BE`: `nl-be`), else its language's (`nl`), else German, else the first by language.
 */
export function statementLanguage(details: ConsentDetails, lang: string): string | undefined {
  const keys = Object.keys(details.legalStatements).sort();
  return [lang.replace('_', '-').toLowerCase(), baseLang(lang), 'de'].find((key) => keys.includes(key)) ?? keys[0];
}

/** The legal statement a shopper of `lang` gets (statementLanguage). */
export function statementFor(details: ConsentDetails, lang: string) {
  const key = statementLanguage(details, lang);
  return key === undefined ? undefined : details.legalStatements[key];
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
      if (section === 'profile' && name === 'email') continue; // the login ID, never missing
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
    const state = getPath(acc.preferences, id) as { isConsentGranted?: boolean; docVersion?: number; lang?: string } | undefined;
    // In the language the consent was given in; a record without one, in the account's.
    const statement = statementFor(details, state?.lang || acc.lang);
    const accepted = state?.isConsentGranted === true && (state.docVersion ?? statement?.currentDocVersion ?? 0) >= (statement?.minDocVersion ?? 0);
    if (!accepted) missing.push(`preferences.${id}`);
  }
  return missing;
}

/** The validation message of a common password (the embedded provider's wording). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common: it appears in lists of breached passwords.';

/** The validation message of a password over the contract's maxBytes (the embedded provider's wording). */
export const PASSWORD_TOO_LONG_MESSAGE = 'The password is too long.';

/** The validation message of a new password with a NUL (the embedded provider's wording). */
export const PASSWORD_NUL_MESSAGE = 'The password cannot contain a NUL character (U+0000).';

/** The password policy on one field (the contract's check): 400027 when empty, else 400006 naming the broken rule. */
/**
 * The answer to a new password the account may not take, in the contract's order: its current one again (400006
 * with details 100001), then one the policy refuses (400009); undefined when neither. A password change and a reset
 * ask it alike, as the embedded provider's refuseNewPassword.
 */
export function refuseNewPassword(store: FakeStore, account: Account, newPassword: string): Envelope | undefined {
  if (newPassword === account.password) return store.fail(ErrorCode.INVALID_PARAMETER, SAME_PASSWORD_DETAILS);
  const weak = checkPassword(store, 'newPassword', newPassword);
  return weak.length > 0 ? store.validationFailed(weak) : undefined;
}

export function checkPassword(store: FakeStore, fieldName: string, password: string | undefined): ValidationError[] {
  if (!password) return [{ fieldName, errorCode: ErrorCode.MISSING_REQUIRED_VALUE, message: 'Missing required field' }];
  const problem = passwordPolicyProblem(password, store.policies.passwordComplexity);
  if (!problem) {
    return store.commonPasswords?.has(password) ? [{ fieldName, errorCode: ErrorCode.INVALID_PARAMETER, message: COMMON_PASSWORD_MESSAGE }] : [];
  }
  const messages: Record<PasswordPolicyProblem, string> = {
    minLength: `The password must be at least ${store.policies.passwordComplexity.minLength} characters long.`,
    maxLength: PASSWORD_TOO_LONG_MESSAGE,
    charGroups: 'The password must contain digits, upper and lower case letters and special characters.',
    regExp: 'The password does not match the password policy.',
    nul: PASSWORD_NUL_MESSAGE,
  };
  return [{ fieldName, errorCode: ErrorCode.INVALID_PARAMETER, message: messages[problem] }];
}

/** What a write of profile or data values comes to: the merged section, its errors, a server-only field touched. */
export interface SectionWrite {
  values: Record<string, unknown>;
  errors: ValidationError[];
  serverOnly: boolean;
}

/**
 * Checks profile input (without `email`, which has its own flow) against the schema and merges it into the
 * current profile: unknown fields are refused, strings trimmed, an empty or null value removes the field, longs
 * and booleans are stored as such, phones get the type 'default'.
 */
export function writeProfile(store: FakeStore, input: unknown, current: Record<string, unknown>): SectionWrite {
  const out = clone(current);
  const errors: ValidationError[] = [];
  let serverOnly = false;
  if (!isPlainObject(input)) return { values: out, errors, serverOnly };
  // Held to data's nesting before any of it is read, as the embedded provider's mergeProfile.
  if (Object.values(input).some((value) => nestsDeeper(value, MAX_NESTING))) {
    return { values: out, errors: [{ fieldName: 'profile', errorCode: ErrorCode.INVALID_PARAMETER, message: 'The profile is nested too deeply.' }], serverOnly };
  }
  const fields = store.schema.profileSchema.fields;
  for (const key of Object.keys(input).sort()) {
    const value = input[key];
    const name = `profile.${key}`;
    if (key === 'phones') {
      const phones = writePhones(fields['phones.number'], fields['phones.type'], value);
      errors.push(...phones.errors);
      if (phones.errors.length === 0) {
        if (phones.list === undefined) delete out.phones;
        else out.phones = phones.list;
      }
      continue;
    }
    const field = fields[key];
    if (!field || key === 'email') {
      errors.push({ fieldName: name, errorCode: ErrorCode.INVALID_PARAMETER, message: 'Unknown field' });
      continue;
    }
    if (field.writeAccess === 'serverOnly') {
      serverOnly = true;
      continue;
    }
    const result = coerce(field, name, value, PERSON_NAME_FIELDS.includes(key) ? PERSON_NAME_MAX_LENGTH : undefined);
    if ('error' in result) errors.push(result.error);
    else if (result.value === undefined) delete out[key];
    else out[key] = result.value;
  }
  errors.push(...checkProfilePostcode(store, input, out, errors));
  errors.push(...checkBirthDate(input, out, errors));
  return { values: out, errors, serverOnly };
}

/**
 * The profile's postcode and country held to the rules of an address, when a write gives either and its own format
 * held; a profile without a country has the site's (profileCountry), as the embedded provider's checkProfilePostcode.
 */
function checkProfilePostcode(
  store: FakeStore,
  input: Record<string, unknown>,
  merged: Record<string, unknown>,
  errors: ValidationError[],
): ValidationError[] {
  if (!('zip' in input) && !('country' in input)) return [];
  if (errors.some((e) => e.fieldName === 'profile.zip' || e.fieldName === 'profile.country')) return [];
  const own = typeof merged.country === 'string' ? merged.country : '';
  const country = own || store.profileCountry;
  const format = (field: string): ValidationError[] => [
    {
      fieldName: `profile.${field}`,
      errorCode: ErrorCode.INVALID_FORMAT,
      message: 'The specified value does not correspond to the expected format.',
    },
  ];
  const rule = store.postcodeRules[country];
  if (own && !rule && Object.keys(store.postcodeRules).length > 0) return format('country');
  const zip = typeof merged.zip === 'string' ? merged.zip : '';
  return zip && rule && !rule.test(zip) ? format('zip') : [];
}

/** The day of birth held to its month (with the stored parts), as the embedded provider does; without a year, 29 February stands. */
function checkBirthDate(input: Record<string, unknown>, merged: Record<string, unknown>, errors: ValidationError[]): ValidationError[] {
  const given = ['birthDay', 'birthMonth', 'birthYear'].some((key) => key in input);
  const { birthDay: day, birthMonth: month, birthYear: year } = merged;
  if (!given || errors.some((e) => e.fieldName.startsWith('profile.birth')) || typeof day !== 'number' || typeof month !== 'number') return [];
  const date = new Date(Date.UTC(typeof year === 'number' ? year : 2000, month - 1, day));
  return date.getUTCDate() === day ? [] : [{ fieldName: 'profile.birthDay', errorCode: ErrorCode.INVALID_PARAMETER, message: `The month has no day ${day}.` }];
}

/**
 * Checks data input and deep-merges it into the current data; fields the schema does not name are kept as given.
 * The address book is a list of structured entries: checked as a whole and replaced, never merged (writeAddressBook).
 */
export function writeData(store: FakeStore, input: unknown, current: Record<string, unknown>): SectionWrite {
  const { addressBook, ...others }: Record<string, unknown> = isPlainObject(input) ? input : {};
  // A leaf lies as deep as its path says, and a list or an object in it nests further (the embedded provider's flatten).
  const tooDeep = ([path, value]: [string, unknown]) => nestsDeeper(value, MAX_NESTING - (path.split('.').length - 1));
  const errors: ValidationError[] = leaves(others).some(tooDeep)
    ? [{ fieldName: 'data', errorCode: ErrorCode.INVALID_PARAMETER, message: 'The data is nested too deeply or has empty keys.' }]
    : emptyKeyParts('data', others);
  let serverOnly = false;
  const fields = store.schema.dataSchema.fields;
  const out = clone(current);
  for (const [path, value] of leaves(others)) {
    if (tooDeep([path, value])) continue;
    // Keys and free-form values hold no controls or overrides, and a key alike a schema name but for case is
    // refused (the server-only field's as the field itself), as the embedded provider does (QA round of 2026-11-29).
    if (hasTextControl(path) || (!fields[path] && holdsTextControl(value))) {
      errors.push({ fieldName: `data.${path}`, errorCode: ErrorCode.INVALID_FORMAT, message: 'The specified value does not correspond to the expected format.' });
      continue;
    }
    const alike = lookAlike(Object.keys(fields), path);
    if (alike !== undefined) {
      if (Object.entries(fields).some(([name, field]) => field.writeAccess === 'serverOnly' && (name === alike || name.startsWith(`${alike}.`)))) serverOnly = true;
      else errors.push({ fieldName: `data.${path}`, errorCode: ErrorCode.INVALID_PARAMETER, message: `Unknown field: the schema's is data.${alike}, which differs only in case.` });
      continue;
    }
    for (const [name, field] of Object.entries(fields)) {
      if (field.writeAccess === 'serverOnly' && (name === path || path.startsWith(`${name}.`) || name.startsWith(`${path}.`))) serverOnly = true;
    }
    const field = fields[path];
    // data.preference is closed, as the embedded provider's (PreferenceNamespace): a key the schema does not name is
    // refused, so a tile the schema lacks fails here as it does there; the fake stored it (QA round of 2026-11-29).
    if (!field && `${path}.`.startsWith(PREFERENCE_NAMESPACE)) {
      errors.push({ fieldName: `data.${path}`, errorCode: ErrorCode.INVALID_PARAMETER, message: 'Unknown preference' });
      continue;
    }
    if (value === null) {
      removePath(out, path);
      continue;
    }
    if (!field) {
      setPath(out, path, clone(value));
      continue;
    }
    const result = coerce(field, `data.${path}`, value);
    if ('error' in result) errors.push(result.error);
    else if (result.value === undefined) removePath(out, path);
    else setPath(out, path, result.value);
  }
  if (addressBook !== undefined) {
    const book = writeAddressBook(store, addressBook);
    errors.push(...book.errors);
    if (book.entries.length > 0) out.addressBook = book.entries;
    else delete out.addressBook;
  }
  return { values: out, errors, serverOnly };
}

/** The preference tiles' and the favourite store's part of data, closed to keys the schema does not name. */
const PREFERENCE_NAMESPACE = 'preference.';

/**
 * How many levels of objects and lists profile and data hold below themselves (the contract's api.request; the
 * embedded provider's maxNesting). The fake counted none, the embedded provider objects only (QA bad-input round of
 * 2026-11-29).
 */
const MAX_NESTING = 8;

/** Whether a value placed where `room` levels of objects and lists are left needs more; a list or an object takes a level. */
function nestsDeeper(value: unknown, room: number): boolean {
  if (room < 0) return true;
  const items = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : undefined;
  return items !== undefined && (room === 0 || items.some((item) => nestsDeeper(item, room - 1)));
}

/** The fields of an address book entry (spec 000 §3); each is required but the salutation and the standard flag. */
const ADDRESS_FIELDS = ['salutation', 'firstName', 'lastName', 'street', 'streetNo', 'zip', 'city', 'country', 'isStandardAddress'];
const OPTIONAL_ADDRESS_FIELDS = ['salutation', 'isStandardAddress'];
/** The texts that say where an address is, each held to the contract's placeText (isPlaceText, Go's contract.PlaceTextValid). */
const PLACE_FIELDS = ['street', 'streetNo', 'city'];
/** The house number's most characters, the contract's textLength.streetNo, written out as the others are (coerce). */
const STREET_NO_MAX_LENGTH = 30;

const FORMAT_MESSAGE = 'The specified value does not correspond to the expected format.';
/**
 * data.addressBook in its stored form, as the embedded provider's addressBook: null or an empty list removes it; else a
 * list of at most one address (spec 000 §3) of known fields, texts trimmed of spaces and what else shows nothing (at
 * most 200 characters, a house number 30, no controls; a street, house number and town by the place's rule), the
 * country upper case, then held to checkAddress. Errors name the entry's field, `data.addressBook.<field>`. The fake
 * stored an address as given ("be" stayed "be", a street could be missing), so the address page's tests saw answers
 * the service never gives.
 */
function writeAddressBook(store: FakeStore, value: unknown): { entries: Record<string, unknown>[]; errors: ValidationError[] } {
  const invalid = (fieldName: string, message: string) => ({ fieldName, errorCode: ErrorCode.INVALID_PARAMETER, message });
  const refuse = (message: string) => ({ entries: [], errors: [invalid('data.addressBook', message)] });
  if (value === null) return { entries: [], errors: [] };
  if (!Array.isArray(value)) return refuse('The address book must be a list.');
  if (value.length > 1) return refuse('The address book holds at most 1 address.');
  if (!value.every(isPlainObject)) return refuse('An address must be an object.');
  const errors: ValidationError[] = [];
  const entries = value.map((item: Record<string, unknown>) => {
    for (const key of Object.keys(item).sort()) {
      if (!ADDRESS_FIELDS.includes(key)) errors.push(invalid(`data.addressBook.${key}`, 'Unknown field'));
    }
    const entry: Record<string, unknown> = {};
    for (const name of ADDRESS_FIELDS) {
      const field = { type: name === 'isStandardAddress' ? 'boolean' : 'string', required: !OPTIONAL_ADDRESS_FIELDS.includes(name) };
      const raw = typeof item[name] === 'string' ? trimInvisible(item[name]) : item[name];
      const result = coerce(field, `data.addressBook.${name}`, raw, name === 'streetNo' ? STREET_NO_MAX_LENGTH : 200);
      if ('error' in result) errors.push(result.error);
      // A place's text is required: given, it follows the place's rule.
      else if (PLACE_FIELDS.includes(name) && !isPlaceText(String(result.value))) {
        errors.push({ fieldName: `data.addressBook.${name}`, errorCode: ErrorCode.INVALID_FORMAT, message: FORMAT_MESSAGE });
      } else if (result.value !== undefined) entry[name] = name === 'country' ? String(result.value).toUpperCase() : result.value;
    }
    errors.push(...checkAddress(store, entry));
    return entry;
  });
  return errors.length > 0 ? { entries: [], errors } : { entries, errors };
}

/**
 * An address's formats, as the embedded provider's checkAddress: the salutation mr, mrs or div, the names as the
 * profile's, and the postcode by its country's rule: a country outside postcodeRules (with none, any two-letter code,
 * under the generic rule) is refused on data.addressBook.country, a postcode its rule refuses on data.addressBook.zip.
 */
function checkAddress(store: FakeStore, entry: Record<string, unknown>): ValidationError[] {
  const refused: ValidationError[] = [];
  const format = (field: string) =>
    refused.push({
      fieldName: `data.addressBook.${field}`,
      errorCode: ErrorCode.INVALID_FORMAT,
      message: 'The specified value does not correspond to the expected format.',
    });
  if (entry.salutation !== undefined && !['mr', 'mrs', 'div'].includes(String(entry.salutation))) format('salutation');
  for (const name of ['firstName', 'lastName']) {
    const field = store.schema.profileSchema.fields[name];
    if (field && typeof entry[name] === 'string' && !followsFormat(field, entry[name])) format(name);
  }
  const country = typeof entry.country === 'string' ? entry.country : '';
  if (!country) return refused;
  const anyCountry = Object.keys(store.postcodeRules).length === 0;
  const rule = store.postcodeRules[country] ?? (anyCountry && /^[A-Z]{2}$/.test(country) ? new RegExp(GENERIC_POSTCODE) : undefined);
  if (!rule) format('country');
  else if (typeof entry.zip === 'string' && !rule.test(entry.zip)) format('zip');
  return refused;
}

/** Records consents: granted or withdrawn, with the document version accepted (at most the current one) and time. */
export function writePreferences(store: FakeStore, input: unknown, current: Record<string, unknown>, lang: string) {
  const out = clone(current);
  const errors: ValidationError[] = emptyKeyParts('preferences', input);
  const changes = new Map<string, { granted?: boolean; docVersion?: number }>();
  for (const [path, value] of leaves(input)) {
    const at = path.lastIndexOf('.');
    const id = at < 0 ? path : path.slice(0, at);
    const attribute = at < 0 ? '' : path.slice(at + 1);
    if (at < 0 || !store.consent[id]?.isActive) {
      errors.push({ fieldName: `preferences.${id}`, errorCode: ErrorCode.INVALID_PARAMETER, message: 'Unknown consent' });
      continue;
    }
    const change = changes.get(id) ?? {};
    changes.set(id, change);
    if (attribute === 'isConsentGranted') {
      const granted = booleanOf(value);
      if (granted === undefined) errors.push({ fieldName: `preferences.${path}`, errorCode: ErrorCode.INVALID_PARAMETER, message: 'The value must be true or false.' });
      else change.granted = granted;
    } else if (attribute === 'docVersion') {
      if (typeof value === 'number' && value > 0) change.docVersion = value;
      else errors.push({ fieldName: `preferences.${path}`, errorCode: ErrorCode.INVALID_PARAMETER, message: 'The document version must be a positive number.' });
    }
  }
  for (const [id, change] of changes) {
    if (change.granted === undefined) continue;
    const current = statementFor(store.consent[id]!, lang)?.currentDocVersion ?? 1;
    setPath(out, id, {
      isConsentGranted: change.granted,
      docVersion: change.docVersion !== undefined && change.docVersion <= current ? change.docVersion : current,
      lastConsentModified: store.iso(store.now()),
      lang: statementLanguage(store.consent[id]!, lang) ?? baseLang(lang),
    });
  }
  return { values: out, errors };
}

type Coerced = { value: unknown } | { error: ValidationError };

/** The names of the profile, which take what an address's names take (the contract's personName.maxLength, written out as below). */
const PERSON_NAME_FIELDS = ['firstName', 'lastName'];
const PERSON_NAME_MAX_LENGTH = 200;

/**
 * One value in its stored form, or why it cannot be stored; `value: undefined` removes the field. `maxLength` is the
 * contract's textLength (an account text's, an address field's), written out: taken from text-length.gen.ts, it would
 * make the fake's chunk load the account portal's forms chunk, one more entry in the list of the first chunk, 9 bytes of
 * /login's (2026-11-30); the contract suite holds both providers to it.
 */
function coerce(field: SchemaField, fieldName: string, value: unknown, maxLength = 1000): Coerced {
  const bad = (errorCode: number, message: string): Coerced => ({ error: { fieldName, errorCode, message } });
  if (value === null || value === undefined) {
    return field.required ? bad(ErrorCode.MISSING_REQUIRED_VALUE, 'Missing required field') : { value: undefined };
  }
  if (field.type === 'long') {
    // JSON's numbers only, as booleans are JSON's true or false: "1980" was read as a number (QA bad-input round of 2026-11-29).
    const n = typeof value === 'number' ? value : NaN;
    if (!Number.isInteger(n) || Math.abs(n) > 1e15) return bad(ErrorCode.INVALID_PARAMETER, 'The value must be a whole number.');
    const range = /^range\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)$/.exec(field.format ?? '');
    if (range && (n < Number(range[1]) || n > Number(range[2]))) {
      return bad(ErrorCode.INVALID_PARAMETER, `The value must be between ${range[1]} and ${range[2]}.`);
    }
    return { value: n };
  }
  if (field.type === 'boolean') {
    const b = booleanOf(value);
    return b === undefined ? bad(ErrorCode.INVALID_PARAMETER, 'The value must be true or false.') : { value: b };
  }
  if (typeof value !== 'string') return bad(ErrorCode.INVALID_PARAMETER, 'The value must be a string.');
  // Composed (NFC), as the embedded provider stores texts: a name typed decomposed ("José" as e and a combining accent)
  // would be stored apart from the same name composed.
  const text = value.trim().normalize('NFC');
  // In characters (code points), as the embedded provider and the forms count them.
  if ([...text].length > maxLength) return bad(ErrorCode.INVALID_PARAMETER, `The value is too long: at most ${maxLength} characters.`);
  if (hasTextControl(text) || !textShowsAsSent(text)) return bad(ErrorCode.INVALID_FORMAT, 'The specified value does not correspond to the expected format.');
  if (text === '') return field.required ? bad(ErrorCode.MISSING_REQUIRED_VALUE, 'Missing required field') : { value: undefined };
  if (!followsFormat(field, text)) return bad(ErrorCode.INVALID_FORMAT, 'The specified value does not correspond to the expected format.');
  return { value: text };
}

/** A text follows its field's format: an e-mail address, or the schema's regex('…'); a field without either takes any. */
function followsFormat(field: SchemaField, text: string): boolean {
  if (field.format === 'email') return isEmailAddress(text);
  const regex = /^regex\('(.*)'\)$/s.exec(field.format ?? '');
  return !regex || new RegExp(regex[1] ?? '', 'u').test(text);
}

/** `[{number, type, default}]` (or one object): each number checked, an empty number drops its entry. */
function writePhones(numberField: SchemaField | undefined, typeField: SchemaField | undefined, value: unknown): { list?: unknown[]; errors: ValidationError[] } {
  if (value === null || value === undefined) return { list: undefined, errors: [] };
  const list = Array.isArray(value) ? value : isPlainObject(value) ? [value] : undefined;
  const refuse = (message: string) => ({ errors: [{ fieldName: 'profile.phones', errorCode: ErrorCode.INVALID_PARAMETER, message }] });
  if (!list) return refuse('Phones must be a list.');
  if (list.length > 10) return refuse('Too many phone numbers.');
  const out: unknown[] = [];
  const errors: ValidationError[] = [];
  for (const item of list) {
    if (!isPlainObject(item)) {
      errors.push({ fieldName: 'profile.phones', errorCode: ErrorCode.INVALID_PARAMETER, message: 'A phone must be an object.' });
      continue;
    }
    const number = coerce(numberField ?? { type: 'string' }, 'profile.phones.number', item.number);
    if ('error' in number) {
      errors.push(number.error);
      continue;
    }
    if (number.value === undefined) continue;
    // The lengths of the countries whose numbers have one, which no schema format says, as the embedded provider holds
    // a number to the contract's whole phone rule (QA round of 2026-11-30: +35191234567 was taken).
    if (numberField && phoneNumberFault(String(number.value)) !== undefined) {
      errors.push({ fieldName: 'profile.phones.number', errorCode: ErrorCode.INVALID_FORMAT, message: 'The specified value does not correspond to the expected format.' });
      continue;
    }
    const type = item.type === undefined || item.type === null ? { value: undefined } : coerce(typeField ?? { type: 'string' }, 'profile.phones.type', item.type);
    if ('error' in type) {
      errors.push(type.error);
      continue;
    }
    out.push({
      number: number.value,
      type: type.value ?? 'default',
      ...(typeof item.default === 'boolean' ? { default: item.default } : {}),
    });
  }
  return { list: out, errors };
}

/**
 * A control or override (hasTextControl: identity.IsTextControl's controls, embeddings, overrides, isolates, line and
 * paragraph separators and byte order mark) in a free-form value: in a text, or in a text or key anywhere in a list or
 * an object.
 */
function holdsTextControl(value: unknown): boolean {
  if (typeof value === 'string') return hasTextControl(value);
  if (Array.isArray(value)) return value.some(holdsTextControl);
  if (isPlainObject(value)) return Object.entries(value).some(([key, item]) => hasTextControl(key) || holdsTextControl(item));
  return false;
}

/**
 * The schema's name (a field's, or an object's a field lies in) that the path, or its start, equals but for case;
 * undefined when there is none (the embedded provider's lookAlike).
 */
function lookAlike(fieldNames: string[], path: string): string | undefined {
  const names = new Set(fieldNames.flatMap((name) => name.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'))));
  names.add('addressBook');
  const parts = path.split('.');
  for (let i = 0; i < parts.length; i++) {
    const written = parts.slice(0, i + 1).join('.');
    if (names.has(written)) continue;
    return [...names].find((name) => name.toLowerCase() === written.toLowerCase());
  }
  return undefined;
}

/** A section whose keys have a blank part (`a..b`, `.a`) names a field "": refused as the embedded provider does. */
export function emptyKeyParts(section: string, input: unknown): ValidationError[] {
  const blank = leaves(input).some(([path]) => path.split('.').some((part) => part.trim() === ''));
  return blank ? [{ fieldName: section, errorCode: ErrorCode.INVALID_PARAMETER, message: `The ${section} have empty keys.` }] : [];
}

/** JSON's true or false only: a section is JSON, in a form too (the embedded provider took "true", 1 and "T"; QA round of 2026-11-29). */
function booleanOf(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** The leaves of a nested object as dotted paths (null and arrays are leaves). */
export function leaves(input: unknown, prefix = ''): [string, unknown][] {
  if (!isPlainObject(input)) return prefix ? [[prefix, input]] : [];
  const out: [string, unknown][] = [];
  for (const [key, value] of Object.entries(input)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value) && Object.keys(value).length > 0) out.push(...leaves(value, path));
    else out.push([path, value]);
  }
  return out;
}

function removePath(target: Record<string, unknown>, path: string) {
  const keys = path.split('.');
  const parent = keys.length === 1 ? target : getPath(target, keys.slice(0, -1).join('.'));
  if (isPlainObject(parent)) delete parent[keys[keys.length - 1]!];
}
