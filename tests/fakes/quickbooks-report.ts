/**
 * QuickBooks' ProfitAndLoss report as the Accounting API answers it with
 * summarize_column_by=Year: one Money column per calendar year and a Total, sections with
 * `group` (Income, GrossProfit, NetIncome) whose Summary holds the totals.
 */
import type { FakeQuickBooksData } from './quickbooks-data.ts';

const time = () => new Date().toISOString();

/** Intuit's P&L report, one Money column per calendar year and a Total. */
export function profitAndLoss(data: FakeQuickBooksData, start: string, end: string) {
  const years: number[] = [];
  for (let year = Number(start.slice(0, 4)); year <= Number(end.slice(0, 4)); year++) years.push(year);
  const money = (value: number) => value.toFixed(2);
  const incomeOf = (year: number) => data.income[year] ?? 0;
  const cells = (label: string, values: number[]) => [
    { value: label },
    ...values.map((value) => ({ value: value ? money(value) : '' })),
    { value: money(values.reduce((sum, value) => sum + value, 0)) },
  ];
  return {
    Header: {
      Time: time(),
      ReportName: 'ProfitAndLoss',
      ReportBasis: 'Accrual',
      StartPeriod: start,
      EndPeriod: end,
      SummarizeColumnsBy: 'Year',
      Currency: data.homeCurrency,
      Option: [
        { Name: 'AccountingStandard', Value: 'GAAP' },
        { Name: 'NoReportData', Value: 'false' },
      ],
    },
    Columns: {
      Column: [
        { ColTitle: '', ColType: 'Account', MetaData: [{ Name: 'ColKey', Value: 'account' }] },
        ...years.map((year) => ({
          ColTitle: `Jan - Dec ${year}`,
          ColType: 'Money',
          MetaData: [
            { Name: 'StartDate', Value: `${year}-01-01` },
            { Name: 'EndDate', Value: `${year}-12-31` },
            { Name: 'ColKey', Value: `${year}` },
          ],
        })),
        { ColTitle: 'Total', ColType: 'Money', MetaData: [{ Name: 'ColKey', Value: 'total' }] },
      ],
    },
    Rows: {
      Row: [
        {
          Header: { ColData: [{ value: 'Income' }, ...years.map(() => ({ value: '' })), { value: '' }] },
          Rows: {
            Row: [
              {
                ColData: cells('Sales', years.map(incomeOf)).map((cell, i) =>
                  i === 0 ? { ...cell, id: '79' } : cell,
                ),
                type: 'Data',
              },
            ],
          },
          Summary: { ColData: cells('Total Income', years.map(incomeOf)) },
          type: 'Section',
          group: 'Income',
        },
        {
          Summary: { ColData: cells('Gross Profit', years.map(incomeOf)) },
          type: 'Section',
          group: 'GrossProfit',
        },
        {
          Summary: { ColData: cells('Net Income', years.map(incomeOf)) },
          type: 'Section',
          group: 'NetIncome',
        },
      ],
    },
  };
}
