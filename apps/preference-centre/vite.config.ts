import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The same page-weight measures as the account portal's build (apps/account-portal/vite.config.ts explains each).
const reactSyncExternalStore: Plugin = {
  name: 'react-use-sync-external-store',
  enforce: 'pre',
  resolveId: (id) => (id === 'use-sync-external-store/shim' ? '\0react-use-sync-external-store' : null),
  load: (id) => (id === '\0react-use-sync-external-store' ? "export { useSyncExternalStore } from 'react';" : null),
};

const reactRouterWithoutDisplayNames: Plugin = {
  name: 'react-router-without-display-names',
  transform: {
    filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/ },
    handler: (code) => ({ code: code.replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, ''), map: null }),
  },
};

// The build lands inside the Go service, which embeds it into the portal binary.
export default defineConfig({
  root: import.meta.dirname,
  base: '/preferences/',
  plugins: [react(), reactSyncExternalStore, reactRouterWithoutDisplayNames],
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
      treeshake: {
        // The shared libraries have no import-time side effects (see the account portal's build).
        moduleSideEffects: (id: string) => !/[\\/]libs[\\/][a-z-]+[\\/]src[\\/]/.test(id) || id.endsWith('.css'),
      },
    },
  },
  server: {
    port: 4300,
    proxy: Object.fromEntries(['/rest', '/cms', '/identity', '/dev'].map((path) => [path, 'http://localhost:8080'])),
  },
});
