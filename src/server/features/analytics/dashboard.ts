import { and, count, countDistinct, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { analyticsEvents, analyticsPageViews, analyticsSessions } from '../../../../db/schema/analytics.ts';
import {
  type AnalyticsWindow,
  analyticsWindow,
  DAY_MS,
  percentOf,
} from '../../../domain/analytics/figures.ts';
import type {
  AnalyticsDashboard,
  AnalyticsRange,
  FeatureAdoption,
  UsageEventName,
} from '../../../domain/contracts/analytics.ts';
import type { AuthedContext } from '../../context.ts';

/*
 * The Analytics screen's figures (spec §3), for the caller's company only, over the window of
 * `analyticsWindow`: the last N whole UTC days, today included. Every count is a SQL aggregate over
 * the three analytics tables. Definitions:
 *
 * - activity: a session started, a page viewed or a usage event, by a user of the company;
 * - active users (totalUsers, the journey's first step, the base of every adoption rate): distinct
 *   users with any activity in the window;
 * - totalSessions: sessions started in the window; totalEvents: usage events in the window (page
 *   views are not events);
 * - featureUsage: numbers of events in the window: report_exported with format pdf (pdfExports),
 *   wizard_completed, narrative_generated;
 * - dailyActiveUsers: distinct users with activity on each UTC day, every day listed, zeros included;
 * - userJourney: visited → connected a data source → started the ESG wizard → completed it →
 *   generated a narrative → exported a report. Each step counts the active users who did that
 *   step in the window (not only those who also did the earlier ones: a company that connected its
 *   data last quarter still moves on to the wizard). conversionRate = step users ÷ visitors × 100;
 * - topEvents: the ten most frequent events of the window, ties by name;
 * - adoption: distinct users who did the feature's event in the window; each rate = those users ÷
 *   active users × 100 (for the wizard: users who completed it).
 * Percentages have one decimal (src/domain/analytics/figures.ts).
 */

/** spec §3 userJourney, in funnel order, each step named by the usage event that marks it. */
const JOURNEY: ReadonlyArray<{ step: string; eventName: UsageEventName }> = [
  { step: 'Connected a data source', eventName: 'data_source_connected' },
  { step: 'Started the ESG wizard', eventName: 'wizard_started' },
  { step: 'Completed the ESG wizard', eventName: 'wizard_completed' },
  { step: 'Generated a narrative', eventName: 'narrative_generated' },
  { step: 'Exported a report', eventName: 'report_exported' },
];
export const FIRST_JOURNEY_STEP = 'Visited';
const TOP_EVENTS = 10;

const ms = (date: Date) => date.getTime();

/** Company activity rows (user, time) of the window: session starts, page views and events. */
function activity(ctx: AuthedContext, window: AnalyticsWindow) {
  const [from, to] = [ms(window.from), ms(window.to)];
  return sql`
    SELECT ${analyticsSessions.userId} AS user_id, ${analyticsSessions.startedAt} AS at FROM ${analyticsSessions}
      WHERE ${analyticsSessions.companyId} = ${ctx.companyId}
        AND ${analyticsSessions.startedAt} >= ${from} AND ${analyticsSessions.startedAt} < ${to}
    UNION ALL
    SELECT ${analyticsPageViews.userId}, ${analyticsPageViews.createdAt} FROM ${analyticsPageViews}
      WHERE ${analyticsPageViews.companyId} = ${ctx.companyId}
        AND ${analyticsPageViews.createdAt} >= ${from} AND ${analyticsPageViews.createdAt} < ${to}
    UNION ALL
    SELECT ${analyticsEvents.userId}, ${analyticsEvents.createdAt} FROM ${analyticsEvents}
      WHERE ${analyticsEvents.companyId} = ${ctx.companyId}
        AND ${analyticsEvents.createdAt} >= ${from} AND ${analyticsEvents.createdAt} < ${to}`;
}

/**
 * Distinct active users of the whole window (day null) and of each UTC day (day 0 = first day).
 * The CAST: bound numbers may arrive as reals, and the day must be a whole number.
 */
async function activeUsers(ctx: AuthedContext, window: AnalyticsWindow) {
  const from = ms(window.from);
  const rows = await ctx.db.all<{ day: number | null; users: number }>(sql`
    WITH activity AS (${activity(ctx, window)})
    SELECT NULL AS day, COUNT(DISTINCT user_id) AS users FROM activity WHERE user_id IS NOT NULL
    UNION ALL
    SELECT CAST((at - ${from}) / ${DAY_MS} AS INTEGER) AS day, COUNT(DISTINCT user_id) AS users FROM activity
      WHERE user_id IS NOT NULL GROUP BY day`);
  const total = Number(rows.find((row) => row.day === null)?.users ?? 0);
  const byDay = new Map(
    rows.filter((row) => row.day !== null).map((row) => [Number(row.day), Number(row.users)]),
  );
  return { total, daily: window.dates.map((date, day) => ({ date, users: byDay.get(day) ?? 0 })) };
}

const eventsInWindow = (ctx: AuthedContext, window: AnalyticsWindow) =>
  and(
    eq(analyticsEvents.companyId, ctx.companyId),
    gte(analyticsEvents.createdAt, window.from),
    lt(analyticsEvents.createdAt, window.to),
  );

/** Per event name: how many times, and by how many distinct users, most frequent first. */
function eventsByName(ctx: AuthedContext, window: AnalyticsWindow) {
  return ctx.db
    .select({
      eventName: analyticsEvents.eventName,
      count: count(),
      users: countDistinct(analyticsEvents.userId),
    })
    .from(analyticsEvents)
    .where(eventsInWindow(ctx, window))
    .groupBy(analyticsEvents.eventName)
    .orderBy(desc(count()), analyticsEvents.eventName);
}

async function pdfExports(ctx: AuthedContext, window: AnalyticsWindow): Promise<number> {
  const row = await ctx.db
    .select({ count: count() })
    .from(analyticsEvents)
    .where(
      and(
        eventsInWindow(ctx, window),
        eq(analyticsEvents.eventName, 'report_exported'),
        sql`json_extract(${analyticsEvents.eventData}, '$.format') = 'pdf'`,
      ),
    )
    .get();
  return row?.count ?? 0;
}

async function sessionsStarted(ctx: AuthedContext, window: AnalyticsWindow): Promise<number> {
  const row = await ctx.db
    .select({ count: count() })
    .from(analyticsSessions)
    .where(
      and(
        eq(analyticsSessions.companyId, ctx.companyId),
        gte(analyticsSessions.startedAt, window.from),
        lt(analyticsSessions.startedAt, window.to),
      ),
    )
    .get();
  return row?.count ?? 0;
}

/** GET /api/analytics/dashboard?days= */
export async function getAnalyticsDashboard(
  ctx: AuthedContext,
  days: AnalyticsRange,
): Promise<AnalyticsDashboard> {
  const window = analyticsWindow(ctx.now(), days);
  const [users, totalSessions, events, pdf] = await Promise.all([
    activeUsers(ctx, window),
    sessionsStarted(ctx, window),
    eventsByName(ctx, window),
    pdfExports(ctx, window),
  ]);
  const byName = new Map(events.map((event) => [event.eventName, event]));
  const timesOf = (name: UsageEventName) => byName.get(name)?.count ?? 0;
  const usersOf = (name: UsageEventName) => byName.get(name)?.users ?? 0;
  return {
    totalUsers: users.total,
    totalSessions,
    totalEvents: events.reduce((sum, event) => sum + event.count, 0),
    featureUsage: {
      pdfExports: pdf,
      wizardCompletions: timesOf('wizard_completed'),
      narrativeGenerations: timesOf('narrative_generated'),
    },
    dailyActiveUsers: users.daily,
    userJourney: [
      { step: FIRST_JOURNEY_STEP, users: users.total, conversionRate: users.total > 0 ? 100 : 0 },
      ...JOURNEY.map(({ step, eventName }) => ({
        step,
        users: usersOf(eventName),
        conversionRate: percentOf(usersOf(eventName), users.total),
      })),
    ],
    topEvents: events.slice(0, TOP_EVENTS).map(({ eventName, count }) => ({ eventName, count })),
  };
}

/** GET /api/analytics/feature-adoption?days= */
export async function getFeatureAdoption(ctx: AuthedContext, days: AnalyticsRange): Promise<FeatureAdoption> {
  const window = analyticsWindow(ctx.now(), days);
  const [users, events] = await Promise.all([activeUsers(ctx, window), eventsByName(ctx, window)]);
  const usersOf = (name: UsageEventName) => events.find((event) => event.eventName === name)?.users ?? 0;
  const rate = (name: UsageEventName) => percentOf(usersOf(name), users.total);
  return {
    adoption: {
      wizard: {
        started: usersOf('wizard_started'),
        completed: usersOf('wizard_completed'),
        rate: rate('wizard_completed'),
      },
      narrative: { generated: usersOf('narrative_generated'), rate: rate('narrative_generated') },
      export: { exported: usersOf('report_exported'), rate: rate('report_exported') },
      dataSources: { connected: usersOf('data_source_connected'), rate: rate('data_source_connected') },
    },
  };
}
