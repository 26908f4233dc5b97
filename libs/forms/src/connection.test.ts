import { isConnectionLost, isUnanswered, noAnswerMessage, requestFailedMessage } from './connection';
import { message } from './message';

describe('isConnectionLost', () => {
  afterEach(() => jest.restoreAllMocks());

  it.each<[string, unknown]>([
    ['a fetch without an answer (Chromium)', new TypeError('Failed to fetch')],
    ['a fetch without an answer (Firefox)', new TypeError('NetworkError when attempting to fetch resource.')],
    ['a fetch without an answer (Safari)', new TypeError('Load failed')],
    ['a part of the page that did not load (Chromium)', new TypeError('Failed to fetch dynamically imported module: https://example.com/assets/schemas-x.js')],
    ['a part of the page that did not load (Safari)', new TypeError('Importing a module script failed.')],
    ["the identity provider's network transport error", Object.assign(new Error('accounts.login: the identity service could not be reached'), { name: 'IdentityTransportError', code: 'network' })],
    ['an error that carries one as its cause', new Error('the form rules did not load', { cause: new TypeError('Failed to fetch') })],
  ])('is %s', (_, error) => {
    expect(isConnectionLost(error)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['an answer that was no JSON', Object.assign(new Error('answer 502 is not JSON'), { name: 'IdentityTransportError', code: 'invalid-response' })],
    ['an error status', new Error('Response had status 500')],
    ['a mistake of the page', new TypeError("Cannot read properties of undefined (reading 'profile')")],
    ['nothing thrown', undefined],
  ])('is not %s', (_, error) => {
    expect(isConnectionLost(error)).toBe(false);
  });

  it('is any failure while the browser says it is offline', () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(isConnectionLost(new Error('Response had status 500'))).toBe(true);
  });
});

describe('isUnanswered', () => {
  const status = (code: number, name = 'ResponseError') => Object.assign(new Error(`Response had status ${code}`), { name, status: code });

  it.each<[string, unknown]>([
    ['a fetch without an answer', new TypeError('Failed to fetch')],
    ["a proxy's Bad Gateway", status(502)],
    ["a proxy's Service Unavailable", status(503)],
    ["a proxy's Gateway Timeout", status(504)],
    ["the identity provider's answer that was no JSON, from a proxy", Object.assign(new Error('answer 502 is not JSON'), { name: 'IdentityTransportError', code: 'invalid-response', status: 502 })],
    ['an error that carries one as its cause', new Error('the search failed', { cause: status(503) })],
  ])('is %s', (_, error) => {
    expect(isUnanswered(error)).toBe(true);
  });

  it.each<[string, unknown]>([
    ["the service's own error", status(500)],
    ['a refusal', status(403)],
    ['an answer that was no JSON, of the service', Object.assign(new Error('answer 200 is not JSON'), { name: 'IdentityTransportError', code: 'invalid-response', status: 200 })],
  ])('is not %s', (_, error) => {
    expect(isUnanswered(error)).toBe(false);
  });
});

describe('requestFailedMessage', () => {
  const unexpected = message('global.errors.unexpected.headline', 'An unexpected error has occurred.');
  afterEach(() => jest.restoreAllMocks());

  it('online, a request without an answer is the service briefly unavailable, not the shopper\'s connection (QA: the service down)', () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    // The German fallback is the missing connection's (texts not in yet: SiteLoadError), the key says otherwise.
    const unavailable = message('global.errors.unavailable', 'Keine Verbindung zum Internet. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.');
    expect(requestFailedMessage(new TypeError('Failed to fetch'), unexpected)).toEqual(unavailable);
    expect(requestFailedMessage(Object.assign(new Error('Response had status 503'), { status: 503 }), unexpected)).toEqual(unavailable);
    expect(noAnswerMessage()).toEqual(unavailable);
  });

  it('offline, it is the missing connection', () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const network = message('global.errors.network', 'Keine Verbindung zum Internet. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.');
    expect(requestFailedMessage(new TypeError('Failed to fetch'), unexpected)).toEqual(network);
    expect(noAnswerMessage()).toEqual(network);
  });

  it("is what the page says for a failure the service answered", () => {
    expect(requestFailedMessage(new Error('Response had status 500'), unexpected)).toBe(unexpected);
    expect(requestFailedMessage(Object.assign(new Error('Response had status 500'), { status: 500 }), unexpected)).toBe(unexpected);
  });
});
