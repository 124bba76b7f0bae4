import { afterAll, describe, expect, test } from 'bun:test';
import { type CompanyRows, companyWithData, fuzzIdsOf, otherCompanyRow } from '../helpers/fuzz-company.ts';
import { fuzzSeed, seededRandom } from '../helpers/fuzz-random.ts';
import { fuzzSamples, type Sample } from '../helpers/fuzz-samples.ts';
import { watchStore } from '../helpers/fuzz-store.ts';
import { fuzzVariants, type Variant } from '../helpers/fuzz-variants.ts';
import { MUTATING, type WalkedRoute, walkRoutes } from '../helpers/route-walk.ts';
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
};

/** Last: a wrongly accepted variant of these would sign the admin out and hide every later route. */
const LAST = /\/gdpr\/delete-account$|\/auth\/switch-company$/;

const seed = fuzzSeed();
// Both OAuth connectors configured, so their connect calls validate the body instead of answering
// "not configured" whatever is sent (no network: connecting only returns the provider's URL).
const t = await createTestApp({
  env: {
    QUICKBOOKS_CLIENT_ID: 'fuzz-client',
    QUICKBOOKS_CLIENT_SECRET: 'fuzz-secret',
    XERO_CLIENT_ID: 'fuzz-client',
    XERO_CLIENT_SECRET: 'fuzz-secret',
  },
});
const a = await companyWithData(t, 'A');
const b = await companyWithData(t, 'B');
const projects = await t.call('GET', '/api/carbon-offsets/projects', { cookie: a.cookie });
const visit = await t.call('POST', '/api/analytics/sessions', { cookie: a.cookie });
const samples = fuzzSamples(fuzzIdsOf(a, b, projects.json?.[0]?.id ?? 'no-project'), visit.json?.id);
const routes = walkRoutes(t.app)
  .filter((route) => (MUTATING as readonly string[]).includes(route.method))
  .sort((x, y) => Number(LAST.test(x.path)) - Number(LAST.test(y.path)));
const store = watchStore(t.config.DATABASE_URL, MAY_CHANGE);
afterAll(() => store.close());

const key = (route: WalkedRoute) => `${route.method} ${route.path}`;

async function send(method: string, variant: Variant, cookie: string) {
  const response = await t.app.request(`${ORIGIN}${variant.path}`, {
    method,
    headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie, ...variant.headers },
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

describe(`fuzzing every mutating route (seed ${seed})`, () => {
  test('the walk finds the mutating routes, and each has a well-formed sample to break', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.map(key)).toContain('POST /api/integrations/ocr/upload');
    const missing = routes.map(key).filter((name) => !samples[name]);
    // A new route fails here until tests/helpers/fuzz-samples.ts describes a valid call to it.
    expect(missing).toEqual([]);
  });

  test('malformed bodies, media types, encodings, ids and queries answer a 4xx, store nothing and leave the app up', async () => {
    const random = seededRandom(seed);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const sample = samples[key(route)] as Sample;
      for (const variant of fuzzVariants(route, sample, random, otherCompanyRow(route.path, b))) {
        const { status, text } = await send(route.method, variant, a.cookie);
        sent += 1;
        const where = `${key(route)} [${variant.name}]`;
        const refused = status >= 400 && status < 500;
        const allowed = refused || (status < 400 && ACTS_WITHOUT_BODY[key(route)]);
        if (!allowed) failures.push(`${where} → ${status} ${text.slice(0, 160)}`);
        const stored = store.changedSince();
        if (stored.length > 0 && !ACTS_WITHOUT_BODY[key(route)]) {
          failures.push(`${where} stored: ${stored.join(', ')}`);
        }
      }
      for (const rows of [a, b]) {
        if (await isSignedIn(rows)) continue;
        failures.push(
          `${key(route)}: after its variants an admin of company ${rows === a ? 'A' : 'B'} is signed out`,
        );
        if (!(await signInAgain(rows))) return void expect(failures).toEqual([]);
        store.changedSince(); // the new session and its audit row are this test's, not the route's
      }
    }
    if (failures.length > 0) console.info(`fuzz seed ${seed}: ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * 30);
  }, 180_000);
});
