// The ledger reads the period inventory (reports) and the ESG auto-fill share: a period's lines,
// at a region's sites when one is asked for, and the water and waste quantities and the "activity
// elsewhere" check over them. One definition, so a report and the checklist read the same figure.
import { and, eq, inArray, isNotNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { activityLines, sites } from '../../../../db/schema/ledger.ts';
import type { AutoFillRegion } from '../../../domain/esg/types.ts';
import type { AuthedContext } from '../../context.ts';
import { linesIn } from './aggregates.ts';

/** Inclusive ISO dates, and only the company's sites in this region (omitted = every site). */
export interface RegionalPeriod {
  from: string;
  to: string;
  region?: AutoFillRegion;
}

/**
 * Country codes of a region as sites store them: ISO 3166-1 'GB', and 'UK', which the site form
 * accepts and the factor choice reads as GB (src/domain/emissions/regions.ts).
 */
const REGION_COUNTRIES: Record<AutoFillRegion, string[]> = { GB: ['GB', 'UK'] };

const regionSiteKeys = (ctx: AuthedContext, region: AutoFillRegion) =>
  ctx.db
    .select({ key: sites.ledgerKey })
    .from(sites)
    .where(and(eq(sites.companyId, ctx.companyId), inArray(sites.country, REGION_COUNTRIES[region])));

/** `column` (a site's ledger key) is one of the company's sites in `region`; no condition without a region. */
export function atSitesIn(ctx: AuthedContext, column: SQLiteColumn, region: AutoFillRegion | undefined) {
  return region === undefined ? undefined : inArray(column, regionSiteKeys(ctx, region));
}

/** The period's visible lines at the region's sites (aggregates.ts `linesIn`), and `more`. */
export const regionalLines = (
  ctx: AuthedContext,
  filtered: boolean,
  period: RegionalPeriod,
  ...more: SQL[]
) =>
  linesIn(
    ctx,
    filtered,
    period.from,
    period.to,
    atSitesIn(ctx, activityLines.siteKey, period.region),
    ...more,
  );

/** Water quantities per unit. */
export function waterQuantities(ctx: AuthedContext, filtered: boolean, period: RegionalPeriod) {
  return ctx.db
    .select({ unit: activityLines.unit, quantity: sql<number>`sum(${activityLines.quantity})` })
    .from(activityLines)
    .where(
      regionalLines(
        ctx,
        filtered,
        period,
        eq(activityLines.category, 'water'),
        isNotNull(activityLines.quantity),
      ),
    )
    .groupBy(activityLines.unit);
}

/** Waste quantities per waste type and unit. */
export function wasteQuantities(ctx: AuthedContext, filtered: boolean, period: RegionalPeriod) {
  return ctx.db
    .select({
      variant: activityLines.variant,
      unit: activityLines.unit,
      quantity: sql<number>`sum(${activityLines.quantity})`,
    })
    .from(activityLines)
    .where(
      regionalLines(
        ctx,
        filtered,
        period,
        eq(activityLines.category, 'waste'),
        isNotNull(activityLines.quantity),
      ),
    )
    .groupBy(activityLines.variant, activityLines.unit);
}

/**
 * One visible line of the period at a site outside the region (none without a region): then the
 * company operates elsewhere too, and a regional figure is not the whole company's.
 */
export function oneLineOutsideRegion(ctx: AuthedContext, filtered: boolean, period: RegionalPeriod) {
  // Without a region nothing is outside: `0 = 1` keeps the batch the same shape either way.
  const outside =
    period.region === undefined
      ? sql`0 = 1`
      : notInArray(activityLines.siteKey, regionSiteKeys(ctx, period.region));
  // The site key, not the line's id: the covering index holds it, so no line row is read (decision 065).
  return ctx.db
    .select({ siteKey: activityLines.siteKey })
    .from(activityLines)
    .where(regionalLines(ctx, filtered, { from: period.from, to: period.to }, outside))
    .limit(1);
}
