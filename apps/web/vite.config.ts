import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { pwa } from './vite.pwa';

const API_ORIGIN = 'http://localhost:5000';

export default defineConfig({
  plugins: [react(), tailwindcss(), ...pwa()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    // Locale files are fetched as JSON (lib/i18n.ts): never inlined as data: URLs, which the CSP refuses.
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': API_ORIGIN,
      '/demo': API_ORIGIN,
      '/uploads': API_ORIGIN,
      '/ws': { target: API_ORIGIN, ws: true },
    },
  },
});
