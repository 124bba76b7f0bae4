import { describe, expect, test } from 'bun:test';
import { faultErrors } from './quickbooks-client.ts';
import { profitAndLossRevenue, revenueRange } from './quickbooks-revenue.ts';

const column = (year: number) => ({
  ColTitle: `Jan - Dec ${year}`,
  ColType: 'Money',
  MetaData: [
    { Name: 'StartDate', Value: `${year}-01-01` },
    { Name: 'EndDate', Value: `${year}-12-31` },
    { Name: 'ColKey', Value: `${year}` },
  ],
});

const report = (cells: string[], currency?: string) => ({
  Header: currency ? { Currency: currency } : {},
  Columns: {
    Column: [
      { ColTitle: '', ColType: 'Account' },
      column(2023),
      column(2024),
      { ColTitle: 'Total', ColType: 'Money', MetaData: [{ Name: 'ColKey', Value: 'total' }] },
    ],
  },
  Rows: {
    Row: [
      {
        group: 'Income',
        type: 'Section',
        Summary: { ColData: [{ value: 'Total Income' }, ...cells.map((value) => ({ value }))] },
      },
      {
        group: 'NetIncome',
        type: 'Section',
        Summary: { ColData: [{ value: 'Net Income' }, { value: '1.00' }] },
      },
    ],
  },
});

describe('QuickBooks ProfitAndLoss revenue', () => {
  test('reads Total Income per year column, skipping the total and empty years', () => {
    expect(profitAndLossRevenue(report(['', '1,234,567.891', '1234567.89'], 'CAD'), 'USD')).toEqual([
      { year: 2024, amount: 1234567.89, currency: 'CAD' },
    ]);
  });

  test('falls back to the home currency, and answers nothing without Income or currency', () => {
    expect(profitAndLossRevenue(report(['-50.00', '10.00', '-40.00']), 'GBP')).toEqual([
      { year: 2023, amount: -50, currency: 'GBP' },
      { year: 2024, amount: 10, currency: 'GBP' },
    ]);
    expect(profitAndLossRevenue(report(['5.00', '5.00', '10.00']), null)).toEqual([]);
    expect(profitAndLossRevenue({ Columns: {}, Rows: { Row: [] } }, 'USD')).toEqual([]);
  });

  test('reads from the earliest purchase year, at most ten years back', () => {
    const line = (date: string) => ({ date }) as never;
    expect(revenueRange([line('2021-05-01')], new Date('2026-03-01'))).toEqual({
      start: '2021-01-01',
      end: '2026-12-31',
    });
    expect(revenueRange([line('1999-05-01')], new Date('2026-03-01')).start).toBe('2017-01-01');
    expect(revenueRange([], new Date('2026-03-01')).start).toBe('2026-01-01');
  });
});

describe('Intuit fault documents', () => {
  test('reads both spellings', () => {
    expect(
      faultErrors({ Fault: { Error: [{ Message: 'Invalid', Detail: 'Bad date', code: '2020' }] } }),
    ).toEqual([{ message: 'Invalid', detail: 'Bad date', code: '2020' }]);
    expect(
      faultErrors({
        fault: { error: [{ message: 'message=AuthenticationFailed; errorCode=003200', code: '3200' }] },
      }),
    ).toEqual([{ message: 'message=AuthenticationFailed; errorCode=003200', detail: '', code: '3200' }]);
    expect(faultErrors({ QueryResponse: {} })).toBeNull();
  });
});
