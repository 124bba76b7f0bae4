import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database as BunDb } from 'bun:sqlite';
import LibsqlDb from 'libsql';
import { getTableColumns } from 'drizzle-orm';
import { createLibsqlDb } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { seedFactorLibrary } from '../db/seed/factors/seed.ts';
import { activityLines } from '../db/schema/emissions.ts';
import { importCsv } from '../bench/import.ts';
import { prepareImport, type LineSink } from '../src/server/features/activities/import-batches.ts';
import { originValues, type NewLine } from '../src/server/features/emissions/line-payloads.ts';

const which = process.argv[2] ?? 'bun';
const perCommit = Number(process.argv[3] ?? 20000);
const sort = process.argv[4] !== 'nosort';
const folder = mkdtempSync(join(tmpdir(), 'proto-'));
const path = join(folder, 'p.db');
const url = `file:${path}`;
const { db, client } = createLibsqlDb({ url });
await migrateDatabase(db, client, url);
await seedFactorLibrary(db);
const companyId = crypto.randomUUID();
await client.execute({ sql: `INSERT INTO companies (id, name, jurisdiction, created_at, updated_at) VALUES (?, 'X', 'SECR', 0, 0)`, args: [companyId] }).catch(async (e) => { console.log(String(e)); });
const SITES = ['Bristol bakery', 'Lyon shop', 'Leeds depot', 'London office'];
const sites: [string, any][] = [];
for (const [i, name] of SITES.entries()) {
  const id = crypto.randomUUID();
  await client.execute({ sql: `INSERT INTO sites (id, company_id, name, country, created_at, updated_at) VALUES (?, ?, ?, ?, 0, 0)`, args: [id, companyId, name, i === 1 ? 'FR' : 'GB'] });
  sites.push([name.toLowerCase(), { id, country: i === 1 ? 'FR' : 'GB', region: null }]);
}
const importId = crypto.randomUUID();
await client.execute({ sql: `INSERT INTO activity_imports (id, company_id, file_name, file_sha256, row_count, imported_count, duplicate_count, created_at) VALUES (?, ?, 'x', 'y', 0, -1, 0, 0)`, args: [importId, companyId] });
const origin = originValues({ companyId, source: 'csv', dataSourceId: null, importId, createdBy: null, createdAt: new Date() });
const columns = Object.keys(getTableColumns(activityLines));
const names = Object.values(getTableColumns(activityLines)).map((c) => c.name);
const sample = Object.fromEntries(columns.map((k) => [k, k === 'radiativeForcing' ? false : /At$/.test(k) ? new Date() : 'x']));
const insertSql = db.insert(activityLines).values(sample as any).onConflictDoNothing().toSQL().sql;
console.log(insertSql.slice(0, 200));
if (process.env.DROP) await client.execute('DROP INDEX activity_lines_company_date_idx');
const conn: any = which === 'bun' ? new BunDb(path) : new LibsqlDb(path);
conn.exec('PRAGMA busy_timeout = 5000');
conn.exec('PRAGMA foreign_keys = ON');
const insert = conn.prepare(insertSql);
const values = (line: any) => columns.map((key) => {
  const v = key in origin ? (origin as any)[key] : line[key];
  if (v === undefined) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v;
});
let buffer: NewLine[] = [];
let writeMs = 0;
const flush = () => {
  const t = performance.now();
  if (sort) buffer.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  conn.exec('BEGIN IMMEDIATE');
  for (const line of buffer) insert.run(...values(line));
  conn.exec('COMMIT');
  buffer = [];
  writeMs += performance.now() - t;
};
const sink: LineSink = {
  get size() { return buffer.length; },
  add(line) { buffer.push(line); if (buffer.length >= perCommit) flush(); },
  take() { flush(); return { payloads: [] }; },
  clear() { buffer = []; },
};
const csv = importCsv(100_000);
const started = performance.now();
const gen = prepareImport(new Blob([csv]).stream(), { sites, rowsPerRead: 2000, linesPerBatch: 1e9 }, sink);
let s = await gen.next();
while (!s.done) s = await gen.next();
flush();
const total = performance.now() - started;
console.log(which, perCommit, sort, { total: Math.round(total), write: Math.round(writeMs), summary: s.value.validCount, errors: s.value.errors.slice(0,2) });
console.log(conn.prepare('select count(*) as n from activity_lines').get(), Math.round(process.memoryUsage().rss/1e6), 'MB');
const stat = new BunDb(path, { readonly: true }).query(`SELECT name, SUM(pgsize) AS bytes, SUM(payload) AS payload, SUM(ncell) AS cells FROM dbstat WHERE name LIKE '%activity_lines%' GROUP BY name ORDER BY bytes DESC`).all();
for (const r of stat as any[]) console.log(r.name, Math.round(r.bytes / 100000), 'B/line', Math.round(r.payload / 100000), 'payload');
const ro = new BunDb(path, { readonly: true });
for (const r of ro.query(`SELECT * FROM activity_lines LIMIT 8`).all() as any[]) console.log(JSON.stringify(r).length, JSON.stringify(r));
console.log(ro.query(`SELECT avg(length(entries)) e, avg(length(datasets)) d, avg(length(fingerprint)) f, avg(length(reference)) r FROM activity_lines`).get());
