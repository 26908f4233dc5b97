import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Libraries never import apps, and features of an app never import each other:
// dependencies point from apps to libs only (STYLE.md, rules 10 and 12).
const libBoundaries = {
  files: ['libs/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: ['**/apps/**', '@portal/app-*'], message: 'A library must not depend on an app.' }] },
    ],
  },
};

const featureBoundaries = {
  files: ['apps/*/src/features/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['../../features/*', '**/features/*/**'], message: 'A feature must not import another feature; compose them in src/app.' },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'services/**', '**/test-results/**', '**/playwright-report/**', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  libBoundaries,
  featureBoundaries,
  {
    // Playwright fixtures take `{}` and call `use`; neither is React.
    files: ['apps/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
);
