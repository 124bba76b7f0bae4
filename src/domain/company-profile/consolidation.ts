// How the report states the company's organisational boundary (GHG Protocol Corporate Standard,
// chapter 3, "Setting organizational boundaries"): the approach the company chose in its profile
// and the entities and sites it said are included. One wording for the PDF, the CSV and iXBRL.
import type { ConsolidationApproach } from '../contracts/company-profile.ts';

export const CONSOLIDATION_LABELS: Record<ConsolidationApproach, string> = {
  operational_control: 'operational control',
  financial_control: 'financial control',
  equity_share: 'equity share',
};

/** What each approach counts, in a sentence for the profile form and the report. */
export const CONSOLIDATION_MEANINGS: Record<ConsolidationApproach, string> = {
  operational_control: 'all emissions of the operations the company has full authority to run',
  financial_control:
    'all emissions of the operations whose financial and operating policies the company directs',
  equity_share: "each operation's emissions in proportion to the company's share of its equity",
};

export interface ReportBoundary {
  consolidationApproach?: ConsolidationApproach | null;
  organisationalBoundary?: string | null;
}

/** The company's own description of what the report covers, as one sentence. */
export function boundaryText(text: string): string {
  return `Organisational boundary, as the company describes it: ${text.trim()}`;
}

const STANDARD = 'Emissions are calculated following the GHG Protocol Corporate Standard';

/**
 * The boundary statement, whole sentences; `withBoundaryText` false where the company's own
 * description is printed apart (the PDF's "Reporting boundary" section). Never a silent default: with no approach chosen it
 * says so and where to choose one. An `undefined` approach is a snapshot frozen before the profile
 * asked (decision 057): those reports printed the operational control sentence and keep it, so a
 * stored snapshot still renders the same bytes.
 */
export function boundaryStatement(boundary: ReportBoundary, withBoundaryText = true): string {
  const approach = boundary.consolidationApproach;
  if (approach === undefined) return `${STANDARD} using the operational control approach.`;
  const chosen = approach
    ? `${STANDARD} using the ${CONSOLIDATION_LABELS[approach]} approach chosen by the company: the inventory counts ${CONSOLIDATION_MEANINGS[approach]}.`
    : `${STANDARD}. No consolidation approach (operational control, financial control or equity share) was chosen, so this report states none; an admin can choose one in the company profile (Profile, Company details) and generate the report again.`;
  const text = withBoundaryText ? boundary.organisationalBoundary?.trim() : null;
  return text ? `${chosen} ${boundaryText(text)}` : chosen;
}

/**
 * The approach in a few words for a key-value row. Snapshots frozen before the profile asked keep
 * the words they were issued with (see `boundaryStatement`).
 */
export function consolidationLabel(approach: ConsolidationApproach | null | undefined): string {
  if (approach === undefined) return 'Operational control, as stated in the methodology';
  if (approach === null) return 'Not chosen (see the methodology)';
  const label = CONSOLIDATION_LABELS[approach];
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}, chosen by the company`;
}
