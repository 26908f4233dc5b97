import { connectionLostMessage, isConnectionLost, requestFailedMessage } from './connection';
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

describe('requestFailedMessage', () => {
  const unexpected = message('global.errors.unexpected.headline', 'An unexpected error has occurred.');

  it('names the missing connection, else what the page says for a failure', () => {
    expect(requestFailedMessage(new TypeError('Failed to fetch'), unexpected)).toEqual(connectionLostMessage());
    expect(connectionLostMessage().key).toBe('global.errors.network');
    expect(requestFailedMessage(new Error('Response had status 500'), unexpected)).toBe(unexpected);
  });
});
