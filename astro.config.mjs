// Astro builds every page to static HTML in dist/; the Hono server (Bun or Worker) serves it and
// decides per request which variant a visitor or a signed-in user gets (see src/server/pages.ts).
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

/**
 * Fewer, larger chunks for the signed-in pages (issue 20 item 2, decision 064): left to itself the
 * bundler cut the shared code into ~40 files a page, fetched in import chains up to nine deep.
 * One chunk holds the framework every island needs, one the shell's own code (API client, stores,
 * the primitives of the header and sidebar), one the Radix internals every menu, dialog and select
 * shares; what only some screens use stays split by the bundler. Fixed groups rather than
 * per-entry ones: per-entry merging pulled code a page never runs (zod) into its first load.
 */
const shellModule = new RegExp(
  [
    '/src/client/(lib|stores)/',
    '/src/client/ui/(avatar|badge|button|card|cn|deferred-control|error-boundary|form-alert|icons|input|island-root|label|link-page|permission-note|select-face|skeleton|stat-figure|table|textarea)\\.',
    '/src/client/features/profile/(display|user-menu-face|user-menu-trigger)\\.',
    '/src/client/features/support/(links|help-menu-face|help-menu-trigger)\\.',
    '/src/domain/account/permissions\\.',
  ].join('|'),
);

const chunkGroups = [
  {
    name: 'framework',
    test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|nanostores|@nanostores|@astrojs[\\/]react)[\\/]/,
    priority: 3,
  },
  {
    name: 'shell',
    test: (id) => shellModule.test(id.replaceAll('\\', '/')),
    priority: 2,
  },
  {
    name: 'radix',
    test: /node_modules[\\/](@radix-ui[\\/](primitive|react-(primitive|compose-refs|context|slot|use-[a-z-]+|presence|portal|dismissable-layer|focus-scope|focus-guards|popper|collection|id|direction|arrow|visually-hidden))|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tslib|get-nonce)[\\/]/,
    priority: 1,
  },
];

export default defineConfig({
  output: 'static',
  outDir: './dist',
  build: { format: 'directory', inlineStylesheets: 'never' },
  integrations: [react()],
  vite: {
    plugins: [tailwindcss()],
    // Keep scripts as files so the Content-Security-Policy needs no 'unsafe-inline'.
    build: {
      assetsInlineLimit: 0,
      rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
    },
  },
  devToolbar: { enabled: false },
});
