import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/auth.ts';
import { newSessionValues } from '../../src/server/features/auth/session.ts';
import { SESSION_COOKIE } from '../../src/server/lib/session-cookie.ts';
import { type CompanyRows, companyWithData, fuzzIdsOf, otherCompanyRow } from '../helpers/fuzz-company.ts';
import { fuzzSeed, type Random, seededRandom } from '../helpers/fuzz-random.ts';
import { fuzzSamples, type Sample } from '../helpers/fuzz-samples.ts';
import { watchStore } from '../helpers/fuzz-store.ts';
import { fuzzVariants, type Variant } from '../helpers/fuzz-variants.ts';
import { concretePath, MUTATING, type WalkedRoute, walkRoutes } from '../helpers/route-walk.ts';
import { PASSWORD } from '../helpers/team.ts';
import { createTestApp, ORIGIN, sessionCookieFrom } from '../helpers/test-app.ts';

/**
 * Issue 19 item 9 (decision 044): every mutating route of the app's own route table gets ~35
 * malformed requests, signed in as an admin of a company with data; each must answer a 4xx, the
 * app must stay up, and nothing may be stored. Replay a failure with `FUZZ_SEED=<seed>`.
 */

/**
 * Tables a refused request may legitimately change: `rate_limits` counts attempts, refused ones
 * included (that is its job); `sessions` holds the sliding expiry any signed-in call may renew.
 * Audit rows, jobs and analytics are checked: a refused request writes none of them.
 */
const MAY_CHANGE = new Set(['rate_limits', 'sessions']);

/**
 * Routes that read no body and act on every call, so a malformed body changes nothing about what
 * they do: their variants must not fail with a 5xx, but their writes are their normal effect.
 */
const ACTS_WITHOUT_BODY: Record<string, string> = {
  'POST /api/analytics/sessions': 'opens a visit; the body is not read (spec §2)',
  'POST /api/carbon-offsets/sync': 'refreshes the catalogue and audits the sync',
  'DELETE /api/auth/user/photo': 'removes the photo (none is a no-op that is still audited)',
  'DELETE /api/company/branding/logo': 'removes the logo',
  'DELETE /api/auth/email-change': 'cancels the pending email change, if any (none: nothing to do)',
  'POST /api/logout': "ends the caller's session; the log-out form posts an empty body (decision 041)",
};

/** Routes that end the caller's session on every call: each variant gets a session of its own. */
const ENDS_SESSION = /\/logout$/;

/** Last: a wrongly accepted variant of these would sign the admin out and hide every later route. */
const LAST = /\/gdpr\/delete-account$|\/auth\/switch-company$/;

const VISITOR_CALLS = /\/auth\/(signup|signin)$/;

const seed = fuzzSeed();
// Both OAuth connectors configured, so their connect calls validate the body instead of answering
// "not configured" whatever is sent (no network: connecting only returns the provider's URL).
const t = await createTestApp({
  env: {
    QUICKBOOKS_CLIENT_ID: 'fuzz-client',
    QUICKBOOKS_CLIENT_SECRET: 'fuzz-secret',
    XERO_CLIENT_ID: 'fuzz-client',
    XERO_CLIENT_SECRET: 'fuzz-secret',
    // No remembered sessions: a variant that ends a session is seen at once, not a moment later.
    SESSION_CACHE_MS: '0',
  },
});
const a = await companyWithData(t, 'A');
const b = await companyWithData(t, 'B');
const projects = await t.call('GET', '/api/carbon-offsets/projects', { cookie: a.cookie });
const visit = await t.call('POST', '/api/analytics/sessions', { cookie: a.cookie });
const samples = fuzzSamples(fuzzIdsOf(a, b, projects.json?.[0]?.id ?? 'no-project'), visit.json?.sessionId);
const routes = walkRoutes(t.app)
  .filter((route) => (MUTATING as readonly string[]).includes(route.method))
  .sort((x, y) => Number(LAST.test(x.path)) - Number(LAST.test(y.path)));
const store = await watchStore(t.client, MAY_CHANGE);

/**
 * Local use only, while a fix lands elsewhere: `FUZZ_SKIP='<regex>'` leaves out the variants
 * whose "METHOD path [variant]" matches. Nothing is skipped by default (decision 044).
 */
const skipped = process.env.FUZZ_SKIP ? new RegExp(process.env.FUZZ_SKIP) : null;

const key = (route: WalkedRoute) => `${route.method} ${route.path}`;

async function send(method: string, variant: Variant, cookie: string | undefined) {
  const response = await t.app.request(`${ORIGIN}${variant.path}`, {
    method,
    headers: {
      Origin: ORIGIN,
      'Sec-Fetch-Site': 'same-origin',
      ...(cookie && { Cookie: cookie }),
      ...variant.headers,
    },
    body: variant.body,
  });
  return { status: response.status, text: await response.text() };
}

async function isSignedIn(rows: CompanyRows): Promise<boolean> {
  return (await t.call('GET', '/api/auth/user', { cookie: rows.cookie })).status === 200;
}

/** Signs an admin in again after a wrongly accepted variant ended their session; false if it cannot. */
async function signInAgain(rows: CompanyRows): Promise<boolean> {
  const response = await t.call('POST', '/api/auth/signin', {
    body: { email: rows.email, password: PASSWORD },
  });
  const cookie = sessionCookieFrom(response.headers);
  if (response.status !== 200 || !cookie) return false;
  rows.cookie = cookie;
  return true;
}

/** A new session for the company's admin, written straight to the database (no sign-in limits). */
async function throwawaySession(rows: CompanyRows): Promise<string> {
  const user = await t.db.select({ id: users.id }).from(users).where(eq(users.email, rows.email)).get();
  const session = await newSessionValues({
    userId: user!.id,
    companyId: rows.companyId,
    now: new Date(),
    ip: null,
    userAgent: null,
  });
  await t.db.insert(sessions).values(session.row);
  return `${SESSION_COOKIE}=${session.token}`;
}

/**
 * Sends every variant of one route as `caller` (null: a visitor) and notes each answer that is
 * not a 4xx and each write a variant left; returns how many requests it sent.
 */
async function fuzzRoute(route: WalkedRoute, random: Random, caller: CompanyRows | null, failures: string[]) {
  const actsAnyway = !!ACTS_WITHOUT_BODY[key(route)];
  const variants = fuzzVariants(route, samples[key(route)] as Sample, random, otherCompanyRow(route.path, b));
  let sent = 0;
  for (const variant of variants) {
    const where = `${caller ? '' : 'signed out: '}${key(route)} [${variant.name}]`;
    if (skipped?.test(where)) continue;
    const strict = !actsAnyway || variant.refusedCentrally;
    const cookie = caller && ENDS_SESSION.test(route.path) ? await throwawaySession(caller) : caller?.cookie;
    if (strict && actsAnyway) await store.writesSince(); // the route's own writes so far
    const { status, text } = await send(route.method, variant, cookie);
    sent += 1;
    const refused = status >= 400 && status < 500;
    if (!refused && (strict || status >= 400)) failures.push(`${where} → ${status} ${text.slice(0, 160)}`);
    const stored = strict ? await store.writesSince() : [];
    if (stored.length > 0) failures.push(`${where} stored: ${stored.join(', ')}`);
  }
  if (actsAnyway) await store.writesSince(); // what the route does on every call, once for all its variants
  return sent;
}

describe(`fuzzing every mutating route (seed ${seed})`, () => {
  test('the walk finds the mutating routes, and each has a well-formed sample to break', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.map(key)).toContain('POST /api/integrations/ocr/upload');
    const missing = routes.map(key).filter((name) => !samples[name]);
    // A new route fails here until tests/helpers/fuzz-samples.ts describes a valid call to it.
    expect(missing).toEqual([]);
    // Each exception names a route that still exists.
    expect(Object.keys(ACTS_WITHOUT_BODY).filter((name) => !routes.map(key).includes(name))).toEqual([]);
  });

  test('the store watch reports a stored row, and not one inserted and deleted again', async () => {
    expect(await store.writesSince()).toEqual([]);
    const site = await t.call('POST', '/api/sites', {
      cookie: a.cookie,
      body: { name: 'Watched', country: 'GB' },
    });
    expect(site.status).toBe(201);
    expect(await store.writesSince()).toEqual(['audit_logs (insert)', 'sites (insert)']);
    const again = await t.call('POST', '/api/sites', {
      cookie: a.cookie,
      body: { name: 'Brief', country: 'GB' },
    });
    expect((await t.call('DELETE', `/api/sites/${again.json.id}`, { cookie: a.cookie })).status).toBe(204);
    // The site came and went; the two audit rows that record it stay.
    expect(await store.writesSince()).toEqual(['audit_logs (insert) ×2']);
  });

  test('malformed bodies, media types, encodings, ids and queries answer a 4xx, store nothing and leave the app up', async () => {
    const random = seededRandom(seed);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      sent += await fuzzRoute(route, random, a, failures);
      for (const rows of [a, b]) {
        if (await isSignedIn(rows)) continue;
        failures.push(`${key(route)}: after its variants an admin of company ${rows.label} is signed out`);
        if (!(await signInAgain(rows))) return void expect(failures).toEqual([]);
        await store.writesSince(); // the new session and its audit row are this test's, not the route's
      }
    }
    if (failures.length > 0)
      console.info(`fuzz seed ${seed}: ${failures.length} failures in ${sent} requests`);
    expect(failures).toEqual([]);
    if (!skipped) expect(sent).toBeGreaterThan(routes.length * 30);
  }, 180_000);

  test('signed out, the same variants answer a 4xx and store nothing', async () => {
    const random = seededRandom(seed + 1);
    const failures: string[] = [];
    for (const route of routes) await fuzzRoute(route, random, null, failures);
    expect(failures).toEqual([]);
    expect(await isSignedIn(a)).toBe(true);
  }, 180_000);

  test('afterwards every route still answers its well-formed sample without a 5xx, and everyday writes succeed', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      // would erase or move the admin this test signs in as, or end their session
      if (LAST.test(route.path) || ENDS_SESSION.test(route.path)) continue;
      const sample = samples[key(route)] as Sample;
      const path = sample.id ? route.path.replace(/:\w+/, sample.id) : concretePath(route.path);
      // Signing up or in starts a new session in place of the caller's: a visitor makes these calls.
      const cookie = VISITOR_CALLS.test(route.path) ? undefined : a.cookie;
      const response = await t.call(route.method, path, { cookie, body: sample.json ?? undefined });
      if (response.status >= 500)
        wrong.push(`${key(route)} → ${response.status} ${response.text.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    const everyday: [string, string, unknown, number][] = [
      ['POST', '/api/sites', { name: 'After the fuzz', country: 'GB' }, 201],
      ['PUT', `/api/sites/${a.siteId}`, { name: 'Renamed after the fuzz', country: 'GB' }, 200],
      [
        'POST',
        '/api/activities',
        { siteId: a.siteId, date: '2025-06-01', category: 'electricity', quantity: 10, unit: 'kWh' },
        201,
      ],
      ['PUT', '/api/targets', { baseYear: 2024, targetYear: 2030, reductionPercent: 30 }, 200],
      ['PUT', `/api/narratives/${a.narrativeId}`, { content: 'Written after the fuzz.' }, 200],
    ];
    for (const [method, path, body, expected] of everyday) {
      const response = await t.call(method, path, { cookie: a.cookie, body });
      expect(`${method} ${path} → ${response.status}`).toBe(`${method} ${path} → ${expected}`);
    }
    expect(
      (await t.call('GET', '/api/sites', { cookie: a.cookie })).json.map(
        (site: { name: string }) => site.name,
      ),
    ).toContain('Renamed after the fuzz');
  }, 60_000);
});
