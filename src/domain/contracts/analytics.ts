import { z } from 'zod';
import { sanitisePagePath } from '../analytics/page-path.ts';
import { JurisdictionSchema } from './auth.ts';
import { DataSourceTypeSchema } from './data-sources.ts';
import { EsgSectionSchema } from './esg-wizard.ts';
import { ReportFormatSchema } from './export.ts';
import { NarrativeSectionSchema } from './narratives.ts';
import { text } from './text.ts';

/**
 * Usage analytics of the product itself (spec §3, §7). Events and their data are a closed list:
 * every payload is a strict object of enums, booleans and small integers, so nothing free-form
 * (a name, an email, a typed value) can be stored through this door.
 */

/** spec §7 "Usage events tracked by the client", each with the data the client sends. */
export const USAGE_EVENT_DATA = {
  wizard_started: z.strictObject({}),
  /** Step just completed: 1 Jurisdiction, 2 Checklist, 3 Review (spec §2 four-step indicator). */
  wizard_step_completed: z.strictObject({ step: z.int().min(1).max(4) }),
  wizard_completed: z.strictObject({}),
  narrative_generated: z.strictObject({ section: NarrativeSectionSchema }),
  report_exported: z.strictObject({ format: ReportFormatSchema }),
  data_source_connected: z.strictObject({ type: DataSourceTypeSchema }),
  data_source_sync: z.strictObject({ type: DataSourceTypeSchema, success: z.boolean() }),
  esg_progress_updated: z.strictObject({ jurisdiction: JurisdictionSchema, section: EsgSectionSchema }),
} as const;

export type UsageEventName = keyof typeof USAGE_EVENT_DATA;
export const USAGE_EVENT_NAMES = Object.keys(USAGE_EVENT_DATA) as UsageEventName[];

const isUsageEventName = (name: string): name is UsageEventName => Object.hasOwn(USAGE_EVENT_DATA, name);

/** Sessions are created by the server (crypto.randomUUID), so anything else is not one of ours. */
export const AnalyticsSessionIdSchema = z.uuid({ error: 'Unknown analytics session' });

export const SessionCreatedSchema = z.object({ sessionId: z.string() });
export type SessionCreated = z.infer<typeof SessionCreatedSchema>;

/**
 * POST /api/analytics/page-view. Up to 2,000 characters are accepted (a long address is not the
 * visitor's fault); what is stored is the sanitised path (src/domain/analytics/page-path.ts).
 */
export const PageViewSchema = z.object({
  page: text('page', { max: 2000 }).transform((raw, context) => {
    const path = sanitisePagePath(raw);
    if (path === null) {
      context.addIssue({ code: 'custom', message: 'page must be a path such as /export' });
      return z.NEVER;
    }
    return path;
  }),
  sessionId: AnalyticsSessionIdSchema,
});
export type PageView = z.infer<typeof PageViewSchema>;

/**
 * POST /api/analytics/events. An unknown event name is refused (400, `eventName`); the data is
 * checked with that event's own schema (400, `eventData.<field>`). Missing data means `{}`.
 */
export const TrackEventSchema = z
  .object({
    eventName: z.string({ error: 'eventName is required' }).max(64),
    eventData: z.record(z.string(), z.unknown()).default({}),
    sessionId: AnalyticsSessionIdSchema,
  })
  .transform((input, context) => {
    if (!isUsageEventName(input.eventName)) {
      context.addIssue({ code: 'custom', path: ['eventName'], message: `Unknown event: ${input.eventName}` });
      return z.NEVER;
    }
    const data = USAGE_EVENT_DATA[input.eventName].safeParse(input.eventData);
    if (!data.success) {
      for (const issue of data.error.issues) {
        context.addIssue({
          code: 'custom',
          path: ['eventData', ...issue.path.map(String)],
          message: issue.message,
        });
      }
      return z.NEVER;
    }
    return {
      eventName: input.eventName,
      eventData: data.data as Record<string, unknown>,
      sessionId: input.sessionId,
    };
  });
export type TrackEvent = z.infer<typeof TrackEventSchema>;

/** spec §9: analytics ranges 7, 30 (default) or 90 days; anything else is refused. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;

export const AnalyticsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { error: 'days must be 7, 30 or 90' })
    .default('30')
    .transform((days) => Number(days) as AnalyticsRange),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

/** spec §3 analytics dashboard. Definitions of every figure: src/server/features/analytics/dashboard.ts. */
export const AnalyticsDashboardSchema = z.object({
  totalUsers: z.number().int(),
  totalSessions: z.number().int(),
  totalEvents: z.number().int(),
  featureUsage: z.object({
    pdfExports: z.number().int(),
    wizardCompletions: z.number().int(),
    narrativeGenerations: z.number().int(),
  }),
  dailyActiveUsers: z.array(z.object({ date: z.string(), users: z.number().int() })),
  userJourney: z.array(z.object({ step: z.string(), users: z.number().int(), conversionRate: z.number() })),
  topEvents: z.array(z.object({ eventName: z.string(), count: z.number().int() })),
});
export type AnalyticsDashboard = z.infer<typeof AnalyticsDashboardSchema>;

const RateSchema = z.number().min(0).max(100);

/** spec §3 feature adoption; rates are percentages of the range's active users. */
export const FeatureAdoptionSchema = z.object({
  adoption: z.object({
    wizard: z.object({ started: z.number().int(), completed: z.number().int(), rate: RateSchema }),
    narrative: z.object({ generated: z.number().int(), rate: RateSchema }),
    export: z.object({ exported: z.number().int(), rate: RateSchema }),
    dataSources: z.object({ connected: z.number().int(), rate: RateSchema }),
  }),
});
export type FeatureAdoption = z.infer<typeof FeatureAdoptionSchema>;
