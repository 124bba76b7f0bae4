// Astro builds every page to static HTML in dist/; the Hono server (Bun or Worker) serves it and
// decides per request which variant a visitor or a signed-in user gets (see src/server/pages.ts).
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'static',
  outDir: './dist',
  build: { format: 'directory', inlineStylesheets: 'never' },
  integrations: [react()],
  vite: {
    plugins: [tailwindcss()],
    // Keep scripts as files so the Content-Security-Policy needs no 'unsafe-inline'.
    build: { assetsInlineLimit: 0 },
  },
  devToolbar: { enabled: false },
});
