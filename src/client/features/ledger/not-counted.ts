// Words and links for lines that are not counted (decision 051). Every notice reads the summary of
// GET /api/emissions/not-counted (or the import answer, which carries the same summary).
import type { NotCountedSummary } from '../../../domain/contracts/ledger-not-counted';

/** The ledger page, filtered to lines without figures. */
export const LEDGER_PATH = '/data-sources';
export const NOT_COUNTED_PARAM = 'ledger';
export const NOT_COUNTED_VALUE = 'not-counted';

type Money = NotCountedSummary['spend'][number];
type Quantity = NotCountedSummary['quantities'][number];

/** £27,695 (pence only when there are some); an unknown code as '1,000 XYZ'. */
export function formatMoney({ currency, amount }: Money): string {
  const fraction = Number.isInteger(amount) ? 0 : 2;
  try {
    return new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      minimumFractionDigits: fraction,
      maximumFractionDigits: fraction,
    }).format(amount);
  } catch {
    return `${amount.toLocaleString('en-GB', { maximumFractionDigits: 2 })} ${currency}`;
  }
}

const formatQuantity = ({ unit, quantity }: Quantity) =>
  `${quantity.toLocaleString('en-GB', { maximumFractionDigits: 2 })} ${unit}`;

const linesText = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'line' : 'lines'}`;

/** What the lines hold: '£27,695', '£100 and 50 JPY', '1,000 kWh', or '' when nothing. */
export function describeAmounts(summary: Pick<NotCountedSummary, 'spend' | 'quantities'>): string {
  const parts = [...summary.spend.map(formatMoney), ...summary.quantities.map(formatQuantity)];
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** '3 lines, £27,695, not counted' (issue 17's words). */
export function describeNotCounted(summary: Pick<NotCountedSummary, 'lineCount' | 'spend' | 'quantities'>) {
  const amounts = describeAmounts(summary);
  return `${linesText(summary.lineCount)}${amounts ? `, ${amounts},` : ''} not counted`;
}

/** One reason with how many lines it holds: "No exchange rate for JPY in 2025 (1 line, ¥50,000)". */
export function describeReason(reason: NotCountedSummary['reasons'][number]): string {
  const amounts = describeAmounts(reason);
  return `${reason.message} (${linesText(reason.lineCount)}${amounts ? `, ${amounts}` : ''})`;
}

/** The ledger filtered to lines not counted, in a period when given. */
export function notCountedLedgerHref(period: { from?: string; to?: string } = {}): string {
  const params = new URLSearchParams({ [NOT_COUNTED_PARAM]: NOT_COUNTED_VALUE });
  if (period.from) params.set('from', period.from);
  if (period.to) params.set('to', period.to);
  return `${LEDGER_PATH}?${params.toString()}#ledger`;
}

/** The ledger filters a link asked for (notCountedLedgerHref), read from the page's address. */
export function ledgerFiltersFromSearch(search: string): {
  status?: 'not_counted';
  from?: string;
  to?: string;
} {
  const params = new URLSearchParams(search);
  if (params.get(NOT_COUNTED_PARAM) !== NOT_COUNTED_VALUE) return {};
  const date = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
  return { status: 'not_counted', from: date(params.get('from')), to: date(params.get('to')) };
}
