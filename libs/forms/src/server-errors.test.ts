import { ACCOUNT_PORTAL_ERROR_KEYS, defaultFieldPath, identityErrorMessage, mapValidationErrors, PREFERENCE_CENTRE_ERROR_KEYS } from './server-errors';

const errors = [
  { fieldName: 'profile.firstName', errorCode: 400026, message: 'Invalid format' },
  { fieldName: 'profile.phones.number', errorCode: 400026, message: 'Invalid phone' },
  { fieldName: 'email', errorCode: 400003, message: 'email already exists' },
];

describe('mapValidationErrors', () => {
  it('keys the account portal errors ap.errors.{field}.{errorCode}, falling back to the server message', () => {
    expect(mapValidationErrors(errors, { keyPattern: ACCOUNT_PORTAL_ERROR_KEYS })).toEqual({
      profile: {
        firstName: { key: 'ap.errors.profile.firstName.400026', fallback: 'Invalid format' },
        phones: [{ number: { key: 'ap.errors.profile.phones.number.400026', fallback: 'Invalid phone' } }],
      },
      email: { key: 'ap.errors.email.400003', fallback: 'email already exists' },
    });
  });

  it.each(['profile.phones[1].number', 'profile.phones.1.number'])('keys an error of a later list entry (%s) by its field, at the first entry', (fieldName) => {
    expect(mapValidationErrors([{ fieldName, errorCode: 400026, message: 'bad phone1' }], { keyPattern: ACCOUNT_PORTAL_ERROR_KEYS })).toEqual({
      profile: { phones: [{ number: { key: 'ap.errors.profile.phones.number.400026', fallback: 'bad phone1' } }] },
    });
  });

  it("gives every message the placeholders' values: the phone's refusal names the site's example (QA wording round, 2026-11-30)", () => {
    expect(mapValidationErrors(errors.slice(1, 2), { values: { example: '+32470123456' } })).toEqual({
      profile: { phones: [{ number: { key: 'ap.errors.profile.phones.number.400026', fallback: 'Invalid phone', values: { example: '+32470123456' } } }] },
    });
  });

  // QA, 2026-12-01: the address form's refusal of a house number too long named the 200 characters of the address's
  // other texts, not its own 30: a form whose fields have limits of their own gives each field's values.
  it("gives each field's message the values for that field, when they are a function of the field's name", () => {
    const tooLong = (fieldName: string) => ({ fieldName, errorCode: 400006, message: 'too long' });
    const values = (fieldName: string) => ({ max: fieldName.endsWith('.streetNo') ? 30 : 200 });
    expect(mapValidationErrors([tooLong('data.addressBook.street'), tooLong('data.addressBook.streetNo')], { values })).toEqual({
      data: {
        addressBook: {
          street: { key: 'ap.errors.data.addressBook.street.400006', fallback: 'too long', values: { max: 200 } },
          streetNo: { key: 'ap.errors.data.addressBook.streetNo.400006', fallback: 'too long', values: { max: 30 } },
        },
      },
    });
  });

  it('keys the preference centre errors mpp.errors.{errorCode}.{fieldName}', () => {
    expect(mapValidationErrors(errors.slice(0, 1), { keyPattern: PREFERENCE_CENTRE_ERROR_KEYS })).toEqual({
      profile: { firstName: { key: 'mpp.errors.400026.profile.firstName', fallback: 'Invalid format' } },
    });
  });

  it.each([
    [{}, 'ap.errors.email.400003'],
    [{ keyPrefix: 'clp.errors' }, 'clp.errors.email.400003'],
    [{ keyPrefix: 'clp.errors', keyPattern: 'x.{errorCode}' }, 'x.400003'],
  ])('builds the key from %j', (options, key) => {
    expect(mapValidationErrors([errors[2]!], options)).toEqual({ email: { key, fallback: 'email already exists' } });
  });

  it.each([
    ['profile.phones.number', 'profile.phones.0.number'],
    ['profile.phones.type', 'profile.phones.0.number'],
    ['profile.phones', 'profile.phones.0.number'],
    ['profile.phones[1].number', 'profile.phones.0.number'],
    ['profile.phonesExtra', 'profile.phonesExtra'],
    ['password', 'password'],
  ])('puts %s at %s', (fieldName, path) => {
    expect(defaultFieldPath(fieldName)).toBe(path);
  });

  it('keeps the first error of a field and drops fields the form does not show', () => {
    const result = mapValidationErrors(
      [
        { fieldName: 'password', errorCode: 403042, message: 'Invalid password' },
        { fieldName: 'password', errorCode: 400006, message: 'Policy' },
        { fieldName: 'data.customerassignment', errorCode: 400020, message: 'Server only' },
      ],
      { fieldPath: (name) => (name === 'password' ? 'currentPassword' : undefined) },
    );
    expect(result).toEqual({ currentPassword: { key: 'ap.errors.password.403042', fallback: 'Invalid password' } });
  });

  it('maps nothing to no errors', () => {
    expect(mapValidationErrors(undefined)).toEqual({});
  });
});

describe('identityErrorMessage', () => {
  it('looks up cdc.errorcode.{code}, then .{detailsCode}, then with the field suffix, falling back to "{code} {details}"', () => {
    expect(identityErrorMessage({ errorCode: 400006, errorDetails: '100001' }, { field: 'password' })).toEqual({
      key: ['cdc.errorcode.400006', 'cdc.errorcode.400006.100001', 'cdc.errorcode.400006.100001.password'],
      fallback: '400006 100001',
    });
    expect(identityErrorMessage({ errorCode: 500001, errorDetails: 'Try again later' })).toEqual({
      key: ['cdc.errorcode.500001'],
      fallback: '500001 Try again later',
    });
    expect(identityErrorMessage({ errorCode: 403005 }, { field: 'profile.firstName', leading: ['mpp.errors.403005.general'] })).toEqual({
      key: ['mpp.errors.403005.general', 'cdc.errorcode.403005', 'cdc.errorcode.403005.profile.firstName'],
      fallback: '403005',
    });
  });
});
