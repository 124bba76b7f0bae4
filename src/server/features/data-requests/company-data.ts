// What a request is answered from (decision 077): the report snapshot the reports build for the
// period (reports/snapshot.ts, the same function behind every report) in the VSME framework, the
// facts the Inline XBRL tags from it, the value-chain cap from the company's employees, and the
// lender view's PCAF scores. Read once per period and shared by every request of that period.
import type { ValueChainCap } from '../../../domain/contracts/data-requests.ts';
import type { ScopeScore } from '../../../domain/data-requests/pcaf.ts';
import { valueChainCap } from '../../../domain/data-requests/value-chain-cap.ts';
import type { ReportSnapshot } from '../../../domain/reports/snapshot.ts';
import type { ReportFact } from '../../../domain/reports/xbrl/fact-model.ts';
import { vsmeFacts } from '../../../domain/reports/xbrl/facts-vsme.ts';
import type { AuthedContext } from '../../context.ts';
import { buildReportSnapshot } from '../export/reports/service.ts';
import { type EsgFigures, getEsgFigures } from '../kpi/service.ts';
import { scopeScores } from './lender-view.ts';

export interface CompanyData {
  snapshot: ReportSnapshot;
  facts: ReportFact[];
  cap: ValueChainCap;
  pcaf: ScopeScore[];
  /** The ESG checklist's ledger figures of the year (the same function fills the checklist); {} for a quarter. */
  figures: EsgFigures['values'];
}

export async function readCompanyData(
  ctx: AuthedContext,
  period: string,
  requestId: string,
): Promise<CompanyData> {
  const snapshot = await buildReportSnapshot(ctx, {
    reportId: requestId,
    version: 1,
    format: 'xbrl',
    framework: 'csrd',
    period,
  });
  const isYear = /^\d{4}$/.test(period);
  const [pcaf, figures] = await Promise.all([
    scopeScores(ctx, { from: snapshot.report.periodStart, to: snapshot.report.periodEnd }),
    isYear ? getEsgFigures(ctx, Number(period)) : null,
  ]);
  return {
    snapshot,
    facts: vsmeFacts(snapshot).facts,
    cap: valueChainCap(snapshot.company.employees),
    pcaf,
    figures: figures?.values ?? {},
  };
}

/** A per-call memo: a list of requests reads each period's data once. */
export function companyDataReader(ctx: AuthedContext) {
  const byPeriod = new Map<string, Promise<CompanyData>>();
  return (period: string, requestId: string) => {
    let data = byPeriod.get(period);
    if (!data) {
      data = readCompanyData(ctx, period, requestId);
      byPeriod.set(period, data);
    }
    return data;
  };
}
