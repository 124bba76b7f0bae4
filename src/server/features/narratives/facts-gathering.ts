// What a narrative may say about the caller's company for one year, gathered only through other
// features' exported service functions (CONVENTIONS.md §4). Every one of them filters by
// `ctx.companyId`, so the facts pack can only ever hold the caller's own company.
import type { KpiMetrics } from '../../../domain/contracts/kpi.ts';
import { buildFactsPack } from '../../../domain/narratives/facts.ts';
import type { FactsInput, FactsPack } from '../../../domain/narratives/types.ts';
import type { AuthedContext } from '../../context.ts';
import { getCurrentUser } from '../auth/service.ts';
import { getProgress } from '../esg-wizard/service.ts';
import { getMetrics } from '../kpi/service.ts';
import { listSites } from '../ledger/sites/service.ts';
import { getOffsetSummary } from '../marketplace/service.ts';

/** The raw material of the facts pack for `year`: the caller's company only. */
export async function gatherFacts(ctx: AuthedContext, year: number): Promise<FactsInput> {
  const user = await getCurrentUser(ctx);
  const [metrics, previousMetrics, checklist, sites, offsets] = await Promise.all([
    getMetrics(ctx, { year, grain: 'yearly' }),
    getMetrics(ctx, { year: year - 1, grain: 'yearly' }),
    getProgress(ctx, { jurisdiction: user.jurisdiction, year }),
    listSites(ctx),
    getOffsetSummary(ctx, year),
  ]);
  return {
    companyName: user.companyName,
    jurisdiction: user.jurisdiction,
    year,
    sites: sites.map((site) => ({ name: site.name, country: site.country })),
    metrics: hasFigures(metrics) ? metrics : null,
    previousMetrics: hasFigures(previousMetrics) ? previousMetrics : null,
    checklist: checklist.initializedVersion === null ? null : checklist,
    offsets:
      offsets.purchasedTonnes > 0 || offsets.retiredTonnes > 0
        ? { purchasedTonnes: offsets.purchasedTonnes, retiredTonnes: offsets.retiredTonnes }
        : null,
  };
}

/** The facts pack of the caller's company for `year`. */
export async function factsPackFor(ctx: AuthedContext, year: number): Promise<FactsPack> {
  return buildFactsPack(await gatherFacts(ctx, year));
}

/**
 * Whether a year has any figure at all. The metrics call always answers (zeros for an empty
 * ledger); a year without a single figure is "no data", which the writers name as missing rather
 * than reporting zero emissions.
 */
function hasFigures(metrics: KpiMetrics): boolean {
  return (
    metrics.carbon.datasets.length > 0 ||
    metrics.carbon.total.value !== 0 ||
    metrics.energy.total.value !== 0 ||
    metrics.water.value !== 0 ||
    metrics.workforce !== null ||
    metrics.carbon.intensityPerRevenue !== null
  );
}
