import { describe, expect, test } from 'bun:test';
import { demoSnapshot } from './fixtures.ts';
import {
  answerNumber,
  type SecrRatioInput,
  secrIntensityRatios,
  secrRatiosOf,
  secrTable,
} from './secr-figures.ts';

const input = (overrides: Partial<SecrRatioInput> = {}): SecrRatioInput => ({
  period: '2025',
  revenue: { amount: 3_200_000, currency: 'GBP' },
  employees: 28,
  ukScope1: 41.27,
  ukScope2Location: 17.42,
  companyScope1: 41.27,
  companyScope2Location: 23.91,
  hasActivityOutsideUk: false,
  ...overrides,
});

describe('secrIntensityRatios', () => {
  test('divides UK scope 1 and 2 by turnover in millions and by employees', () => {
    expect(secrIntensityRatios(input())).toEqual([
      {
        denominator: 'revenue',
        basis: 'uk',
        value: 18.340625,
        unit: 'tCO2e (scope 1 and 2) per million GBP turnover',
      },
      { denominator: 'employees', basis: 'uk', value: 2.096071, unit: 'tCO2e (scope 1 and 2) per employee' },
    ]);
  });

  test('uses the whole company’s emissions when the ledger has sites outside the UK, since turnover is the whole company’s', () => {
    const ratios = secrIntensityRatios(input({ hasActivityOutsideUk: true }));
    expect(ratios.map((ratio) => [ratio.basis, ratio.value])).toEqual([
      ['company', 20.36875],
      ['company', 2.327857],
    ]);
  });

  test('names a ratio without a value for a quarter, and none without turnover or employees', () => {
    expect(secrIntensityRatios(input({ period: '2025-q2' })).map((ratio) => ratio.value)).toEqual([
      null,
      null,
    ]);
    expect(secrIntensityRatios(input({ revenue: null, employees: null }))).toEqual([]);
    expect(secrIntensityRatios(input({ revenue: { amount: 0, currency: 'GBP' }, employees: 0 }))).toEqual([]);
  });

  test('prints the ratio a person entered in the SECR checklist instead of working one out', () => {
    const ratios = secrIntensityRatios(
      input({ hasActivityOutsideUk: true, employees: null, entered: { revenue: 25.5, employees: null } }),
    );
    expect(ratios).toEqual([
      {
        denominator: 'revenue',
        basis: 'entered',
        value: 25.5,
        unit: 'tCO2e (scope 1 and 2) per million GBP turnover',
      },
    ]);
  });

  test('reads a checklist answer as a number only when it is one', () => {
    expect(answerNumber('1,234.5')).toBe(1234.5);
    expect(answerNumber(' 18.05 ')).toBe(18.05);
    expect(answerNumber('about 18')).toBeNull();
    expect(answerNumber('')).toBeNull();
    expect(answerNumber(null)).toBeNull();
  });

  test('has no value when neither scope 1 nor scope 2 is recorded (never 0)', () => {
    const ratios = secrIntensityRatios(input({ ukScope1: null, ukScope2Location: null }));
    expect(ratios.map((ratio) => ratio.value)).toEqual([null, null]);
  });
});

describe('secrTable', () => {
  const uk = () => demoSnapshot().uk!;

  test('lists gas, electricity and transport fuel, the total, scope 1, scope 2 and their total', () => {
    const table = secrTable(uk());
    expect(table.energy.map((row) => [row.label, row.current])).toEqual([
      ['Gas', 187_200],
      ['Electricity', 98_400],
      ['Transport fuel', null],
      ['Total UK energy use', 285_600],
    ]);
    expect(table.emissions.map((row) => [row.label, row.current])).toEqual([
      ['Scope 1: direct emissions', 41.27],
      ['Scope 2: purchased electricity, location-based', 17.42],
      ['Total Scope 1 and 2', 58.69],
    ]);
    expect(table.previousPeriod).toBeNull();
    expect(table.emissions[0]).not.toHaveProperty('previous');
  });

  test('adds scope 3 business travel and a gross total where recorded, and the prior year beside each row', () => {
    const table = secrTable({
      ...uk(),
      scope3BusinessTravel: 1.5,
      previous: {
        period: '2024',
        energyKwh: { gas: 150_000, electricity: 90_000, transport: null, total: 240_000 },
        scope1: 30,
        scope2Location: null,
        scope3BusinessTravel: null,
      },
    });
    expect(table.previousPeriod).toBe('2024');
    expect(table.energy[0]).toEqual({
      label: 'Gas',
      unit: 'kWh',
      current: 187_200,
      previous: 150_000,
      parts: { energyCategories: ['natural_gas'] },
    });
    expect(
      table.emissions.map((row) => [row.label, row.current, row.previous, row.isTotal ?? false]),
    ).toEqual([
      ['Scope 1: direct emissions', 41.27, 30, false],
      ['Scope 2: purchased electricity, location-based', 17.42, null, false],
      ['Total Scope 1 and 2', 58.69, 30, false],
      ['Scope 3: business travel', 1.5, null, false],
      ['Total gross emissions (Scope 1, 2 and Scope 3 business travel)', 60.19, 30, true],
    ]);
  });
});

test('secrRatiosOf reads an earlier snapshot’s one UK ratio', () => {
  expect(secrRatiosOf(demoSnapshot().uk!)).toEqual([
    { denominator: 'revenue', basis: 'uk', value: 18.05, unit: 'tCO2e (scope 1 and 2) per million GBP' },
  ]);
});
