// Shared Jest settings: every project's jest.config.cjs spreads this and adds its own roots.
const path = require('node:path');

const root = __dirname;
module.exports = {
  testEnvironment: 'jsdom',
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }],
  },
  moduleNameMapper: {
    '^@portal/forms/testing$': path.join(root, 'libs/forms/src/testing/index.ts'),
    '^@portal/(cms|identity)/testing$': path.join(root, 'libs/$1/src/testing/index.ts'),
    '^@portal/ui/testing$': path.join(root, 'libs/ui/src/testing/index.tsx'),
    // The schema kit, which the apps load through deferredSchema; their tests build rules from it directly.
    '^@portal/forms/schemas$': path.join(root, 'libs/forms/src/schemas.ts'),
    // The example phone numbers, apart from the barrel so that only the pages with a phone field carry them (page weight).
    '^@portal/identity-contract/text$': path.join(root, 'libs/identity-contract/src/text-as-sent.ts'),
    '^@portal/identity-contract/phone$': path.join(root, 'libs/identity-contract/src/phone-number.ts'),
    '^@portal/identity-contract/email-display$': path.join(root, 'libs/identity-contract/src/email-display.ts'),
    // What the other tabs say of the session, apart from the barrel: /login uses it and has no byte left (page weight).
    '^@portal/identity/other-tabs$': path.join(root, 'libs/identity/src/react/other-tabs.ts'),
    '^@portal/forms/phone-examples$': path.join(root, 'libs/forms/src/phone-examples.ts'),
    // The address countries, apart from the barrel so that the entry chunk does not carry them (page weight).
    '^@portal/i18n/country$': path.join(root, 'libs/i18n/src/country.ts'),
    '^@portal/(cms|forms|i18n|identity|identity-contract|ui)$': path.join(root, 'libs/$1/src/index.ts'),
    '\\.(css|svg|png|jpg)$': 'identity-obj-proxy',
  },
  setupFiles: [path.join(root, 'tools/jest/polyfills.cjs')],
  setupFilesAfterEnv: [path.join(root, 'tools/jest/setup-tests.ts')],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
};
