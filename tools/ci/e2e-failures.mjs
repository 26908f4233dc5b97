// Prints the browser tests' failures, each with the start of its error, from Playwright's JSON report: .ci/run
// calls it after a failed `make test`, so that the end of a CI log, often all that is kept of it, names the cause
// (the list reporter prints the errors before its summary and Nx's, which push them out of a short tail).
import { existsSync, readFileSync } from 'node:fs';

const report = process.argv[2] ?? 'dist/e2e/results.json';
if (!existsSync(report)) process.exit(0);

const failed = [];
const walk = (suite, titles) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const result = test.results.at(-1);
      if (result && !['passed', 'skipped'].includes(result.status)) failed.push({ title: [...titles, spec.title].join(' › '), file: `${spec.file}:${spec.line}`, project: test.projectName, result });
    }
  }
  for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
};
for (const suite of JSON.parse(readFileSync(report, 'utf8')).suites) walk(suite, []);

// eslint-disable-next-line no-control-regex
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');
for (const { title, file, project, result } of failed.slice(0, 3)) {
  console.log(`e2e failure [${project}] ${file} ${title} (${result.status}, ${(result.duration / 1000).toFixed(1)} s)`);
  const error = plain(result.error?.message ?? result.errors?.[0]?.message ?? 'no error message');
  for (const line of error.split('\n').filter((l) => l.trim()).slice(0, 8)) console.log(`  ${line.slice(0, 200)}`);
  const at = result.error?.location;
  if (at) console.log(`  at ${at.file.split('/apps/e2e/').at(-1)}:${at.line}`);
}
if (failed.length > 3) console.log(`... and ${failed.length - 3} more failures`);
