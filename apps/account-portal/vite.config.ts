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
  },
  server: {
    port: 4200,
    proxy: Object.fromEntries(['/rest', '/cms', '/identity', '/dev'].map((path) => [path, 'http://localhost:8080'])),
  },
});
