import { describe, expect, test } from 'bun:test';
import { matchingSite } from '../site-resolution.ts';
import { xeroErrorMessage } from './xero-client.ts';
import { parseXeroDate, revenueFromProfitAndLoss } from './xero-report.ts';

describe('Xero JSON', () => {
  test('reads /Date(ms±hhmm)/ in the organisation offset, and DateString', () => {
    expect(parseXeroDate('/Date(1700000000000+0000)/')).toBe('2023-11-14');
    // 22:13 UTC on the 14th is already the 15th in New Zealand (+1300).
    expect(parseXeroDate('/Date(1700000000000+1300)/')).toBe('2023-11-15');
    expect(parseXeroDate('/Date(1700000000000)/')).toBe('2023-11-14');
    expect(parseXeroDate('2025-03-01T00:00:00')).toBe('2025-03-01');
    expect(parseXeroDate('March 1st')).toBeNull();
    expect(parseXeroDate(undefined)).toBeNull();
  });

  test('takes the Income (or Trading Income) total of a P&L, not other income', () => {
    const section = (Title: string, total: string) => ({
      RowType: 'Section',
      Title,
      Rows: [{ RowType: 'SummaryRow', Cells: [{ Value: `Total ${Title}` }, { Value: total }] }],
    });
    expect(
      revenueFromProfitAndLoss({ Rows: [section('Income', '1,234.50'), section('Other Income', '99')] }),
    ).toBe(1234.5);
    expect(revenueFromProfitAndLoss({ Rows: [section('Trading Income', '10')] })).toBe(10);
    expect(
      revenueFromProfitAndLoss({
        Rows: [
          {
            RowType: 'Section',
            Title: 'Income',
            Rows: [
              { RowType: 'Row', Cells: [{ Value: 'Sales' }, { Value: '7.25' }] },
              { RowType: 'Row', Cells: [{ Value: 'Services' }, { Value: '2.75' }] },
            ],
          },
        ],
      }),
    ).toBe(10);
    expect(revenueFromProfitAndLoss({ Rows: [section('Less Operating Expenses', '5')] })).toBeNull();
    expect(revenueFromProfitAndLoss(undefined)).toBeNull();
  });

  test('error bodies: validation messages first, then the ApiException or problem text', () => {
    expect(
      xeroErrorMessage({
        Type: 'ValidationException',
        Message: 'A validation exception occurred',
        Elements: [{ ValidationErrors: [{ Message: 'One' }, { Message: 'Two' }] }],
      }),
    ).toBe('One; Two');
    expect(xeroErrorMessage({ ErrorNumber: 16, Type: 'QueryParseException', Message: 'Bad where' })).toBe(
      'Bad where',
    );
    expect(xeroErrorMessage({ Title: 'Forbidden', Detail: 'AuthorizationUnsuccessful' })).toBe(
      'AuthorizationUnsuccessful',
    );
    expect(xeroErrorMessage('nope')).toBeNull();
  });

  test('a tracking option defaults to the site of the same name, whole or after the category', () => {
    const sites = [
      { id: 'a', name: 'Head office', country: 'GB', region: null },
      { id: 'b', name: 'north', country: 'GB', region: null },
    ];
    expect(matchingSite('Region: North', sites)?.id).toBe('b');
    expect(matchingSite('Head Office', sites)?.id).toBe('a');
    expect(matchingSite('Region: South', sites)).toBeNull();
  });
});
