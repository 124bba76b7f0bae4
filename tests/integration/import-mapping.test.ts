import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { sites } from '../../db/schema/ledger.ts';
import { importMappings } from '../../db/schema/ledger-import-mappings.ts';
import { addSite, storedCounts } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

const t = await createTestApp();
const company = async () => {
  const owner = await t.signUpCompany();
  return { cookie: owner.cookie, companyId: owner.user.companyId as string };
};

const HEADER = 'Date,Site,Category,Variant,Quantity,Unit,Spend,Currency,Description';
const BAKERY_ROWS = [
  '2025-01-31,Bakery,Electricity,,4200,kWh,,,January electricity',
  '2025-01-31,Bakery,Natural gas,,9000,kWh,,,January gas',
  '2025-02-14,Bakery,Fuel card,,1000,litres,,,Van diesel',
  '2025-03-02,Bakery,Flight,,1200,passenger_km,,,Trade fair',
];
const csv = (rows: string[]) => `${[HEADER, ...rows].join('\n')}\n`;

async function send(
  path: string,
  cookie: string,
  body: string,
  fields: { answers?: unknown; mapping?: Record<string, string>; fileName?: string } = {},
) {
  const form = new FormData();
  form.append('file', new File([body], fields.fileName ?? 'bakery.csv', { type: 'text/csv' }));
  if (fields.answers) form.append('answers', JSON.stringify(fields.answers));
  if (fields.mapping) form.append('mapping', JSON.stringify(fields.mapping));
  const response = await t.app.request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
    body: form,
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: assertions read whatever JSON the endpoint answered
  return { status: response.status, json: (text ? JSON.parse(text) : null) as any };
}
const preview = (cookie: string, body: string, fields = {}) =>
  send('/api/activities/import/preview', cookie, body, fields);
const importFile = (cookie: string, body: string, fields = {}) =>
  send('/api/activities/import', cookie, body, fields);

const BAKERY_ANSWERS = {
  sites: [{ source: 'Bakery', create: { name: 'Bakery', country: 'GB', region: 'England' } }],
  values: [
    { kind: 'category', source: 'Fuel card', target: 'diesel' },
    { kind: 'variant', source: '', category: 'flight', target: 'short_haul_economy' },
  ],
};

describe('import preview and mapping step', () => {
  test('the preview asks about unknown sites, categories and missing variants, with plain choices, and writes nothing', async () => {
    const { cookie, companyId } = await company();
    const answer = await preview(cookie, csv(BAKERY_ROWS));
    expect(answer.status).toBe(200);
    expect(answer.json.rowCount).toBe(4);
    const byKind = (kind: string) => answer.json.questions.filter((q: { kind: string }) => q.kind === kind);
    expect(byKind('site')).toEqual([
      expect.objectContaining({ text: 'Bakery', count: 4, rows: 'rows 2–5', choices: [] }),
    ]);
    expect(byKind('category')).toEqual([expect.objectContaining({ text: 'Fuel card', rows: 'row 4' })]);
    const category = byKind('category')[0];
    expect(category.choices).toContainEqual({ value: 'diesel', label: 'Diesel' });
    expect(category.choices).toContainEqual({ value: 'spend:packaging', label: 'Spend: Packaging' });
    const flight = byKind('variant')[0];
    expect(flight).toMatchObject({ text: '', category: 'flight', rows: 'row 5' });
    expect(flight.choices).toContainEqual({ value: 'long_haul_business', label: 'Long haul, business' });
    // No internal key is shown as a label.
    for (const question of answer.json.questions)
      for (const choice of question.choices) expect(choice.label).not.toMatch(/_/);
    expect(await storedCounts(t, companyId)).toEqual({ lines: 0, results: 0, imports: 0 });
    const companySites = await t.db.select().from(sites).where(eq(sites.companyId, companyId));
    expect(companySites).toHaveLength(0);
  });

  test('answers import the file once, create the site with it, keep the description, and are remembered for the next file', async () => {
    const { cookie, companyId } = await company();
    const first = await importFile(cookie, csv(BAKERY_ROWS), { answers: BAKERY_ANSWERS });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ rowCount: 4, imported: 4, errorCount: 0 });
    const created = await t.db.select().from(sites).where(eq(sites.companyId, companyId));
    // "England" for a UK site is the UK's own factors: no region stored.
    expect(created).toEqual([expect.objectContaining({ name: 'Bakery', country: 'GB', region: null })]);
    const ledger = await t.call('GET', '/api/activities', { cookie });
    const diesel = ledger.json.items.find((line: { category: string }) => line.category === 'diesel');
    expect(diesel).toMatchObject({
      reference: 'Van diesel',
      quantity: 1000,
      unit: 'litre',
      siteName: 'Bakery',
    });
    // DESNZ 2025 diesel (average biofuel blend), 2.57082 kgCO2e/litre: 1,000 L × 2.57082 = 2,570.82 kg.
    expect(diesel.results.find((r: { scope: string }) => r.scope === 'scope_1').kgCO2e).toBeCloseTo(
      2570.82,
      6,
    );
    const flight = ledger.json.items.find((line: { category: string }) => line.category === 'flight');
    expect(flight.variant).toBe('short_haul_economy');

    // A similar file (another month) needs no questions and imports as it is.
    const next = BAKERY_ROWS.map((row) => row.replace('2025-0', '2024-0'));
    const again = await preview(cookie, csv(next));
    expect(again.json.questions).toEqual([]);
    expect(again.json.readyCount).toBe(4);
    const second = await importFile(cookie, csv(next), { fileName: 'bakery-autumn.csv' });
    expect(second.status).toBe(201);
    expect(second.json.imported).toBe(4);

    const remembered = await t.call('GET', '/api/activities/import/mappings', { cookie });
    expect(remembered.json).toContainEqual(
      expect.objectContaining({ kind: 'site', source: 'Bakery', targetLabel: 'Bakery' }),
    );
    expect(remembered.json).toContainEqual(
      expect.objectContaining({ kind: 'variant', targetLabel: 'Flights: Short haul, economy' }),
    );
  });

  test('a file with a bad row stores nothing: no lines, no new site, no remembered answer', async () => {
    const { cookie, companyId } = await company();
    const rows = [...BAKERY_ROWS, '2025-02-30,Bakery,Electricity,,10,kWh,,,bad date'];
    const answer = await importFile(cookie, csv(rows), { answers: BAKERY_ANSWERS });
    expect(answer.status).toBe(422);
    expect(answer.json.details.problems).toEqual([
      expect.objectContaining({ message: 'date "2025-02-30" is not a real date', rows: 'row 6' }),
    ]);
    expect(await storedCounts(t, companyId)).toEqual({ lines: 0, results: 0, imports: 0 });
    expect(await t.db.select().from(sites).where(eq(sites.companyId, companyId))).toHaveLength(0);
    expect(
      await t.db.select().from(importMappings).where(eq(importMappings.companyId, companyId)),
    ).toHaveLength(0);
  });

  test('problems are grouped: one line per distinct problem with its row ranges, never "Line 2: Line 2:"', async () => {
    const { cookie } = await company();
    const rows = Array.from(
      { length: 38 },
      (_, i) => `2025-01-${String((i % 28) + 1).padStart(2, '0')},Bakery,Electricity,,${100 + i},kWh,,,`,
    );
    rows.push('2025-03-02,Bakery,Flight,,1200,passenger_km,,,Trade fair');
    const answer = await importFile(cookie, csv(rows));
    expect(answer.status).toBe(422);
    const problems = answer.json.details.problems;
    // The flight row's site is unknown too: the site comes first, so one problem covers all 39.
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      message: 'no site named "Bakery"; choose one of your sites or create it in the mapping step',
      rows: 'rows 2–40',
      count: 39,
    });
    expect(problems[0].fix).toContain('mapping step');
    for (const error of answer.json.details.errors) expect(error.message).not.toMatch(/^Line \d+/);
  });

  test('a file that is not valid CSV names its line once, beside the message', async () => {
    const { cookie } = await company();
    const answer = await preview(cookie, `${HEADER}\n2025-01-31,"Bakery,Electricity,,10,kWh,,,x\n`);
    expect(answer.status).toBe(422);
    expect(answer.json.code).toBe('csv_format');
    expect(answer.json.details.errors).toEqual([
      { line: 2, message: 'a quoted field starts here but its closing quote (") is missing.' },
    ]);
  });

  test('a flight without a variant names the variants that exist', async () => {
    const { cookie } = await company();
    await addSite(t, cookie, 'Bakery');
    const answer = await importFile(
      cookie,
      csv(['2025-03-02,Bakery,Flight,,1200,passenger_km,,,Trade fair']),
    );
    expect(answer.status).toBe(422);
    expect(answer.json.details.problems[0].message).toBe(
      'Flights row needs a variant: choose one of Domestic, Short haul, Long haul, International × Economy, Premium economy, Business, Average',
    );
  });

  test('another company is asked again, cannot use these answers or sites, and cannot forget them', async () => {
    const a = await company();
    const first = await importFile(a.cookie, csv(BAKERY_ROWS), { answers: BAKERY_ANSWERS });
    expect(first.status).toBe(201);
    const [siteOfA] = await t.db.select().from(sites).where(eq(sites.companyId, a.companyId));
    const b = await company();
    const asked = await preview(b.cookie, csv(BAKERY_ROWS));
    expect(asked.json.questions.length).toBeGreaterThan(0);
    // Nothing of A is offered to B.
    for (const question of asked.json.questions)
      expect(question.choices.map((c: { value: string }) => c.value)).not.toContain(siteOfA!.id);
    const borrowed = await importFile(b.cookie, csv(BAKERY_ROWS), {
      answers: { sites: [{ source: 'Bakery', siteId: siteOfA!.id }], values: BAKERY_ANSWERS.values },
    });
    expect(borrowed.status).toBe(400);
    expect(borrowed.json.code).toBe('invalid_answer');
    const [mappingOfA] = await t.db
      .select()
      .from(importMappings)
      .where(and(eq(importMappings.companyId, a.companyId), eq(importMappings.kind, 'site')));
    const forget = await t.call('DELETE', `/api/activities/import/mappings/${mappingOfA!.id}`, {
      cookie: b.cookie,
    });
    expect(forget.status).toBe(404);
    const mine = await t.call('DELETE', `/api/activities/import/mappings/${mappingOfA!.id}`, {
      cookie: a.cookie,
    });
    expect(mine.status).toBe(204);
  });

  test('a new site with a region the library does not know is refused with the choices', async () => {
    const { cookie, companyId } = await company();
    const answer = await importFile(cookie, csv(BAKERY_ROWS), {
      answers: {
        ...BAKERY_ANSWERS,
        sites: [{ source: 'Bakery', create: { name: 'Bakery', country: 'US', region: 'Narnia' } }],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.code).toBe('invalid_region');
    expect(answer.json.details.choices).toContainEqual({
      code: 'US-CAMX',
      label: 'CAMX — California (WECC California)',
    });
    expect(await storedCounts(t, companyId)).toEqual({ lines: 0, results: 0, imports: 0 });
  });
});

describe('the preview takes the import’s files', () => {
  test('a file larger than any JSON body is previewed, up to the import’s 10 MB', async () => {
    const { cookie } = await company();
    await addSite(t, cookie, 'Bakery');
    // ~2.2 MB: well above the JSON body limit, well below the import's.
    const rows = Array.from(
      { length: 40_000 },
      (_, i) =>
        `2025-01-${String((i % 28) + 1).padStart(2, '0')},Bakery,Electricity,,${i + 1},kWh,,,Meter reading ${i}`,
    );
    const answer = await preview(cookie, csv(rows));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ rowCount: 40_000, readyCount: 40_000, questions: [] });
  });

  test('a column mapped once is remembered: the next file with that header imports without asking', async () => {
    const { cookie } = await company();
    await addSite(t, cookie, 'Bakery');
    const header = 'Date,Site,Category,How much,Unit';
    const first = await importFile(cookie, `${header}\n2025-01-31,Bakery,Electricity,500,kWh\n`);
    expect(first.status).toBe(400);
    expect(first.json.code).toBe('mapping_required');
    const mapped = await importFile(cookie, `${header}\n2025-01-31,Bakery,Electricity,500,kWh\n`, {
      mapping: { 'How much': 'quantity' },
    });
    expect(mapped.status).toBe(201);
    const next = await preview(cookie, `${header}\n2025-02-28,Bakery,Electricity,450,kWh\n`);
    expect(next.status).toBe(200);
    expect(next.json).toMatchObject({ readyCount: 1, questions: [] });
    const second = await importFile(cookie, `${header}\n2025-02-28,Bakery,Electricity,450,kWh\n`);
    expect(second.status).toBe(201);
  });
});

describe('site regions', () => {
  test('are read loosely when unambiguous and refused with the choices otherwise', async () => {
    const { cookie } = await company();
    const camx = await t.call('POST', '/api/sites', {
      cookie,
      body: { name: 'San Jose', country: 'US', region: 'CAMX' },
    });
    expect(camx.status).toBe(201);
    expect(camx.json.region).toBe('US-CAMX');
    const england = await t.call('POST', '/api/sites', {
      cookie,
      body: { name: 'Leeds', country: 'GB', region: 'England' },
    });
    expect(england.json.region).toBeNull();
    const london = await t.call('PUT', `/api/sites/${england.json.id}`, {
      cookie,
      body: { name: 'Leeds', country: 'GB', region: 'GB-LONDON' },
    });
    expect(london.json.region).toBe('GB-LONDON');
    const wrong = await t.call('POST', '/api/sites', {
      cookie,
      body: { name: 'Paris', country: 'FR', region: 'CAMX' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toContain('leave the region empty');
    const wrongUs = await t.call('PUT', `/api/sites/${camx.json.id}`, {
      cookie,
      body: { name: 'San Jose', country: 'US', region: 'Cali' },
    });
    expect(wrongUs.status).toBe(400);
    expect(wrongUs.json.details.fieldErrors.region[0]).toContain('CAMX — California');
  });
});
