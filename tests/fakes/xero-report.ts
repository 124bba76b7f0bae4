/**
 * Xero's Profit and Loss report (`/Reports/ProfitAndLoss?fromDate&toDate&standardLayout=true`) as
 * tests/fakes/xero.ts serves it: a Header row, then Sections whose account rows carry the account's
 * AccountID in each cell's Attributes (`{ Id: "account" }`) and end in a SummaryRow, then the net
 * profit. The income section is titled as the organisation's chart titles it (`incomeSectionTitle`:
 * "Turnover" for a UK company, "Income" or "Trading Income" elsewhere); the year's income is split
 * between the active and the archived revenue accounts, and interest received sits under "Other
 * Income" (an OTHERINCOME account, not revenue).
 */
import type { FakeXeroData } from './xero-shapes.ts';

type Account = FakeXeroData['accounts'][number];

const money = (value: number) => value.toFixed(2);
const accountRow = (account: Account, amount: number) => {
  const attributes = [{ Value: account.AccountID, Id: 'account' }];
  return {
    RowType: 'Row',
    Cells: [
      { Value: account.Name, Attributes: attributes },
      { Value: money(amount), Attributes: attributes },
    ],
  };
};
const section = (Title: string, rows: [Account, number][]) => ({
  RowType: 'Section',
  Title,
  Rows: [
    ...rows.map(([account, amount]) => accountRow(account, amount)),
    {
      RowType: 'SummaryRow',
      Cells: [
        { Value: `Total ${Title}` },
        { Value: money(rows.reduce((sum, [, amount]) => sum + amount, 0)) },
      ],
    },
  ],
});

/** The archived revenue account's share of a year's income. */
export const ARCHIVED_REVENUE_SHARE = 0.1;
/** Interest received each year, under "Other Income". */
export const INTEREST_RECEIVED = 12.34;
/** Operating expenses each year, under "Less Operating Expenses". */
const EXPENSES = 8100;

export function profitAndLoss(data: FakeXeroData, query: Record<string, string>) {
  const year = Number((query.fromDate ?? '').slice(0, 4));
  const income = data.income[year];
  const revenue = data.accounts.filter(
    (account) => account.Class === 'REVENUE' && account.Type !== 'OTHERINCOME',
  );
  const active = revenue.find((account) => account.Status === 'ACTIVE');
  const archived = revenue.find((account) => account.Status === 'ARCHIVED');
  const interest = data.accounts.find((account) => account.Type === 'OTHERINCOME');
  const expense = data.accounts.find((account) => account.Class === 'EXPENSE');
  const rows: unknown[] = [{ RowType: 'Header', Cells: [{ Value: '' }, { Value: `31 Dec ${year}` }] }];
  let net = -EXPENSES;
  if (income !== undefined && active) {
    const old = archived ? Math.round(income * ARCHIVED_REVENUE_SHARE * 100) / 100 : 0;
    const lines: [Account, number][] = [[active, Math.round((income - old) * 100) / 100]];
    if (archived) lines.push([archived, old]);
    rows.push(section(data.incomeSectionTitle, lines));
    if (interest) rows.push(section('Other Income', [[interest, INTEREST_RECEIVED]]));
    net += income + (interest ? INTEREST_RECEIVED : 0);
  }
  if (expense) rows.push(section('Less Operating Expenses', [[expense, EXPENSES]]));
  rows.push({
    RowType: 'Section',
    Rows: [{ RowType: 'Row', Cells: [{ Value: 'Net Profit' }, { Value: money(net) }] }],
  });
  return {
    Reports: [
      {
        ReportID: 'ProfitAndLoss',
        ReportName: 'Profit and Loss',
        ReportType: 'ProfitAndLoss',
        ReportTitles: ['Profit & Loss', 'Bristol Bakes Ltd', `1 January ${year} to 31 December ${year}`],
        ReportDate: `26 November ${year}`,
        UpdatedDateUTC: `/Date(${Date.UTC(year, 10, 26)}+0000)/`,
        Rows: rows,
      },
    ],
  };
}
