import { and, eq, isNotNull } from 'drizzle-orm';
import { analyticsEvents, analyticsPageViews, analyticsSessions } from '../../../../db/schema/analytics.ts';
import type { PageView, SessionCreated, TrackEvent } from '../../../domain/contracts/analytics.ts';
import type { Principal, ServiceContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { WindowCounter } from './session-limit.ts';

/**
 * Usage analytics writes (spec §4 "Usage-analytics session", §7). What is stored: the company and
 * user ids of a signed-in caller (nothing for a visitor), timestamps, a sanitised page path and the
 * events' small enum payloads. No IP address, user agent, name or email is kept; the IP is only
 * the key of a short-lived rate-limit counter. These rows are telemetry, not business data, so they
 * write no audit entry (docs/decisions/022-product-analytics.md).
 */

/** A caller is a signed-in principal, or null for a visitor (the Analytics page has no redirect). */
export interface TrackingContext extends ServiceContext {
  principal: Principal | null;
}

const HOUR_MS = 3_600_000;
/**
 * Visitors are anonymous, so their writes are bounded per IP address: a tab creates one session
 * and a handful of page views an hour; these ceilings only stop a script from filling the table.
 */
export const ANONYMOUS_SESSIONS_PER_IP_PER_HOUR = 30;
export const ANONYMOUS_WRITES_PER_IP_PER_HOUR = 600;
/**
 * Every session, signed in or not, is bounded too (decision 042): a person loads a page every few
 * seconds at most, so a minute's ceiling of 60 page views and events never meets a person, only a
 * script (one wrote 1,272 page views a second). A signed-in person's sessions per hour are bounded
 * so that opening new sessions does not get around it.
 */
export const WRITES_PER_SESSION_PER_MINUTE = 60;
export const SESSIONS_PER_USER_PER_HOUR = 120;
const MINUTE_MS = 60_000;

/** What the 429s below say: no person's attempt is counted, the page's usage analytics are. */
export const SESSIONS_LIMIT_MESSAGE =
  'Too many analytics sessions were opened in the last hour. Analytics resumes within the hour.';
export const ANONYMOUS_WRITES_LIMIT_MESSAGE =
  'Too many page views and events from this address in the last hour. Analytics resumes within the hour.';

async function limitAnonymous(ctx: TrackingContext, bucket: string, limit: number, message: string) {
  if (ctx.principal) return;
  await consumeRateLimit(
    ctx.db,
    { key: `analytics-${bucket}-ip:${ctx.ip ?? 'unknown'}`, limit, windowMs: HOUR_MS, message },
    ctx.now(),
  );
}

const sessionWrites = new WindowCounter(WRITES_PER_SESSION_PER_MINUTE, MINUTE_MS);

/** Page views and events of one (existing, owned) session, counted in memory (session-limit.ts). */
function limitSession(ctx: TrackingContext, sessionId: string) {
  sessionWrites.consume(
    sessionId,
    ctx.now(),
    'Too many page views and events from this page. Analytics resumes in a minute.',
  );
}

/** POST /api/analytics/sessions: a new session, tied to the caller's user and company when signed in. */
export async function createSession(ctx: TrackingContext): Promise<SessionCreated> {
  await limitAnonymous(ctx, 'sessions', ANONYMOUS_SESSIONS_PER_IP_PER_HOUR, SESSIONS_LIMIT_MESSAGE);
  if (ctx.principal) {
    await consumeRateLimit(
      ctx.db,
      {
        key: `analytics-sessions-user:${ctx.principal.userId}`,
        limit: SESSIONS_PER_USER_PER_HOUR,
        windowMs: HOUR_MS,
        message: SESSIONS_LIMIT_MESSAGE,
      },
      ctx.now(),
    );
  }
  const id = crypto.randomUUID();
  await ctx.db.insert(analyticsSessions).values({
    id,
    companyId: ctx.principal?.companyId ?? null,
    userId: ctx.principal?.userId ?? null,
    startedAt: ctx.now(),
  });
  return { sessionId: id };
}

/**
 * The session, if the caller may use it: a signed-in caller only their own session in their
 * current company, a visitor only an anonymous one. Anything else answers the same 404 as an
 * unknown id, so a session id learnt elsewhere reveals nothing and cannot be written to.
 */
async function ownSession(ctx: TrackingContext, sessionId: string) {
  const session = await ctx.db
    .select({ companyId: analyticsSessions.companyId, userId: analyticsSessions.userId })
    .from(analyticsSessions)
    .where(eq(analyticsSessions.id, sessionId))
    .get();
  const owned =
    session &&
    (ctx.principal
      ? session.userId === ctx.principal.userId && session.companyId === ctx.principal.companyId
      : session.userId === null && session.companyId === null);
  if (!owned) throw notFound('Analytics session');
  return session;
}

/** A page view or event after the unload beacon means the person came back: the session is open again. */
function reopen(ctx: TrackingContext, sessionId: string) {
  return ctx.db
    .update(analyticsSessions)
    .set({ endedAt: null })
    .where(and(eq(analyticsSessions.id, sessionId), isNotNull(analyticsSessions.endedAt)));
}

/** POST /api/analytics/sessions/{id}/end (the pagehide beacon): records when the page was left. */
export async function endSession(ctx: TrackingContext, sessionId: string): Promise<void> {
  await ownSession(ctx, sessionId);
  await ctx.db
    .update(analyticsSessions)
    .set({ endedAt: ctx.now() })
    .where(eq(analyticsSessions.id, sessionId));
}

/** POST /api/analytics/page-view: one row per page load, with the path only (no query, no fragment). */
export async function recordPageView(ctx: TrackingContext, input: PageView): Promise<void> {
  await limitAnonymous(ctx, 'writes', ANONYMOUS_WRITES_PER_IP_PER_HOUR, ANONYMOUS_WRITES_LIMIT_MESSAGE);
  const session = await ownSession(ctx, input.sessionId);
  limitSession(ctx, input.sessionId);
  await ctx.db.batch([
    ctx.db.insert(analyticsPageViews).values({
      sessionId: input.sessionId,
      companyId: session.companyId,
      userId: session.userId,
      page: input.page,
      createdAt: ctx.now(),
    }),
    reopen(ctx, input.sessionId),
  ]);
}

/** POST /api/analytics/events: one usage event of spec §7 with its validated data. */
export async function recordEvent(ctx: TrackingContext, input: TrackEvent): Promise<void> {
  await limitAnonymous(ctx, 'writes', ANONYMOUS_WRITES_PER_IP_PER_HOUR, ANONYMOUS_WRITES_LIMIT_MESSAGE);
  const session = await ownSession(ctx, input.sessionId);
  limitSession(ctx, input.sessionId);
  await ctx.db.batch([
    ctx.db.insert(analyticsEvents).values({
      sessionId: input.sessionId,
      companyId: session.companyId,
      userId: session.userId,
      eventName: input.eventName,
      eventData: JSON.stringify(input.eventData),
      createdAt: ctx.now(),
    }),
    reopen(ctx, input.sessionId),
  ]);
}
