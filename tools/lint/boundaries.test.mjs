// Proves that lint holds the module boundaries (eslint.config.js): each case lints a few lines of code as if they
// stood at a path in the workspace, with the workspace's own configuration, and names the rule that must answer.
// Only the path of an import matters to the boundary rules, so the imported files need not exist.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createProjectGraphAsync } from '@nx/devkit';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import portal from './feature-boundaries.js';

const root = path.resolve(import.meta.dirname, '../..');
const PROJECTS = '@nx/enforce-module-boundaries';
const FEATURES = 'portal/no-cross-feature-imports';

let eslint;
before(async () => {
  // The Nx rule reads project tags from the cached project graph and skips itself, with only a warning, when
  // there is none: build it first so that the cases below cannot pass by the rule not running.
  await createProjectGraphAsync({ exitOnError: true });
  eslint = new ESLint({ cwd: root });
});

/** The problems lint reports for `code` placed at `file` (relative to the workspace root). */
async function lint(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
}

async function expectViolation(file, code, rule, message) {
  const problems = await lint(file, code);
  assert.ok(
    problems.some((p) => p.rule === rule && (!message || message.test(p.message))),
    `expected ${rule}${message ? ` (${message})` : ''} for ${file}, got ${JSON.stringify(problems)}`,
  );
}

describe('an app importing the other app fails', () => {
  test('by a relative path', () =>
    expectViolation('apps/account-portal/src/app/bridge.ts', "export { routes } from '../../../preference-centre/src/app/routes';\n", PROJECTS));

  test('by a workspace path', () =>
    expectViolation('apps/preference-centre/src/app/bridge.ts', "export { routes } from 'apps/account-portal/src/app/routes';\n", PROJECTS));

  test('from inside a feature', () =>
    expectViolation(
      'apps/preference-centre/src/features/preferences/components/Bridge.tsx',
      "export { LoginPage } from '../../../../../account-portal/src/features/login/routes/LoginPage';\n",
      PROJECTS,
    ));
});

describe('a library importing an app fails', () => {
  test('by a relative path', () =>
    expectViolation('libs/ui/src/bridge.ts', "export { routes } from '../../../apps/account-portal/src/app/routes';\n", PROJECTS));

  test('by a workspace path', () =>
    expectViolation('libs/identity/src/bridge.ts', "export { PreferenceCentreEntry } from 'apps/preference-centre/src/features/preferences/PreferenceCentreEntry';\n", PROJECTS));
});

describe('a library importing a library of a higher kind fails (project tags)', () => {
  test('util → data-access', () =>
    expectViolation('libs/i18n/src/bridge.ts', "export { ErrorCode } from '@portal/identity';\n", PROJECTS, /tagged with "type:util" can only depend on libs tagged with "type:util"/));

  test('ui → data-access', () =>
    expectViolation('libs/forms/src/bridge.ts', "export { useSite } from '@portal/cms';\n", PROJECTS, /tagged with "type:ui" can only depend/));
});

describe('a feature importing another feature of its app fails', () => {
  const login = 'apps/account-portal/src/features/login/routes/LoginBridge.tsx';
  const cases = [
    ['a sibling feature, two folders up', login, "export { registerAccount } from '../../registration/api/register-account';\n"],
    ['a sibling feature from the feature root', 'apps/account-portal/src/features/login/bridge.ts', "export * from '../registration/api/register-account';\n"],
    ['through the features folder', login, "import { finalizeFields } from '../../../features/finalize/finalize-fields';\nexport { finalizeFields };\n"],
    ['the features folder itself, two up', 'apps/account-portal/src/features/login/bridge.ts', "export * from '../../features/registration';\n"],
    ['a dynamic import', login, "export const AccountPage = () => import('../../account/routes/AccountPage');\n"],
    ['a mocked module in a test', 'apps/preference-centre/src/features/unsubscribe/Unsubscribe.test.tsx', "jest.mock('../preferences/api/get-preferences');\n"],
  ];
  for (const [name, file, code] of cases) {
    test(name, () => expectViolation(file, code, FEATURES));
  }
});

describe('legal imports pass', () => {
  test('a feature importing its own files, the app’s shared folder, libraries and packages', async () => {
    const code = [
      "import { useState } from 'react';",
      "import { PageLayout } from '@portal/ui';",
      "import { isSameSitePath } from '../../../shared/navigation';",
      "import { resendVerificationEmail } from '../api/resend-verification-email';",
      "import { loginOutcome } from '../login-outcome';",
      "import { LoginForm } from '../../../features/login/components/LoginForm';",
      'export { useState, PageLayout, isSameSitePath, resendVerificationEmail, loginOutcome, LoginForm };',
      '',
    ].join('\n');
    assert.deepEqual(await lint('apps/account-portal/src/features/login/routes/LoginBridge.tsx', code), []);
  });

  test('the app composing its features', async () => {
    const code = [
      "import { LoginPage } from '../features/login/routes/LoginPage';",
      "import { RegistrationPage } from '../features/registration/routes/RegistrationPage';",
      'export { LoginPage, RegistrationPage };',
      '',
    ].join('\n');
    assert.deepEqual(await lint('apps/account-portal/src/app/composition.tsx', code), []);
  });

  test('the shared shell library using data-access and util libraries', async () => {
    const code = "export { useSite } from '@portal/cms';\nexport { ErrorCode } from '@portal/identity';\nexport { toLocale } from '@portal/i18n';\n";
    assert.deepEqual(await lint('libs/ui/src/composition.ts', code), []);
  });
});

// Aliases: no app declares one today, so the rule is shown on a small workspace of its own whose tsconfig
// maps `@/*` to the app's src folder, as Vite (resolve.tsconfigPaths) would read it.
describe('a feature importing another feature through a tsconfig alias fails', () => {
  let dir;
  let aliased;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'feature-boundaries-'));
    const src = path.join(dir, 'apps/shop/src');
    for (const folder of ['features/basket', 'features/checkout', 'shared']) mkdirSync(path.join(src, folder), { recursive: true });
    writeFileSync(path.join(src, 'features/basket/index.ts'), 'export const basket = 1;\n');
    writeFileSync(path.join(src, 'features/checkout/index.ts'), 'export const checkout = 1;\n');
    writeFileSync(path.join(src, 'features/checkout/total.ts'), 'export const total = 1;\n');
    writeFileSync(path.join(src, 'shared/money.ts'), 'export const money = 1;\n');
    writeFileSync(
      path.join(dir, 'apps/shop/tsconfig.json'),
      JSON.stringify({ compilerOptions: { moduleResolution: 'bundler', module: 'esnext', paths: { '@/*': ['./src/*'] } } }),
    );
    aliased = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { portal }, rules: { [FEATURES]: 'error' } }],
    });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const lintAliased = async (code) => {
    const [result] = await aliased.lintText(code, { filePath: path.join(dir, 'apps/shop/src/features/checkout/pay.ts') });
    return result.messages.map((m) => m.ruleId);
  };

  test('an alias into another feature is reported', async () => {
    assert.deepEqual(await lintAliased("export { basket } from '@/features/basket';\n"), [FEATURES]);
  });

  test('an alias into its own feature or the shared folder is not', async () => {
    assert.deepEqual(await lintAliased("export { total } from '@/features/checkout/total';\nexport { money } from '@/shared/money';\n"), []);
  });
});
