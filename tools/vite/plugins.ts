// Build settings both apps share (apps/*/vite.config.ts), each for page weight or loading speed (issue 16).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import type { Plugin } from 'vite';
import { DEFAULT_METADATA_URL } from '../../libs/cms/src/metadata-url';
import { baseLanguage, DEFAULT_LANGUAGE } from '../../libs/i18n/src/language';
import { htmlFileName, htmlInLanguage, readHtmlTexts, type HtmlTextKeys } from './html-texts';

// react-i18next imports the useSyncExternalStore shim for React < 18; React 19 has the hook itself (page weight).
export const reactSyncExternalStore: Plugin = {
  name: 'react-use-sync-external-store',
  enforce: 'pre',
  resolveId: (id) => (id === 'use-sync-external-store/shim' ? '\0react-use-sync-external-store' : null),
  load: (id) => (id === '\0react-use-sync-external-store' ? "export { useSyncExternalStore } from 'react';" : null),
};

// React Router names its components and contexts for React DevTools with top-level `X.displayName = "…"`
// statements. Tree-shaking has to keep such a write, and with it what it names, even where the app never uses
// it (some of the router's contexts), so the build leaves these debugging names out (page weight).
export const reactRouterWithoutDisplayNames: Plugin = {
  name: 'react-router-without-display-names',
  transform: {
    filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/ },
    handler: (code) => ({ code: code.replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, ''), map: null }),
  },
};

// React Router makes its components and contexts with top-level `var X = React.forwardRef(…)` (or createContext,
// memo) calls that carry no pure annotation, so tree-shaking keeps each of them, and all they use, even where
// nothing uses it: its <Form> brought useSubmit and the fetcher code into every page (1.3 KB gzipped of the entry
// chunk). These React calls have no side effects; the build marks them pure, and keeps only the ones the apps use
// (page weight).
export const reactRouterPureComponents: Plugin = {
  name: 'react-router-pure-components',
  transform: {
    filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/ },
    handler: (code) => ({ code: code.replace(/^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm, '$1/* @__PURE__ */ $2'), map: null }),
  },
};

// formik sets its FieldArray's default props with a top-level statement (`FieldArrayInner.defaultProps = …`), which
// tree-shaking has to keep, and with it FieldArray's array helpers, formik's `connect` and the statics copier it
// brings (hoist-non-react-statics with react-is): some 1 KB gzipped of every form page, though no form here uses
// FieldArray. The build sets those default props inside a pure call instead, so FieldArray, when a form uses it,
// still gets them before it is first used, and is left out otherwise (page weight).
const FORMIK_FIELD_ARRAY_DEFAULTS = /^FieldArrayInner\.defaultProps = (\{\s*validateOnChange: true\s*\});\nvar FieldArray = \/\*#__PURE__\*\/connect\(FieldArrayInner\);$/m;
export const formikFieldArrayPure: Plugin = {
  name: 'formik-field-array-pure',
  transform: {
    filter: { id: /[\\/]node_modules[\\/]formik[\\/]dist[\\/]formik\.esm\.js$/ },
    handler(code) {
      if (!FORMIK_FIELD_ARRAY_DEFAULTS.test(code)) this.error('formik-field-array-pure: formik no longer sets FieldArray default props as expected');
      return {
        code: code.replace(
          FORMIK_FIELD_ARRAY_DEFAULTS,
          'var FieldArray = /*#__PURE__*/connect(/*#__PURE__*/(function () { FieldArrayInner.defaultProps = $1; return FieldArrayInner; })());',
        ),
        map: null,
      };
    },
  },
};

// i18next's module exports its instance's methods as `const t = instance.t;` and so on. Tree-shaking keeps a property
// read even where nothing uses what it reads (a getter might run), so the ones the apps never import stood in every
// page's first chunk as bare reads ("x.createInstance,x.dir,x.init,…"). These are plain methods; the build reads each
// inside a pure call instead, which goes where it is not used (page weight, 2026-11-30).
export const i18nextPureExports: Plugin = {
  name: 'i18next-pure-exports',
  transform: {
    filter: { id: /[\\/]node_modules[\\/]i18next[\\/]dist[\\/]esm[\\/]i18next\.js$/ },
    handler: (code) => ({ code: code.replace(/^const ([A-Za-z_$][\w$]*) = instance\.\1;$/gm, 'const $1 = /* @__PURE__ */ (() => instance.$1)();'), map: null }),
  },
};

/**
 * Which modules tree-shaking must run even when nothing of them is used (`build.rolldownOptions.treeshake
 * .moduleSideEffects` of both apps): the shared libraries (libs/…/src) have no import-time side effects, which lets
 * the login page take only the message descriptors from @portal/forms instead of the whole library with formik and
 * yup; nor have formik's statics copier, hoist-non-react-statics, and the react-is it brings, which formik uses
 * only in `connect` and `withFormik` (no form here does: formikFieldArrayPure), so they stay out of every form page
 * (page weight). Style sheets always count.
 */
export const moduleSideEffects = (id: string): boolean =>
  !/[\\/]libs[\\/][a-z-]+[\\/]src[\\/]|[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/.test(id) || id.endsWith('.css');

// React Router's package exports its development build to every bundler (no `production` condition in its
// exports map); the production build beside it is the same code with the development warnings switched off, which
// the minifier then drops (half a KB of the first load, page weight). The build takes that one; the dev server
// keeps the warnings.
export const reactRouterProductionBuild: Plugin = {
  name: 'react-router-production-build',
  apply: 'build',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (source !== 'react-router' && source !== 'react-router/dom') return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved) return null;
    return { ...resolved, id: resolved.id.replace(/([\\/]react-router[\\/]dist[\\/])development([\\/])/, '$1production$2') };
  },
};

/**
 * Every page starts by reading metadata (which languages, which texts, which identity provider), and its code
 * asks for it only once it has arrived and run. A preload in the HTML asks for metadata while the code is still on
 * its way: one round trip less before the first text shows (largest contentful paint). The app's own fetch takes
 * the preloaded answer (same URL, mode and credentials: `crossorigin` is fetch's same-origin default).
 */
export const metadataPreload: Plugin = (() => {
  let href = DEFAULT_METADATA_URL;
  return {
    name: 'metadata-preload',
    configResolved: (config) => {
      href = (config.env.VITE_METADATA_URL as string | undefined) || DEFAULT_METADATA_URL;
    },
    transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'preload', href, as: 'fetch', crossorigin: 'anonymous' }, injectTo: 'head' }],
  };
})();

/**
 * The words of the app's HTML from its message keys (html-texts.ts): German in index.html, what the dev server and a
 * service without the other languages send, and a copy in each language the apps ship texts for (index.nl.html), from
 * which the service sends the page in the language the app will show (services/api/internal/webapp): a Dutch shopper's
 * link with ?lang=nl-BE showed German furniture, and a screen reader spoke it with a German voice, until the app's
 * texts were in (2026-11-30). The HTML carries the page's loader (pageLoaderHtml of libs/ui), so that a visitor sees it
 * from the first paint, once the HTML and the styles are in, instead of a blank page until the app's code has arrived
 * and run; React replaces it with the same loader when the app mounts.
 */
export function htmlInEveryLanguage(appDir: string, keys: HtmlTextKeys): Plugin {
  const german = baseLanguage(DEFAULT_LANGUAGE);
  return {
    name: 'html-in-every-language',
    transformIndexHtml: (html) => htmlInLanguage(html, german, readHtmlTexts(appDir, keys)[german]!),
    // From the index.html written, with everything the build put in it (its scripts, styles, the metadata preload).
    writeBundle(options) {
      const html = readFileSync(join(options.dir!, 'index.html'), 'utf8');
      for (const [language, texts] of Object.entries(readHtmlTexts(appDir, keys))) {
        writeFileSync(join(options.dir!, htmlFileName(language)), htmlInLanguage(html, language, texts));
      }
    },
  };
}

/**
 * A code-splitting group (`build.rolldownOptions.output.codeSplitting.groups`): each language's texts that always
 * load together, the shared ones of libs/i18n and the app's own for the first page, as one chunk: one request
 * instead of two before the first page can show. The texts of the later pages (`locales/pages/`) stay apart, so
 * /login does not load them.
 */
export const firstPageTexts = {
  name: (id: string) => {
    const language = /[\\/](?:libs[\\/]i18n|apps[\\/][a-z-]+)[\\/]src[\\/]locales[\\/]([a-z]{2})\.json$/.exec(id)?.[1];
    return language ? `texts-${language}` : null;
  },
};

/** The first line of every code chunk of the builds (compileHints). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Asks V8 to compile every function of each code chunk while the chunk streams in, on a background thread, instead
 * of on the main thread the first time each function is called (V8's explicit compile hints, Chrome 136 and later;
 * other engines read a comment). It fits a file whose functions mostly run as soon as it loads, and each chunk of
 * these builds loads only when the page about to show needs it: the start of the app, the page's code and what it
 * shares. Lighthouse charges the main thread's time fourfold on its simulated phone, so the start-up's compiling
 * was much of the pages' total blocking time (issue 16; README, Lighthouse). The hint has to be the file's first
 * line, so it is added once the chunk's code is final.
 */
export const compileHints: Plugin = {
  name: 'compile-hints',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        file.code = `${COMPILE_HINT}\n${file.code}`;
        // A source map, when a build makes one, already exists: its lines move down by the one added.
        const map = bundle[`${file.fileName}.map`];
        if (map?.type === 'asset' && typeof map.source === 'string') {
          const parsed = JSON.parse(map.source) as { mappings: string };
          map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
        }
      }
    },
  },
};

/**
 * Writes a brotli copy (`.br`) beside each of the build's code and style files, at the best quality, for the
 * service to send to browsers that accept br (every current one): some 15 % fewer bytes than its gzip copy, which
 * a phone's slow link turns into time (issue 16). Built once here, with Node's own brotli; the files are
 * content-hashed, so a copy never outlives its file. Written after the bundle is written, from its final code:
 * Vite still rewrites the chunks' preload lists while the bundle is generated.
 */
export const brotliCopies: Plugin = {
  name: 'brotli-copies',
  apply: 'build',
  writeBundle(options, bundle) {
    for (const file of Object.values(bundle)) {
      if (!/\.(js|css)$/.test(file.fileName)) continue;
      const source = file.type === 'chunk' ? file.code : file.source;
      const packed = brotliCompressSync(source, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT },
      });
      writeFileSync(join(options.dir!, `${file.fileName}.br`), packed);
    }
  },
};
