import { describe, expect, test } from 'bun:test';
import type { AccountTarget } from './account-targets.ts';
import { planAccountingImport, plannedLinesCsv, summariseAccounts } from './plan.ts';
import { readAccountingExport } from './read-export.ts';
import { accountingFixture } from './test-fixtures.ts';

function parsedFixture(name: string) {
  const parsed = readAccountingExport(accountingFixture(name));
  if (!parsed) throw new Error('not recognised');
  return parsed;
}

/** The suggested mapping of every counted account (what the preview pre-fills). */
function suggestedMappings(name: string): Map<string, AccountTarget> {
  const mappings = new Map<string, AccountTarget>();
  for (const account of summariseAccounts(parsedFixture(name))) {
    if (account.suggested) mappings.set(account.key, account.suggested);
  }
  return mappings;
}

describe('the UK QuickBooks export with the suggested mappings', () => {
  const parsed = parsedFixture('quickbooks-transaction-detail-uk.csv');
  const plan = planAccountingImport(parsed, {
    mappings: suggestedMappings('quickbooks-transaction-detail-uk.csv'),
    site: 'Bakery',
  });

  test('suggests a category for every counted account and leaves the rest out by type', () => {
    const accounts = summariseAccounts(parsed).map((a) => [a.name, a.excludedAs, a.suggested]);
    expect(accounts).toEqual([
      ['Accounts Payable (A/P)', 'financial', null],
      ['Barclays Business Account', 'financial', null],
      ['Kitchen Equipment', null, { category: 'purchased_goods', variant: 'machinery_equipment' }],
      ['VAT Control', 'vat', null],
      ['Sales', 'income', null],
      ['Accountancy Fees', null, { category: 'purchased_goods', variant: 'accountancy_legal' }],
      ['Bank Charges', null, { category: 'purchased_goods', variant: 'banking_finance' }],
      ['Electricity', null, { category: 'electricity', variant: null }],
      ['Motor Fuel', null, { category: 'diesel', variant: null }],
      ['Packaging', null, { category: 'purchased_goods', variant: 'packaging' }],
      ['Wages and Salaries', 'payroll', null],
    ]);
    expect(plan.unmapped).toEqual([]);
  });

  test('imports 7 lines: spend for purchases, kWh and litres where the memo states them', () => {
    expect(
      plan.lines.map((l) => [l.date, l.category, l.variant, l.quantity, l.unit, l.spend, l.dataQuality]),
    ).toEqual([
      ['2025-03-12', 'purchased_goods', 'machinery_equipment', null, null, 8400, 'spend_based'],
      ['2025-03-31', 'purchased_goods', 'accountancy_legal', null, null, 2150, 'spend_based'],
      ['2025-01-15', 'electricity', null, 1820, 'kWh', 412.3, 'measured'],
      // Day 1200 kWh + Night 540 kWh
      ['2025-02-14', 'electricity', null, 1740, 'kWh', 398.75, 'measured'],
      ['2025-02-03', 'diesel', null, 58.4, 'litre', 88.12, 'measured'],
      ['2025-03-20', 'diesel', null, 350, 'litre', 525, 'measured'],
      ['2025-01-10', 'purchased_goods', 'packaging', null, null, 1240, 'spend_based'],
    ]);
    // Spend lines: 8,400.00 + 2,150.00 + 1,240.00 = £11,790.00
    const spend = plan.lines
      .filter((l) => l.category === 'purchased_goods')
      .reduce((sum, l) => sum + l.spend, 0);
    expect(spend).toBe(11790);
    expect(plan.lines[0]?.reference).toBe(
      'Kitchen Equipment · Bill KE-09 · Bakers Supplies UK · New deck oven',
    );
    expect(plan.lines.every((l) => l.site === 'Bakery')).toBe(true);
  });

  test('says how many lines and how much it left out, per reason', () => {
    expect(plan.leftOut.map((r) => [r.reason, r.lines, r.amount])).toEqual([
      // A/P 1,488.00 + 494.76 + 2,580.00, bank payments 88.12 + 525.00
      ['financial', 5, 5175.88],
      ['transfer', 1, 5000],
      ['vat', 2, 330.46],
      ['income', 1, 98000],
      ['zero', 1, 0],
      ['needs_quantity', 1, 12.4],
      ['refund', 1, 40],
      ['payroll', 1, 18450],
      ['totals', 13, null],
    ]);
    expect(plan.leftOut.find((r) => r.reason === 'vat')?.label).toBe('VAT and sales tax');
  });

  test('an account mapped to "leave out" is reported as such', () => {
    const mappings = suggestedMappings('quickbooks-transaction-detail-uk.csv');
    mappings.set('packaging', { category: 'ignore', variant: null });
    const left = planAccountingImport(parsed, { mappings, site: 'Bakery' }).leftOut;
    // Packaging 1,240.00 + refund 40.00 (a left-out account's refund is left out with it)
    expect(left.find((r) => r.reason === 'not_counted_account')).toMatchObject({ lines: 2, amount: 1280 });
  });

  test('an account without a mapping is named, not guessed', () => {
    const mappings = suggestedMappings('quickbooks-transaction-detail-uk.csv');
    mappings.delete('accountancy fees');
    expect(planAccountingImport(parsed, { mappings, site: 'Bakery' }).unmapped).toEqual(['Accountancy Fees']);
  });

  test("the planned lines become the product's own import CSV", () => {
    const csv = plannedLinesCsv(plan.lines.slice(2, 3), 'GBP');
    expect(csv).toBe(
      'date,site,category,variant,quantity,unit,spend,currency,dataQuality,reference\r\n' +
        '2025-01-15,Bakery,electricity,,1820,kWh,412.3,GBP,measured,Electricity · Bill EL-1001 · Octopus Energy · Electricity 01/12/2024-31/12/2024 1,820 kWh\r\n'.replace(
          'Electricity · Bill EL-1001 · Octopus Energy · Electricity 01/12/2024-31/12/2024 1,820 kWh',
          '"Electricity · Bill EL-1001 · Octopus Energy · Electricity 01/12/2024-31/12/2024 1,820 kWh"',
        ),
    );
  });
});

test('the Sage export leaves out VAT, wages, sales, transfers and depreciation by nominal code', () => {
  const parsed = parsedFixture('sage-50-audit-trail.csv');
  const mappings = suggestedMappings('sage-50-audit-trail.csv');
  // 7400 Travelling has no suggestion (no spend category for travel): the person chooses.
  expect(summariseAccounts(parsed).find((a) => a.code === '7400')?.suggested).toBeNull();
  mappings.set('travelling', { category: 'ignore', variant: null });
  const plan = planAccountingImport(parsed, { mappings, site: null });
  expect(plan.lines.map((l) => [l.category, l.variant, l.quantity, l.spend, l.site])).toEqual([
    ['electricity', null, 1820, 412.3, '1'],
    ['purchased_goods', 'food_drink_ingredients', null, 1240, '1'],
    ['diesel', null, 58.4, 88.12, '1'],
    ['purchased_goods', 'accountancy_legal', null, 2150, '1'],
  ]);
  expect(plan.leftOut.map((r) => [r.reason, r.lines, r.amount])).toEqual([
    ['vat', 1, 82.46],
    ['refund', 1, 40],
    ['payroll', 1, 18450],
    ['income', 1, 98000],
    ['financial', 1, 5000],
    ['depreciation', 1, 350],
    ['not_counted_account', 1, 64.2],
  ]);
});

test('the Xero export takes net debits and leaves out by account type', () => {
  const parsed = parsedFixture('xero-account-transactions.csv');
  const mappings = suggestedMappings('xero-account-transactions.csv');
  mappings.set('general expenses', { category: 'purchased_goods', variant: 'cleaning_services' });
  const plan = planAccountingImport(parsed, { mappings, site: 'Bakery' });
  expect(plan.lines.map((l) => [l.category, l.variant, l.quantity, l.unit, l.spend])).toEqual([
    ['purchased_goods', 'cleaning_services', null, null, 45],
    ['electricity', null, 1820, 'kWh', 412.3],
    ['electricity', null, 1740, 'kWh', 398.75],
    ['purchased_goods', 'vehicles_parts', null, null, 88.12],
    ['purchased_goods', 'machinery_equipment', null, null, 8400],
  ]);
  expect(plan.leftOut.map((r) => [r.reason, r.lines, r.amount])).toEqual([
    ['transfer', 1, 5000],
    ['income', 1, 98000],
    ['payroll', 1, 18450],
    ['vat', 1, 82.46],
    ['totals', 25, null],
  ]);
});

test('the Sage Business Cloud export: cost of sales and fixed assets counted, the rest left out', () => {
  const parsed = parsedFixture('sage-business-cloud-transactions.csv');
  const plan = planAccountingImport(parsed, {
    mappings: suggestedMappings('sage-business-cloud-transactions.csv'),
    site: 'Bakery',
  });
  expect(plan.unmapped).toEqual([]);
  expect(plan.lines.map((l) => [l.category, l.variant, l.quantity, l.spend])).toEqual([
    ['electricity', null, 1820, 412.3],
    ['purchased_goods', 'food_drink_ingredients', null, 1240],
    ['purchased_goods', 'machinery_equipment', null, 8400],
  ]);
  expect(plan.leftOut.map((r) => [r.reason, r.lines, r.amount])).toEqual([
    ['refund', 1, 40],
    ['transfer', 1, 5000],
    ['payroll', 1, 18450],
    ['income', 1, 98000],
  ]);
});
