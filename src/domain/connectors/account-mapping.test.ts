import { describe, expect, test } from 'bun:test';
import { factorLibrary } from '../../../db/reference/factors/seed.ts';
import { calculateActivity } from '../emissions/calculate.ts';
import { defaultAccountMapping, FALLBACK_SPEND_VARIANT, SPEND_VARIANTS } from './account-mapping.ts';

describe('default account mapping', () => {
  test.each([
    ['445660', 'Deductible VAT', null],
    ['641000', 'Wages and salaries', null],
    ['627000', 'Bank fees', 'banking_finance'],
    ['661100', 'Loan interest', null],
    ['681100', 'Depreciation of fixed assets', null],
    ['613000', 'Software subscriptions', 'it_software'],
    ['622600', 'Legal fees', 'accountancy_legal'],
    ['622700', 'Accountancy', 'accountancy_legal'],
    ['626000', 'Telephone and internet', 'telecoms'],
    ['616000', 'Insurance premiums', 'insurance'],
    ['615000', 'Repairs and maintenance', 'repairs_maintenance'],
    ['601000', 'Packaging', 'packaging'],
    ['625100', 'Travel - hotels', '721110'],
    ['624000', 'Freight and transport', '484121'],
    // Counted from metered kWh, never as spend: a bill line gives none (decision 086).
    ['606100', 'Electricity', null],
    ['606800', 'Sundry purchases of the month', 'food_drink_ingredients'],
    ['628100', 'Subcontracted studio work', FALLBACK_SPEND_VARIANT],
  ])('%s %s → %s', (code, name, variant) => {
    const mapping = defaultAccountMapping({ code, name });
    if (variant === null) expect(mapping).toEqual({ category: 'ignore', variant: null });
    else expect(mapping).toEqual({ category: 'purchased_goods', variant: variant as never });
  });

  test('every offered variant is counted at a UK and a US site', () => {
    const library = factorLibrary();
    for (const { variant } of SPEND_VARIANTS) {
      for (const country of ['GB', 'US']) {
        const result = calculateActivity(
          { date: '2025-05-01', country, category: 'purchased_goods', variant, spend: 100, currency: 'GBP' },
          library,
        );
        expect({ variant, country, counted: result.entries.length > 0 }).toEqual({
          variant,
          country,
          counted: true,
        });
      }
    }
  });
});
