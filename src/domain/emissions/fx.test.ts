import { describe, expect, test } from 'bun:test';
import { convertSpendToUsd, ECB_ANNUAL_AVERAGE_RATES, type FxTable } from './fx.ts';

describe('ECB annual average rates', () => {
  test('hold the published USD and GBP per EUR averages for 2022-2024 only', () => {
    expect([...ECB_ANNUAL_AVERAGE_RATES.perEur.keys()]).toEqual([2022, 2023, 2024]);
    expect(ECB_ANNUAL_AVERAGE_RATES.perEur.get(2022)).toEqual({ EUR: 1, USD: 1.053, GBP: 0.85276 });
    expect(ECB_ANNUAL_AVERAGE_RATES.perEur.get(2023)).toEqual({ EUR: 1, USD: 1.0813, GBP: 0.86979 });
    expect(ECB_ANNUAL_AVERAGE_RATES.perEur.get(2024)).toEqual({ EUR: 1, USD: 1.0824, GBP: 0.84662 });
  });
});

describe('convertSpendToUsd', () => {
  test('USD passes through unconverted and unflagged', () => {
    expect(convertSpendToUsd(250, 'usd', 2019)).toEqual({ usd: 250, rateYear: null, flags: [] });
  });

  test('EUR and GBP convert through EUR at the year of the spend', () => {
    const eur = convertSpendToUsd(1000, 'EUR', 2023)!;
    expect(eur.usd).toBeCloseTo(1081.3, 9);
    expect(eur).toMatchObject({ rateYear: 2023, flags: ['spend_converted_currency'] });
    const gbp = convertSpendToUsd(1000, 'GBP', 2024)!;
    expect(gbp.usd).toBeCloseTo((1000 / 0.84662) * 1.0824, 9);
  });

  test('years outside the table use the nearest year, flagged', () => {
    expect(convertSpendToUsd(1, 'EUR', 2026)).toMatchObject({
      rateYear: 2024,
      flags: ['spend_converted_currency', 'fx_rate_year_fallback'],
    });
    expect(convertSpendToUsd(1, 'GBP', 2019)?.rateYear).toBe(2022);
  });

  test('on a tie between two nearest years the earlier wins; unknown currencies give null', () => {
    const gappy: FxTable = {
      source: 'test',
      perEur: new Map([
        [2020, { EUR: 1, USD: 1.1 }],
        [2022, { EUR: 1, USD: 1.2 }],
      ]),
    };
    expect(convertSpendToUsd(1, 'EUR', 2021, gappy)?.rateYear).toBe(2020);
    expect(convertSpendToUsd(1, 'GBP', 2021, gappy)).toBeNull();
    expect(convertSpendToUsd(1, 'JPY', 2023)).toBeNull();
  });
});
