import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { englishOnDemand } from './vite.english.ts';
import { pwa } from './vite.pwa.ts';

const API_ORIGIN = 'http://localhost:5000';

export default defineConfig(({ isSsrBuild }) => ({
  // The server render keeps all of English: it renders in one pass, with nothing fetched on demand.
  plugins: [englishOnDemand({ strip: !isSsrBuild }), react(), tailwindcss(), ...(isSsrBuild ? [] : pwa())],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The server-rendering bundle (decision 020) carries React and every package it renders with, built
  // for production: `npm start` leaves NODE_ENV unset, and React's development build doubled each
  // render's cost (decision 054). The client build is untouched (Vite defines NODE_ENV there already).
  ssr: { noExternal: isSsrBuild ? true : ['@live-market/contract'] },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: fileURLToPath(new URL(isSsrBuild ? './dist-server' : './dist', import.meta.url)),
    // Locale files are fetched as JSON (lib/i18n.ts): never inlined as data: URLs, which the CSP refuses.
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server reads a rendered page's chunk from it and preloads it (decision 020).
    manifest: !isSsrBuild,
    // No modulepreload links, in the HTML or added by script: the browser's module loader finds each
    // chunk's imports itself (decision 020: each link added by script cost a slowed CPU 3-7 ms).
    modulePreload: false,
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
}));
