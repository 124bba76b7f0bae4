// Reading Xero's JSON: its dates and the Profit and Loss report's revenue.

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
  /** On account rows: `{ Id: "account", Value: <AccountID> }`. */
  Attributes?: { Id?: string; Value?: string }[];
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

/** What the revenue rule reads of an account (`/Accounts`). */
export interface XeroAccountClass {
  Class?: string;
  Type?: string;
}

/**
 * Operating revenue: accounts of Class REVENUE, less those of Type OTHERINCOME (interest, gains:
 * Xero's "Other Income"), which were never counted as revenue (decision 075).
 */
const isOperatingRevenue = (account: XeroAccountClass | undefined) =>
  account?.Class === 'REVENUE' && account.Type !== 'OTHERINCOME';

const accountIdOf = (row: XeroReportRow) =>
  row.Cells?.[0]?.Attributes?.find((attribute) => attribute.Id === 'account')?.Value;

function* accountRows(rows: readonly XeroReportRow[] | undefined): Generator<XeroReportRow> {
  for (const row of rows ?? []) {
    if (row.RowType === 'Row' && accountIdOf(row)) yield row;
    yield* accountRows(row.Rows);
  }
}

/**
 * Revenue from a Profit and Loss report: the sum of the rows of operating-revenue accounts, found
 * by each row's AccountID and the account's Class, so whatever the section is titled ("Income",
 * "Trading Income", "Turnover", "Revenue", in any language) it is counted (decision 075). null when
 * no row is a revenue account's: the year's revenue is then "not counted", never 0.
 */
export function revenueFromProfitAndLoss(
  report: XeroReport | undefined,
  accountsById: ReadonlyMap<string, XeroAccountClass>,
): number | null {
  let total: number | null = null;
  for (const row of accountRows(report?.Rows)) {
    if (!isOperatingRevenue(accountsById.get(accountIdOf(row)!))) continue;
    const value = Number(String(row.Cells?.[1]?.Value ?? '').replace(/,/g, ''));
    if (Number.isFinite(value)) total = (total ?? 0) + value;
  }
  return total === null ? null : Math.round(total * 100) / 100;
}
