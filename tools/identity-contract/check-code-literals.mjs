// Fails when an identity error-code number is written as a literal in product source (Go and TypeScript): code uses
// the generated names (ErrorCode.X from @portal/identity, contract.CodeX in Go), so that the contract file
// services/api/api/identity-contract.yaml stays the one place a code is written. Tests, generated files and the
// contract file itself are not product source.
//
// A literal counts when it is a number, or a string, template, regular expression or JSX text containing one, that
// is a detail code of the contract or a six-digit number with the first three digits of one of its codes (so a code
// the contract does not know yet is caught too). Comments may cite codes.
//
// Usage: node tools/identity-contract/check-code-literals.mjs [file ...]   (default: the whole repository)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../..');
const contractPath = path.join(root, 'services/api/api/identity-contract.yaml');

// The contract's codes and their names, read from the YAML's own layout (`- code: N` followed by `name: X`).
const contract = readFileSync(contractPath, 'utf8');
const names = new Map();
for (const m of contract.matchAll(/^\s*- code: (\d+)\s*\n\s*name: ([A-Z0-9_]+)/gm)) names.set(m[1], m[2]);
const details = new Map();
for (const m of contract.matchAll(/^\s*- name: ([A-Z0-9_]+)\s*\n\s*code: \d+\s*\n\s*details: "(\d+)"/gm)) details.set(m[2], m[1]);
if (names.size === 0) throw new Error(`no codes found in ${contractPath}`);
const prefixes = new Set([...names.keys()].filter((c) => c.length === 6).map((c) => c.slice(0, 3)));

/** The codes a piece of literal text contains. */
function codesIn(text) {
  const found = [];
  for (const m of String(text).matchAll(/(?<![0-9])[0-9]{6}(?![0-9])/g)) {
    if (prefixes.has(m[0].slice(0, 3)) || details.has(m[0])) found.push(m[0]);
  }
  return found;
}

/** The Go name the generator gives an UPPER_SNAKE name (internal/identity/contract/gen: goName). */
function goName(name) {
  const initialisms = new Set(['OK', 'ID', 'API', 'URL']);
  return name
    .split('_')
    .map((w) => (initialisms.has(w) ? w : w[0] + w.slice(1).toLowerCase()))
    .join('');
}

function hint(code) {
  if (details.has(code)) return `ErrorDetails.${details.get(code)} (Go: contract.Details${goName(details.get(code))})`;
  const name = names.get(code);
  return name ? `ErrorCode.${name} (Go: contract.Code${goName(name)})` : 'a name: the contract lacks this code, add it to the contract file first';
}

// ---- which files ----

const skippedDirs = new Set(['node_modules', 'dist', '.nx', 'coverage', 'testdata', 'test-results', 'playwright-report', '.git']);
const skippedPaths = [
  'apps/e2e/', // browser tests
  'libs/identity/src/contract/', // the contract test suite and its runners
  'services/api/internal/identity/contract/gen/', // the generator
];

function isProductSource(rel) {
  if (skippedPaths.some((p) => rel.startsWith(p))) return false;
  if (/\.(test|spec)\.tsx?$|_test\.go$|\.gen\.(ts|go)$|(^|\/)test-utils\.tsx?$|\.d\.ts$/.test(rel)) return false;
  return /\.(tsx?|go)$/.test(rel);
}

function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!skippedDirs.has(entry.name)) walk(path.join(dir, entry.name), out);
    } else out.push(path.join(dir, entry.name));
  }
  return out;
}

const args = process.argv.slice(2);
const files = (args.length > 0 ? args.map((f) => path.resolve(f)) : ['apps', 'libs', 'services/api'].flatMap((d) => walk(path.join(root, d), [])))
  .filter((f) => statSync(f).isFile())
  .map((f) => path.relative(root, f))
  .filter(isProductSource);

// ---- literals ----

/** TypeScript: the compiler's own parser, so comments, regular expressions and templates are told apart exactly. */
function tsLiterals(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    switch (node.kind) {
      case ts.SyntaxKind.NumericLiteral:
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
      case ts.SyntaxKind.TemplateHead:
      case ts.SyntaxKind.TemplateMiddle:
      case ts.SyntaxKind.TemplateTail:
      case ts.SyntaxKind.RegularExpressionLiteral:
      case ts.SyntaxKind.JsxText: {
        const value = node.kind === ts.SyntaxKind.NumericLiteral ? node.text.replace(/_/g, '') : node.getText(source);
        for (const code of codesIn(value)) found.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, code });
        break;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Go: comments, interpreted and raw strings, runes and numbers, which is all of Go's lexis a code can hide in. */
function goLiterals(text) {
  const found = [];
  let line = 1;
  const note = (value, at) => {
    for (const code of codesIn(value)) found.push({ line: at, code });
  };
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    const start = line;
    if (c === '\n') {
      line += 1;
      i += 1;
    } else if (text.startsWith('//', i)) {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      line += (text.slice(i, stop).match(/\n/g) ?? []).length;
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      note(text.slice(i, j + 1), start);
      i = j + 1;
    } else if (c === '`') {
      const end = text.indexOf('`', i + 1);
      const stop = end < 0 ? text.length : end + 1;
      note(text.slice(i, stop), start);
      line += (text.slice(i, stop).match(/\n/g) ?? []).length;
      i = stop;
    } else if (/[0-9]/.test(c) && !/[A-Za-z0-9_]/.test(text[i - 1] ?? '')) {
      let j = i;
      while (j < text.length && /[0-9A-Za-z_.]/.test(text[j])) j += 1;
      note(text.slice(i, j).replace(/_/g, ''), start);
      i = j;
    } else {
      i += 1;
    }
  }
  return found;
}

let problems = 0;
for (const file of files) {
  const text = readFileSync(path.join(root, file), 'utf8');
  for (const { line, code } of file.endsWith('.go') ? goLiterals(text) : tsLiterals(file, text)) {
    problems += 1;
    console.error(`${file}:${line}: identity code ${code} written as a literal; use ${hint(code)}`);
  }
}
if (problems > 0) {
  console.error(`\n${problems} identity code literal(s) in product source. The codes live in ${path.relative(root, contractPath)};`);
  console.error('use the generated names (npx nx run api:generate after changing the contract file).');
  process.exit(1);
}
console.log(`identity code literals: none in ${files.length} product source files`);
