// Statements whose answer does not depend on the size of the ledger must not walk it: the
// statements an import runs on the app's connection to count, explain, settle or remove its own
// lines, and the line count of each data source. Each such walk read the company's whole ledger on
// the request thread, and made completing any import slower as the ledger grew
// (bench/notes/ledger-import.md, "Statements that walked the ledger"). SQLite picks its plan from
// the schema and the statement, not the number of rows (no ANALYZE is run), so the plans of a small
// ledger are those of a million lines.
import { describe, expect, test } from 'bun:test';
import { createClient, type InStatement, type ResultSet } from '@libsql/client';
import { addLine, addSite, importCsv, upload } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

// Reads on the app's connection (no read thread), so every statement of the request is seen here.
const t = await createTestApp({ withoutLocalReader: true });

const ROWS = [
  '2025-01-31,Bakery,electricity,,1234,kWh,,,Octopus January',
  '2025-02-14,Bakery,diesel,,80,litres,,,Fuel card',
  '2025-03-03,Bakery,hotel,ZZ,2,room nights,,,TRIP-1',
];

/** The statements the app's connection runs while `work` runs, as SQL and arguments. */
async function statementsDuring(work: () => Promise<unknown>): Promise<{ sql: string; args: unknown[] }[]> {
  const seen: { sql: string; args: unknown[] }[] = [];
  const record = (statement: InStatement) =>
    seen.push(
      typeof statement === 'string'
        ? { sql: statement, args: [] }
        : { sql: statement.sql, args: (statement.args ?? []) as unknown[] },
    );
  const { execute, batch } = t.client;
  const run = execute as (statement: InStatement) => Promise<ResultSet>;
  t.client.execute = ((statement: InStatement) => {
    record(statement);
    return run.call(t.client, statement);
  }) as typeof execute;
  t.client.batch = ((statements: InStatement[], mode) => {
    for (const statement of statements) record(statement);
    return batch.call(t.client, statements, mode);
  }) as typeof batch;
  try {
    await work();
  } finally {
    t.client.execute = execute;
    t.client.batch = batch;
  }
  return seen;
}

/**
 * Each statement `which` selects with SQLite's plan for it, asked on a connection of its own: an
 * EXPLAIN on the app's connection left its next write refused as busy in this test.
 */
async function plansOf(statements: { sql: string; args: unknown[] }[], which: (sql: string) => boolean) {
  const planner = createClient({ url: t.config.DATABASE_URL });
  try {
    const plans: { sql: string; plan: string[] }[] = [];
    for (const { sql, args } of statements) {
      if (!which(sql)) continue;
      const rows = await planner.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: args as never[] });
      plans.push({ sql, plan: rows.rows.map((row) => String(row.detail)) });
    }
    return plans;
  } finally {
    planner.close();
  }
}

/** Statements on the lines of one import: those naming it by its id. */
const onOneImport = (sql: string) => /import_key"? = \(select/i.test(sql);

/**
 * A plan step that reads every line of the company: a scan of the table, or an index searched by
 * the company's key alone. The partial index of lines written one at a time holds none of the
 * imported lines, which make the bulk of a ledger (decision 094).
 */
const walksTheLedger = (step: string) =>
  /^SCAN activity_lines\b/.test(step) ||
  (/INDEX activity_lines_\w+ \(company_key=\?\)$/.test(step) &&
    !step.includes('activity_lines_single_source_idx'));

const walking = (plans: { sql: string; plan: string[] }[]) =>
  plans.filter(({ plan }) => plan.some(walksTheLedger));

async function importAs(cookie: string, rows: string[], onDuplicate?: string) {
  const form = new FormData();
  form.append('file', new File([importCsv(rows)], 'bills.csv', { type: 'text/csv' }));
  if (onDuplicate) form.append('onDuplicate', onDuplicate);
  const response = await t.app.request(`${ORIGIN}/api/activities/import`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
    body: form,
  });
  return { status: response.status, json: (await response.json()) as { code?: string; imported?: number } };
}

describe("an import's own lines", () => {
  test('are counted, explained, settled and removed through the import, never a walk of the ledger', async () => {
    const owner = await t.signUpCompany();
    const siteId = await addSite(t, owner.cookie, 'Bakery');
    // A line typed by hand that the first row looks like: the import stops on it (409, its lines
    // removed), then skips it (deleted in the flip), and counts and explains what it wrote.
    await addLine(t, owner.cookie, {
      siteId,
      date: '2025-01-31',
      category: 'electricity',
      quantity: 1234,
      unit: 'kWh',
    });
    expect((await upload(t, owner.cookie, importCsv(['2025-05-01,Bakery,water,,3,m3,,,WB-1']))).status).toBe(
      201,
    );
    let refused: Awaited<ReturnType<typeof importAs>> | undefined;
    let skipped: Awaited<ReturnType<typeof importAs>> | undefined;
    const statements = await statementsDuring(async () => {
      refused = await importAs(owner.cookie, ROWS);
      skipped = await importAs(owner.cookie, ROWS, 'skip');
    });
    expect(refused).toMatchObject({ status: 409, json: { code: 'probable_duplicates' } });
    expect(skipped).toMatchObject({ status: 201, json: { imported: 2 } });

    const plans = await plansOf(statements, onOneImport);
    // Each kind of statement was seen: a delete (the 409's rollback and the skip), the count and
    // the not-counted summary of the import.
    expect(plans.some(({ sql }) => /^delete from "activity_lines"/i.test(sql))).toBe(true);
    expect(plans.some(({ sql }) => /select count\(\*\) from "activity_lines"/i.test(sql))).toBe(true);
    expect(plans.some(({ sql }) => sql.includes("datasets = '[]'"))).toBe(true);
    expect(walking(plans)).toEqual([]);
  });
});

describe("a data source's line count", () => {
  test('is read through its imports and the lines written one at a time, never a walk of the ledger', async () => {
    const owner = await t.signUpCompany();
    await addSite(t, owner.cookie, 'Bakery');
    const source = await t.call('POST', '/api/data-sources', {
      cookie: owner.cookie,
      body: { type: 'csv', name: 'Bills' },
    });
    expect((await upload(t, owner.cookie, importCsv(ROWS), { dataSourceId: source.json.id })).status).toBe(
      201,
    );
    let listed: { lineCount: number }[] = [];
    const statements = await statementsDuring(async () => {
      listed = (await t.call('GET', '/api/data-sources', { cookie: owner.cookie })).json;
    });
    expect(listed).toMatchObject([{ lineCount: 3 }]);
    const plans = await plansOf(statements, (sql) => sql.includes('activity_lines'));
    expect(plans).toHaveLength(1);
    expect(walking(plans)).toEqual([]);
  });
});
