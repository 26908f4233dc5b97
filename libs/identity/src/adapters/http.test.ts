import { IdentityTransportError } from '../errors';
import type { LoginEvent } from '../types';
import { createHttpProvider, readSocialLoginResult } from './http';

function stubFetch(answer: () => Promise<Response> | Response) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fetchStub = jest.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    requests.push({ url: String(url), init });
    return answer();
  });
  return { fetch: fetchStub as unknown as typeof fetch, requests };
}

// jsdom has no Response; the adapter reads only status and json().
function respond(text: string, status = 200): Response {
  return { status, ok: status < 300, json: async () => JSON.parse(text) as unknown } as Response;
}
const json = (body: unknown, status = 200) => respond(JSON.stringify(body), status);

describe('http adapter', () => {
  it('posts JSON to {baseUrl}/identity/accounts.<method> with same-origin credentials', async () => {
    const { fetch, requests } = stubFetch(() => json({ errorCode: 0, regToken: 'rt' }));
    const provider = createHttpProvider({ baseUrl: 'https://portal.example/', fetch });
    await expect(provider.initRegistration({ isLite: true })).resolves.toEqual({ errorCode: 0, regToken: 'rt' });
    expect(requests[0]?.url).toBe('https://portal.example/identity/accounts.initRegistration');
    expect(requests[0]?.init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"isLite":true}' });
    expect(new Headers(requests[0]?.init.headers).get('Content-Type')).toBe('application/json');
  });

  it("sends the page's language with every call that names none, so the mails it causes speak it (QA)", async () => {
    const { fetch, requests } = stubFetch(() => json({ errorCode: 0 }));
    document.documentElement.lang = 'es-ES';
    try {
      const provider = createHttpProvider({ fetch });
      await provider.deleteAccount!({ password: 'pw' });
      await provider.resetPassword({ passwordResetToken: 't', newPassword: 'n' });
      await provider.resetPassword({ loginID: 'a@example.org', lang: 'fr' });
      expect(requests.map((request) => JSON.parse(String(request.init.body)) as unknown)).toEqual([
        { password: 'pw', lang: 'es-ES' },
        { passwordResetToken: 't', newPassword: 'n', lang: 'es-ES' },
        { loginID: 'a@example.org', lang: 'fr' },
      ]);
      const told = createHttpProvider({ fetch, pageLanguage: () => 'nl-BE' });
      await told.logout();
      expect(JSON.parse(String(requests.at(-1)?.init.body))).toEqual({ lang: 'nl-BE' });
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('resolves provider errors, even with an error status', async () => {
    const { fetch } = stubFetch(() => json({ errorCode: 403042, errorMessage: 'Invalid LoginID' }, 403));
    const provider = createHttpProvider({ fetch });
    await expect(provider.login({ loginID: 'a@example.org', password: 'x' })).resolves.toMatchObject({ errorCode: 403042 });
  });

  it('rejects with a transport error when the network fails or the answer is no envelope', async () => {
    const down = createHttpProvider({ fetch: stubFetch(() => Promise.reject(new TypeError('Failed to fetch'))).fetch });
    await expect(down.getSchema()).rejects.toMatchObject({ name: 'IdentityTransportError', code: 'network' });
    const html = createHttpProvider({ fetch: stubFetch(() => respond('<html>', 502)).fetch });
    const error = await html.getSchema().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityTransportError);
    expect(error).toMatchObject({ code: 'invalid-response', status: 502 });
    const noEnvelope = createHttpProvider({ fetch: stubFetch(() => json({ error: { code: 'not_found' } }, 404)).fetch });
    await expect(noEnvelope.getSchema()).rejects.toMatchObject({ code: 'invalid-response' });
  });

  it('emits onLogin after a successful login, asking for the sections the event carries', async () => {
    const { fetch, requests } = stubFetch(() =>
      json({ errorCode: 0, UID: 'u1', profile: { email: 'a@example.org' }, data: {}, preferences: {}, subscriptions: {} }),
    );
    const provider = createHttpProvider({ fetch });
    const events: LoginEvent[] = [];
    const off = provider.onLogin((e) => events.push(e));
    await provider.login({ loginID: 'a@example.org', password: 'pw', include: 'profile' });
    expect(JSON.parse(String(requests[0]?.init.body)).include).toBe('profile,data,preferences,subscriptions');
    // Spec 000 §7: every login says the app handles the interruptions (206001, 206002) itself.
    expect(JSON.parse(String(requests[0]?.init.body)).ignoreInterruptions).toBe(false);
    expect(events).toEqual([
      { eventName: 'login', UID: 'u1', provider: 'site', profile: { email: 'a@example.org' }, data: {}, preferences: {}, subscriptions: {}, newUser: false },
    ]);
    off();
    await provider.login({ loginID: 'a@example.org', password: 'pw' });
    expect(events).toHaveLength(1);
  });

  it('emits no onLogin for 206001, 200009 or register without finalizeRegistration; does for finalizeRegistration', async () => {
    let answer: object = { errorCode: 206001, regToken: 'rt' };
    const provider = createHttpProvider({ fetch: stubFetch(() => json(answer)).fetch });
    const events: LoginEvent[] = [];
    provider.onLogin((e) => events.push(e));
    await provider.login({ loginID: 'a', password: 'b' });
    answer = { errorCode: 200009 };
    await provider.login({ loginID: 'a', password: 'b', loginMode: 'link', regToken: 'rt' });
    answer = { errorCode: 0, UID: 'u2' };
    await provider.register({ email: 'a', password: 'b', regToken: 'rt' });
    expect(events).toHaveLength(0);
    await provider.register({ email: 'a', password: 'b', regToken: 'rt', finalizeRegistration: true });
    await provider.finalizeRegistration({ regToken: 'rt' });
    expect(events.map((e) => [e.UID, e.newUser])).toEqual([
      ['u2', true],
      ['u2', true],
    ]);
  });

  it('emits onLogout after logout, also when the service answers an error', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const provider = createHttpProvider({ fetch: stubFetch(() => json({ errorCode: 500001 })).fetch });
    const logout = jest.fn();
    provider.onLogout(logout);
    await provider.logout();
    expect(logout).toHaveBeenCalledWith({ eventName: 'logout' });
    warn.mockRestore();
  });

  it('socialLogin navigates to the service, which redirects back with the answer in the query', () => {
    const navigate = jest.fn();
    const provider = createHttpProvider({ baseUrl: 'https://portal.example', navigate, fetch: stubFetch(() => json({})).fetch });
    void provider.socialLogin({ provider: 'googleplus', redirectURL: 'https://portal.example/login?x=1', lang: 'fr' });
    expect(navigate).toHaveBeenCalledWith(
      'https://portal.example/identity/social/googleplus/start?redirectURL=https%3A%2F%2Fportal.example%2Flogin%3Fx%3D1&lang=fr',
    );
    expect(readSocialLoginResult('?errorCode=403043&regToken=st_1')).toEqual({ errorCode: 403043, regToken: 'st_1' });
    expect(readSocialLoginResult(new URLSearchParams('errorCode=0'))).toEqual({ errorCode: 0 });
    expect(readSocialLoginResult('?gig_regSource=x')).toBeUndefined();
  });

  it('socialLogin with followSocialLogin resolves with the answer and emits onLogin on success', async () => {
    const { fetch, requests } = stubFetch(() => json({ errorCode: 0, UID: 'u1', profile: { email: 'a@example.org' } }));
    const followSocialLogin = jest.fn(async () => '/login?errorCode=0&provider=apple');
    const provider = createHttpProvider({ baseUrl: 'https://portal.example', fetch, followSocialLogin });
    const logins: LoginEvent[] = [];
    provider.onLogin((event) => logins.push(event));
    await expect(provider.socialLogin({ provider: 'apple', redirectURL: '/login' })).resolves.toMatchObject({ errorCode: 0, UID: 'u1', provider: 'apple' });
    expect(followSocialLogin).toHaveBeenCalledWith('https://portal.example/identity/social/apple/start?redirectURL=%2Flogin');
    expect(requests[0]?.url).toBe('https://portal.example/identity/accounts.getAccountInfo');
    expect(logins).toEqual([expect.objectContaining({ eventName: 'login', UID: 'u1', provider: 'apple', newUser: false })]);

    followSocialLogin.mockResolvedValueOnce('/login?errorCode=403043&regToken=st_2&provider=apple');
    await expect(provider.socialLogin({ provider: 'apple', redirectURL: '/login' })).resolves.toEqual({ errorCode: 403043, regToken: 'st_2', provider: 'apple' });
    expect(logins).toHaveLength(1);

    followSocialLogin.mockResolvedValueOnce('/login');
    await expect(provider.socialLogin({ provider: 'apple', redirectURL: '/login' })).rejects.toBeInstanceOf(IdentityTransportError);
  });
});
