// Shared steps of the emissions-ledger integration tests (sites, activities, import, metrics…).
import { and, count, eq, sql } from 'drizzle-orm';
import { memberships, sessions } from '../../db/schema/auth.ts';
import { activityImports, activityLines } from '../../db/schema/ledger.ts';
import { forgetCachedSessions } from '../../src/server/features/auth/session.ts';
import { storedEntries } from '../../src/server/features/ledger/figures/stored-entries.ts';
import { companyKeyOf } from '../../src/server/features/ledger/lines/ledger-keys.ts';
import { type createTestApp, ORIGIN } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A new user moved into `companyId` as a viewer (invitations arrive in a later issue), the way
 * profile-and-sessions.test.ts does it. Returns their session cookie.
 */
export async function makeViewer(t: TestApp, companyId: string): Promise<string> {
  const viewer = await t.signUpCompany();
  await t.db
    .update(memberships)
    .set({ companyId, role: 'viewer' })
    .where(eq(memberships.userId, viewer.user.id));
  await t.db.update(sessions).set({ companyId }).where(eq(sessions.userId, viewer.user.id));
  forgetCachedSessions(t.db);
  return viewer.cookie;
}

/** Creates a site and returns its id. */
export async function addSite(t: TestApp, cookie: string, name: string, country = 'GB'): Promise<string> {
  const response = await t.call('POST', '/api/sites', { cookie, body: { name, country } });
  if (response.status !== 201) throw new Error(`site: ${response.status} ${response.text}`);
  return response.json.id;
}

/** Adds a manual ledger line (date defaults to 2025-03-01) and returns the stored line. */
export async function addLine(t: TestApp, cookie: string, line: Record<string, unknown>) {
  const response = await t.call('POST', '/api/activities', { cookie, body: { date: '2025-03-01', ...line } });
  if (response.status !== 201) throw new Error(`line: ${response.status} ${response.text}`);
  return response.json;
}

/** POST /api/activities/import as the browser sends it: multipart with a `file` field. */
export async function upload(
  t: TestApp,
  cookie: string,
  csv: string,
  fields: { mapping?: Record<string, string>; dataSourceId?: string; fileName?: string } = {},
) {
  const form = new FormData();
  form.append('file', new File([csv], fields.fileName ?? 'activities.csv', { type: 'text/csv' }));
  if (fields.mapping) form.append('mapping', JSON.stringify(fields.mapping));
  if (fields.dataSourceId) form.append('dataSourceId', fields.dataSourceId);
  const response = await t.app.request(`${ORIGIN}/api/activities/import`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie },
    body: form,
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: assertions read whatever JSON the endpoint answered
  return { status: response.status, text, json: (text ? JSON.parse(text) : null) as any };
}

/** Stored results (entries) over the lines selected (decision 069: they live on the line). */
export const storedEntryCount = sql<number>`coalesce(sum(json_array_length(${activityLines.entries})), 0)`;

/** Lines, results and imports stored for a company: what an import wrote, or left behind. */
export async function storedCounts(t: TestApp, companyId: string) {
  const [lines, results, imports] = await Promise.all([
    t.db
      .select({ n: count() })
      .from(activityLines)
      .where(eq(activityLines.companyKey, companyKeyOf(companyId)))
      .get(),
    t.db
      .select({ n: storedEntryCount })
      .from(activityLines)
      .where(eq(activityLines.companyKey, companyKeyOf(companyId)))
      .get(),
    t.db.select({ n: count() }).from(activityImports).where(eq(activityImports.companyId, companyId)).get(),
  ]);
  return { lines: lines!.n, results: results!.n, imports: imports!.n };
}

/** A company with the two sites the import fixtures name (Bristol bakery GB, Lyon shop FR). */
export async function companyWithSites(t: TestApp) {
  const owner = await t.signUpCompany();
  await addSite(t, owner.cookie, 'Bristol bakery');
  await addSite(t, owner.cookie, 'Lyon shop', 'FR');
  return owner;
}

export const IMPORT_HEADER = 'date,site,category,variant,quantity,unit,spend,currency,reference';
export const IMPORT_ROWS = [
  '2025-01-31,Bristol bakery,electricity,,10000,kWh,,,MPAN 1',
  '2025-01-14,Bristol bakery,diesel,,1000,litres,,,"Fuel card, January"',
  '2025-02-03,Lyon shop,hotel,DE,3,room nights,,,TRIP-7',
  '2025-02-28,bristol  BAKERY,purchased_goods,541611,,,4800.00,GBP,INV-88213',
];
export const importCsv = (rows: string[], header = IMPORT_HEADER) => `${[header, ...rows].join('\n')}\n`;

/** Every stored result of a company's lines, flattened, each with its line's public id (decisions 069, 092). */
export async function storedResults(t: TestApp, companyId: string) {
  const lines = await t.db
    .select({ id: activityLines.id, entries: activityLines.entries })
    .from(activityLines)
    .where(eq(activityLines.companyKey, companyKeyOf(companyId)))
    .orderBy(activityLines.id)
    .all();
  return lines.flatMap((line) =>
    storedEntries(line.entries).map((entry) => ({ activityLineId: String(line.id), ...entry })),
  );
}

/**
 * Stores an electricity line's result empty, as before the library had its factor: the line is
 * "not counted" (datasets = '[]', the shared rule). Not audited, as no product write is.
 */
export async function storeResultEmpty(
  t: TestApp,
  companyId: string,
  lineId: string | number,
): Promise<void> {
  await t.db
    .update(activityLines)
    .set({ datasets: '[]', entries: '[]', kgScope2Location: null, kgScope2Market: null, kgScope3: null })
    .where(and(eq(activityLines.id, Number(lineId)), eq(activityLines.companyKey, companyKeyOf(companyId))));
}
