// An ESLint plugin with one rule: code in one feature folder of an app (apps/<app>/src/features/<feature>/) never
// imports another feature folder (STYLE.md rule 10; bulletproof-react's restricted paths). Features are composed
// in src/app; what two features need lives in src/shared or a library.
//
// no-restricted-imports cannot hold this: it matches the text of a specifier, and `../../registration/api/x`,
// `../../../features/registration` and a tsconfig alias all name the same folder in different words. This rule
// resolves every specifier to a path first and compares folders.
import path from 'node:path';
import ts from 'typescript';

const FEATURE_PATH = /^(.*\/apps\/[^/]+\/src\/features)\/([^/]+)(?:\/|$)/;

/** The feature folder a path lies in, as `{ root, name }` with `root` the app's features folder, or null. */
export function featureOf(file) {
  const match = FEATURE_PATH.exec(file.split(path.sep).join('/'));
  return match ? { root: match[1], name: match[2] } : null;
}

// Compiler options of the nearest tsconfig.json, per folder, so that aliases (`paths`, `baseUrl`) resolve as
// TypeScript and Vite (resolve.tsconfigPaths) resolve them.
const optionsByFolder = new Map();
function compilerOptionsFor(folder) {
  if (!optionsByFolder.has(folder)) {
    const configFile = ts.findConfigFile(folder, ts.sys.fileExists);
    let options = null;
    if (configFile) {
      const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
      if (parsed) options = { options: parsed.options, cache: ts.createModuleResolutionCache(path.dirname(configFile), (name) => name, parsed.options) };
    }
    optionsByFolder.set(folder, options);
  }
  return optionsByFolder.get(folder);
}

function matchesAlias(specifier, paths) {
  return Object.keys(paths ?? {}).some((pattern) => {
    const star = pattern.indexOf('*');
    if (star < 0) return specifier === pattern;
    return specifier.startsWith(pattern.slice(0, star)) && specifier.endsWith(pattern.slice(star + 1));
  });
}

/** The path a specifier names, seen from `file`; null for packages and anything that resolves outside the sources. */
export function resolveSpecifier(specifier, file) {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) return path.resolve(path.dirname(file), specifier);
  const config = compilerOptionsFor(path.dirname(file));
  if (!config || !(config.options.baseUrl || matchesAlias(specifier, config.options.paths))) return null;
  const resolved = ts.resolveModuleName(specifier, file, config.options, ts.sys, config.cache).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport) return null;
  return resolved.resolvedFileName;
}

const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature folder of an app does not import another feature folder.' },
    schema: [],
    messages: {
      crossFeature:
        'Feature "{{source}}" must not import feature "{{target}}" ({{specifier}}): compose features in src/app, and move what both need to src/shared or a library.',
    },
  },
  create(context) {
    const filename = context.filename;
    const source = featureOf(filename);
    if (!source) return {};

    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const resolved = resolveSpecifier(specifier, filename);
      const target = resolved ? featureOf(resolved) : null;
      // Another app's features are the project boundary rule's business (@nx/enforce-module-boundaries).
      if (target && target.root === source.root && target.name !== source.name) {
        context.report({ node, messageId: 'crossFeature', data: { source: source.name, target: target.name, specifier } });
      }
    };
    const checkSource = (node) => node.source && check(node.source, node.source.value);

    return {
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      TSImportType: (node) => {
        const literal = node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.source;
        if (literal?.type === 'Literal') check(literal, literal.value);
      },
      TSExternalModuleReference: (node) => node.expression.type === 'Literal' && check(node.expression, node.expression.value),
      // require('…') and jest.mock('…'): a test that mocks another feature depends on it as much as an import does.
      CallExpression: (node) => {
        const [first] = node.arguments;
        if (first?.type !== 'Literal') return;
        const callee = node.callee;
        const isRequire = callee.type === 'Identifier' && callee.name === 'require';
        const isMock =
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'jest' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'doMock', 'unmock', 'requireActual'].includes(callee.property.name);
        if (isRequire || isMock) check(first, first.value);
      },
    };
  },
};

export default {
  meta: { name: 'portal' },
  rules: { 'no-cross-feature-imports': noCrossFeatureImports },
};
