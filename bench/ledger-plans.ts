// Prints SQLite's EXPLAIN QUERY PLAN of the KPI roll-ups (metrics/aggregates.ts) on a fresh
// migrated database: which index each reads (decision 068; bench/notes/ledger-import.md keeps
// the output). `bun bench/ledger-plans.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLibsqlDb } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import type { AuthedContext } from '../src/server/context.ts';
import { emissionsByDay, emissionsByYear, scope3ByCategory } from '../src/server/features/kpi/aggregates.ts';
import { waterQuantities } from '../src/server/features/kpi/regional-lines.ts';

const folder = mkdtempSync(join(tmpdir(), 'esg-plans-'));
const url = `file:${join(folder, 'plans.db')}`;
const { db, client } = createLibsqlDb({ url });
try {
  await migrateDatabase(db, client, url);
  const ctx = { db, companyId: 'company' } as AuthedContext;
  const queries = {
    emissionsByDay: (filtered: boolean) => emissionsByDay(ctx, filtered, '2025-01-01', '2025-12-31'),
    scope3ByCategory: (filtered: boolean) => scope3ByCategory(ctx, filtered, '2025-01-01', '2025-12-31'),
    emissionsByYear: (filtered: boolean) => emissionsByYear(ctx, filtered, '2020-01-01', '2025-12-31'),
    waterQuantities: (filtered: boolean) =>
      waterQuantities(ctx, filtered, { from: '2025-01-01', to: '2025-12-31' }),
  };
  for (const [name, query] of Object.entries(queries)) {
    for (const filtered of [false, true]) {
      const { sql, params } = query(filtered).toSQL();
      const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as never[] });
      const lines = plan.rows.map((row) => `  ${String(row.detail)}`).join('\n');
      process.stdout.write(`${name}${filtered ? ' (an import pending)' : ''}:\n${lines}\n`);
    }
  }
} finally {
  client.close();
  rmSync(folder, { recursive: true, force: true });
}
