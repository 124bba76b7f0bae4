// The demo company's usage analytics (called by db/seed/demo.ts): five weeks of the team's visits
// before today, so the Analytics screen has figures. The story follows a small company's first
// reporting cycle: a CSV upload and the ESG wizard in week one, checklist work through the month,
// narratives in weeks three and four, the wizard completed and PDF/XBRL reports exported at the end.
// Rows are written directly (the services stamp "now"), with the same shapes the services store;
// a seeded random generator keeps every run identical relative to its start day.
import { count, eq } from 'drizzle-orm';
import { DAY_MS } from '../../src/domain/analytics/figures.ts';
import type { UsageEventName } from '../../src/domain/contracts/analytics.ts';
import type { AuthedContext } from '../../src/server/context.ts';
import { analyticsEvents, analyticsPageViews, analyticsSessions } from '../schema/analytics.ts';
import { memberships } from '../schema/auth.ts';

const DAYS = 35;
const PAGES = [
  '/',
  '/data-sources',
  '/esg-wizard',
  '/narrative-builder',
  '/kpi-dashboard',
  '/export',
  '/marketplace',
  '/analytics',
  '/settings',
  '/support',
];
const SECTIONS = ['environmental', 'social', 'governance'] as const;

type Milestone = { eventName: UsageEventName; eventData?: Record<string, unknown>; page: string };

/** Days before today → what the team did that day, in order (besides routine checklist edits). */
const MILESTONES: Record<number, Milestone[]> = {
  34: [{ eventName: 'data_source_connected', eventData: { type: 'csv' }, page: '/data-sources' }],
  33: [
    { eventName: 'wizard_started', page: '/esg-wizard' },
    { eventName: 'wizard_step_completed', eventData: { step: 1 }, page: '/esg-wizard' },
  ],
  26: [{ eventName: 'wizard_step_completed', eventData: { step: 2 }, page: '/esg-wizard' }],
  20: [
    { eventName: 'narrative_generated', eventData: { section: 'environmental' }, page: '/narrative-builder' },
  ],
  16: [
    {
      eventName: 'narrative_generated',
      eventData: { section: 'executive_summary' },
      page: '/narrative-builder',
    },
    { eventName: 'narrative_generated', eventData: { section: 'social' }, page: '/narrative-builder' },
  ],
  12: [
    { eventName: 'wizard_step_completed', eventData: { step: 3 }, page: '/esg-wizard' },
    { eventName: 'wizard_completed', page: '/esg-wizard' },
  ],
  9: [{ eventName: 'narrative_generated', eventData: { section: 'governance' }, page: '/narrative-builder' }],
  8: [{ eventName: 'report_exported', eventData: { format: 'pdf' }, page: '/export' }],
  4: [
    { eventName: 'report_exported', eventData: { format: 'pdf' }, page: '/export' },
    { eventName: 'report_exported', eventData: { format: 'xbrl' }, page: '/export' },
  ],
  2: [{ eventName: 'report_exported', eventData: { format: 'csv' }, page: '/export' }],
};

/** mulberry32: a tiny deterministic generator, so the demo looks the same on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeds the analytics once: a company that already has sessions is left as it is. */
export async function seedDemoAnalytics(ctx: AuthedContext): Promise<{ sessions: number }> {
  const existing = await ctx.db
    .select({ count: count() })
    .from(analyticsSessions)
    .where(eq(analyticsSessions.companyId, ctx.companyId))
    .get();
  if ((existing?.count ?? 0) > 0) return { sessions: 0 };
  // Everyone in the demo company, the first member (the demo user) doing the milestones.
  const members = await ctx.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.companyId, ctx.companyId))
    .all();
  const userIds = [ctx.userId, ...members.map((m) => m.userId).filter((id) => id !== ctx.userId)];
  const next = random(20260318);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const now = ctx.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sessions: (typeof analyticsSessions.$inferInsert)[] = [];
  const views: (typeof analyticsPageViews.$inferInsert)[] = [];
  const events: (typeof analyticsEvents.$inferInsert)[] = [];

  for (let daysAgo = DAYS; daysAgo >= 1; daysAgo--) {
    const day = today - daysAgo * DAY_MS;
    const weekend = [0, 6].includes(new Date(day).getUTCDay());
    userIds.forEach((userId, index) => {
      const milestones = index === 0 ? (MILESTONES[daysAgo] ?? []) : [];
      if (milestones.length === 0 && next() > (weekend ? 0.1 : 0.75)) return;
      // Office hours in the UK: a first visit between 08:00 and 11:00, sometimes a second after lunch.
      const visits = next() < 0.35 ? [8 + next() * 3, 13 + next() * 3] : [8 + next() * 3];
      visits.forEach((hour, visit) => {
        const sessionId = crypto.randomUUID();
        let at = day + Math.round(hour * 3_600_000);
        const stamp = () => {
          at += Math.round((1 + next() * 6) * 60_000);
          return new Date(at);
        };
        const base = { sessionId, companyId: ctx.companyId, userId };
        sessions.push({ id: sessionId, companyId: ctx.companyId, userId, startedAt: new Date(at) });
        views.push({ ...base, page: '/', createdAt: stamp() });
        for (const milestone of visit === 0 ? milestones : []) {
          views.push({ ...base, page: milestone.page, createdAt: stamp() });
          events.push({
            ...base,
            eventName: milestone.eventName,
            eventData: JSON.stringify(milestone.eventData ?? {}),
            createdAt: stamp(),
          });
        }
        // Routine: checklist answers after the wizard began, and a look around the app.
        const edits = daysAgo <= 33 && daysAgo >= 10 ? Math.floor(next() * 4) : 0;
        if (edits > 0) views.push({ ...base, page: '/esg-wizard', createdAt: stamp() });
        for (let edit = 0; edit < edits; edit++) {
          events.push({
            ...base,
            eventName: 'esg_progress_updated',
            eventData: JSON.stringify({ jurisdiction: 'SECR', section: pick(SECTIONS) }),
            createdAt: stamp(),
          });
        }
        for (let look = Math.floor(next() * 3); look > 0; look--) {
          views.push({ ...base, page: pick(PAGES), createdAt: stamp() });
        }
        sessions[sessions.length - 1]!.endedAt = stamp();
      });
    });
  }
  await ctx.db.batch([
    ctx.db.insert(analyticsSessions).values(sessions),
    ctx.db.insert(analyticsPageViews).values(views),
    ctx.db.insert(analyticsEvents).values(events),
  ]);
  return { sessions: sessions.length };
}
