// The lender view (issue 22 item 5, decision 077): the PCAF data-quality score of each scope from
// the ledger's data tiers. PCAF Standard Part A (Financed Emissions, 2nd ed. 2022), business loans
// and unlisted equity, Table 5-3: score 1 = option 1a, verified emissions; 2 = option 1b,
// unverified reported emissions, or option 2a, primary physical activity data (energy use) with
// its emission factors; 3 = option 2b, physical activity data with average factors; 4 = option
// 3a, revenue- or spend-based with sector factors; 5 = options 3b/3c, nothing company-specific.
// The ledger records no third-party verification, so 2 is the best it can show; a scope is the
// emissions-weighted average of its lines' scores (PCAF's weighting by emissions).
import type { LedgerDataQuality as DataQuality } from '../contracts/data-requests.ts';

export const PCAF_SOURCE = {
  title:
    'PCAF, The Global GHG Accounting and Reporting Standard Part A: Financed Emissions (2nd ed., 2022), Table 5-3',
  url: 'https://carbonaccountingfinancials.com/en/standard',
};

/** The PCAF score each ledger tier earns (see the file comment for the options). */
export const PCAF_SCORE_OF_TIER: Record<DataQuality, number> = {
  supplier_specific: 2,
  measured: 2,
  activity_average: 3,
  spend_based: 4,
};
/** Nothing recorded: a lender falls back on sector averages (options 3b/3c). */
export const PCAF_NOTHING_RECORDED = 5;
/** The best score ledger data reaches without verification. */
export const PCAF_BEST_UNVERIFIED = 2;

export type LenderScopeName = 'scope_1' | 'scope_2' | 'scope_3';

export interface TierKg {
  dataQuality: DataQuality;
  kg: number;
}

export interface CandidateLine {
  id: string;
  date: string;
  category: string;
  description: string;
  dataQuality: DataQuality;
  kg: number;
}

export interface ScopeScore {
  scope: LenderScopeName;
  tonnes: number;
  score: number;
  tiers: { dataQuality: DataQuality; pcafScore: number; tonnes: number; share: number }[];
  explanation: string;
  nextScore: {
    target: number;
    advice: string;
    lines: (Omit<CandidateLine, 'kg'> & { tonnes: number; change: string; href: string })[];
  } | null;
}

const round = (value: number, places: number) => Number(value.toFixed(places));

const CHANGE: Partial<Record<DataQuality, string>> = {
  spend_based:
    'Enter the quantity (kWh, litres, kilometres or kilograms) from the bill instead of the amount spent',
  activity_average: 'Use a meter reading or the supplier’s own emission factor instead of an average',
};

/** The score that is one better than `score` (3.4 → 3, 3 → 2). */
function targetOf(score: number): number {
  return Number.isInteger(score) ? score - 1 : Math.floor(score);
}

/** One scope's score, tiers and what would move it up a score. `lines`: its worst lines, any order. */
export function scoreScope(
  scope: LenderScopeName,
  tiers: readonly TierKg[],
  lines: readonly CandidateLine[],
): ScopeScore {
  const counted = tiers.filter((tier) => tier.kg > 0);
  const totalKg = counted.reduce((sum, tier) => sum + tier.kg, 0);
  if (totalKg <= 0) {
    return {
      scope,
      tonnes: 0,
      score: PCAF_NOTHING_RECORDED,
      tiers: [],
      explanation:
        'Nothing is recorded in this scope for the period, so a lender falls back on sector averages (score 5).',
      nextScore: {
        target: 4,
        advice: 'Record this scope’s activity: even spend-based lines from your accounts reach score 4.',
        lines: [],
      },
    };
  }
  const weighted = counted.reduce((sum, tier) => sum + PCAF_SCORE_OF_TIER[tier.dataQuality] * tier.kg, 0);
  const exact = weighted / totalKg;
  const score = round(exact, 1);
  const tierRows = counted
    .map((tier) => ({
      dataQuality: tier.dataQuality,
      pcafScore: PCAF_SCORE_OF_TIER[tier.dataQuality],
      tonnes: round(tier.kg / 1000, 3),
      share: round((tier.kg / totalKg) * 100, 1),
    }))
    .sort((a, b) => a.pcafScore - b.pcafScore);
  const explanation = `Emissions-weighted average of the lines’ scores: ${tierRows
    .map((row) => `${row.share} % at score ${row.pcafScore}`)
    .join(', ')}.`;
  return {
    scope,
    tonnes: round(totalKg / 1000, 3),
    score,
    tiers: tierRows,
    explanation,
    nextScore: nextScoreOf(score, weighted, totalKg, lines),
  };
}

function nextScoreOf(
  score: number,
  weighted: number,
  totalKg: number,
  lines: readonly CandidateLine[],
): ScopeScore['nextScore'] {
  if (score <= PCAF_BEST_UNVERIFIED) {
    return {
      target: 1,
      advice:
        'Score 1 needs your emissions verified by a third party (limited or reasonable assurance); the ledger data is already as specific as it can be.',
      lines: [],
    };
  }
  const target = targetOf(score);
  // Greedy: the lines whose upgrade to score 2 lowers the weighted sum most, until the average
  // reaches the target (rounded as shown, so "3.0" counts as 3).
  const candidates = lines
    .filter((line) => line.kg > 0 && PCAF_SCORE_OF_TIER[line.dataQuality] > PCAF_BEST_UNVERIFIED)
    .map((line) => ({ line, gain: (PCAF_SCORE_OF_TIER[line.dataQuality] - PCAF_BEST_UNVERIFIED) * line.kg }))
    .sort((a, b) => b.gain - a.gain || a.line.id.localeCompare(b.line.id));
  const chosen: CandidateLine[] = [];
  let sum = weighted;
  for (const { line, gain } of candidates) {
    if (round(sum / totalKg, 1) <= target) break;
    chosen.push(line);
    sum -= gain;
  }
  const reached = round(sum / totalKg, 1) <= target;
  const advice = reached
    ? `Change these ${chosen.length} line${chosen.length === 1 ? '' : 's'} first: with specific data they bring this scope to score ${target}.`
    : `Start with these lines, the largest of the lower tiers; more lines of this scope need specific data to reach score ${target}.`;
  return {
    target,
    advice,
    lines: chosen.map(({ kg, ...line }) => ({
      ...line,
      tonnes: round(kg / 1000, 3),
      change: CHANGE[line.dataQuality] ?? '',
      href: `/data-sources?line=${encodeURIComponent(line.id)}`,
    })),
  };
}
