import { describe, expect, test } from 'bun:test';
import { accountingFormatOf, readAccountingExport } from './read-export.ts';
import { accountingFixture } from './test-fixtures.ts';

function read(name: string) {
  const parsed = readAccountingExport(accountingFixture(name));
  if (!parsed) throw new Error(`${name} not recognised`);
  return parsed;
}

describe('QuickBooks Transaction Detail by Account', () => {
  test('reads a UK export: sections give the account, totals and footer rows are skipped, £ and brackets read', () => {
    const parsed = read('quickbooks-transaction-detail-uk.csv');
    expect(parsed.format).toBe('quickbooks');
    expect(parsed.currency).toBe('GBP');
    expect(parsed.problems).toEqual([]);
    // 11 "Total for" rows + TOTAL + the "Accrual basis" footer.
    expect(parsed.totalsRows).toBe(13);
    expect(parsed.transactions).toHaveLength(20);
    const refund = parsed.transactions.find((t) => t.number === 'PK-220C');
    expect(refund).toMatchObject({ account: { name: 'Packaging' }, date: '2025-02-28', amount: -40 });
    const oven = parsed.transactions.find((t) => t.number === 'KE-09');
    expect(oven).toMatchObject({
      account: { code: null, name: 'Kitchen Equipment', type: null },
      date: '2025-03-12',
      transactionType: 'Bill',
      name: 'Bakers Supplies UK',
      memo: 'New deck oven',
      amount: 8400,
    });
  });

  test('reads a US export: month-first dates, $ amounts, account numbers, sub-accounts and the class column', () => {
    const parsed = read('quickbooks-transaction-detail-us.csv');
    expect(parsed.currency).toBeNull();
    expect(parsed.siteColumn).toBe('Class');
    expect(
      parsed.transactions.map((t) => [t.date, t.account.code, t.account.name, t.amount, t.siteValue]),
    ).toEqual([
      ['2025-01-05', '6100', 'Utilities:Electric', 1023.45, 'Downtown'],
      ['2025-02-04', '6100', 'Utilities:Electric', 948.1, 'Uptown'],
      ['2025-01-17', '6200', 'Office Supplies', 86.4, 'Downtown'],
      ['2025-01-28', '6200', 'Office Supplies', -25, 'Downtown'],
    ]);
  });
});

describe('Xero Account Transactions', () => {
  test('reads sections "code - name", debit minus credit, the (GBP) headers and the account type column', () => {
    const parsed = read('xero-account-transactions.csv');
    expect(parsed.format).toBe('xero');
    expect(parsed.currency).toBe('GBP');
    expect(parsed.problems).toEqual([]);
    expect(parsed.transactions).toHaveLength(9);
    expect(parsed.transactions.find((t) => t.number === 'EL-1002')).toMatchObject({
      account: { code: '445', name: 'Light, Power, Heating', type: 'Overhead' },
      date: '2025-02-14',
      transactionType: 'Payable Invoice',
      amount: 398.75,
    });
    // Credit 98,000.00 on Sales: 0 − 98,000.00.
    expect(parsed.transactions.find((t) => t.number === 'SHOP-01')?.amount).toBe(-98000);
    // 8 opening/closing balance pairs… : 8 opening + 8 closing + 8 section totals + the grand total.
    expect(parsed.totalsRows).toBe(25);
  });
});

describe('Sage transaction list', () => {
  test('reads a Sage 50 audit trail: nominal codes named from the standard chart, credits by type', () => {
    const parsed = read('sage-50-audit-trail.csv');
    expect(parsed.format).toBe('sage');
    expect(parsed.problems).toEqual([]);
    expect(parsed.transactions).toHaveLength(11);
    expect(parsed.transactions[0]).toMatchObject({
      account: { code: '7200', name: 'Electricity' },
      date: '2025-01-15',
      transactionType: 'PI',
      number: 'EL-1001',
      name: 'OCTOPUS',
      amount: 412.3,
      siteValue: '1',
    });
    // PC (purchase credit) reduces the account.
    expect(parsed.transactions.find((t) => t.number === 'PK-220C')?.amount).toBe(-40);
  });
});

describe('recognition', () => {
  test("the product's own CSV is not an accounting export", () => {
    const own = 'date,site,category,quantity,unit\n2025-01-01,Bakery,electricity,100,kWh\n';
    expect(readAccountingExport(own)).toBeNull();
    expect(accountingFormatOf(own)).toBeNull();
  });

  test('the first kilobytes of each export are enough to recognise it, even cut inside a quoted cell', () => {
    expect(accountingFormatOf(accountingFixture('quickbooks-transaction-detail-uk.csv').slice(0, 420))).toBe(
      'quickbooks',
    );
    expect(accountingFormatOf(accountingFixture('xero-account-transactions.csv').slice(0, 420))).toBe('xero');
    expect(accountingFormatOf(accountingFixture('sage-50-audit-trail.csv').slice(0, 420))).toBe('sage');
  });

  test('a QuickBooks row with an unreadable amount is a problem, not a silent zero', () => {
    const text = accountingFixture('quickbooks-transaction-detail-uk.csv').replace(
      '"£8,400.00","£8,400.00"',
      'eight,',
    );
    const parsed = readAccountingExport(text);
    expect(parsed?.problems).toEqual([
      { line: expect.any(Number), message: 'The amount "eight" is not a number' },
    ]);
  });
});

test('reads a Sage Business Cloud transactions export: "code - name" ledger accounts, type words, transfers', () => {
  const parsed = read('sage-business-cloud-transactions.csv');
  expect(parsed.format).toBe('sage');
  expect(parsed.problems).toEqual([]);
  expect(
    parsed.transactions.map((t) => [t.account.code, t.account.name, t.transactionType, t.amount]),
  ).toEqual([
    ['7200', 'Electricity', 'Purchase Invoice', 412.3],
    ['5000', 'Cost of sales - goods', 'Purchase Invoice', 1240],
    ['5000', 'Cost of sales - goods', 'Purchase Credit Note', -40],
    ['1210', 'Savings Account', 'Bank Transfer', 5000],
    ['7000', 'Gross Wages', 'Journal', 18450],
    ['4000', 'Sales Type A', 'Other Receipt', -98000],
    ['0030', 'Office Equipment and IT', 'Purchase Invoice', 8400],
  ]);
});
