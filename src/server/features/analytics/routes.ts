import { type Context, Hono } from 'hono';
import {
  AnalyticsQuerySchema,
  AnalyticsSessionIdSchema,
  PageViewSchema,
  TrackEventSchema,
} from '../../../domain/contracts/analytics.ts';
import type { AppEnv } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { authedContext, requireRole, serviceContext } from '../../lib/request.ts';
import { validate } from '../../lib/validate.ts';
import { getAnalyticsDashboard, getFeatureAdoption } from './dashboard.ts';
import { createSession, endSession, recordEvent, recordPageView, type TrackingContext } from './tracking.ts';

/** Tracking calls take signed-in callers and visitors alike (spec §2: Analytics has no redirect). */
const trackingContext = (c: Context<AppEnv>): TrackingContext => ({
  ...serviceContext(c),
  principal: c.var.principal,
});

/** Any signed-in role may read its company's figures; a visitor gets 401 before validation. */
const viewer = requireRole('viewer');

export const analyticsRoutes = new Hono<AppEnv>()
  .post('/analytics/sessions', async (c) => c.json(await createSession(trackingContext(c)), 201))
  // The pagehide beacon (navigator.sendBeacon) sends '{}' as text/plain: the body carries nothing
  // and is not read, so neither its type nor its content matter.
  .post('/analytics/sessions/:sessionId/end', async (c) => {
    const sessionId = AnalyticsSessionIdSchema.safeParse(c.req.param('sessionId'));
    if (!sessionId.success) throw notFound('Analytics session');
    await endSession(trackingContext(c), sessionId.data);
    return c.body(null, 204);
  })
  .post('/analytics/page-view', validate('json', PageViewSchema), async (c) => {
    await recordPageView(trackingContext(c), c.req.valid('json'));
    return c.body(null, 204);
  })
  .post('/analytics/events', validate('json', TrackEventSchema), async (c) => {
    await recordEvent(trackingContext(c), c.req.valid('json'));
    return c.body(null, 204);
  })
  .get('/analytics/dashboard', viewer, validate('query', AnalyticsQuerySchema), async (c) =>
    c.json(await getAnalyticsDashboard(authedContext(c), c.req.valid('query').days)),
  )
  .get('/analytics/feature-adoption', viewer, validate('query', AnalyticsQuerySchema), async (c) =>
    c.json(await getFeatureAdoption(authedContext(c), c.req.valid('query').days)),
  );
