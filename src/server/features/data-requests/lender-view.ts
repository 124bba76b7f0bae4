// GET /api/data-requests/lender-view (issue 22 item 5, decision 077): the PCAF data-quality score
// per scope from the ledger's data tiers (domain/data-requests/pcaf.ts) over a year.
import type { LenderView } from '../../../domain/contracts/data-requests.ts';
import { PCAF_SOURCE, type ScopeScore, scoreScope } from '../../../domain/data-requests/pcaf.ts';
import type { AuthedContext } from '../../context.ts';
import { getScopeDataQuality, reportingYear } from '../kpi/service.ts';

export async function scopeScores(
  ctx: AuthedContext,
  range: { from: string; to: string },
): Promise<ScopeScore[]> {
  const byScope = await getScopeDataQuality(ctx, range);
  return (['scope_1', 'scope_2', 'scope_3'] as const).map((scope) =>
    scoreScope(scope, byScope[scope].tiers, byScope[scope].lines),
  );
}

export async function getLenderView(ctx: AuthedContext, period: string | undefined): Promise<LenderView> {
  const year = period ?? String((await reportingYear(ctx)).year);
  return {
    period: year,
    scopes: await scopeScores(ctx, { from: `${year}-01-01`, to: `${year}-12-31` }),
    method:
      'Each ledger line earns the PCAF score of its data tier (supplier-specific figures and metered quantities 2, average-factor quantities 3, spend-based 4); a scope is the emissions-weighted average, and 5 when nothing is recorded. Score 1 needs third-party verification, which the ledger does not record. Scope 2 is location-based.',
    sources: [PCAF_SOURCE],
  };
}
