import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { brotliCopies, compileHints, firstPageTexts, formikFieldArrayPure, htmlInEveryLanguage, i18nextPureExports, metadataPreload, moduleSideEffects, reactRouterProductionBuild, reactRouterPureComponents, reactRouterWithoutDisplayNames, reactSyncExternalStore } from '../../tools/vite/plugins';

// The build lands inside the Go service, which embeds it into the portal binary.
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), reactSyncExternalStore, reactRouterProductionBuild, reactRouterWithoutDisplayNames, reactRouterPureComponents, formikFieldArrayPure, i18nextPureExports, metadataPreload, htmlInEveryLanguage(import.meta.dirname, { title: 'ap.title', description: 'ap.html.description', noscript: 'ap.html.noscript' }), compileHints, brotliCopies],
  resolve: { tsconfigPaths: true },
  // Both apps show the same pictures (logo, favicon, CMS icons under /images/); they live once in libs/ui and
  // each build copies them to its root, so every URL stays what the CMS content and index.html name.
  publicDir: '../../libs/ui/assets',
  build: {
    outDir: '../../services/api/internal/webapp/dist/account-portal',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // Browsers without <link rel=modulepreload> still load every chunk; they only miss the head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one chunk: one request, and one gzip stream compresses better.
          groups: [
            { name: 'start', tags: ['$initial'] },
            firstPageTexts,
            // What /login shares with the other sign-in pages, as one chunk rather than three small ones; the forms'
            // messages and connection check, which its failures show, and the loader of what a refused submit does
            // (its own small file, load-refusal.ts), stay out of the forms chunk it does not load. What the other tabs
            // say of the session (@portal/identity/other-tabs), which /login and the account area both hear, too: left
            // to the account area's chunk, /login loaded that whole chunk for it (19 KB, 2026-11-30).
            {
              name: 'auth',
              test: /[\\/](account-portal[\\/]src[\\/]shared[\\/](SocialLogin|AuthTabs|navigation)\.tsx?|identity[\\/]src[\\/]react[\\/]other-tabs\.ts|forms[\\/]src[\\/](message|connection|fields[\\/]load-refusal)\.ts|react-query[\\/]build[\\/]modern[\\/]useMutation\.js|query-core[\\/]build[\\/]modern[\\/]mutationObserver\.js)$/,
            },
            // A passkey's sign-in (passkey-login.ts, its button and messages) and the browser's side of a passkey ceremony
            // (passkey-browser.ts) in one chunk: every page that loads one at first loads the other (/login, the partner's
            // login, the confirmation pages, /logout, linking accounts), and as two chunks they cost each of those pages
            // 0.2 KB (/login had none left, 2026-11-30). The code that makes a passkey (/accessdata's passkeys, a
            // registration with one) loads the sign-in's with it: 0.8 KB more, later, when it is shown or used. After the
            // sign-in pages' chunk, which keeps what they share with it (login-outcome.ts, call-failure.ts).
            { name: 'passkey-login', test: /account-portal[\\/]src[\\/]shared[\\/](passkey-browser|passkey-login|PasskeyLoginMessage|PasskeyLoginButton)\.tsx?$/ },
            // The passwordless widget and the loader of the unconfirmed-login panel in one chunk, as when /login and
            // registration were their only pages: linking accounts, which shows the panel too, split them into two,
            // and /login's first load grew by 0.3 KB (one request more); with the panel's loader in the sign-in pages'
            // chunk, by 60 bytes. The link page imports the panel's loader on demand (UnverifiedAccountPanel), so that
            // this chunk is not in its first load.
            { name: 'passwordless', test: /account-portal[\\/]src[\\/]shared[\\/](Passwordless|wide-screen|UnverifiedRegistration)\.tsx?$/ },
            // The forms of the other pages (fields, formik) in one chunk: fewer requests, and a shorter preload list
            // in the first chunk. The schema kit (yup and the schema builders: schemas.ts, rules.ts,
            // account-schema.ts) stays out: it loads on its own when a form is first checked (deferredSchema); so does
            // what a refused submit does (refused-submit.ts, loadRefusal), which /login shares, and the phone's example
            // numbers (phone-examples.ts), which go with the pages that have a phone field. The contract's text lengths
            // (text-length.gen.ts), which the rules and the forms' pages name in their texts ({max}), come along: a
            // chunk of their own cost the address pages 0.1 KB and /login 9 bytes (2026-11-30).
            {
              name: 'forms',
              test: /[\\/](libs[\\/]forms[\\/]src[\\/](?!(schemas|rules|account-schema|phone-examples|fields[\\/]refused-submit)\.ts$)|identity-contract[\\/]src[\\/]text-length\.gen\.ts$|node_modules[\\/](formik|react-fast-compare|hoist-non-react-statics|lodash(-es)?|deepmerge|tiny-warning)[\\/]|account-portal[\\/]src[\\/]shared[\\/](Breadcrumbs|SuccessBanner|flash|identity-settings|ConsentField)\.tsx?$)/,
            },
            // The profile's texts stay in the chunk of the account area, which every account page loads, as before
            // the finalize form shared them (it loads that chunk with its own code, when it shows): as a chunk of
            // their own they cost every account page a request and the address pages 0.3 KB over their 150 KB.
            { name: 'account-area', test: /account-portal[\\/]src[\\/](app[\\/]account-area\.tsx|shared[\\/]profile-texts\.ts)$/ },
          ],
        },
      },
      // Modules without import-time side effects (the shared libraries, formik's statics copier): moduleSideEffects.
      treeshake: { moduleSideEffects },
    },
  },
  server: {
    port: 4200,
    proxy: Object.fromEntries(['/rest', '/cms', '/identity', '/dev'].map((path) => [path, 'http://localhost:8080'])),
  },
});
