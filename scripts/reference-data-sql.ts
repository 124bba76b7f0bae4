// `bun scripts/reference-data-sql.ts [out]`: writes the reference data (factor library rows and
// the bundled offset catalogue) as idempotent SQL for a D1 database, .wrangler/reference-data.sql
// by default, beside `npm run worker:build`'s output and outside dist/ (the served assets):
// `wrangler d1 execute esg-pilot --remote --file .wrangler/reference-data.sql` after the
// migrations (docs/deploy-cloudflare.md, decision 083). Part of `npm run build`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createLibsqlDb } from '../db/client.ts';
import { referenceDataSql } from '../db/reference/seed.ts';

const out = process.argv[2] ?? join(import.meta.dir, '..', '.wrangler', 'reference-data.sql');
// An in-memory handle only builds the statements; nothing is written to it.
const { db, client } = createLibsqlDb({ url: ':memory:' });
const sql = referenceDataSql(db, new Date());
client.close();
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, sql);
console.info(`reference data: ${(sql.length / 1024 / 1024).toFixed(1)} MB of SQL in ${out}`);
