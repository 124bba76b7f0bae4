// A report's coverage statement (decision 051): how many ledger lines it covers and which are not
// counted, with why. Every format says it in the same words (PDF methodology, Inline XBRL note,
// CSV note row). Hand-rolled formatting, like pdf/format.ts: a stored snapshot renders the same
// bytes whatever the runtime's locale data.
import type { ReportSnapshot } from './snapshot.ts';

export type SnapshotCoverage = NonNullable<ReportSnapshot['coverage']>;
type Money = { currency: string; amount: number };

const SYMBOLS: Record<string, string> = { GBP: '£', EUR: '€', USD: '$' };

/** 1234.5 → '1,234.50' (2 decimals), locale-free. */
export function grouped(value: number, decimals: number): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** 27695 GBP → '£27,695.00'; 1000 JPY → '1,000.00 JPY'. */
export function formatMoney({ currency, amount }: Money): string {
  const symbol = SYMBOLS[currency];
  if (!symbol) return `${grouped(amount, 2)} ${currency}`;
  return amount < 0 ? `-${symbol}${grouped(-amount, 2)}` : `${symbol}${grouped(amount, 2)}`;
}

const lines = (count: number) => `${grouped(count, 0)} ${count === 1 ? 'line' : 'lines'}`;

/** '3 lines (£27,695.00)' or '2 lines (£100.00, 50.00 JPY; 1,000 litres)'. */
function linesWithAmounts(
  count: number,
  spend: readonly Money[],
  quantities: readonly { unit: string; quantity: number }[],
): string {
  const money = spend.map(formatMoney).join(', ');
  const amounts = quantities
    .map((q) => `${grouped(q.quantity, q.quantity % 1 === 0 ? 0 : 2)} ${q.unit}`)
    .join(', ');
  const held = [money, amounts].filter(Boolean).join('; ');
  return held ? `${lines(count)} (${held})` : lines(count);
}

/**
 * The statement: "This report covers N ledger lines." and, when some have no figure, "M lines (£X)
 * are not counted: they add nothing to the totals above. Why: …". One sentence per reason.
 */
export function coverageStatement(coverage: SnapshotCoverage): string[] {
  // An empty period says so rather than "covers 0 lines" (issue 18, bad input).
  if (coverage.lineCount === 0)
    return [
      'No activity data is recorded for this period: no ledger line is dated in it, so its figures are not recorded rather than zero.',
    ];
  const first = `This report covers ${lines(coverage.lineCount)} of the ledger dated in the period.`;
  const missing = coverage.notCounted;
  if (missing.lineCount === 0) return [`${first} Every line is counted.`];
  const counted = coverage.lineCount - missing.lineCount;
  return [
    `${first} ${grouped(counted, 0)} have figures; ${linesWithAmounts(missing.lineCount, missing.spend, missing.quantities)} ${missing.lineCount === 1 ? 'is' : 'are'} not counted: no emissions could be calculated for ${missing.lineCount === 1 ? 'it' : 'them'}, so the totals leave ${missing.lineCount === 1 ? 'it' : 'them'} out rather than count ${missing.lineCount === 1 ? 'it' : 'them'} as zero.`,
    ...missing.reasons.map(
      (reason) =>
        `${reason.message}: ${linesWithAmounts(reason.lineCount, reason.spend, reason.quantities)}.`,
    ),
  ];
}
