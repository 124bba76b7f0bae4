import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { analyticsEvents, analyticsPageViews, analyticsSessions } from '../../db/schema/analytics.ts';
import { memberships, sessions } from '../../db/schema/auth.ts';
import { seedDemoAnalytics } from '../../db/seed/demo-analytics.ts';
import {
  AnalyticsDashboardSchema,
  FeatureAdoptionSchema,
  USAGE_EVENT_NAMES,
} from '../../src/domain/contracts/analytics.ts';
import {
  ANONYMOUS_SESSIONS_PER_IP_PER_HOUR,
  SESSIONS_LIMIT_MESSAGE,
} from '../../src/server/features/analytics/tracking.ts';
import { forgetCachedSessions } from '../../src/server/features/auth/session.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { createTestApp } from '../helpers/test-app.ts';

// The app's clock is moved by each step of the story; "today" for the figures is Wed 18 March 2026.
let clock = new Date('2026-03-01T09:00:00Z');
const at = (iso: string) => {
  clock = new Date(iso);
};
// TRUST_PROXY lets each test speak from its own IP address, so rate-limit buckets do not mix.
const t = await createTestApp({ now: () => clock, env: { TRUST_PROXY: 'true' } });

/** Three users of company A (admin, member, viewer) and one user of company B. */
const admin = await t.signUpCompany({ companyName: 'Alpha Analytics' });
const member = await t.signUpCompany();
const viewer = await t.signUpCompany();
const other = await t.signUpCompany({ companyName: 'Beta Analytics' });
for (const [joiner, role] of [
  [member, 'member'],
  [viewer, 'viewer'],
] as const) {
  await t.db
    .update(memberships)
    .set({ companyId: admin.user.companyId, role })
    .where(eq(memberships.userId, joiner.user.id));
  await t.db
    .update(sessions)
    .set({ companyId: admin.user.companyId })
    .where(eq(sessions.userId, joiner.user.id));
}
forgetCachedSessions(t.db);

const ip = (n: number) => ({ 'X-Forwarded-For': `203.0.113.${n}` });

async function startSession(cookie?: string, headers?: Record<string, string>) {
  const response = await t.call('POST', '/api/analytics/sessions', { cookie, headers });
  expect(response.status).toBe(201);
  return response.json.sessionId as string;
}
async function view(sessionId: string, page: string, cookie?: string) {
  const response = await t.call('POST', '/api/analytics/page-view', { cookie, body: { sessionId, page } });
  expect(response.status).toBe(204);
}
async function track(sessionId: string, eventName: string, eventData: object, cookie?: string) {
  const response = await t.call('POST', '/api/analytics/events', {
    cookie,
    body: { sessionId, eventName, eventData },
  });
  expect(response.status).toBe(204);
}
const sessionRow = (id: string) =>
  t.db.select().from(analyticsSessions).where(eq(analyticsSessions.id, id)).get();
const eventsOf = (sessionId: string) =>
  t.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId)).all();
const viewsOf = (sessionId: string) =>
  t.db.select().from(analyticsPageViews).where(eq(analyticsPageViews.sessionId, sessionId)).all();

// ---- The planted story (before the 7-day window, on its edges and inside it) ----
at('2026-03-05T10:00:00Z'); // inside 30 days only
const early = await startSession(admin.cookie);
await view(early, '/', admin.cookie);
await track(early, 'wizard_started', {}, admin.cookie);
at('2026-03-11T23:59:59.999Z'); // the last instant before the 7-day window
const justBefore = await startSession(viewer.cookie);
await track(justBefore, 'report_exported', { format: 'pdf' }, viewer.cookie);
at('2026-03-12T00:00:00.000Z'); // the first instant of the 7-day window
const adminTab = await startSession(admin.cookie);
await view(adminTab, '/data-sources?token=secret#top', admin.cookie);
await track(adminTab, 'data_source_connected', { type: 'csv' }, admin.cookie);
await track(adminTab, 'wizard_started', {}, admin.cookie);
at('2026-03-16T14:30:00Z');
const viewerTab = await startSession(viewer.cookie);
await view(viewerTab, '/export', viewer.cookie);
await track(viewerTab, 'report_exported', { format: 'pdf' }, viewer.cookie);
await track(viewerTab, 'report_exported', { format: 'xbrl' }, viewer.cookie);
await track(viewerTab, 'narrative_generated', { section: 'environmental' }, viewer.cookie);
at('2026-03-17T08:00:00Z');
const memberTab = await startSession(member.cookie);
await view(memberTab, '/analytics', member.cookie);
// Company B is busy the same day; none of it may reach company A's figures.
const otherTab = await startSession(other.cookie);
for (let i = 0; i < 5; i++) await track(otherTab, 'wizard_started', {}, other.cookie);
await track(otherTab, 'report_exported', { format: 'pdf' }, other.cookie);
// A visitor on the Analytics page: an anonymous session, counted for nobody.
const visitorTab = await startSession(undefined, ip(1));
await view(visitorTab, '/analytics');
at('2026-03-18T11:00:00Z'); // today: the admin's tab is used again
await view(adminTab, '/esg-wizard', admin.cookie);
await track(adminTab, 'wizard_step_completed', { step: 3 }, admin.cookie);
await track(adminTab, 'wizard_completed', {}, admin.cookie);
await track(adminTab, 'esg_progress_updated', { jurisdiction: 'CSRD', section: 'social' }, admin.cookie);
at('2026-03-18T12:00:00Z');

async function dashboard(cookie: string, days: number) {
  const response = await t.call('GET', `/api/analytics/dashboard?days=${days}`, { cookie });
  expect(response.status).toBe(200);
  return AnalyticsDashboardSchema.parse(response.json);
}
async function adoption(cookie: string, days: number) {
  const response = await t.call('GET', `/api/analytics/feature-adoption?days=${days}`, { cookie });
  expect(response.status).toBe(200);
  return FeatureAdoptionSchema.parse(response.json);
}
const journey = (visited: number, ...steps: Array<[number, number]>) =>
  [
    'Visited',
    'Connected a data source',
    'Started the ESG wizard',
    'Completed the ESG wizard',
    'Generated a narrative',
    'Exported a report',
  ].map((step, index) =>
    index === 0
      ? { step, users: visited, conversionRate: 100 }
      : { step, users: steps[index - 1]![0], conversionRate: steps[index - 1]![1] },
  );

describe('analytics dashboard figures', () => {
  test('7 days: exact totals, daily active users with zero days, funnel and top events', async () => {
    const figures = await dashboard(viewer.cookie, 7);
    const third: [number, number] = [1, 33.3];
    expect(figures).toEqual({
      totalUsers: 3,
      totalSessions: 3,
      totalEvents: 8,
      featureUsage: { pdfExports: 1, wizardCompletions: 1, narrativeGenerations: 1 },
      dailyActiveUsers: [
        { date: '2026-03-12', users: 1 },
        { date: '2026-03-13', users: 0 },
        { date: '2026-03-14', users: 0 },
        { date: '2026-03-15', users: 0 },
        { date: '2026-03-16', users: 1 },
        { date: '2026-03-17', users: 1 },
        { date: '2026-03-18', users: 1 },
      ],
      userJourney: journey(3, third, third, third, third, third),
      topEvents: [
        { eventName: 'report_exported', count: 2 },
        { eventName: 'data_source_connected', count: 1 },
        { eventName: 'esg_progress_updated', count: 1 },
        { eventName: 'narrative_generated', count: 1 },
        { eventName: 'wizard_completed', count: 1 },
        { eventName: 'wizard_started', count: 1 },
        { eventName: 'wizard_step_completed', count: 1 },
      ],
    });
  });

  test('30 days take in the earlier week and the last instant before the 7-day window', async () => {
    const figures = await dashboard(admin.cookie, 30);
    expect(figures.totalUsers).toBe(3);
    expect(figures.totalSessions).toBe(5);
    expect(figures.totalEvents).toBe(10);
    expect(figures.featureUsage).toEqual({ pdfExports: 2, wizardCompletions: 1, narrativeGenerations: 1 });
    expect(figures.dailyActiveUsers).toHaveLength(30);
    expect(figures.dailyActiveUsers[0]).toEqual({ date: '2026-02-17', users: 0 });
    expect(figures.dailyActiveUsers.filter((day) => day.users > 0)).toEqual([
      { date: '2026-03-05', users: 1 },
      { date: '2026-03-11', users: 1 },
      { date: '2026-03-12', users: 1 },
      { date: '2026-03-16', users: 1 },
      { date: '2026-03-17', users: 1 },
      { date: '2026-03-18', users: 1 },
    ]);
    expect(figures.topEvents.slice(0, 3)).toEqual([
      { eventName: 'report_exported', count: 3 },
      { eventName: 'wizard_started', count: 2 },
      { eventName: 'data_source_connected', count: 1 },
    ]);
  });

  test('90 days list every day from 19 December', async () => {
    const figures = await dashboard(member.cookie, 90);
    expect(figures.dailyActiveUsers).toHaveLength(90);
    expect(figures.dailyActiveUsers[0]!.date).toBe('2025-12-19');
    expect(figures.dailyActiveUsers.at(-1)!.date).toBe('2026-03-18');
  });

  test('feature adoption counts users, as percentages of active users', async () => {
    expect(await adoption(viewer.cookie, 7)).toEqual({
      adoption: {
        wizard: { started: 1, completed: 1, rate: 33.3 },
        narrative: { generated: 1, rate: 33.3 },
        export: { exported: 1, rate: 33.3 },
        dataSources: { connected: 1, rate: 33.3 },
      },
    });
  });

  test('company B sees only its own activity; a company with none sees zeros and an all-zero funnel', async () => {
    const figures = await dashboard(other.cookie, 7);
    expect(figures.totalUsers).toBe(1);
    expect(figures.totalEvents).toBe(6);
    expect(figures.featureUsage.pdfExports).toBe(1);
    expect(figures.topEvents).toEqual([
      { eventName: 'wizard_started', count: 5 },
      { eventName: 'report_exported', count: 1 },
    ]);
    const empty = await t.signUpCompany();
    const none = await dashboard(empty.cookie, 7);
    expect(none.totalUsers).toBe(0);
    expect(none.userJourney.map((step) => step.conversionRate)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(none.dailyActiveUsers.every((day) => day.users === 0)).toBe(true);
    expect((await adoption(empty.cookie, 90)).adoption.wizard).toEqual({ started: 0, completed: 0, rate: 0 });
  });

  test('days must be 7, 30 or 90 (30 when absent); signed out is 401', async () => {
    for (const path of ['/api/analytics/dashboard', '/api/analytics/feature-adoption']) {
      for (const days of ['14', '0', 'abc', '30.0']) {
        const response = await t.call('GET', `${path}?days=${days}`, { cookie: admin.cookie });
        expect({ path, days, status: response.status, message: response.json.message }).toEqual({
          path,
          days,
          status: 400,
          message: 'days must be 7, 30 or 90',
        });
      }
      const signedOut = await t.call('GET', `${path}?days=7`);
      expect(signedOut.status).toBe(401);
      expect(signedOut.json).toEqual({ message: 'Unauthorized' });
    }
    expect(
      (await t.call('GET', '/api/analytics/dashboard', { cookie: admin.cookie })).json.dailyActiveUsers,
    ).toHaveLength(30);
  });
});

describe('analytics sessions', () => {
  test('a signed-in session records company and user; a visitor session records neither', async () => {
    expect(await sessionRow(adminTab)).toMatchObject({
      companyId: admin.user.companyId,
      userId: admin.user.id,
      startedAt: new Date('2026-03-12T00:00:00Z'),
      endedAt: null,
    });
    expect(await sessionRow(visitorTab)).toMatchObject({ companyId: null, userId: null });
    expect(await viewsOf(visitorTab)).toMatchObject([{ page: '/analytics', companyId: null, userId: null }]);
  });

  test('a session is usable only by whoever created it', async () => {
    const before = (await viewsOf(adminTab)).length;
    const attempts = [
      { sessionId: adminTab, cookie: other.cookie }, // another company
      { sessionId: adminTab, cookie: viewer.cookie }, // a colleague
      { sessionId: adminTab, cookie: undefined }, // signed out
      { sessionId: visitorTab, cookie: admin.cookie }, // an anonymous session, signed in
      { sessionId: crypto.randomUUID(), cookie: admin.cookie }, // unknown
    ];
    for (const { sessionId, cookie } of attempts) {
      for (const [path, body] of [
        ['/api/analytics/page-view', { sessionId, page: '/' }],
        ['/api/analytics/events', { sessionId, eventName: 'wizard_started', eventData: {} }],
        [`/api/analytics/sessions/${sessionId}/end`, {}],
      ] as const) {
        const response = await t.call('POST', path, { cookie, body, headers: ip(2) });
        expect({ path, status: response.status, message: response.json.message }).toEqual({
          path,
          status: 404,
          message: 'Analytics session not found',
        });
      }
    }
    expect(await viewsOf(adminTab)).toHaveLength(before);
    expect((await sessionRow(adminTab))!.endedAt).toBeNull();
  });

  test('the unload beacon ends a session; the next page view re-opens it', async () => {
    at('2026-03-18T12:05:00Z');
    // As navigator.sendBeacon sends it: '{}' as text/plain, same-origin.
    const beacon = await t.call('POST', `/api/analytics/sessions/${adminTab}/end`, {
      cookie: admin.cookie,
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });
    expect(beacon.status).toBe(204);
    expect((await sessionRow(adminTab))!.endedAt).toEqual(new Date('2026-03-18T12:05:00Z'));
    at('2026-03-18T12:05:01Z');
    await view(adminTab, '/kpi-dashboard', admin.cookie);
    expect((await sessionRow(adminTab))!.endedAt).toBeNull();
    // A cross-site beacon is refused by the CSRF check like any other mutation.
    const crossSite = await t.call('POST', `/api/analytics/sessions/${adminTab}/end`, {
      cookie: admin.cookie,
      headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const malformed = await t.call('POST', '/api/analytics/sessions/not-a-session/end', {
      cookie: admin.cookie,
    });
    expect(malformed.status).toBe(404);
    at('2026-03-18T12:00:00Z');
  });

  test('visitors may create only a few sessions an hour from one IP address; signed-in users are counted apart, per user', async () => {
    at('2026-03-18T15:00:00Z');
    for (let i = 0; i < ANONYMOUS_SESSIONS_PER_IP_PER_HOUR; i++) await startSession(undefined, ip(3));
    const refused = await t.call('POST', '/api/analytics/sessions', { headers: ip(3) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('3600');
    expect(refused.json.message).toBe(SESSIONS_LIMIT_MESSAGE);
    await startSession(undefined, ip(4));
    await startSession(admin.cookie, ip(3));
    at('2026-03-18T16:00:01Z');
    await startSession(undefined, ip(3));
    at('2026-03-18T12:00:00Z');
  });
});

describe('page views and events', () => {
  test('a page is stored as its path only: no query, no fragment, no host, ids and tokens masked, 200 characters at most', async () => {
    const tab = await startSession(admin.cookie);
    const pages: Array<[string, string]> = [
      ['/data-sources?code=abc&state=xyz#frag', '/data-sources'],
      ['https://evil.example/settings?tab=team', '/settings'],
      [`/reports/${crypto.randomUUID()}/download`, '/reports/:id/download'],
      ['/invite/k3j4h5g6f7d8s9a0q1w2e3r4', '/invite/:id'],
      ['/people/ada@example.com/', '/people/:id'],
      [`/${'a'.repeat(500)}`, `/${'a'.repeat(199)}`],
    ];
    for (const [page] of pages) await view(tab, page, admin.cookie);
    expect((await viewsOf(tab)).map((row) => row.page)).toEqual(pages.map(([, stored]) => stored));
    for (const page of ['', 'settings', '//evil.example/x', '?only=query', 'x'.repeat(2001)]) {
      const response = await t.call('POST', '/api/analytics/page-view', {
        cookie: admin.cookie,
        body: { sessionId: tab, page },
      });
      expect({ page: page.slice(0, 20), status: response.status }).toEqual({
        page: page.slice(0, 20),
        status: 400,
      });
    }
    const noSession = await t.call('POST', '/api/analytics/page-view', {
      cookie: admin.cookie,
      body: { page: '/' },
    });
    expect(noSession.status).toBe(400);
  });

  test('every usage event of spec §7 is accepted with its data and stored as sent', async () => {
    const tab = await startSession(member.cookie);
    const valid: Record<string, object> = {
      wizard_started: {},
      wizard_step_completed: { step: 2 },
      wizard_completed: {},
      narrative_generated: { section: 'executive_summary' },
      report_exported: { format: 'csv' },
      data_source_connected: { type: 'odoo' },
      data_source_sync: { type: 'shopify', success: false },
      esg_progress_updated: { jurisdiction: 'SECR', section: 'governance' },
    };
    expect(Object.keys(valid).sort()).toEqual([...USAGE_EVENT_NAMES].sort());
    for (const [eventName, eventData] of Object.entries(valid))
      await track(tab, eventName, eventData, member.cookie);
    const stored = await eventsOf(tab);
    expect(stored.map((row) => [row.eventName, JSON.parse(row.eventData)])).toEqual(Object.entries(valid));
    expect(
      stored.every((row) => row.companyId === admin.user.companyId && row.userId === member.user.id),
    ).toBe(true);
    // No data at all stands for {} on events that carry none.
    const bare = await t.call('POST', '/api/analytics/events', {
      cookie: member.cookie,
      body: { sessionId: tab, eventName: 'wizard_completed' },
    });
    expect(bare.status).toBe(204);
  });

  // The field errors name the top-level field (`eventData`); the message names the inner one.
  test('unknown events, wrong or extra data and bad session ids are refused with 400 and store nothing', async () => {
    const tab = await startSession(admin.cookie);
    const cases: Array<[object, string]> = [
      [{ eventName: 'user_signed_up', eventData: {} }, 'eventName'],
      [{ eventName: 'constructor', eventData: {} }, 'eventName'],
      [{ eventName: 'wizard_step_completed', eventData: { step: 'two' } }, 'eventData'],
      [{ eventName: 'wizard_step_completed', eventData: {} }, 'eventData'],
      [{ eventName: 'wizard_step_completed', eventData: { step: 9 } }, 'eventData'],
      [{ eventName: 'narrative_generated', eventData: { section: 'poetry' } }, 'eventData'],
      [{ eventName: 'report_exported', eventData: { format: 'pdf', email: 'ada@example.com' } }, 'eventData'],
      [{ eventName: 'wizard_started', eventData: { note: 'free text' } }, 'eventData'],
      [{ eventName: 'data_source_sync', eventData: { type: 'csv', success: 'yes' } }, 'eventData'],
      [{ eventName: 'wizard_started', eventData: [] }, 'eventData'],
    ];
    for (const [body, field] of cases) {
      const response = await t.call('POST', '/api/analytics/events', {
        cookie: admin.cookie,
        body: { sessionId: tab, ...body },
      });
      expect({
        body,
        status: response.status,
        fields: Object.keys(response.json.details.fieldErrors),
      }).toEqual({
        body,
        status: 400,
        fields: [field],
      });
    }
    const unknown = await t.call('POST', '/api/analytics/events', {
      cookie: admin.cookie,
      body: { sessionId: tab, eventName: 'user_signed_up', eventData: {} },
    });
    expect(unknown.json.message).toBe('Unknown event: user_signed_up');
    const badSession = await t.call('POST', '/api/analytics/events', {
      cookie: admin.cookie,
      body: { sessionId: 'abc', eventName: 'wizard_started', eventData: {} },
    });
    expect(badSession.status).toBe(400);
    expect(await eventsOf(tab)).toEqual([]);
  });

  test('a visitor may use their anonymous session', async () => {
    const tab = await startSession(undefined, ip(5));
    await view(tab, '/analytics?days=90');
    await track(tab, 'wizard_started', {});
    expect(await viewsOf(tab)).toMatchObject([{ page: '/analytics', userId: null, companyId: null }]);
    expect(await eventsOf(tab)).toMatchObject([
      { eventName: 'wizard_started', userId: null, companyId: null },
    ]);
  });
});

describe('demo analytics', () => {
  test('give the demo company five weeks of plausible usage, once', async () => {
    const demo = await t.signUpCompany({ jurisdiction: 'SECR' });
    const session = await t.db.select().from(sessions).where(eq(sessions.userId, demo.user.id)).get();
    const ctx = {
      db: t.db,
      config: t.config,
      log: createLogger('silent'),
      requestId: 'demo-test',
      ip: null,
      now: () => clock,
      userId: demo.user.id,
      companyId: demo.user.companyId,
      role: 'admin' as const,
      sessionId: session!.id,
    };
    const seeded = await seedDemoAnalytics(ctx);
    expect(seeded.sessions).toBeGreaterThan(20);
    expect((await seedDemoAnalytics(ctx)).sessions).toBe(0);
    const figures = await dashboard(demo.cookie, 30);
    expect(figures.totalUsers).toBe(1);
    expect(figures.totalSessions).toBeGreaterThan(15);
    expect(figures.featureUsage).toEqual({ pdfExports: 2, wizardCompletions: 1, narrativeGenerations: 4 });
    // The CSV upload and the wizard's start were 34 and 33 days ago: outside 30 days, inside 90.
    expect(figures.userJourney.map((step) => step.conversionRate)).toEqual([100, 0, 0, 100, 100, 100]);
    expect(figures.topEvents[0]!.eventName).toBe('esg_progress_updated');
    const all = await dashboard(demo.cookie, 90);
    expect(all.userJourney.map((step) => step.conversionRate)).toEqual([100, 100, 100, 100, 100, 100]);
    expect(all.dailyActiveUsers.filter((day) => day.users > 0).length).toBeGreaterThan(20);
  });
});
