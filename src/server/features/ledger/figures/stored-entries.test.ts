import { describe, expect, test } from 'bun:test';
import {
  blankLine,
  electricity,
  fullFormEntries,
  GB,
} from '../../../../../tests/helpers/calculated-lines.ts';
import type { LineResult } from '../../../../domain/emissions/types.ts';
import { calculateLine, type LedgerLineFields, type SiteLocation } from './calculation.ts';
import { lineFigures } from './line-figures.ts';
import { storedEntries } from './stored-entries.ts';

const fullForm = (result: LineResult): string => JSON.stringify(fullFormEntries(result));

/** Each stored entry's field count, by factor id. */
const shapes = (json: string) =>
  (JSON.parse(json) as unknown[][]).map((fields) => [
    fields.length === 8 ? fields[3] : fields[0],
    fields.length,
  ]);

const cases: [string, LedgerLineFields, SiteLocation][] = [
  ['UK grid electricity: location, market mirror, T&D and WTT', electricity, GB],
  ['electricity at a supplier rate', { ...electricity, supplierKgCO2ePerKWh: 0.21 }, GB],
  ['electricity on a renewable tariff', { ...electricity, instrument: 'renewable_tariff' }, GB],
  ['electricity with certificates', { ...electricity, instrument: 'certificate' }, GB],
  ['French electricity (region flags, no T&D or WTT)', electricity, { country: 'FR', region: null }],
  [
    'an owned BEV per km with certificates (instrument in the factor unit)',
    {
      ...blankLine,
      category: 'owned_vehicle',
      variant: 'car_average_bev',
      quantity: 1200,
      unit: 'km',
      instrument: 'certificate',
    },
    GB,
  ],
  ['diesel: scope 1 and its WTT', { ...blankLine, category: 'diesel', quantity: 1000, unit: 'litre' }, GB],
  [
    'business travel by car: scope 3 category 6 from a scope 1 factor',
    { ...blankLine, category: 'business_travel_car', variant: 'medium_petrol', quantity: 500, unit: 'km' },
    GB,
  ],
  [
    'a flight with radiative forcing',
    { ...blankLine, category: 'flight', variant: 'short_haul_economy', quantity: 1500, unit: 'passenger_km' },
    GB,
  ],
  ['water: scope 3 categories 1 and 5', { ...blankLine, category: 'water', quantity: 12, unit: 'm3' }, GB],
  [
    'spend mapped to category 4 (Defra SIC at a UK site)',
    { ...blankLine, category: 'purchased_goods', variant: 'postage_couriers', spend: 250, currency: 'GBP' },
    GB,
  ],
  [
    'EPA spend in euros (FX and CPI flags)',
    { ...blankLine, category: 'purchased_goods', variant: '541611', spend: 1000, currency: 'EUR' },
    { country: 'US', region: null },
  ],
];

describe('stored entries', () => {
  for (const [name, line, site] of cases) {
    test(`${name}: the compact form reads back exactly as the full form did`, () => {
      const result = calculateLine(line, site);
      expect(result.entries.length).toBeGreaterThan(0);
      const stored = lineFigures(result).entries;
      expect(storedEntries(stored)).toEqual(storedEntries(fullForm(result)));
      expect(stored.length).toBeLessThan(fullForm(result).length);
    });
  }

  test('library factors store id, kg and quantity; flags, scope and category only when the factor does not give them', () => {
    const grid = lineFigures(calculateLine(electricity, GB)).entries;
    const entries = JSON.parse(grid) as unknown[][];
    // The market-based mirror names the location factor and keeps its own scope.
    expect(entries.find((fields) => fields[4] === 'scope_2_market')).toEqual([
      'desnz25-7_400_4000_5_1',
      1770,
      10_000,
      ['market_based_uses_location_factor'],
      'scope_2_market',
    ]);
    expect(shapes(grid).every(([, length]) => (length as number) <= 5)).toBe(true);
    const car = calculateLine(cases[7]![1], GB);
    expect(car.entries[0]).toMatchObject({ scope: 'scope_3', scope3Category: 6 });
    expect((JSON.parse(lineFigures(car).entries) as unknown[][])[0]!.slice(3)).toEqual([[], 'scope_3', 6]);
  });

  test("the supplier's rate and contractual instruments keep the full form: their dataset is their own", () => {
    for (const line of [cases[1]![1], cases[2]![1], cases[3]![1], cases[5]![1]]) {
      const market = shapes(lineFigures(calculateLine(line, GB)).entries).filter(([id]) =>
        String(id).startsWith('market:'),
      );
      expect(market).toHaveLength(1);
      expect(market[0]![1]).toBe(8);
    }
    const [instrument] = storedEntries(lineFigures(calculateLine(cases[5]![1], GB)).entries).filter(
      (entry) => entry.scope === 'scope_2_market',
    );
    expect(instrument).toMatchObject({
      factorId: 'market:contractual-instrument',
      dataset: 'Contractual instrument (certificate)',
      activityUnit: 'vehicle_km',
      flags: ['market_based_contractual_instrument', 'no_td_wtt_factor'],
    });
  });

  test('reads lines stored before decision 093, and lines mixing both forms', () => {
    const old = '[["scope_1",null,2.5,"desnz25-1","DESNZ 2025",1,"litre",[]]]';
    expect(storedEntries(old)).toEqual([
      {
        scope: 'scope_1',
        scope3Category: null,
        kgCO2e: 2.5,
        factorId: 'desnz25-1',
        dataset: 'DESNZ 2025',
        activityQuantity: 1,
        activityUnit: 'litre',
        flags: [],
      },
    ]);
    const result = calculateLine(electricity, GB);
    const full = JSON.parse(fullForm(result)) as unknown[][];
    const compact = JSON.parse(lineFigures(result).entries) as unknown[][];
    const mixed = JSON.stringify(full.map((fields, i) => (i % 2 === 0 ? fields : compact[i])));
    expect(storedEntries(mixed)).toEqual(storedEntries(fullForm(result)));
  });

  test('refuses a compact entry whose factor the library lacks rather than show it without its dataset', () => {
    expect(() => storedEntries('[["no-such-factor",1,1]]')).toThrow('no-such-factor');
  });
});
