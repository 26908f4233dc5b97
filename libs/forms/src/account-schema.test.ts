import * as yup from 'yup';
import { PersonNameExamples, PersonNamePattern } from '@portal/identity-contract';
import { PhoneNumberPattern } from '@portal/identity-contract/phone';
import { accountFormSchema, formSchema, schemaFieldRule } from './account-schema';
import { accountFieldName, findSchemaField, missingRequiredFields, parseFormat, type AccountSchemaDefinition } from './schema-fields';
import { messages } from './messages';
import { passwordSchema } from './rules';
import { firstError, firstKey } from './test-utils';

/** As the provider answers getSchema (identity contract), including a pattern with a quote in it. */
const schema: AccountSchemaDefinition = {
  profileSchema: {
    fields: {
      email: { type: 'string', required: true, format: 'email', writeAccess: 'clientModify' },
      firstName: { type: 'string', required: true, format: "regex('^[\\p{L} .'-]{1,50}$')", writeAccess: 'clientModify' },
      lastName: { type: 'string', required: false, writeAccess: 'clientModify' },
      birthDay: { type: 'long', required: false, format: 'range(1,31)', writeAccess: 'clientModify' },
      birthYear: { type: 'long', required: false, format: 'range(1900,2020)', writeAccess: 'clientModify' },
      zip: { type: 'string', required: true, writeAccess: 'clientModify' },
      country: { type: 'string', required: false, writeAccess: 'clientModify' },
      // As the service gives it: the identity contract's phone pattern.
      'phones.number': { type: 'string', required: false, format: `regex('${PhoneNumberPattern}')`, writeAccess: 'clientModify' },
    },
  },
  dataSchema: {
    fields: {
      salutation: { type: 'string', required: true, format: "regex('^(mr|mrs|div)?$')", writeAccess: 'clientModify' },
      customerassignment: { type: 'string', required: true, writeAccess: 'serverOnly' },
      'loyalty.cardNumber': { type: 'string', required: false, format: "regex('^[0-9]{10}$')", writeAccess: 'clientModify' },
      'loyalty.points': { type: 'long', required: false, format: 'range(0,100)', writeAccess: 'clientModify' },
    },
  },
};

describe('parseFormat', () => {
  it.each([
    [undefined, undefined],
    ['email', { kind: 'email' }],
    ['range(1900,2020)', { kind: 'range', min: 1900, max: 2020 }],
    ['range( -5 , 5 )', { kind: 'range', min: -5, max: 5 }],
    ['something(else)', undefined],
    ["regex('([')", undefined],
  ])('%j', (format, parsed) => {
    expect(parseFormat(format)).toEqual(parsed);
  });

  it.each([
    ["regex('^\\d{5}$')", '12345', true],
    ["regex('^\\d{5}$')", '1234', false],
    ["regex('^[\\p{L} .'-]{1,50}$')", "D'Angelo", true],
    ["regex('^[\\p{L} .'-]{1,50}$')", 'R2D2', false],
    // The embedded provider's name format (services/api NameFormat, the contract's personName), as its getSchema sends it.
    [`regex('${PersonNamePattern}')`, 'D’Angelo', true],
    [`regex('${PersonNamePattern}')`, 'Ștefan', true],
    [`regex('${PersonNamePattern}')`, 'Jose\u0301', true],
    [`regex('${PersonNamePattern}')`, "'t Hart", true],
    [`regex('${PersonNamePattern}')`, 'Gal·la', true],
    [`regex('${PersonNamePattern}')`, 'Smith Jr.', true],
    [`regex('${PersonNamePattern}')`, '-Eva', false],
    [`regex('${PersonNamePattern}')`, "'Eva", false],
  ])('reads %s (quotes and Unicode classes included)', (format, value, matches) => {
    const parsed = parseFormat(format);
    expect(parsed?.kind).toBe('regex');
    expect(parsed?.kind === 'regex' && parsed.pattern.test(value)).toBe(matches);
  });
});

describe('field names', () => {
  it.each([
    ['profile.firstName', 'profile.firstName'],
    ['profile.phones.0.number', 'profile.phones.number'],
    ['profile.phones[0].number', 'profile.phones.number'],
  ])('%s is the account field %s', (path, name) => {
    expect(accountFieldName(path)).toBe(name);
  });

  it.each([
    ['profile.firstName', 'string'],
    ['profile.phones.0.number', 'string'],
    ['data.loyalty.points', 'long'],
    ['profile.unknown', undefined],
    ['password', undefined],
  ])('finds the definition of %s', (path, type) => {
    expect(findSchemaField(schema, path)?.type).toBe(type);
  });
});

describe('schemaFieldRule', () => {
  const rule = (path: string) => schemaFieldRule(path, findSchemaField(schema, path), { zipCodeRules: { DE: { regex: '^\\d{5}$', errorMessage: '' } } });

  it.each([
    ['profile.firstName', '', 'gigya.schema.profile.firstName.required.error'],
    ['profile.firstName', '  ', 'gigya.schema.profile.firstName.required.error'],
    ['profile.firstName', 'Jürgen', undefined],
    ['profile.firstName', 'R2D2', 'gigya.schema.profile.firstName'],
    ['profile.lastName', '', undefined],
    ['profile.email', undefined, 'gigya.schema.profile.email.required.error'],
    ['profile.email', 'nobody', 'gigya.schema.profile.email'],
    ['profile.email', 'max@mustermann', 'gigya.schema.profile.email'],
    ['profile.email', 'kunde@example.com', undefined],
    ['profile.birthYear', 1899, 'global.birthyear.error.range'],
    ['profile.birthYear', 1950, undefined],
    ['profile.birthYear', '', undefined],
    ['profile.birthDay', 32, 'gigya.schema.profile.birthDay'],
    ['profile.birthDay', 'x', 'gigya.schema.profile.birthDay'],
    ['profile.birthDay', 12, undefined],
    ['profile.phones.0.number', '+4912345678', undefined],
    ['profile.phones.0.number', '004912345678', 'gigya.schema.profile.phones.number'],
    ['profile.phones.0.number', '+35112345678', 'global.phone.error.length'],
    // The schema's pattern (the contract's PhoneNumberPattern) holds the number as it is stored, without the spaces it
    // was written with.
    ['profile.phones.0.number', '+48 123 456 789', undefined],
    ['data.salutation', 'mrs', undefined],
    ['data.salutation', 'sir', 'gigya.schema.data.salutation'],
    ['data.salutation', '', 'gigya.schema.data.salutation.required.error'],
    ['data.customerassignment', undefined, undefined],
    ['data.loyalty.cardNumber', '123', 'gigya.schema.data.loyalty.cardNumber'],
    ['data.loyalty.points', 101, 'gigya.schema.data.loyalty.points'],
    ['data.loyalty.points', 7, undefined],
    ['password', '', undefined],
  ])('%s = %j gives %s', async (path, value, key) => {
    expect(firstKey(await firstError(rule(path), value))).toBe(key);
  });

  it('falls back to the generic texts of the spec', async () => {
    const required = await firstError(rule('profile.firstName'), '');
    expect(required).toEqual(messages.required('profile.firstName'));
    expect(required?.key).toEqual(['gigya.schema.profile.firstName.required.error', 'global.validation.required']);
    expect(required?.fallback).toBe('Please enter a value.');
    expect((await firstError(rule('data.salutation'), 'sir'))?.fallback).toBe('The specified value does not correspond to the expected format.');
  });

  // QA spec audit, 2026-11-30: "  d'Ärger  " as the last name was refused with the generic format text in the browser,
  // while the service trims every text before its checks and the first name was trimmed here too.
  describe('a text field is checked as the service checks it: without the spaces around it', () => {
    const names: AccountSchemaDefinition = {
      profileSchema: {
        fields: {
          // The embedded provider's getSchema: the contract's person-name pattern for both names, both required.
          lastName: { type: 'string', required: true, format: `regex('${PersonNamePattern}')`, writeAccess: 'clientModify' },
          'phones.number': { type: 'string', required: false, writeAccess: 'clientModify' },
        },
      },
      dataSchema: { fields: schema.dataSchema!.fields },
    };
    const named = (path: string) => schemaFieldRule(path, findSchemaField(names, path));
    const invalidLastName = {
      key: ['gigya.schema.profile.lastName', 'ap.errors.profile.lastName.400026', 'mpp.errors.400026.profile.lastName'],
      fallback: 'Please enter a last name made of letters; spaces, hyphens, apostrophes, full stops and middle dots are allowed.',
    };

    it.each([
      ['profile.lastName', "  d'Ärger  "],
      ['profile.lastName', ' Ärger '],
      ['data.loyalty.cardNumber', ' 0123456789 '],
      ['profile.phones.0.number', ' +4912345678 '],
    ])('%s = %j is valid', async (path, value) => {
      await expect(firstError(named(path), value)).resolves.toBeUndefined();
    });

    // The contract's table of names, with the provider's format on top of the product's rule: both composed first, as
    // the service composes a text before its format (Gal\u0387la is Gal·la).
    it.each(PersonNameExamples.map((e) => [e.name, e.valid] as const))('the last name %j is valid: %s', async (name, valid) => {
      await expect(firstError(named('profile.lastName'), name)).resolves.toEqual(valid ? undefined : invalidLastName);
    });

    it("says a malformed last name in the last name's words, as the service's refusal 400026 does, and a long one too long, naming the limit", async () => {
      await expect(firstError(named('profile.lastName'), ' R2D2 ')).resolves.toEqual(invalidLastName);
      await expect(firstError(named('profile.lastName'), 'M'.repeat(201))).resolves.toEqual({
        key: ['ap.errors.profile.lastName.400006', 'mpp.errors.400006.profile.lastName'],
        fallback: 'The last name can have at most {max} characters.',
        values: { max: 200 },
      });
      expect(firstKey(await firstError(named('profile.lastName'), '   '))).toBe('gigya.schema.profile.lastName.required.error');
    });
  });

  it('takes the birth year range from the schema', async () => {
    const narrow = schemaFieldRule('profile.birthYear', { type: 'long', format: 'range(1920,2010)' });
    expect(await firstError(narrow, 1915)).toEqual(messages.birthYearRange(1920, 2010));
  });

  it('keeps the product rules when the schema is not loaded', async () => {
    expect(firstKey(await firstError(schemaFieldRule('profile.birthYear', undefined), 2021))).toBe('global.birthyear.error.range');
  });
});

describe('formSchema', () => {
  it('nests rules by their dotted paths, lists included', async () => {
    const form = formSchema({
      'profile.firstName': yup.string().required('first'),
      'profile.phones.0.number': yup.string().required('phone'),
      password: yup.string().required('password'),
    });
    const values = { profile: { firstName: 'Anna', phones: [{ number: '+4912345678' }] }, password: 'x' };
    await expect(form.isValid(values)).resolves.toBe(true);
    await expect(form.validate({ ...values, profile: { firstName: 'Anna', phones: [{ number: '' }] } })).rejects.toThrow('phone');
  });
});

describe('accountFormSchema', () => {
  const form = accountFormSchema(schema, ['profile.firstName', 'profile.zip', 'profile.country', 'profile.phones.0.number', 'data.salutation'], {
    zipCodeRules: { DE: { regex: '^\\d{5}$', errorMessage: 'Bitte geben Sie eine fünfstellige Postleitzahl ein.' } },
    rules: { password: passwordSchema({ minLength: 8, minCharGroups: 4 }) },
  });
  const valid = {
    profile: { firstName: 'Anna', zip: '20095', country: 'DE', phones: [{ number: '+4912345678' }] },
    data: { salutation: 'mrs' },
    password: 'Abcdef1!',
  };

  it('accepts a valid form', async () => {
    await expect(form.isValid(valid)).resolves.toBe(true);
  });

  it('reports every broken field by its path', async () => {
    const error = await form
      .validate(
        { profile: { firstName: '', zip: '123', country: 'DE', phones: [{ number: '12' }] }, data: { salutation: '' }, password: 'x' },
        { abortEarly: false },
      )
      .catch((e: yup.ValidationError) => e);
    // Like formik, keep the first error of each field.
    const byPath: Record<string, string | undefined> = {};
    for (const e of (error as yup.ValidationError).inner) byPath[e.path ?? ''] ??= firstKey(e.errors[0] as never);
    expect(byPath).toMatchObject({
      'profile.firstName': 'gigya.schema.profile.firstName.required.error',
      'profile.zip': 'Bitte geben Sie eine fünfstellige Postleitzahl ein.',
      'profile.phones[0].number': 'gigya.schema.profile.phones.number',
      'data.salutation': 'gigya.schema.data.salutation.required.error',
      password: 'global.passwordcomplexity.error.minlength',
    });
  });

  it('checks the postcode against the newly chosen country', async () => {
    const austrian = { ...valid, profile: { ...valid.profile, zip: '1010' } };
    await expect(form.isValid(austrian)).resolves.toBe(false);
    await expect(form.isValid({ ...austrian, profile: { ...austrian.profile, country: 'AT' } })).resolves.toBe(true);
  });
});

describe('missingRequiredFields', () => {
  it('lists the required, client-writable fields without a value', () => {
    const account = { profile: { email: 'kunde@example.com', firstName: ' ', zip: '20095' }, data: {} };
    expect(missingRequiredFields(schema, account)).toEqual(['profile.firstName', 'data.salutation']);
  });
});
