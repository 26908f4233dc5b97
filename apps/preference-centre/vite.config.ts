import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { brotliCopies, compileHints, firstPageTexts, formikFieldArrayPure, htmlInEveryLanguage, i18nextPureExports, metadataPreload, moduleSideEffects, reactRouterProductionBuild, reactRouterPureComponents, reactRouterWithoutDisplayNames, reactSyncExternalStore } from '../../tools/vite/plugins';

// The build lands inside the Go service, which embeds it into the portal binary.
export default defineConfig({
  root: import.meta.dirname,
  base: '/preferences/',
  plugins: [react(), reactSyncExternalStore, reactRouterProductionBuild, reactRouterWithoutDisplayNames, reactRouterPureComponents, formikFieldArrayPure, i18nextPureExports, metadataPreload, htmlInEveryLanguage(import.meta.dirname, { title: 'mpp.title', description: 'mpp.html.description', noscript: 'mpp.html.noscript' }), compileHints, brotliCopies],
  resolve: { tsconfigPaths: true },
  // Both apps show the same pictures (logo, favicon, CMS icons under /images/); they live once in libs/ui and
  // each build copies them to its root, so every URL stays what the CMS content and index.html name.
  publicDir: '../../libs/ui/assets',
  build: {
    outDir: '../../services/api/internal/webapp/dist/preference-centre',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: { codeSplitting: { groups: [firstPageTexts] } },
      // Modules without import-time side effects (the shared libraries, formik's statics copier): moduleSideEffects.
      treeshake: { moduleSideEffects },
    },
  },
  server: {
    port: 4300,
    proxy: Object.fromEntries(['/rest', '/cms', '/identity', '/dev'].map((path) => [path, 'http://localhost:8080'])),
  },
});
