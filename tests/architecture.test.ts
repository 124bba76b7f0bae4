// A feature reaches another feature only through its public surface: `service.ts`, `routes.ts` or a
// contract in src/domain/contracts (issue 21 item 3, decision 080). Biome's noRestrictedImports
// matches import strings, not "another feature's folder", so this test walks the imports instead.
// EXCEPTIONS are today's reaches into another feature's inner files, named one by one: a new one
// fails here, and so does an entry that is no longer needed, so the list only shrinks.
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const ROOT = join(import.meta.dir, '..');
const FEATURES = 'src/server/features';
const PUBLIC_FILES = new Set(['service.ts', 'routes.ts']);
const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** "<importing feature> -> <imported file under src/server/features>" */
const EXCEPTIONS = new Set([
  'api-keys -> billing/entitlements.ts',
  'audit -> billing/entitlements.ts',
  'auth -> api-keys/session-only.ts',
  'auth -> team/reset-link.ts',
  'branding -> billing/entitlements.ts',
  'connectors -> ledger/figures/calculation.ts',
  'connectors -> ledger/figures/line-figures.ts',
  'connectors -> ledger/figures/probable-duplicates.ts',
  'connectors -> ledger/figures/visibility.ts',
  'connectors -> ledger/lines/ids.ts',
  'connectors -> ledger/lines/ledger-writer.ts',
  'dashboard -> auth/first-visit.ts',
  'dashboard -> data-sources/dashboard-sources.ts',
  'dashboard -> kpi/ledger-state.ts',
  'dashboard -> kpi/records.ts',
  'dashboard -> kpi/reporting-year.ts',
  'dashboard -> narratives/progress.ts',
  'data-requests -> export/reports/render.ts',
  'data-requests -> export/reports/snapshot.ts',
  'data-requests -> kpi/esg-figures.ts',
  'data-requests -> kpi/reporting-year.ts',
  'data-requests -> kpi/scope-data-quality.ts',
  'data-sources -> connectors/registry.ts',
  'data-sources -> connectors/revoke.ts',
  'data-sources -> kpi/ledger-memo.ts',
  'esg-wizard -> kpi/esg-figures.ts',
  'esg-wizard -> kpi/reporting-year.ts',
  'export -> kpi/connector-revenue.ts',
  'export -> kpi/energy-totals.ts',
  'export -> kpi/period-datasets.ts',
  'export -> kpi/period-inventory.ts',
  'export -> kpi/records.ts',
  'export -> ledger/figures/not-counted.ts',
  'kpi -> ledger/figures/calculation.ts',
  'kpi -> ledger/figures/line-figures.ts',
  'kpi -> ledger/figures/line-sums.ts',
  'kpi -> ledger/figures/visibility.ts',
  'ledger -> connectors/company-account-mappings.ts',
  'marketplace -> kpi/reporting-year.ts',
  'narratives -> kpi/reporting-year.ts',
  'privacy -> audit/chain-store.ts',
  'privacy -> auth/session.ts',
  'privacy -> connectors/revoke-company.ts',
  'team -> auth/last-company.ts',
  'team -> auth/password-reset.ts',
  'team -> auth/session.ts',
  'team -> billing/entitlements.ts',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The top folder under features/ is the feature (ledger/lines and ledger/import are one feature). */
function featureOf(path: string): string {
  return relative(FEATURES, path).split('/')[0]!;
}

function crossFeatureReaches(): string[] {
  const reaches = new Set<string>();
  for (const file of sourceFiles(FEATURES)) {
    for (const [, specifier] of readFileSync(join(ROOT, file), 'utf8').matchAll(SPECIFIER)) {
      const target = normalize(join(dirname(file), specifier!));
      if (!target.startsWith(`${FEATURES}/`)) continue;
      if (featureOf(target) === featureOf(file)) continue;
      if (PUBLIC_FILES.has(target.split('/').pop()!)) continue;
      reaches.add(`${featureOf(file)} -> ${relative(FEATURES, target)}`);
    }
  }
  return [...reaches].sort();
}

describe('feature boundaries', () => {
  const reaches = crossFeatureReaches();

  test('a feature imports only another feature’s service.ts or routes.ts, or a listed exception', () => {
    expect(reaches.filter((reach) => !EXCEPTIONS.has(reach))).toEqual([]);
  });

  test('every listed exception is still needed', () => {
    expect([...EXCEPTIONS].filter((reach) => !reaches.includes(reach))).toEqual([]);
  });

  test('the walk sees the features it guards', () => {
    // A moved folder or a changed import style must not make the test pass by seeing nothing.
    expect(sourceFiles(FEATURES).length).toBeGreaterThan(100);
    expect(reaches.length).toBeGreaterThan(0);
  });
});
