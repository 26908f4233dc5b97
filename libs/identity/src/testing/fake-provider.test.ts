import { IdentityTransportError } from '../errors';
import { ErrorCode } from '../envelope';
import { createFakeProvider, createFakeProviderFromScenario, DAY, MINUTE, parseScenario, type IdentityScenario } from '.';

const PASSWORD = 'Grocer-Pass-2024!';
const consent = { terms: { customeraccount: { isConsentGranted: true } } };
/** What an account needs to log in with the default schema: the accepted terms and the required names. */
const complete = { profile: { firstName: 'Erika', lastName: 'Muster' }, preferences: consent };

describe('fake identity provider: what the contract suite does not reach', () => {
  it('failNext rejects the next call of one method with a transport error, then answers again', async () => {
    const fake = createFakeProvider();
    fake.failNext('getSchema');
    fake.failNext('getPolicies', new IdentityTransportError('invalid-response', 'bad gateway'));
    await expect(fake.getSchema()).rejects.toMatchObject({ code: 'network' });
    await expect(fake.getPolicies()).rejects.toMatchObject({ code: 'invalid-response' });
    await expect(fake.getSchema()).resolves.toMatchObject({ errorCode: 0 });
  });

  it('an outage makes every call reject until it ends', async () => {
    const fake = createFakeProvider({ outage: true });
    await expect(fake.getAccountInfo()).rejects.toBeInstanceOf(IdentityTransportError);
    await expect(fake.logout()).rejects.toMatchObject({ code: 'outage' });
    fake.setOutage(false);
    await expect(fake.logout()).resolves.toMatchObject({ errorCode: 0 });
  });

  it('a consent accepted at a version below the minimum answers 206001 at login until accepted again', async () => {
    const fake = createFakeProvider({
      accounts: [{ email: 'erika@example.org', password: PASSWORD, ...complete, preferences: { terms: { customeraccount: { isConsentGranted: true, docVersion: 1 } } } }],
    });
    const terms = (await fake.getSiteConsentDetails()).siteConsentDetails!['terms.customeraccount']!;
    fake.setConsent('terms.customeraccount', {
      ...terms,
      legalStatements: { de: { currentDocVersion: 2, minDocVersion: 2 } },
    });
    const answer = await fake.login({ loginID: 'erika@example.org', password: PASSWORD });
    expect(answer).toMatchObject({ errorCode: 206001, regToken: expect.any(String) });
    await fake.setAccountInfo({ regToken: answer.regToken!, preferences: consent });
    expect((await fake.login({ loginID: 'erika@example.org', password: PASSWORD })).errorCode).toBe(0);
  });

  it('counts failed logins within 15 minutes only', async () => {
    const fake = createFakeProvider({ accounts: [{ email: 'erika@example.org', password: PASSWORD, ...complete }] });
    for (let i = 0; i < 4; i += 1) await fake.login({ loginID: 'erika@example.org', password: 'wrong' });
    fake.clock.advance(16 * MINUTE);
    await fake.login({ loginID: 'erika@example.org', password: 'wrong' });
    expect((await fake.login({ loginID: 'erika@example.org', password: PASSWORD })).errorCode).toBe(0);
  });

  it('records the mails it would have sent, with kind and link token', async () => {
    const fake = createFakeProvider({ accounts: [{ email: 'erika@example.org', password: PASSWORD, ...complete }] });
    await fake.resetPassword({ loginID: 'Erika@Example.org', lang: 'fr' });
    expect(fake.sentMails).toEqual([
      expect.objectContaining({ to: 'erika@example.org', kind: 'password-reset', lang: 'fr', link: expect.stringContaining('/login/reset-password?pwrt=') }),
    ]);
    expect(fake.sentMails[0]?.link.endsWith(fake.sentMails[0]?.token ?? '-')).toBe(true);
  });

  it('a product reminder confirmation link lasts 7 days and lands on the preference centre', async () => {
    const fake = createFakeProvider({ accounts: [{ email: 'erika@example.org', password: PASSWORD, ...complete }] });
    await fake.login({ loginID: 'erika@example.org', password: PASSWORD });
    await fake.setAccountInfo({ subscriptions: { SVC_PRODUCT_REMINDER: { email: { isSubscribed: true } } } });
    const mail = fake.lastMail('erika@example.org', 'double-opt-in')!;
    fake.clock.advance(7 * DAY + 1);
    // As the service: an expired link lands on the preference centre's error page with the code.
    expect(fake.openLink(mail.link)).toBe('/preferences/error/doi-403002');
  });

  it("a profile's postcode without a country follows no rule where the site's country is not known (profileCountry '')", async () => {
    const seed = { email: 'erika@example.org', password: PASSWORD, ...complete };
    const unknownSite = createFakeProvider({ accounts: [seed], profileCountry: '' });
    expect((await unknownSite.login({ loginID: seed.email, password: PASSWORD })).errorCode).toBe(0);
    expect((await unknownSite.setAccountInfo({ profile: { zip: '1234' } })).errorCode).toBe(0);
    const belgianProfile = createFakeProvider({ accounts: [seed], profileCountry: 'BE' });
    expect((await belgianProfile.login({ loginID: seed.email, password: PASSWORD })).errorCode).toBe(0);
    expect((await belgianProfile.setAccountInfo({ profile: { zip: '1234' } })).errorCode).toBe(0);
    expect((await belgianProfile.setAccountInfo({ profile: { zip: '12345' } })).validationErrors).toEqual([
      expect.objectContaining({ fieldName: 'profile.zip', errorCode: ErrorCode.INVALID_FORMAT }),
    ]);
  });

  it("an address's postcode follows the given postcodeRules; without any, any two-letter country under the generic rule", async () => {
    const seed = { email: 'erika@example.org', password: PASSWORD, ...complete };
    const address = { firstName: 'Erika', lastName: 'Muster', street: 'Main St', streetNo: '1', city: 'Town' };
    const book = (country: string, zip: string) => ({ data: { addressBook: [{ ...address, zip, country }] } });
    const refused = (field: string) => [
      expect.objectContaining({ fieldName: `data.addressBook.${field}`, errorCode: ErrorCode.INVALID_FORMAT }),
    ];
    const noRules = createFakeProvider({ accounts: [seed], postcodeRules: {} });
    expect((await noRules.login({ loginID: seed.email, password: PASSWORD })).errorCode).toBe(0);
    expect((await noRules.setAccountInfo(book('us', '10001'))).errorCode).toBe(0);
    expect((await noRules.setAccountInfo(book('USA', '10001'))).validationErrors).toEqual(refused('country'));
    expect((await noRules.setAccountInfo(book('US', '10001-12345'))).validationErrors).toEqual(refused('zip'));
    const dutchOnly = createFakeProvider({ accounts: [seed], postcodeRules: { nl: '^\\d{4} ?[A-Z]{2}$' } });
    expect((await dutchOnly.login({ loginID: seed.email, password: PASSWORD })).errorCode).toBe(0);
    expect((await dutchOnly.setAccountInfo(book('NL', '1011 AB'))).errorCode).toBe(0);
    expect((await dutchOnly.setAccountInfo(book('NL', '1011'))).validationErrors).toEqual(refused('zip'));
    expect((await dutchOnly.setAccountInfo(book('DE', '20095'))).validationErrors).toEqual(refused('country'));
  });

  it('social provider errors are answered as envelopes', async () => {
    const fake = createFakeProvider({ social: { apple: { error: 500023 } } });
    await expect(fake.socialLogin({ provider: 'apple' })).resolves.toMatchObject({ errorCode: 500023, statusCode: 500 });
  });
});

describe('scenario files', () => {
  const scenario: IdentityScenario = {
    clock: '2026-03-01T09:00:00Z',
    accounts: [
      { email: 'erika@example.org', password: PASSWORD, ...complete },
      { email: 'blocked@example.org', password: PASSWORD, disabled: true, ...complete },
      { email: 'new@example.org', password: PASSWORD, unverified: true, ...complete },
      { email: 'locked@example.org', password: PASSWORD, locked: true, ...complete },
      { email: 'half@example.org', password: PASSWORD, pendingFields: ['profile.zip'], ...complete },
      { email: 'reader@example.org', lite: true },
    ],
    tokens: [{ kind: 'password-reset', token: 'expired-reset', email: 'erika@example.org', expired: true }],
  };

  it.each([
    ['erika@example.org', 0],
    ['blocked@example.org', 403041],
    ['new@example.org', 206002],
    ['locked@example.org', 403120],
    ['half@example.org', 206001],
    ['reader@example.org', 403042],
  ])('login of %s answers %d', async (email, errorCode) => {
    const fake = createFakeProviderFromScenario(scenario);
    expect((await fake.login({ loginID: email, password: PASSWORD })).errorCode).toBe(errorCode);
  });

  it('starts the clock where the scenario says and knows its seeded tokens', async () => {
    const fake = createFakeProviderFromScenario(scenario);
    expect(new Date(fake.clock.now()).toISOString()).toBe('2026-03-01T09:00:00.000Z');
    expect((await fake.resetPassword({ passwordResetToken: 'expired-reset', newPassword: 'Other-Pass-99!' })).errorCode).toBe(403025);
  });

  it('a pending field, once written, completes the registration', async () => {
    const fake = createFakeProviderFromScenario(scenario);
    const { regToken } = await fake.login({ loginID: 'half@example.org', password: PASSWORD, include: 'missing-required-fields' });
    await fake.setAccountInfo({ regToken: regToken!, profile: { zip: '10115' } });
    expect((await fake.finalizeRegistration({ regToken: regToken! })).errorCode).toBe(0);
  });

  it('an outage flag makes every call reject', async () => {
    const fake = createFakeProviderFromScenario({ outage: true });
    await expect(fake.getSchema()).rejects.toMatchObject({ code: 'outage' });
  });

  it('rejects malformed scenarios with the reason', () => {
    expect(() => parseScenario([])).toThrow(/JSON object/);
    expect(() => parseScenario({ accounts: [{ password: 'x' }] })).toThrow(/accounts\[0\] needs an "email"/);
    expect(() => parseScenario({ accounts: [{ email: 'a@example.org', lite: true, password: 'x' }] })).toThrow(/lite/);
    expect(() => parseScenario({ clock: 'soon' })).toThrow(/clock/);
  });
});

describe('QA controls: forced answers and the service\'s subscriber tokens', () => {
  const seeded = () => createFakeProvider({ accounts: [{ email: 'erika@example.org', password: PASSWORD, ...complete }] });

  it('a forced error answers the next call of that method only, without acting', async () => {
    const fake = seeded();
    fake.forceNext('login', { errorCode: ErrorCode.ACCOUNT_NOT_ACTIVATED });
    const forced = await fake.login({ loginID: 'erika@example.org', password: PASSWORD });
    expect(forced).toMatchObject({ errorCode: ErrorCode.ACCOUNT_NOT_ACTIVATED, statusCode: 206 });
    expect((await fake.getAccountInfo()).errorCode).toBe(ErrorCode.UNAUTHORIZED);
    expect((await fake.login({ loginID: 'erika@example.org', password: PASSWORD })).errorCode).toBe(0);
    expect(fake.calls.filter((c) => c.method === 'login')).toHaveLength(2);
  });

  it('forced answers queue per method and carry details and validation errors', async () => {
    const fake = seeded();
    const validationErrors = [{ fieldName: 'subscriptions.NLT_GENERAL', errorCode: ErrorCode.INVALID_PARAMETER, message: 'no' }];
    fake.forceNext('setAccountInfo', { errorCode: ErrorCode.VALIDATION, validationErrors });
    fake.forceNext('setAccountInfo', { errorCode: ErrorCode.INVALID_PARAMETER, errorDetails: 'REGISTRATION_UNVERIFIED' });
    await expect(fake.setAccountInfo({})).resolves.toMatchObject({ errorCode: ErrorCode.VALIDATION, validationErrors });
    await expect(fake.setAccountInfo({})).resolves.toMatchObject({ errorDetails: 'REGISTRATION_UNVERIFIED' });
    await expect(fake.setAccountInfo({})).resolves.toMatchObject({ errorCode: ErrorCode.UNAUTHORIZED });
  });

  it('a forced 206001 carries a regToken of the account the call names; 403043 one for linking', async () => {
    const fake = seeded();
    fake.forceNext('login', { errorCode: ErrorCode.PENDING_REGISTRATION });
    const pending = await fake.login({ loginID: 'erika@example.org', password: PASSWORD });
    expect((await fake.getAccountInfo({ regToken: pending.regToken! })).profile?.email).toBe('erika@example.org');
    fake.forceNext('login', { errorCode: ErrorCode.SOCIAL_CONFLICT });
    const conflict = await fake.login({ loginID: 'erika@example.org', password: PASSWORD });
    expect((await fake.getConflictingAccount({ regToken: conflict.regToken! })).conflictingAccount?.loginID).toBe('erika@example.org');
  });

  it('a forced 200009 opens no session, as the provider\'s does not', async () => {
    const fake = seeded();
    fake.forceNext('login', { errorCode: ErrorCode.STALE_LINK_TOKEN });
    expect((await fake.login({ loginID: 'erika@example.org', password: PASSWORD })).errorCode).toBe(ErrorCode.STALE_LINK_TOKEN);
    expect((await fake.getAccountInfo()).errorCode).toBe(ErrorCode.UNAUTHORIZED);
  });

  it('accepts the service\'s qa-subscriber regTokens only when told, as a lite account of that address', async () => {
    // The same example is in the service's tests (services/api/internal/qamode/qamode_test.go).
    const token = 'qa-subscriber.bGVzZXJAZXhhbXBsZS5vcmc';
    expect((await createFakeProvider().getAccountInfo({ regToken: token })).errorCode).toBe(ErrorCode.UNAUTHORIZED);
    const fake = createFakeProvider({ serviceSubscriberTokens: true, accounts: [{ email: 'leser@example.org', subscriptions: { NLT_GENERAL: { email: { isSubscribed: true } } } }] });
    const info = await fake.getAccountInfo({ regToken: token, include: 'profile,subscriptions' });
    expect(info).toMatchObject({ errorCode: 0, isRegistered: false, profile: { email: 'leser@example.org' }, subscriptions: { NLT_GENERAL: { email: { isSubscribed: true } } } });
    expect((await fake.getAccountInfo({ regToken: 'qa-subscriber.%%%' })).errorCode).toBe(ErrorCode.UNAUTHORIZED);
  });

  it('a scenario forces answers and refuses malformed ones', async () => {
    const fake = createFakeProviderFromScenario({ forcedAnswers: [{ method: 'getAccountInfo', errorCode: ErrorCode.UNAUTHORIZED }] });
    expect((await fake.getAccountInfo()).errorCode).toBe(ErrorCode.UNAUTHORIZED);
    expect(() => parseScenario({ forcedAnswers: [{ method: 'fly', errorCode: 1 }] })).toThrow(/unknown method "fly"/);
    expect(() => parseScenario({ forcedAnswers: [{ method: 'login', errorCode: 'x' }] })).toThrow(/errorCode/);
  });
});
