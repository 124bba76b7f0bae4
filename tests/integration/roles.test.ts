import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { memberships, sessions } from '../../db/schema/auth.ts';
import { minimumRole } from '../../src/domain/account/permissions.ts';
import type { Role } from '../../src/domain/contracts/auth.ts';
import { forgetCachedSessions } from '../../src/server/features/auth/session.ts';
import { concretePath, MUTATING, type WalkedRoute, walkRoutes } from '../helpers/route-walk.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Walks every route the app registers and checks the roles of docs/decisions/019-roles.md: no
 * session → 401, a viewer → 403 on every write, a member → 403 on admin calls. Routes are found in
 * the app's own table, so a route added later is checked without touching this file; a new write
 * that lets a viewer through fails here until it enforces a permission or is allow-listed below.
 */

type Access = 'public' | Role;
type Method = 'GET' | (typeof MUTATING)[number];

interface Rule {
  methods: readonly Method[];
  path: RegExp;
  access: Access;
  why: string;
}

const ANY: readonly Method[] = ['GET', ...MUTATING];

/**
 * Routes whose access is not "the role its middleware declares, else member for a write and viewer
 * for a read". First match wins. Entries marked (parallel) name routes that other features of
 * issue 9 and the OAuth connectors are adding at the same time as this test: adjust them after
 * merging. A route whose middleware declares another role than expected here fails the test.
 */
const RULES: readonly Rule[] = [
  // Public: no session exists yet, the call ends one, or it carries no company data.
  { methods: ['GET'], path: /^\/api\/login$/, access: 'public', why: 'goes to the sign-in page' },
  { methods: ['GET'], path: /^\/api\/logout$/, access: 'public', why: 'the page that offers to sign out' },
  {
    methods: ['POST'],
    path: /^\/api\/logout$/,
    access: 'public',
    why: 'signs out whoever calls (decision 041)',
  },
  {
    methods: ['POST'],
    path: /^\/api\/auth\/email-change\/confirm$/,
    access: 'public',
    why: 'the token from the new inbox proves the change, on any device (decision 041)',
  },
  {
    methods: ['POST'],
    path: /^\/api\/auth\/signup\/confirm$/,
    access: 'public',
    why: 'the emailed sign-up link proves the inbox and opens the account (decision 041)',
  },
  { methods: ['GET'], path: /^\/api\/auth\/providers$/, access: 'public', why: 'the sign-in page asks' },
  { methods: ['POST'], path: /^\/api\/auth\/(signup|signin)$/, access: 'public', why: 'starts a session' },
  { methods: ['GET'], path: /^\/api\/auth\/oauth\//, access: 'public', why: 'single sign-on' },
  {
    methods: ['GET', 'POST'],
    path: /^\/api\/auth\/password\/(forgot|reset|reset\/check)$/,
    access: 'public',
    why: 'forgot password: the person cannot sign in (decision 045)',
  },
  {
    methods: ['POST'],
    path: /^\/api\/invites\/(lookup|accept|signup)$/,
    // accept needs a session but validates the token first (400 before 401): with
    // requireRole('viewer') ahead of its validation, accept could move to the viewer entries.
    access: 'public',
    why: 'the invitee may not have an account yet',
  },
  {
    methods: ['GET'],
    path: /^\/api\/integrations\/[^/]+\/callback$/,
    access: 'public',
    why: 'the provider redirects here; the OAuth state names company and user (decision 016)',
  },
  {
    methods: ['GET'],
    path: /^\/api\/openapi\.json$/,
    access: 'public',
    why: 'the public API description (decision 020): contracts only, no company data',
  },
  {
    methods: ['GET'],
    path: /^\/api\/shared\//,
    access: 'public',
    why: 'a shared pack opens without an account; the unguessable, revocable token is the access (decision 078)',
  },
  {
    methods: ['GET'],
    path: /^\/\.well-known\/jwks\.json$/,
    access: 'public',
    why: 'the public keys that verify shared packs (decision 078): no company data',
  },
  {
    methods: MUTATING,
    path: /^\/api\/analytics\//,
    access: 'public',
    why: 'usage beacons, sent by visitors too (spec §6: Analytics has no redirect)',
  },

  // Viewers may make these writes: they concern only the caller, or compute without writing.
  {
    methods: ['PUT'],
    path: /^\/api\/auth\/user$/,
    access: 'viewer',
    why: 'own profile (company fields: admin, checked inside)',
  },
  {
    methods: ['PUT'],
    path: /^\/api\/auth\/password$/,
    access: minimumRole('profile.edit'),
    why: 'own password, with the current one (decision 045)',
  },
  {
    methods: ['POST', 'DELETE'],
    path: /^\/api\/auth\/user\/photo$/,
    access: minimumRole('profile.edit'),
    why: 'own photo: any signed-in role changes or removes their own picture (profile.edit)',
  },
  {
    methods: ['DELETE'],
    path: /^\/api\/auth\/email-change$/,
    access: 'viewer',
    why: 'cancels one’s own pending email change (decision 041)',
  },
  {
    methods: ['POST'],
    path: /^\/api\/auth\/switch-company$/,
    access: 'viewer',
    why: 'moves one’s own session to another company one belongs to (decision 031)',
  },
  {
    methods: MUTATING,
    path: /^\/api\/auth\/(signout|sessions)/,
    access: 'viewer',
    why: '(parallel) own sign-out and sessions',
  },
  {
    methods: ['POST'],
    path: /^\/api\/support\/feedback$/,
    access: 'viewer',
    why: 'anyone may write to support',
  },
  {
    methods: ['GET'],
    path: /^\/api\/users\/[^/]+\/photo$/,
    access: minimumRole('data.read'),
    why: "a colleague's photo beside their name: only within the caller's company (404 otherwise)",
  },
  {
    methods: ['POST'],
    path: /^\/api\/narratives\/check$/,
    access: 'viewer',
    why: 'checks a draft, writes nothing',
  },
  {
    methods: ['POST'],
    path: /^\/api\/reports\/[^/]+\/xbrl$/,
    access: 'viewer',
    why: 'a download; POST per spec §7',
  },
  {
    methods: ANY,
    path: /^\/api\/(privacy|gdpr)\//,
    access: minimumRole('profile.privacy'),
    why: "one's own data: GDPR Art. 15, 17, 20",
  },

  // Calls above "member for a write, viewer for a read". Naming them here, route by route, means a
  // route that quietly lowers its permission (or an admin route added unlisted) fails this test.
  {
    methods: ['POST'],
    path: /^\/api\/regulatory\/submit$/,
    access: minimumRole('filing.submit'),
    why: 'filing',
  },
  {
    methods: ['DELETE'],
    path: /^\/api\/data-sources\/[^/]+$/,
    access: minimumRole('sources.delete'),
    why: 'deletes its lines too',
  },
  {
    methods: ['DELETE'],
    path: /^\/api\/esg\/evidence\/[^/]+$/,
    access: minimumRole('evidence.delete'),
    why: 'destroys evidence',
  },
  {
    methods: ['POST'],
    path: /^\/api\/carbon-offsets\/purchase$/,
    access: minimumRole('offsets.purchase'),
    why: 'spends money',
  },
  {
    methods: ['POST'],
    path: /^\/api\/carbon-offsets\/purchases\/[^/]+\/retire$/,
    access: minimumRole('offsets.retire'),
    why: 'irreversible',
  },
  {
    methods: ['GET'],
    path: /^\/api\/integrations\/[^/]+\/connect$/,
    access: minimumRole('sources.manage'),
    why: 'OAuth starts with a GET',
  },

  // Admin calls of the team, billing, API keys and audit features, until their routes declare a
  // permission. Their reads (the team list, the plan) are open to everyone, as the default says.
  { methods: MUTATING, path: /^\/api\/team\b/, access: minimumRole('team.manage'), why: 'team' },
  {
    methods: MUTATING,
    path: /^\/api\/billing\b/,
    access: minimumRole('billing.manage'),
    why: 'billing: changes what the company pays',
  },
  {
    methods: ANY,
    path: /^\/api\/api-keys\b/,
    access: minimumRole('apiKeys.manage'),
    why: 'API keys: list, create, regenerate, revoke (requirePermission, decision 020)',
  },
  {
    methods: MUTATING,
    path: /^\/api\/company\/branding(\/logo)?$/,
    access: minimumRole('branding.manage'),
    why: 'report branding: how the company presents itself (Enterprise; decision 027)',
  },
  {
    methods: ['GET'],
    path: /^\/api\/audit-logs?\b/,
    access: minimumRole('audit.read'),
    why: 'audit log',
  },
  {
    methods: ['DELETE'],
    path: /^\/api\/(account|company)$/,
    access: minimumRole('account.delete'),
    why: '(parallel)',
  },
];

const isMutating = (method: string) => (MUTATING as readonly string[]).includes(method);

function ruleFor(route: WalkedRoute): Rule | undefined {
  return RULES.find((rule) => rule.methods.includes(route.method as Method) && rule.path.test(route.path));
}

/**
 * What a route should let through: its rule, else member for a write and viewer for a read. The
 * role a route's middleware declares is not trusted here: it is checked against this.
 */
function expectedAccess(route: WalkedRoute): Access {
  return ruleFor(route)?.access ?? (isMutating(route.method) ? 'member' : 'viewer');
}

const name = (route: WalkedRoute) => `${route.method} ${route.path}`;

const t = await createTestApp();
const routes = walkRoutes(t.app);
const owner = await t.signUpCompany();

/** A new user moved into the owner's company with `role` (the test-only path of the other tests). */
async function joinAs(role: Role): Promise<string> {
  const joiner = await t.signUpCompany();
  await t.db
    .update(memberships)
    .set({ companyId: owner.user.companyId, role })
    .where(eq(memberships.userId, joiner.user.id));
  await t.db
    .update(sessions)
    .set({ companyId: owner.user.companyId })
    .where(eq(sessions.userId, joiner.user.id));
  forgetCachedSessions(t.db);
  return joiner.cookie;
}

const viewer = await joinAs('viewer');
const member = await joinAs('member');

/** The call as a browser would make it, `{}` as the body of a write. */
async function callAs(route: WalkedRoute, cookie?: string) {
  const body = isMutating(route.method) ? {} : undefined;
  return t.call(route.method, concretePath(route.path), { cookie, body });
}

describe('the route walk', () => {
  test('finds the product routes, and each declares the role expected of it', () => {
    const found = new Set(routes.map(name));
    // A walk that found nothing would pass everything below.
    for (const known of ['GET /api/activities', 'POST /api/carbon-offsets/purchase', 'PUT /api/auth/user']) {
      expect(found).toContain(known);
    }
    expect(routes.length).toBeGreaterThan(50);
    const disagreements = routes
      .filter((route) => {
        const rule = ruleFor(route);
        return rule && route.declaredRole && rule.access !== route.declaredRole;
      })
      .map(
        (route) => `${name(route)}: rule says ${ruleFor(route)?.access}, route says ${route.declaredRole}`,
      );
    expect(disagreements).toEqual([]);
  });

  test('fills path parameters so a role check answers before any lookup', () => {
    expect(concretePath('/api/reports/:id/file')).toMatch(/^\/api\/reports\/[0-9a-f-]{36}\/file$/);
    expect(concretePath('/api/integrations/:provider{quickbooks|xero}/connect')).toBe(
      '/api/integrations/quickbooks/connect',
    );
  });
});

describe('roles on every route', () => {
  test('without a session, every route but the public ones answers 401', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => expectedAccess(r) !== 'public')) {
      const { status } = await callAs(route);
      if (status !== 401) wrong.push(`${name(route)} → ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  test('a viewer gets 403 on every write not allow-listed above', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => isMutating(r.method))) {
      const access = expectedAccess(route);
      if (access === 'public' || access === 'viewer') continue;
      const { status } = await callAs(route, viewer);
      if (status !== 403) {
        wrong.push(
          `${name(route)} → ${status}: enforce a permission of src/domain/account/permissions.ts, or allow-list it in RULES with the reason`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  test('a viewer gets 403 on reads that need a higher role', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const access = expectedAccess(route);
      if (access !== 'member' && access !== 'admin') continue;
      const { status } = await callAs(route, viewer);
      if (status !== 403) wrong.push(`${name(route)} → ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  test('a member gets 403 on every admin call', async () => {
    const adminOnly = routes.filter((route) => expectedAccess(route) === 'admin');
    // The matrix has admin-only routes in this product (filing, deletion, offset purchase).
    expect(adminOnly.map(name)).toContain('POST /api/regulatory/submit');
    const wrong: string[] = [];
    for (const route of adminOnly) {
      const { status } = await callAs(route, member);
      if (status !== 403) wrong.push(`${name(route)} → ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  test('the allow-listed writes really are open to a viewer (a stale entry fails)', async () => {
    const allowed = routes.filter((r) => isMutating(r.method) && ruleFor(r)?.access === 'viewer');
    expect(allowed.map(name)).toContain('POST /api/support/feedback');
    const wrong: string[] = [];
    for (const route of allowed) {
      // A fresh viewer each time: one of these calls may sign its caller out or erase them.
      const { status } = await callAs(route, await joinAs('viewer'));
      if (status === 401 || status === 403) wrong.push(`${name(route)} → ${status}`);
    }
    expect(wrong).toEqual([]);
    // Each route signs up a fresh viewer (one password hash each): bun's 5 s default is too tight
    // on a busy 2-core machine.
  }, 30_000);
});
