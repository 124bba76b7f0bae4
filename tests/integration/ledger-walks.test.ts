// Statements whose answer concerns a few lines must not walk the company's whole ledger (or every
// company's) to find them (decision 101): what an import runs to count, explain, match, settle or
// remove its own lines; each data source's line count, and its deletion with its lines; a
// connector sync's reading and removing of its own lines; the fuel lines the energy totals
// re-base; the not-counted lines listed; the lines a person's export counts as theirs. Each walk
// cost time in proportion to the ledger (0.1–0.5 s at a million lines), most of them on the
// request thread (bench/notes/ledger-import.md, "Statements that walked the ledger"). SQLite
// picks its plan from the schema and the statement, not the number of rows (no ANALYZE is run),
// so the plans of a small ledger are a million lines'.
import { afterAll, describe, expect, test } from 'bun:test';
import { createClient, type InStatement, type ResultSet } from '@libsql/client';
import { SqliteFile } from '../../src/server/features/ledger/lines/sqlite-file.ts';
import { fakeRefund, startFakeShopify } from '../fakes/shopify.ts';
import { addLine, addSite, importCsv, storeResultEmpty, upload } from '../helpers/ledger.ts';
import { connectedShopify, lastSync } from '../helpers/shopify.ts';
import { createTestApp, ORIGIN, TEST_SECRETS_KEY } from '../helpers/test-app.ts';

// Reads on the app's connection (no read thread), so every statement of the request is seen here.
const fake = startFakeShopify();
afterAll(() => fake.stop());
const t = await createTestApp({
  withoutLocalReader: true,
  env: {
    SECRETS_KEY: TEST_SECRETS_KEY,
    SHOPIFY_CLIENT_ID: fake.data.clientId,
    SHOPIFY_CLIENT_SECRET: fake.data.clientSecret,
    SHOPIFY_API_ORIGIN: fake.url,
  },
});

const ROWS = [
  '2025-01-31,Bakery,electricity,,1234,kWh,,,Octopus January',
  '2025-02-14,Bakery,diesel,,80,litres,,,Fuel card',
  '2025-03-03,Bakery,hotel,ZZ,2,room nights,,,TRIP-1',
];

/**
 * The statements run on this thread while `work` runs, as SQL and arguments: the app's connection's,
 * and those of the ledger writer's own connection (SqliteFile), whose arguments are left unbound
 * (SQLite plans without their values).
 */
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
  const { statement } = SqliteFile.prototype;
  SqliteFile.prototype.statement = function (this: SqliteFile, text: string) {
    seen.push({ sql: text, args: (text.match(/\?/g) ?? []).map(() => null) });
    return statement.call(this, text);
  };
  try {
    await work();
  } finally {
    t.client.execute = execute;
    t.client.batch = batch;
    SqliteFile.prototype.statement = statement;
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

/**
 * The steps that read rows of the lines' table itself (not a subquery's alias): `by` says which
 * ways of reading them are expected.
 */
const linesReadOtherwise = (plans: { sql: string; plan: string[] }[], by: RegExp) =>
  plans.flatMap(({ plan }) =>
    plan.filter((step) => /^(SEARCH|SCAN) activity_lines\b/.test(step) && !by.test(step)),
  );

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

/** A new company with its site "Bakery" and one line typed by hand there. */
async function companyWithLine(line: Record<string, unknown>) {
  const owner = await t.signUpCompany();
  const siteId = await addSite(t, owner.cookie, 'Bakery');
  return { ...owner, line: await addLine(t, owner.cookie, { siteId, ...line }) };
}

describe("an import's own lines", () => {
  test('are counted, explained, matched, settled and removed through the import, never a walk of the ledger', async () => {
    // A line typed by hand that the first row looks like: the import stops on it (409, its lines
    // removed), then skips it (deleted in the flip), and counts and explains what it wrote.
    const owner = await companyWithLine({
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
    // The probable duplicates' read, in the windows around the other sources' lines.
    expect(plans.some(({ sql }) => sql.includes('"activity_lines"."date" >= ?'))).toBe(true);
    expect(walking(plans)).toEqual([]);
    // Rows of the ledger are read only as the import's index or a rowid names them.
    expect(linesReadOtherwise(plans, /activity_lines_import_idx|INTEGER PRIMARY KEY/)).toEqual([]);
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

describe('a data source deleted with its lines', () => {
  test('takes them through its imports and the lines written one at a time, never a walk of the ledger', async () => {
    const owner = await companyWithLine({ category: 'electricity', quantity: 10, unit: 'kWh' });
    const source = await t.call('POST', '/api/data-sources', {
      cookie: owner.cookie,
      body: { type: 'csv', name: 'Bills' },
    });
    expect((await upload(t, owner.cookie, importCsv(ROWS), { dataSourceId: source.json.id })).status).toBe(
      201,
    );
    let status = 0;
    const statements = await statementsDuring(async () => {
      status = (
        await t.call('DELETE', `/api/data-sources/${source.json.id}?keepLines=false`, {
          cookie: owner.cookie,
        })
      ).status;
    });
    expect(status).toBe(200);
    const plans = await plansOf(statements, (sql) => /^delete from "activity_lines"/i.test(sql));
    expect(plans).toHaveLength(2);
    expect(walking(plans)).toEqual([]);
  });
});

describe("a connector's sync", () => {
  test('reads its own lines and removes lines through the lines written one at a time and their ids', async () => {
    const { source, cookie } = await connectedShopify(t, fake);
    const saved = [...fake.data.orders];
    try {
      const first = await statementsDuring(() => t.runJobs());
      expect(await lastSync(t, cookie, source.id)).toMatchObject({ status: 'succeeded', imported: 24 });
      // #1001's shipping refunded in full: its line goes at the next sync.
      const index = fake.data.orders.findIndex((order) => order.name === '#1001');
      const order = structuredClone(fake.data.orders[index]!);
      order.refunds.push(fakeRefund('2025-06-01T00:00:00Z', [{ line: 0, amount: 10 }]));
      fake.data.orders[index] = order;
      expect((await t.call('POST', `/api/data-sources/${source.id}/sync`, { cookie })).status).toBe(202);
      const second = await statementsDuring(() => t.runJobs());
      expect(await lastSync(t, cookie, source.id)).toMatchObject({ status: 'succeeded', removed: 1 });

      const plans = await plansOf([...first, ...second], (sql) =>
        /^(select|delete)\b.*"activity_lines"/is.test(sql),
      );
      expect(plans.some(({ sql }) => /^delete from "activity_lines"/i.test(sql))).toBe(true);
      expect(walking(plans)).toEqual([]);
    } finally {
      fake.data.orders.splice(0, fake.data.orders.length, ...saved);
    }
  });
});

describe('lines found by a narrow condition inside a period', () => {
  test("the energy totals' re-based fuel lines are read from their partial index only", async () => {
    const owner = await companyWithLine({
      category: 'natural_gas',
      quantity: 900,
      unit: 'kWh',
      calorificBasis: 'net',
    });
    let answered = 0;
    const statements = await statementsDuring(async () => {
      answered = (await t.call('GET', '/api/metrics?year=2025', { cookie: owner.cookie })).status;
    });
    expect(answered).toBe(200);
    const plans = await plansOf(statements, (sql) => sql.includes("'distillate_no2'"));
    expect(plans.length).toBeGreaterThan(0);
    expect(linesReadOtherwise(plans, /INTEGER PRIMARY KEY|activity_lines_energy_fix_idx/)).toEqual([]);
  });

  test('the not-counted lines of the whole ledger are listed by rowid, the ledger walked once', async () => {
    const owner = await companyWithLine({ category: 'electricity', quantity: 10, unit: 'kWh' });
    await storeResultEmpty(t, owner.user.companyId, owner.line.id);
    let listed: { total?: number } = {};
    const statements = await statementsDuring(async () => {
      listed = (await t.call('GET', '/api/activities?status=not_counted', { cookie: owner.cookie })).json;
    });
    expect(listed.total).toBe(1);
    const plans = await plansOf(statements, (sql) => sql.includes("datasets = '[]'"));
    expect(plans).toHaveLength(2);
    expect(linesReadOtherwise(plans, /INTEGER PRIMARY KEY/)).toEqual([]);
  });
});

describe("a person's export", () => {
  test('counts the lines they wrote through their imports and the lines written one at a time', async () => {
    const owner = await companyWithLine({ category: 'electricity', quantity: 10, unit: 'kWh' });
    expect((await upload(t, owner.cookie, importCsv(ROWS))).status).toBe(201);
    let exported: { authoredCounts?: { activityLines: number } } = {};
    const statements = await statementsDuring(async () => {
      exported = (await t.call('GET', '/api/gdpr/export-data', { cookie: owner.cookie })).json;
    });
    expect(exported.authoredCounts?.activityLines).toBe(ROWS.length + 1);
    const plans = await plansOf(statements, (sql) => sql.includes('activity_lines'));
    expect(plans.length).toBeGreaterThan(0);
    expect(walking(plans)).toEqual([]);
  });
});
