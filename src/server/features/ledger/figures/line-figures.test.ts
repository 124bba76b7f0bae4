import { describe, expect, test } from 'bun:test';
import { electricity, GB } from '../../../../../tests/helpers/calculated-lines.ts';
import type { EmissionEntry, LineResult } from '../../../../domain/emissions/types.ts';
import { calculateLine } from './calculation.ts';
import { lineFigures } from './line-figures.ts';
import { storedEntries } from './stored-entries.ts';

const entry = (overrides: Partial<EmissionEntry>): EmissionEntry => ({
  scope: 'scope_1',
  scope3Category: null,
  kgCO2e: 1,
  factorId: 'f',
  dataset: 'DESNZ 2025',
  activityQuantity: 1,
  activityUnit: 'kWh',
  kgCO2ePerUnit: 1,
  flags: [],
  ...overrides,
});

const line = electricity;

describe('lineFigures', () => {
  test('sums each scope and scope 3 category, and stores every entry with its factor', () => {
    // UK grid electricity, 10,000 kWh (DESNZ 2025: 0.177 kg/kWh location-based; T&D and WTT are
    // scope 3 category 3).
    const result = calculateLine(line, GB);
    const figures = lineFigures(result);
    expect(figures.kgScope2Location).toBeCloseTo(1770, 9);
    expect(figures.kgScope2Market).toBeCloseTo(1770, 9);
    expect(figures.kgScope1).toBeNull();
    expect(figures.kgOutsideScopes).toBeNull();
    const scope3 = result.entries.filter((e) => e.scope === 'scope_3').reduce((sum, e) => sum + e.kgCO2e, 0);
    expect(figures.kgScope3).toBe(scope3);
    expect(figures.kgScope3Cat3).toBe(scope3);
    expect(figures.kgScope3Cat1).toBeNull();
    expect(JSON.parse(figures.datasets)).toEqual(['DESNZ 2025']);
    // Every entry comes back exactly, digits included, in GHG Protocol order.
    const stored = storedEntries(figures.entries);
    expect(stored.map((e) => e.kgCO2e).sort()).toEqual(result.entries.map((e) => e.kgCO2e).sort());
    expect(stored.map((e) => e.scope)).toEqual([
      'scope_2_location',
      'scope_2_market',
      'scope_3',
      'scope_3',
      'scope_3',
    ]);
    expect(stored[0]).toEqual({
      scope: 'scope_2_location',
      scope3Category: null,
      kgCO2e: result.entries[0]!.kgCO2e,
      factorId: 'desnz25-7_400_4000_5_1',
      dataset: 'DESNZ 2025',
      activityQuantity: 10_000,
      activityUnit: 'kWh',
      flags: [],
    });
  });

  test('a line in two scope 3 categories keeps a sum for each, and the total is both', () => {
    const result: LineResult = {
      entries: [
        entry({ scope: 'scope_3', scope3Category: 1, kgCO2e: 1.5, factorId: 'water-supply' }),
        entry({ scope: 'scope_3', scope3Category: 5, kgCO2e: 1.7, factorId: 'water-treatment' }),
      ],
      flags: [],
    };
    const figures = lineFigures(result);
    expect(figures).toMatchObject({ kgScope3Cat1: 1.5, kgScope3Cat5: 1.7, kgScope3: 1.5 + 1.7 });
  });

  test('no entries (no factor): every sum null, nothing stored, blank is not zero', () => {
    const figures = lineFigures({ entries: [], flags: ['no_factor'] });
    expect(figures.kgScope1).toBeNull();
    expect(figures.kgScope3).toBeNull();
    expect(figures.entries).toBe('[]');
    expect(figures.datasets).toBe('[]');
  });

  test("keeps the line's own flags on its entries, lists datasets once and sorted, keeps full precision", () => {
    const result: LineResult = {
      entries: [
        entry({
          scope: 'scope_2_location',
          kgCO2e: 0.1 + 0.2,
          dataset: 'Ember 2024',
          flags: ['region_fallback'],
        }),
        entry({ scope: 'scope_2_market', kgCO2e: 1 / 3, dataset: 'AIB 2024', flags: [] }),
        entry({ scope: 'scope_2_market', kgCO2e: 1e-12, dataset: 'Ember 2024', activityUnit: 'MWh' }),
      ],
      flags: ['region_fallback', 'no_td_wtt_factor'],
    };
    const figures = lineFigures(result);
    expect(JSON.parse(figures.datasets)).toEqual(['AIB 2024', 'Ember 2024']);
    const stored = storedEntries(figures.entries);
    expect(stored.map((e) => e.kgCO2e)).toEqual([0.1 + 0.2, 1 / 3, 1e-12]);
    expect(stored.map((e) => e.flags)).toEqual([
      ['region_fallback', 'no_td_wtt_factor'],
      ['no_td_wtt_factor'],
      ['no_td_wtt_factor'],
    ]);
    expect(figures.kgScope2Market).toBe(1 / 3 + 1e-12);
  });

  test("entries of one factor that differ only in their flags or the line's are each stored as they are", () => {
    const plain: LineResult = { entries: [entry({ factorId: 'g' })], flags: [] };
    const flagged: LineResult = {
      entries: [entry({ factorId: 'g', flags: ['region_fallback'] })],
      flags: [],
    };
    const lineFlagged: LineResult = { entries: [entry({ factorId: 'g' })], flags: ['no_td_wtt_factor'] };
    const storedFlags = (result: LineResult) => storedEntries(lineFigures(result).entries)[0]!.flags;
    // Each kind is remembered the first time (the templates are kept between lines): in either order
    // every line gets its own.
    for (const order of [
      [plain, flagged, lineFlagged],
      [lineFlagged, flagged, plain],
    ]) {
      expect(order.map(storedFlags)).toEqual(
        order.map((result) =>
          result === plain ? [] : result === flagged ? ['region_fallback'] : ['no_td_wtt_factor'],
        ),
      );
    }
  });

  test('refuses a scope 3 entry without a category rather than lose it from the category sums', () => {
    expect(() =>
      lineFigures({ entries: [entry({ scope: 'scope_3', scope3Category: null })], flags: [] }),
    ).toThrow('scope 3 entry without a category');
  });
});
