// Astro builds every page to static HTML in dist/; the Hono server (Bun or Worker) serves it and
// decides per request which variant a visitor or a signed-in user gets (see src/server/pages.ts).
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

/**
 * Fewer, larger chunks for the signed-in pages (issue 20 item 2, decisions 064 and 070): left to
 * itself the bundler cut the shared code into ~40 files a page. On a slow phone network each file
 * costs a round trip in one of the browser's six connections, far more than its bytes, so the
 * groups are few and coarse. One chunk holds the framework every island needs, one the shell's
 * own code: API client, stores, the primitives of the header and sidebar and the small pieces most
 * screens show on arrival (tabs, segmented control, progress bar, the
 * "not counted" notice, the reporting-year picker and their Radix parts). One more holds the Radix
 * internals of menus, dialogs and selects (positioning, focus trapping, scroll lock), which no
 * screen needs before someone opens one. Fixed groups rather than per-entry ones: per-entry
 * merging pulled code a page never runs (zod) into its first load.
 */
const shellModule = new RegExp(
  [
    '/src/client/(lib|stores)/',
    '/src/client/ui/(avatar|badge|button|card|cn|confirm-dialog|deferred-control|deferred-panel|error-boundary|form-alert|icons|input|island-root|label|lazy-form|link-page|permission-note|progress|select|select-face|skeleton|stat-figure|table|tabs|textarea|toggle-group)\\.',
    '/src/client/features/auth/(display|user-menu-face|user-menu-trigger)\\.',
    '/src/client/features/support/(links|help-menu-face|help-menu-trigger)\\.',
    '/src/client/features/ledger/(api|not-counted|not-counted-notice)\\.',
    '/src/client/features/reporting-year/(api|reporting-year|reporting-year-picker)\\.',
    '/src/client/features/data-requests/api\\.',
    '/src/domain/account/permissions\\.',
    '/src/domain/emissions/(reporting-year|scope3-categories)\\.',
  ].join('|'),
);

/**
 * The KPI screen's modules that its on-demand forms and tab import too (decision 070), and the
 * charts: left to the bundler, each became a small shared chunk of its own, one request each.
 */
const kpiModule = /\/src\/client\/(charts\/|features\/kpi\/(api|format|parts)\.)/;

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
    name: 'kpi',
    test: (id) => kpiModule.test(id.replaceAll('\\', '/')),
    priority: 1,
  },
  {
    // All of zod and the contracts' shared field helpers in one file, loaded by the forms and 4xx
    // readers that check with a contract: left to the bundler, zod was cut into four to six chunks
    // by which dynamic imports reached each part (decision 082).
    name: 'zod',
    test: (id) =>
      /node_modules\/zod\/|\/src\/domain\/contracts\/(text|numbers)\./.test(id.replaceAll('\\', '/')),
    priority: 2,
  },
  {
    // The data requests' words (type imports only), which the dashboard's requests card, the
    // requests screens and the public shared pack use: one file rather than two (decision 082).
    name: 'request-words',
    test: (id) =>
      /\/src\/client\/features\/data-requests\/(request-words|shared-pack-words)\./.test(
        id.replaceAll('\\', '/'),
      ),
    priority: 1,
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
