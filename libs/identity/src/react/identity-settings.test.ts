import { ErrorCode } from '../envelope';
import { IdentityTransportError } from '../errors';
import { createFakeProvider } from '../testing';
import { loadIdentitySettings } from './identity-settings';

describe('loadIdentitySettings', () => {
  it('reads the schema, the password policy and the consent statements in one go', async () => {
    const fake = createFakeProvider();
    const settings = await loadIdentitySettings(fake);
    expect(settings.failed).toEqual([]);
    expect(settings.schema?.profileSchema?.fields).toBeDefined();
    expect(settings.passwordPolicy).toMatchObject({ minLength: expect.any(Number), minCharGroups: expect.any(Number) });
    expect(Object.keys(settings.consent ?? {})).toContain('terms.customeraccount');
    expect(fake.calls.find((call) => call.method === 'getPolicies')?.params).toEqual({ sections: 'passwordComplexity' });
  });

  it('leaves out a part whose call answered with an error and names the call, logging only its code', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fake = createFakeProvider();
    fake.forceNext('getPolicies', { errorCode: ErrorCode.GENERAL_SERVER_ERROR });
    const settings = await loadIdentitySettings(fake);
    expect(settings.failed).toEqual(['getPolicies']);
    expect(settings.passwordPolicy).toBeUndefined();
    expect(settings.schema).toBeDefined();
    expect(settings.consent).toBeDefined();
    expect(warn).toHaveBeenCalledWith('identity settings: getPolicies answered', ErrorCode.GENERAL_SERVER_ERROR);
    warn.mockRestore();
  });

  it('fails as a whole when the provider cannot be reached', async () => {
    const fake = createFakeProvider();
    fake.failNext('getSiteConsentDetails');
    await expect(loadIdentitySettings(fake)).rejects.toBeInstanceOf(IdentityTransportError);
  });
});
