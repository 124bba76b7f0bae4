import { describe, expect, test } from 'bun:test';
import { accountExclusion, isTransferType } from './exclusion.ts';

const account = (name: string, type: string | null = null, code: string | null = null) => ({
  code,
  name,
  type,
});

describe('accountExclusion', () => {
  test.each([
    // QuickBooks AccountTypeEnum
    ['Expense', null],
    ['Cost of Goods Sold', null],
    ['Other Expense', null],
    ['Fixed Asset', null],
    ['Income', 'income'],
    ['Other Income', 'income'],
    ['Bank', 'financial'],
    ['Credit Card', 'financial'],
    ['Accounts Receivable', 'financial'],
    ['Accounts Payable', 'financial'],
    ['Long Term Liability', 'financial'],
    ['Equity', 'financial'],
    // Xero AccountType, as the API and as the report prints it
    ['DIRECTCOSTS', null],
    ['Overhead', null],
    ['REVENUE', 'income'],
    ['DEPRECIATN', 'depreciation'],
    ['PAYG', 'payroll'],
    ['Current Liability', 'financial'],
    // Sage Business Cloud
    ['Direct Expenses', null],
    ['Overheads', null],
    ['Sales', 'income'],
    ['Future Liabilities', 'financial'],
  ])('an account of type "%s" is %p', (type, expected) => {
    expect(accountExclusion(account('Some account', type))).toBe(expected as never);
  });

  test('an expense-type account named VAT, wages or depreciation is still left out', () => {
    expect(accountExclusion(account('VAT on imports', 'Expense'))).toBe('vat');
    expect(accountExclusion(account("Employer's NI", 'Expense'))).toBe('payroll');
    expect(accountExclusion(account('Accumulated depreciation', 'Fixed Asset'))).toBe('depreciation');
    expect(accountExclusion(account('Cost of sales', 'Cost of Goods Sold'))).toBeNull();
  });

  test.each([
    ['VAT Control', 'vat'],
    ['Sales Tax Payable', 'vat'],
    ['Wages and Salaries', 'payroll'],
    ['PAYE and NI Payable', 'payroll'],
    ['Staff pensions', 'payroll'],
    ['Sales', 'income'],
    ['Interest received', 'income'],
    ['Cost of sales', null],
    ['Depreciation', 'depreciation'],
    ['Accounts Payable (A/P)', 'financial'],
    ['Bank interest paid', 'financial'],
    ["Director's loan", 'financial'],
    ['Barclays Business Account', 'financial'],
    ['Bank Charges', null],
    ['Packaging', null],
    ['Electricity', null],
  ])('without a type, the name "%s" decides: %p', (name, expected) => {
    expect(accountExclusion(account(name))).toBe(expected as never);
  });

  test.each([
    ['0030', null],
    ['1200', 'financial'],
    ['2100', 'financial'],
    ['2200', 'vat'],
    ['2201', 'vat'],
    ['2210', 'payroll'],
    ['2300', 'financial'],
    ['3200', 'financial'],
    ['4000', 'income'],
    ['5000', null],
    ['7000', 'payroll'],
    ['7006', 'payroll'],
    ['7200', null],
    ['8000', 'depreciation'],
    ['9998', 'financial'],
  ])('in a Sage export, nominal code %s is %p (Sage UK standard chart)', (code, expected) => {
    expect(accountExclusion(account(`Nominal ${code}`, null, code), true)).toBe(expected as never);
  });

  test('nominal code ranges apply to Sage exports only', () => {
    expect(accountExclusion(account('Nominal 4000', null, '4000'), false)).toBeNull();
  });
});

test('transfers are recognised by their transaction type', () => {
  expect(isTransferType('Transfer')).toBe(true);
  expect(isTransferType('Bank Transfer')).toBe(true);
  expect(isTransferType('Bill')).toBe(false);
  expect(isTransferType(null)).toBe(false);
});
