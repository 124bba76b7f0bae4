// Reading Xero's JSON: its dates and the Profit and Loss report's income total.

/**
 * Xero's Accounting API writes dates as `/Date(1700000000000+0000)/` (milliseconds since the epoch
 * and the organisation's offset) and some fields as `2023-11-14T00:00:00` (DateString). The
 * calendar date is taken in the given offset. null for anything else.
 */
export function parseXeroDate(value: string | undefined | null): string | null {
  if (!value) return null;
  const wrapped = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value.trim());
  if (wrapped) {
    const offset = wrapped[2] ?? '+0000';
    const sign = offset.startsWith('-') ? -1 : 1;
    const minutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(3, 5)));
    return new Date(Number(wrapped[1]) + minutes * 60_000).toISOString().slice(0, 10);
  }
  const iso = /^(\d{4}-\d{2}-\d{2})(T|$)/.exec(value.trim());
  return iso ? iso[1]! : null;
}

export interface XeroReportCell {
  Value?: string;
}

export interface XeroReportRow {
  RowType?: string;
  Title?: string;
  Cells?: XeroReportCell[];
  Rows?: XeroReportRow[];
}

export interface XeroReport {
  ReportID?: string;
  Rows?: XeroReportRow[];
}

/** Section titles of operating income in Xero's standard P&L layout (other income is left out). */
const INCOME_SECTIONS = new Set(['income', 'trading income']);

/**
 * The total of the report's "Income" (or "Trading Income") section: its SummaryRow's amount, or
 * the sum of its rows when it has no summary. null when the report has no such section.
 */
export function revenueFromProfitAndLoss(report: XeroReport | undefined): number | null {
  const section = report?.Rows?.find(
    (row) => row.RowType === 'Section' && INCOME_SECTIONS.has((row.Title ?? '').trim().toLowerCase()),
  );
  if (!section) return null;
  const amountOf = (row: XeroReportRow) => {
    const value = Number(String(row.Cells?.[1]?.Value ?? '').replace(/,/g, ''));
    return Number.isFinite(value) ? value : 0;
  };
  const summary = section.Rows?.find((row) => row.RowType === 'SummaryRow');
  if (summary) return Math.round(amountOf(summary) * 100) / 100;
  const total = (section.Rows ?? [])
    .filter((row) => row.RowType === 'Row')
    .reduce((sum, row) => sum + amountOf(row), 0);
  return Math.round(total * 100) / 100;
}
