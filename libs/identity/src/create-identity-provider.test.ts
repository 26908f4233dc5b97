import { createIdentityProvider, type IdentityMetadata } from './create-identity-provider';
import { createScriptedGigya } from './testing';

const meta = (provider: IdentityMetadata['identity']['provider'], environmentType = 'development', cdc?: { apiKey: string; dataCenter: string }): IdentityMetadata => ({
  environmentType,
  identity: { provider, ...(cdc ? { cdc } : {}) },
});

function jsonFetch(status: number, body: unknown) {
  return jest.fn(async () => ({ ok: status < 300, status, json: async () => body }) as Response) as unknown as typeof fetch;
}

describe('createIdentityProvider', () => {
  it('embedded: the http adapter against the same origin', async () => {
    const fetchStub = jsonFetch(200, { errorCode: 0 });
    const provider = await createIdentityProvider(meta('embedded'), { language: 'de', fetch: fetchStub });
    await provider.getPolicies();
    expect(fetchStub).toHaveBeenCalledWith('/identity/accounts.getPolicies', expect.objectContaining({ method: 'POST' }));
  });

  it('cdc: the vendor adapter with api key and data centre from metadata', async () => {
    const loadScript = jest.fn(async () => {
      (window as Window & { gigya?: unknown }).gigya = createScriptedGigya().gigya;
    });
    const provider = await createIdentityProvider(meta('cdc', 'production', { apiKey: 'KEY', dataCenter: 'eu1' }), { language: 'nl', loadScript });
    await expect(provider.getPolicies()).resolves.toEqual({ errorCode: 0 });
    expect(loadScript).toHaveBeenCalledWith('https://cdns.eu1.gigya.com/js/gigya.js?apikey=KEY&lang=nl');
    delete (window as Window & { gigya?: unknown }).gigya;
  });

  it('cdc without api key is a configuration error', async () => {
    await expect(createIdentityProvider(meta('cdc'), { language: 'de' })).rejects.toThrow(/apiKey/);
  });

  it('fake: loads the scenario outside production and exposes the fake to browser tests', async () => {
    const fetchStub = jsonFetch(200, { accounts: [{ email: 'blocked@example.org', password: 'Grocer-Pass-2024!', disabled: true }] });
    const provider = await createIdentityProvider(meta('fake', 'staging'), { language: 'de', fetch: fetchStub, scenarioUrl: '/qa.json' });
    expect(fetchStub).toHaveBeenCalledWith('/qa.json', expect.anything());
    await expect(provider.login({ loginID: 'blocked@example.org', password: 'Grocer-Pass-2024!' })).resolves.toMatchObject({ errorCode: 403041 });
    expect((window as Window & { __identityFake?: unknown }).__identityFake).toBe(provider);
  });

  it("fake: derives the store area from the service's region check, as a browser holds no postcode table", async () => {
    const account = { email: 'erika@example.org', password: 'Grocer-Pass-2024!', profile: { firstName: 'Erika', lastName: 'Muster' }, preferences: { terms: { customeraccount: { isConsentGranted: true } } } };
    const fetchStub = jest.fn(async (url: string) => {
      const body = url.includes('/rest/v1/region') ? { region: { id: 'SUED' } } : { accounts: [account] };
      return { ok: true, status: 200, json: async () => body } as Response;
    });
    const provider = await createIdentityProvider(meta('fake', 'staging'), { language: 'de', fetch: fetchStub as unknown as typeof fetch, baseUrl: 'https://api.example.org' });
    await provider.login({ loginID: account.email, password: account.password });
    await expect(provider.setAccountInfo({ profile: { zip: '80331' } })).resolves.toMatchObject({ errorCode: 0 });
    expect(fetchStub).toHaveBeenCalledWith('https://api.example.org/rest/v1/region?zip=80331', expect.anything());
    expect((await provider.getAccountInfo({ include: 'data' })).data?.customerassignment).toBe('SUED');
  });

  it('fake: without a scenario file starts empty', async () => {
    const provider = await createIdentityProvider(meta('fake'), { language: 'de', fetch: jsonFetch(404, null) });
    await expect(provider.getAccountInfo()).resolves.toMatchObject({ errorCode: 403005 });
  });

  it('fake in production throws a clear error', async () => {
    await expect(createIdentityProvider(meta('fake', 'production'), { language: 'de' })).rejects.toThrow(
      /"fake" is not allowed in production/,
    );
  });
});
