import type { FormikHelpers } from 'formik';
import { ErrorCode, IdentityTransportError } from '@portal/identity';
import { createFakeProvider } from '@portal/identity/testing';
import { submitSave, type SaveOutcome } from './account-save';
import { saveAccountInfo } from './account-save-call';
import type { ShownAccountSession } from './shown-account-session';

type Values = { name: string };

function formikHelpers() {
  return { setStatus: jest.fn(), setErrors: jest.fn() } as unknown as FormikHelpers<Values> & { setStatus: jest.Mock; setErrors: jest.Mock };
}

describe('submitSave', () => {
  it('calls onSaved after a save, and clears an earlier failure first', async () => {
    const onSaved = jest.fn();
    const helpers = formikHelpers();
    await submitSave<Values>(async () => ({ kind: 'saved', change: {} }), onSaved)({ name: 'a' }, helpers);
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(helpers.setStatus).toHaveBeenCalledWith(undefined);
    expect(helpers.setErrors).not.toHaveBeenCalled();
  });

  it('puts field errors on their fields, with the values they judged', async () => {
    const onSaved = jest.fn();
    const helpers = formikHelpers();
    const errors = { name: 'too long' };
    await submitSave<Values>(async () => ({ kind: 'fieldErrors', errors }), onSaved)({ name: 'a' }, helpers);
    // In the status, not formik's errors, which the form's own check replaces (FormStatus.fieldErrors).
    expect(helpers.setStatus).toHaveBeenLastCalledWith({ fieldErrors: { errors, values: { name: 'a' } } });
    expect(helpers.setErrors).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows a change's refusal by the account as stored now above the button", async () => {
    const helpers = formikHelpers();
    const refusal = { key: 'ap.addresses.exists', fallback: 'An address has been saved meanwhile.' };
    await submitSave<Values>(async () => ({ kind: 'refused', message: refusal }), jest.fn())({ name: 'a' }, helpers);
    expect(helpers.setStatus).toHaveBeenLastCalledWith({ formError: refusal });
  });

  it('shows the general form text for refused input without a field', async () => {
    const helpers = formikHelpers();
    await submitSave<Values>(async () => ({ kind: 'invalid' }), jest.fn())({ name: 'a' }, helpers);
    expect(helpers.setStatus).toHaveBeenLastCalledWith({ formError: expect.objectContaining({ key: 'clp.form.error.validation' }) });
  });

  it.each<[string, () => Promise<SaveOutcome<Values>>, string | number]>([
    ['a failure with its code', async () => ({ kind: 'failed', code: 500001 }), 500001],
    ['an answer that was no JSON', () => Promise.reject(new IdentityTransportError('invalid-response', 'answer 502 is not JSON')), 'invalid-response'],
  ])('shows the unexpected-error text above the button for %s', async (_, save, code) => {
    const onSaved = jest.fn();
    const helpers = formikHelpers();
    await submitSave<Values>(save, onSaved)({ name: 'a' }, helpers);
    expect(helpers.setStatus).toHaveBeenLastCalledWith({ formError: expect.objectContaining({ key: 'clp.error.unexpected', values: { code } }) });
    expect(onSaved).not.toHaveBeenCalled();
  });

  const noAnswer: [string, unknown][] = [
    ['a request that never got an answer', new TypeError('Failed to fetch')],
    ["the identity provider's network failure", new IdentityTransportError('network', 'accounts.setAccountInfo: the identity service could not be reached')],
  ];

  describe.each([
    ['offline', false, 'global.errors.network'],
    // The shopper's connection works: the service is down (connection refused), or a proxy answers for it (QA).
    ['online', true, 'global.errors.unavailable'],
  ])('%s', (_, online, key) => {
    beforeEach(() => jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online));
    afterEach(() => jest.restoreAllMocks());

    it.each(noAnswer)(`says why there was no answer (${key}) for %s, not the code network (QA)`, async (_, error) => {
      const helpers = formikHelpers();
      await submitSave<Values>(() => Promise.reject(error), jest.fn())({ name: 'a' }, helpers);
      expect(helpers.setStatus).toHaveBeenLastCalledWith({ formError: expect.objectContaining({ key }) });
    });
  });

  it.each([502, 503, 504])("online, a proxy's %i in place of the service's answer says the service is briefly unavailable (QA)", async (status) => {
    const helpers = formikHelpers();
    const error = new IdentityTransportError('invalid-response', `accounts.setAccountInfo: answer ${status} is not JSON`, { status });
    await submitSave<Values>(() => Promise.reject(error), jest.fn())({ name: 'a' }, helpers);
    expect(helpers.setStatus).toHaveBeenLastCalledWith({ formError: expect.objectContaining({ key: 'global.errors.unavailable' }) });
  });
});

describe('saveAccountInfo', () => {
  const values = { data: { salutation: '' }, profile: { firstName: 'Erika', phones: [{ number: '' }] } };
  const refused = (answer: Parameters<ReturnType<typeof createFakeProvider>['forceNext']>[1]) => {
    const fake = createFakeProvider({ accounts: [{ email: 'erika@example.org', password: 'Secret-Passw0rd!' }] });
    fake.forceNext('setAccountInfo', answer);
    return saveAccountInfo(fake, () => ({ profile: { firstName: 'Erika' } }), values);
  };

  it("keeps the errors of the form's fields, the phone number's in its array", async () => {
    const outcome = await refused({
      errorCode: ErrorCode.VALIDATION,
      validationErrors: [
        { fieldName: 'profile.firstName', errorCode: 400006, message: 'too long' },
        { fieldName: 'profile.phones.number', errorCode: 400026, message: 'bad phone' },
        { fieldName: 'subscriptions.NLT_GENERAL.email.isSubscribed', errorCode: 400006, message: 'not on this form' },
      ],
    });
    expect(outcome).toEqual({
      kind: 'fieldErrors',
      errors: { profile: { firstName: expect.objectContaining({ fallback: 'too long' }), phones: [{ number: expect.objectContaining({ fallback: 'bad phone' }) }] } },
    });
  });

  it.each([
    ['400009 on fields the form does not show', { errorCode: ErrorCode.VALIDATION, validationErrors: [{ fieldName: 'data.sfmc.dataProcessingConsented', errorCode: 400006, message: 'x' }] }],
    ['400006', { errorCode: ErrorCode.INVALID_PARAMETER, errorMessage: 'Invalid parameter value' }],
  ])('answers invalid, for the general form text, to %s', async (_, answer) => {
    expect(await refused(answer)).toEqual({ kind: 'invalid' });
  });

  it('builds the change on the account as stored now, and writes nothing when that account refuses it', async () => {
    const preferences = { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } };
    const profile = { firstName: 'Erika', lastName: 'Muster' };
    const fake = createFakeProvider({ accounts: [{ email: 'erika@example.org', password: 'Secret-Passw0rd!', preferences, profile, data: { salutation: 'mrs' } }] });
    expect((await fake.login({ loginID: 'erika@example.org', password: 'Secret-Passw0rd!' })).errorCode).toBe(0);
    const refusal = { key: 'ap.addresses.exists', fallback: 'An address has been saved meanwhile.' };
    const seen: unknown[] = [];
    // The account as the session's check reads it (shownAccountSession).
    const asShown: ShownAccountSession = async (call) => call(await fake.getAccountInfo({}));
    const outcome = await saveAccountInfo(fake, (stored) => (seen.push(stored.data?.salutation), { refused: refusal }), values, undefined, asShown);
    expect(outcome).toEqual({ kind: 'refused', message: refusal });
    expect(seen).toEqual(['mrs']);
    expect(fake.calls.some((call) => call.method === 'setAccountInfo')).toBe(false);
  });

  it('answers failed with the code of anything else', async () => {
    expect(await refused({ errorCode: ErrorCode.GENERAL_SERVER_ERROR })).toEqual({ kind: 'failed', code: ErrorCode.GENERAL_SERVER_ERROR });
  });
});
