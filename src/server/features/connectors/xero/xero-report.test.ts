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

  test('revenue is the sum of the P&L rows of REVENUE-class accounts, whatever the section is titled', () => {
    const accounts = new Map([
      ['sales', { Class: 'REVENUE', Type: 'REVENUE' }],
      ['old-sales', { Class: 'REVENUE', Type: 'SALES' }],
      ['interest', { Class: 'REVENUE', Type: 'OTHERINCOME' }],
      ['rent', { Class: 'EXPENSE', Type: 'OVERHEADS' }],
    ]);
    const row = (id: string, name: string, value: string) => ({
      RowType: 'Row',
      Cells: [
        { Value: name, Attributes: [{ Id: 'account', Value: id }] },
        { Value: value, Attributes: [{ Id: 'account', Value: id }] },
      ],
    });
    const report = (title: string) => ({
      Rows: [
        { RowType: 'Header', Cells: [{ Value: '' }, { Value: '31 Dec 2025' }] },
        {
          RowType: 'Section',
          Title: title,
          Rows: [
            row('sales', 'Sales', '1,200.50'),
            row('old-sales', 'Sales (archived)', '34.00'),
            { RowType: 'SummaryRow', Cells: [{ Value: `Total ${title}` }, { Value: '1234.50' }] },
          ],
        },
        { RowType: 'Section', Title: 'Other Income', Rows: [row('interest', 'Interest', '99.00')] },
        { RowType: 'Section', Title: 'Less Operating Expenses', Rows: [row('rent', 'Rent', '500.00')] },
      ],
    });
    for (const title of ['Income', 'Trading Income', 'Turnover', 'Revenue', 'Chiffre d’affaires']) {
      expect(revenueFromProfitAndLoss(report(title), accounts)).toBe(1234.5);
    }
    // A refund booked to a revenue account lowers it; an account Xero did not list is not revenue.
    expect(
      revenueFromProfitAndLoss(
        {
          Rows: [
            {
              RowType: 'Section',
              Title: 'Turnover',
              Rows: [row('sales', 'Sales', '-20.00'), row('gone', 'X', '5')],
            },
          ],
        },
        accounts,
      ),
    ).toBe(-20);
    expect(
      revenueFromProfitAndLoss(
        { Rows: [{ RowType: 'Section', Title: 'Income', Rows: [row('rent', 'Rent', '5')] }] },
        accounts,
      ),
    ).toBeNull();
    expect(revenueFromProfitAndLoss(undefined, accounts)).toBeNull();
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
