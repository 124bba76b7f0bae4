// Shared steps of the emissions-ledger integration tests (sites, activities, import, metrics…).
import { eq } from 'drizzle-orm';
import { memberships, sessions } from '../../db/schema/auth.ts';
import { forgetCachedSessions } from '../../src/server/features/auth/session.ts';
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
