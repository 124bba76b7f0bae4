// One rule table for both paths (decision 086): an account of the company's books maps the same way
// whether its lines come from an accounting export (suggestAccountTarget) or a connector sync
// (defaultAccountMapping). The only differences are the path's, stated: a connector's bill line
// carries no quantity, so an account counted by kWh or litres is left out there, and a connector
// cannot ask, so an account no rule knows gets the fallback spend category to review.
import { describe, expect, test } from 'bun:test';
import {
  defaultAccountMapping,
  FALLBACK_SPEND_VARIANT,
  SPEND_VARIANT_KEYS,
} from '../../connectors/account-mapping.ts';
import { ACCOUNT_RULES, isQuantityCategory, suggestAccountTarget } from './account-targets.ts';
import { ACCOUNT_CHOICES } from './choices.ts';

/** Account names of real charts of accounts (QuickBooks, Xero, Sage, Odoo), at least one per rule. */
const ACCOUNTS = [
  'VAT Control',
  'Wages and Salaries',
  'Bank Interest Paid',
  'Depreciation of fixed assets',
  'Electricity',
  'Gas',
  'Heating Oil',
  'Red Diesel',
  'Diesel',
  'Petrol',
  'Motor Fuel',
  'Water Rates',
  'Packaging',
  'Repairs and Maintenance',
  'Software Subscriptions',
  'Telephone and Internet',
  'Accountancy Fees',
  'Advertising',
  'Insurance',
  'Bank Charges',
  'Cleaning Supplies',
  'Cleaning',
  'Stationery',
  'Printing',
  'Staff Meals',
  'Travel - Hotels',
  'Flights',
  'Taxis',
  'Car Hire',
  'Freight and Transport',
  'Postage and Carriage',
  'Waste Collection',
  'Computer Hardware',
  'Shop Refurbishment',
  'Rent',
  'Kitchen Equipment',
  'Furniture',
  'Workwear',
  'Training',
  'Recruitment',
  'Security',
  'Consultancy',
  'Purchases of services',
  'Ingredients',
  'Motor Vehicles',
  // No rule: the import asks, a connector falls back.
  'Sundries',
  'Travelling',
];

const ruleIndexOf = (name: string) => ACCOUNT_RULES.findIndex(([pattern]) => pattern.test(name));

describe('one account rule table for accounting exports and connectors', () => {
  test('the sample accounts reach every rule of the table', () => {
    const reached = new Set(ACCOUNTS.map(ruleIndexOf));
    expect(ACCOUNT_RULES.map((_, index) => index).filter((index) => !reached.has(index))).toEqual([]);
  });

  test.each(ACCOUNTS)('%s maps the same way on both paths', (name) => {
    const imported = suggestAccountTarget({ code: null, name });
    const synced: { category: string; variant: string | null } = defaultAccountMapping({
      code: '6000',
      name,
    });
    if (imported === null) {
      expect(synced).toEqual({ category: 'purchased_goods', variant: FALLBACK_SPEND_VARIANT });
    } else if (imported.category === 'purchased_goods' || imported.category === 'ignore') {
      expect(synced).toEqual(imported);
    } else {
      // Counted by a quantity on the import; a connector's bill has none, so it is left out.
      expect(isQuantityCategory(imported.category)).toBe(true);
      expect(synced).toEqual({ category: 'ignore', variant: null });
    }
  });

  test('an account the connectors counted differently now counts as the import counts it', () => {
    const both = (name: string) => [
      suggestAccountTarget({ code: null, name }),
      defaultAccountMapping({ code: '', name }),
    ];
    // Bank charges are a purchase on both paths (they were left out by connectors).
    expect(both('Bank Charges')).toEqual([
      { category: 'purchased_goods', variant: 'banking_finance' },
      { category: 'purchased_goods', variant: 'banking_finance' },
    ]);
    // Cost of sales was the fallback consultancy on connectors.
    expect(both('Cost of Sales')[1]).toEqual({
      category: 'purchased_goods',
      variant: 'food_drink_ingredients',
    });
    // Motor fuel was counted as consultancy spend by connectors: now litres on the import, left out
    // by a connector.
    expect(both('Motor Fuel')).toEqual([
      { category: 'diesel', variant: null },
      { category: 'ignore', variant: null },
    ]);
  });

  test('every spend target of the table is a choice on both paths and is counted', () => {
    const choices = new Set(
      ACCOUNT_CHOICES.filter((choice) => choice.category === 'purchased_goods').map(
        (choice) => choice.variant,
      ),
    );
    for (const [, target] of ACCOUNT_RULES) {
      if (target === 'ignore' || isQuantityCategory(target)) continue;
      expect({ target, connector: SPEND_VARIANT_KEYS.has(target), file: choices.has(target) }).toEqual({
        target,
        connector: true,
        file: true,
      });
    }
  });
});
