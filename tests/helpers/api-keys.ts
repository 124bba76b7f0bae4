// Steps shared by the API-key and OpenAPI integration tests.
import { eq } from 'drizzle-orm';
import { memberships, sessions } from '../../db/schema/auth.ts';
import type { Role } from '../../src/domain/contracts/auth.ts';
import { forgetCachedSessions } from '../../src/server/features/auth/session.ts';
import { type createTestApp, ORIGIN } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A call as a server-side integration makes it: `Authorization: Bearer`, no cookie, no Origin,
 * no Fetch Metadata.
 */
export async function callWithKey(
  t: TestApp,
  method: string,
  path: string,
  key: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { Authorization: `Bearer ${key}`, ...init.headers };
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await t.app.request(`${ORIGIN}${path}`, { method, headers, body });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  // biome-ignore lint/suspicious/noExplicitAny: assertions read whatever JSON the endpoint answered
  return { status: response.status, headers: response.headers, text, json: json as any };
}

/** A new person moved into `companyId` with `role` (the team feature invites; tests move). */
export async function joinCompany(t: TestApp, companyId: string, role: Role) {
  const person = await t.signUpCompany();
  await t.db.update(memberships).set({ companyId, role }).where(eq(memberships.userId, person.user.id));
  await t.db.update(sessions).set({ companyId }).where(eq(sessions.userId, person.user.id));
  forgetCachedSessions(t.db);
  return person;
}

/** Creates a key through the API as the cookie's user; returns the secret and the listed key. */
export async function createKey(
  t: TestApp,
  cookie: string,
  body: Record<string, unknown> = { name: 'CI export' },
) {
  const response = await t.call('POST', '/api/api-keys', { cookie, body });
  if (response.status !== 201) throw new Error(`create key: ${response.status} ${response.text}`);
  return response.json as { secret: string; key: { id: string; role: string; maskedKey: string } };
}
