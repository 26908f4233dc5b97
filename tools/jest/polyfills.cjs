// jsdom lacks TextEncoder/TextDecoder, which react-router needs.
const { TextEncoder, TextDecoder } = require('node:util');

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom's crypto has no subtle; the fake identity provider checks passkey signatures with WebCrypto, as a browser does.
if (!globalThis.crypto?.subtle) {
  Object.defineProperty(globalThis, 'crypto', { value: require('node:crypto').webcrypto, configurable: true });
}
