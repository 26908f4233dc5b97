import js from '@eslint/js';
import globals from 'globals';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import portal from './tools/lint/feature-boundaries.js';

// Dependencies point from apps to libraries and from features of a library kind to plainer ones, never back
// (STYLE.md, rules 10 and 12). The tags are in each project.json; @nx/enforce-module-boundaries reads them from
// the project graph, and also rejects imports of an app and relative imports into another project.
//   scope: account-portal and preference-centre use their own code and shared libraries; shared uses shared.
//   type:  app > feature (the shell both apps share: libs/ui) > ui (components, libs/forms) and data-access
//          (libs/cms, libs/identity) > util (libs/i18n). e2e drives the apps through a browser and imports none.
// The Go service (api) is tagged too; its own layers are held by services/api/internal/architecture.
const projectBoundaries = {
  files: ['**/*.{ts,tsx,js,mjs}'],
  plugins: { '@nx': nx },
  rules: {
    '@nx/enforce-module-boundaries': [
      'error',
      {
        depConstraints: [
          { sourceTag: 'scope:account-portal', onlyDependOnLibsWithTags: ['scope:account-portal', 'scope:shared'] },
          { sourceTag: 'scope:preference-centre', onlyDependOnLibsWithTags: ['scope:preference-centre', 'scope:shared'] },
          { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
          { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:util'] },
          { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util'] },
          { sourceTag: 'type:feature', onlyDependOnLibsWithTags: ['type:feature', 'type:ui', 'type:data-access', 'type:util'] },
          { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:ui', 'type:util'] },
          { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:data-access', 'type:util'] },
          { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
        ],
      },
    ],
  },
};

// Inside an app, a feature folder never imports another one: features are composed in src/app. The rule resolves
// each specifier (relative, workspace path or tsconfig alias) before comparing folders (tools/lint).
const featureBoundaries = {
  files: ['apps/*/src/**/*.{ts,tsx}'],
  plugins: { portal },
  rules: { 'portal/no-cross-feature-imports': 'error' },
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
  {
    // The tools' scripts run in Node.
    files: ['tools/**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  projectBoundaries,
  featureBoundaries,
  {
    // The apps' build settings share their plugins (tools/vite), and their tests the plugins' code; build tooling is
    // no dependency of the app's code.
    files: ['apps/*/vite.config.ts', 'apps/*/vite.config.test.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    // Playwright fixtures take `{}` and call `use`; neither is React.
    files: ['apps/e2e/**/*.ts'],
    rules: {
      'no-empty-pattern': 'off',
      'react-hooks/rules-of-hooks': 'off',
      // A skipped test hides in the report: skip only with a stated reason, never leave one marked to fix.
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='fixme']", message: 'Fix the test or delete it; test.fixme hides it.' },
        { selector: "CallExpression[callee.property.name='skip'][arguments.length<2]", message: 'test.skip needs its reason as the second argument.' },
      ],
    },
  },
);
