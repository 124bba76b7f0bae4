import { describe, expect, test } from 'bun:test';
import { ActivityCategorySchema, type ActivityLine, ScopeSchema } from '../../../domain/contracts/ledger';
import {
  CATEGORY_LABELS,
  categoryLabel,
  describeAmount,
  describeCalculation,
  describeFlag,
  formatIsoDate,
  formatKg,
  formatKgAsTonnes,
  humanize,
  kgToTonnes,
  SCOPE_LABELS,
  safeEvidenceHref,
  scopeLabel,
  scopeTotals,
} from './format';
import { describePageRange, pageCount } from './pagination';

type Result = ActivityLine['results'][number];
const result = (patch: Partial<Result>): Result => ({
  scope: 'scope_2_location',
  scope3Category: null,
  kgCO2e: 1770,
  factorId: 'uk25-elec-grid',
  dataset: 'DESNZ 2025',
  activityQuantity: 10_000,
  activityUnit: 'kWh',
  flags: [],
  ...patch,
});

describe('kg and tonnes', () => {
  test('formats kilograms with at most two decimals', () => {
    expect(formatKg(1770)).toBe('1,770');
    expect(formatKg(9937.054)).toBe('9,937.05');
    expect(formatKg(0)).toBe('0');
  });

  test('converts kg to tonnes without rounding', () => {
    expect(kgToTonnes(1770)).toBe(1.77);
    expect(kgToTonnes(0.5)).toBe(0.0005);
  });

  test('writes kg as tonnes of CO2e with two decimals', () => {
    expect(formatKgAsTonnes(1770)).toBe('1.77 tCO2e');
    expect(formatKgAsTonnes(2_454_000)).toBe('2,454.00 tCO2e');
    expect(formatKgAsTonnes(4)).toBe('0.00 tCO2e');
  });
});

describe('labels', () => {
  test('every contract category and scope has a label', () => {
    for (const category of ActivityCategorySchema.options) expect(CATEGORY_LABELS[category]).toBeTruthy();
    for (const scope of ScopeSchema.options) expect(SCOPE_LABELS[scope]).toBeTruthy();
  });

  test('unknown categories are humanised rather than hidden', () => {
    expect(categoryLabel('wood_pellets')).toBe('Wood pellets');
    expect(humanize('activityQuantity')).toBe('Activity quantity');
  });

  test('scope 3 names its GHG Protocol category', () => {
    expect(scopeLabel({ scope: 'scope_3', scope3Category: 6 })).toBe('Scope 3, category 6 (Business travel)');
    expect(scopeLabel({ scope: 'scope_3', scope3Category: null })).toBe('Scope 3');
    expect(scopeLabel({ scope: 'scope_1', scope3Category: null })).toBe('Scope 1');
  });
});

describe('ledger figures', () => {
  test('sums results per scope column and leaves unused scopes empty', () => {
    const totals = scopeTotals([
      result({ scope: 'scope_2_location', kgCO2e: 1770 }),
      result({ scope: 'scope_2_market', kgCO2e: 0 }),
      result({ scope: 'scope_3', scope3Category: 3, kgCO2e: 185.3 }),
      result({ scope: 'scope_3', scope3Category: 3, kgCO2e: 459 }),
      result({ scope: 'outside_scopes', kgCO2e: 140 }),
    ]);
    expect(totals).toEqual({ scope_1: null, scope_2_location: 1770, scope_2_market: 0, scope_3: 644.3 });
  });

  test('shows the factor behind a figure as quantity × factor', () => {
    expect(describeCalculation(result({}))).toBe('10,000 kWh × 0.177 kgCO2e per kWh = 1,770 kgCO2e');
    expect(describeCalculation(result({ kgCO2e: 3659.2, activityQuantity: 20_000 }))).toBe(
      '20,000 kWh × 0.18296 kgCO2e per kWh = 3,659.2 kgCO2e',
    );
    expect(describeCalculation(result({ kgCO2e: 0, activityQuantity: 0 }))).toBe('0 kWh = 0 kgCO2e');
    expect(
      describeCalculation(result({ kgCO2e: 1170.4, activityQuantity: 10_000, activityUnit: 'passenger_km' })),
    ).toBe('10,000 passenger-km × 0.11704 kgCO2e per passenger-km = 1,170.4 kgCO2e');
  });

  test('describes the amount as quantity and unit, else spend and currency', () => {
    expect(describeAmount({ quantity: 10_000, unit: 'kWh', spend: null, currency: null })).toBe('10,000 kWh');
    expect(describeAmount({ quantity: 3, unit: 'room_night', spend: null, currency: null })).toBe(
      '3 room-nights',
    );
    expect(describeAmount({ quantity: null, unit: null, spend: 1200, currency: 'GBP' })).toBe('£1,200.00');
    expect(describeAmount({ quantity: null, unit: null, spend: 10, currency: 'XYZ' })).toMatch(/XYZ\s?10/);
    expect(describeAmount({ quantity: null, unit: null, spend: null, currency: null })).toBe('—');
  });

  test('formats calendar dates without a time-zone shift', () => {
    expect(formatIsoDate('2025-03-31')).toBe('31 Mar 2025');
    expect(formatIsoDate('2025-01-01')).toBe('1 Jan 2025');
    expect(formatIsoDate('soon')).toBe('soon');
  });
});

describe('flags in plain words', () => {
  test('every flag the calculator writes has its own wording', () => {
    const flags = [
      'region_fallback',
      'activity_proxy',
      'dataset_year_after_reporting_year',
      'secondary_source',
      'lifecycle_basis',
      'gwp_basis_ar4',
      'co2_only',
      'ch4_n2o_only',
      'radiative_forcing_included',
      'radiative_forcing_excluded',
      'market_based_supplier_factor',
      'market_based_contractual_instrument',
      'market_based_uses_location_factor',
      'no_td_wtt_factor',
      'no_wtt_factor',
      'outside_scopes_memo',
      'spend_converted_currency',
      'spend_not_deflated',
      'spend_deflated_cpi_u',
      'spend_proxy_region',
      'fx_rate_year_fallback',
      'fx_rate_missing',
      'calorific_basis_assumed_gross',
      'phev_electricity_excluded',
      'no_factor',
    ];
    const words = flags.map(describeFlag);
    for (const [index, text] of words.entries()) {
      expect(text).not.toContain('_');
      expect(text).not.toBe(`${humanize(flags[index]!)}.`);
    }
    expect(new Set(words).size).toBe(flags.length);
  });

  test('known flags read as sentences, with their detail', () => {
    expect(describeFlag('region_fallback:GB')).toBe(
      "There is no factor for this site's own region, so the GB factor was used.",
    );
    expect(describeFlag('radiative_forcing_included')).toBe(
      'Includes radiative forcing: the extra warming effect of emissions released at altitude.',
    );
    expect(describeFlag('calorific_basis_assumed_gross')).toBe(
      'The calorific basis was not stated, so gross (as on most bills) was assumed.',
    );
    expect(describeFlag('no_factor')).toContain('blank, not zero');
  });

  test('aliases and letter case lead to the same wording', () => {
    expect(describeFlag('RF_INCLUDED')).toBe(describeFlag('radiative_forcing_included'));
    expect(describeFlag('Region_Fallback')).toBe(describeFlag('region_fallback'));
  });

  test('unknown flags are humanised, never dropped', () => {
    expect(describeFlag('distance_uplift_applied')).toBe('Distance uplift applied.');
    expect(describeFlag('custom_note: check meter')).toBe('Custom note: check meter.');
  });
});

describe('evidence links', () => {
  test('only http and https links are shown as links', () => {
    expect(safeEvidenceHref('https://drive.example.com/bill.pdf')).toBe('https://drive.example.com/bill.pdf');
    expect(safeEvidenceHref('javascript:alert(1)')).toBeNull();
    expect(safeEvidenceHref('/api/integrations/ocr/files/0b6e-4f')).toBe(
      '/api/integrations/ocr/files/0b6e-4f',
    );
    expect(safeEvidenceHref('//evil.example.com/x')).toBeNull();
    expect(safeEvidenceHref('data:text/html,hi')).toBeNull();
    expect(safeEvidenceHref('bills/march.pdf')).toBeNull();
    expect(safeEvidenceHref(null)).toBeNull();
  });
});

describe('pagination', () => {
  test('counts pages, never fewer than one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  test('describes the lines on a page', () => {
    expect(describePageRange(1, 25, 0)).toBe('No lines');
    expect(describePageRange(1, 25, 1)).toBe('Line 1 of 1');
    expect(describePageRange(2, 25, 120)).toBe('Lines 26–50 of 120');
    expect(describePageRange(5, 25, 101)).toBe('Line 101 of 101');
  });
});
