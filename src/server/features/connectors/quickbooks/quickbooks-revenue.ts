// Revenue per year from QuickBooks' ProfitAndLoss report (Accounting API "ProfitAndLoss" report,
// `summarize_column_by=Year`): the Summary of the top-level Section whose `group` is "Income"
// ("Total Income") in each year column. The report is chosen over summing Invoice and
// SalesReceipt totals because it is what the books say revenue is: credit memos, refunds and
// journal entries to income accounts are in it, in the company's home currency, on the
// company's accounting basis (decision 024).
import type { ExternalLine, RevenueYear } from '../types.ts';

/** Years read: the earliest purchase year up to this year, at most ten. */
const MAX_YEARS = 10;

export function revenueRange(lines: readonly ExternalLine[], now: Date): { start: string; end: string } {
  const thisYear = now.getUTCFullYear();
  let first = thisYear;
  for (const line of lines) first = Math.min(first, Number(line.date.slice(0, 4)));
  first = Math.max(first, thisYear - MAX_YEARS + 1);
  return { start: `${first}-01-01`, end: `${thisYear}-12-31` };
}

interface ReportColumn {
  ColTitle?: string;
  ColType?: string;
  MetaData?: { Name?: string; Value?: string }[];
}

interface ReportRow {
  group?: string;
  type?: string;
  Summary?: { ColData?: { value?: string }[] };
}

/** Year → column index of a report summarised by year (the Total column has no StartDate). */
function yearColumns(report: Record<string, unknown>): Map<number, number> {
  const columns = ((report.Columns as { Column?: ReportColumn[] } | undefined)?.Column ??
    []) as ReportColumn[];
  const years = new Map<number, number>();
  columns.forEach((column, index) => {
    const meta = new Map((column.MetaData ?? []).map((entry) => [entry.Name, entry.Value]));
    const start = meta.get('StartDate');
    if (column.ColType !== 'Money' || meta.get('ColKey') === 'total' || !start) return;
    const year = Number(start.slice(0, 4));
    if (Number.isInteger(year)) years.set(year, index);
  });
  return years;
}

/** Money as QuickBooks reports print it: "52500.50", "-1,200.00", "" for nothing. */
function amountOf(value: string | undefined): number | null {
  if (!value) return null;
  const amount = Number(value.replace(/,/g, ''));
  return Number.isFinite(amount) ? amount : null;
}

export function profitAndLossRevenue(
  report: Record<string, unknown>,
  homeCurrency: string | null,
): RevenueYear[] {
  const header = report.Header as { Currency?: string } | undefined;
  const currency = header?.Currency ?? homeCurrency;
  if (!currency) return [];
  const rows = ((report.Rows as { Row?: ReportRow[] } | undefined)?.Row ?? []) as ReportRow[];
  const income = rows.find((row) => row.group === 'Income');
  const cells = income?.Summary?.ColData ?? [];
  const out: RevenueYear[] = [];
  for (const [year, index] of yearColumns(report)) {
    const amount = amountOf(cells[index]?.value);
    // A year with no income is a year before the books were kept in QuickBooks, not zero sales.
    if (amount !== null && amount !== 0) out.push({ year, amount: Math.round(amount * 100) / 100, currency });
  }
  return out.sort((a, b) => a.year - b.year);
}
