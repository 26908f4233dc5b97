// Generates the TypeScript types of the backend REST contract from services/api/api/openapi.yaml.
// `--check` fails (exit 1) when the checked-in file differs, so a contract change cannot skip the apps.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

const root = path.resolve(import.meta.dirname, '../..');
const spec = path.join(root, 'services/api/api/openapi.yaml');
const target = path.join(root, 'libs/cms/src/rest-api.gen.ts');

const header = '// Generated from services/api/api/openapi.yaml by tools/openapi/generate-ts.mjs. Do not edit.\n\n';
const ast = await openapiTS(new URL(`file://${spec}`), { alphabetize: true });
const generated = header + astToString(ast);

if (process.argv.includes('--check')) {
  const current = readFileSync(target, 'utf8');
  if (current !== generated) {
    console.error(`${path.relative(root, target)} is out of date: run \`npx nx run api:generate\` and commit the result.`);
    process.exit(1);
  }
  console.log(`${path.relative(root, target)} matches the OpenAPI document.`);
} else {
  writeFileSync(target, generated);
  console.log(`wrote ${path.relative(root, target)}`);
}
