import { describe, expect, test } from 'bun:test';
import { defaultAccountMapping, FALLBACK_NAICS, SPEND_VARIANTS } from './account-mapping.ts';

describe('default account mapping', () => {
  test.each([
    ['445660', 'Deductible VAT', null],
    ['641000', 'Wages and salaries', null],
    ['627000', 'Bank fees', null],
    ['681100', 'Depreciation of fixed assets', null],
    ['613000', 'Software subscriptions', '518210'],
    ['622600', 'Legal fees', '541110'],
    ['626000', 'Telephone and internet', '517311'],
    ['616000', 'Insurance premiums', '524126'],
    ['625100', 'Travel - hotels', '721110'],
    ['624000', 'Freight and transport', '484121'],
    ['606100', 'Electricity', FALLBACK_NAICS],
  ])('%s %s → %s', (code, name, naics) => {
    const mapping = defaultAccountMapping({ code, name });
    if (naics === null) expect(mapping).toEqual({ category: 'ignore', variant: null });
    else expect(mapping).toEqual({ category: 'purchased_goods', variant: naics as never });
  });

  test('every suggested variant has a USEEIO factor in the library', async () => {
    const csv = await Bun.file('db/seed/factors/emission-factors.csv').text();
    for (const { naics } of SPEND_VARIANTS) expect(csv).toContain(`useeio13-${naics},`);
  });
});
