import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The build lands inside the Go service, which embeds it into the portal binary.
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: '../../services/api/internal/webapp/dist/account-portal',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      treeshake: {
        // The shared libraries have no import-time side effects. Saying so lets the login page take only the
        // message descriptors from @portal/forms instead of the whole library with formik and yup (page weight).
        moduleSideEffects: (id: string) => !/[\\/]libs[\\/][a-z-]+[\\/]src[\\/]/.test(id) || id.endsWith('.css'),
      },
    },
  },
  server: {
    port: 4200,
    proxy: Object.fromEntries(['/rest', '/cms', '/identity', '/dev'].map((path) => [path, 'http://localhost:8080'])),
  },
});
