import { describe, expect, test } from 'bun:test';
import { calculateActivity } from './calculate.ts';
import { loadFactorLibrary } from './factor-library.ts';
import {
  explainNotCounted,
  libraryRegions,
  type NotCountedLine,
  placeName,
  type RecalculationOutcome,
} from './not-counted.ts';
import type { ActivityInput } from './types.ts';

const csv = await Bun.file(
  new URL('../../../db/reference/factors/emission-factors.csv', import.meta.url),
).text();
const library = loadFactorLibrary(csv);
const regions = libraryRegions(library);

const base: NotCountedLine = {
  date: '2025-03-01',
  category: 'purchased_goods',
  variant: 'accountancy_legal',
  quantity: null,
  unit: null,
  spend: 4200,
  currency: 'GBP',
  site: { country: 'GB', region: null },
};

/** The line's outcome with the library of this test, as the server computes it. */
function outcomeOf(line: NotCountedLine): RecalculationOutcome {
  const input: ActivityInput = {
    date: line.date,
    country: line.site.country,
    category: line.category as ActivityInput['category'],
  };
  if (line.site.region) input.subregion = line.site.region;
  if (line.variant) input.variant = line.variant;
  if (line.quantity !== null && line.unit) Object.assign(input, { quantity: line.quantity, unit: line.unit });
  if (line.spend !== null && line.currency)
    Object.assign(input, { spend: line.spend, currency: line.currency });
  const result = calculateActivity(input, library);
  return { kind: 'result', entryCount: result.entries.length, flags: result.flags };
}

// The calculator's answer when no factor applies (resolve-line.ts). Given explicitly where the
// case depends on what the library lacks today, which the library's growth would change.
const NO_FACTOR: RecalculationOutcome = { kind: 'result', entryCount: 0, flags: ['no_factor'] };
const NO_RATE: RecalculationOutcome = {
  kind: 'result',
  entryCount: 0,
  flags: ['fx_rate_missing', 'no_factor'],
};

const explain = (line: NotCountedLine, outcome = outcomeOf(line)) =>
  explainNotCounted(line, outcome, regions);

describe('why a line is not counted', () => {
  test('names the spend category and the country when no spend factor exists, and asks to choose a factor', () => {
    const line = { ...base, variant: '541211', site: { country: 'JP', region: null } };
    expect(explain(line, NO_FACTOR)).toEqual({
      reason: 'no_spend_factor',
      message: "No emission factor for spend category 'NAICS 541211' in Japan",
      fix: { action: 'edit_line', label: 'Choose a factor: pick the nearest spend category' },
    });
  });

  test('uses the plain label of a spend category key', () => {
    const status = explain(base, NO_FACTOR);
    expect(status.message).toBe(
      "No emission factor for spend category 'Accountancy and legal' in United Kingdom",
    );
  });

  test('a currency without an exchange rate asks for a rate, naming the currency and year', () => {
    const line = { ...base, variant: '541611', currency: 'JPY' };
    const status = explain(line, NO_RATE);
    expect(status.reason).toBe('exchange_rate_missing');
    expect(status.message).toBe('No exchange rate for JPY in 2025');
    expect(status.fix.action).toBe('edit_line');
    expect(status.fix.label).toStartWith('Add an exchange rate for JPY');
  });

  test('a site region the library does not know ("CAMX", "England") asks to correct the site', () => {
    for (const [country, region] of [
      ['US', 'CAMX'],
      ['GB', 'England'],
    ] as const) {
      const line: NotCountedLine = {
        ...base,
        category: 'electricity',
        variant: null,
        quantity: 1200,
        unit: 'kWh',
        spend: null,
        currency: null,
        site: { country, region },
      };
      // The calculator itself, today: an unknown region leaves grid electricity without a factor.
      expect(outcomeOf(line)).toEqual(NO_FACTOR);
      expect(explain(line)).toEqual({
        reason: 'site_region_unknown',
        message: `The site's region '${region}' is not one we have factors for`,
        fix: { action: 'edit_site', label: "Correct the site's region" },
      });
    }
  });

  test('a known region is not blamed: electricity in Japan has no factor at all', () => {
    const line: NotCountedLine = {
      ...base,
      category: 'electricity',
      variant: null,
      quantity: 1200,
      unit: 'kWh',
      spend: null,
      currency: null,
      site: { country: 'JP', region: null },
    };
    expect(explain(line, NO_FACTOR)).toEqual({
      reason: 'no_factor',
      message: 'No emission factor for electricity in Japan',
      fix: { action: 'edit_line', label: 'Choose a factor: pick the nearest type' },
    });
  });

  test('an unknown region on a spend line is not the cause (spend factors go by country)', () => {
    const line = { ...base, variant: '541211', site: { country: 'GB', region: 'England' } };
    expect(explain(line, NO_FACTOR).reason).toBe('no_spend_factor');
  });

  test('a line the current library now calculates is fixed by a recalculation', () => {
    // Electricity in GB has a DESNZ factor: the stored empty result predates it.
    const line: NotCountedLine = {
      ...base,
      category: 'electricity',
      variant: null,
      quantity: 1200,
      unit: 'kWh',
      spend: null,
      currency: null,
    };
    expect(explain(line)).toEqual({
      reason: 'factor_now_available',
      message: 'A factor now exists for this line; its figures were stored before it did',
      fix: { action: 'recalculate', label: 'Recalculate' },
    });
  });

  test('a type the calculator refuses asks for a type; a spend line for a spend category', () => {
    const refused = { kind: 'refused', field: 'variant', message: 'Unknown' } as const;
    expect(explain({ ...base, variant: 'Accountancy' }, refused)).toEqual({
      reason: 'unknown_type',
      message: "Spend category 'Accountancy' is not one we know",
      fix: { action: 'edit_line', label: 'Choose a spend category' },
    });
    const flight = { ...base, category: 'flight', variant: 'jumbo', spend: null, currency: null };
    expect(explain(flight, refused).message).toBe("'jumbo' is not a type of flights we know");
    expect(explain({ ...flight, variant: null }, refused).message).toBe(
      'The flights line does not say which type it is',
    );
  });

  test('a unit the calculator refuses asks to correct the unit', () => {
    const line = { ...base, category: 'diesel', variant: null, quantity: 10, unit: 'bushel' };
    expect(explain(line, { kind: 'refused', field: 'unit', message: 'Unknown unit' })).toEqual({
      reason: 'unknown_unit',
      message: "The unit 'bushel' cannot be used for diesel",
      fix: { action: 'edit_line', label: 'Correct the unit' },
    });
  });

  test('a line with no quantity asks for the quantity; a spend line without spend for the amount', () => {
    const diesel = { ...base, category: 'diesel', variant: null, spend: null, currency: null };
    expect(explain(diesel, { kind: 'result', entryCount: 0, flags: [] })).toEqual({
      reason: 'missing_amount',
      message: 'The diesel line has no quantity with a unit',
      fix: { action: 'edit_line', label: 'Add the quantity' },
    });
    expect(
      explain({ ...base, spend: null }, { kind: 'refused', field: 'spend', message: 'x' }).fix.label,
    ).toBe('Add the amount spent');
  });
});

describe('place names', () => {
  test('names countries in English and keeps codes it cannot name', () => {
    expect(placeName('GB')).toBe('United Kingdom');
    expect(placeName('uk')).toBe('United Kingdom');
    expect(placeName('GB-LONDON')).toBe('London');
    expect(placeName('US-CAMX')).toBe('US-CAMX');
  });
});
