import { describe, expect, test } from 'bun:test';
import {
  acceptedCurrencies,
  convertSpend,
  convertSpendToUsd,
  ECB_ANNUAL_AVERAGE_RATES,
  type FxTable,
  usCpiDeflator,
} from './fx.ts';

describe('ECB annual average rates', () => {
  test('hold the means of the daily ECB rates for 2015-2025, agreeing with the ECB published averages', () => {
    const years = [...ECB_ANNUAL_AVERAGE_RATES.perEur.keys()];
    expect(years[0]).toBe(2015);
    expect(years.at(-1)).toBe(2025);
    // ECB published annual averages: USD 2022 1.0530, 2023 1.0813, 2024 1.0824 (PROVENANCE.md §8a).
    expect(ECB_ANNUAL_AVERAGE_RATES.perEur.get(2022)!.USD).toBeCloseTo(1.053, 3);
    expect(ECB_ANNUAL_AVERAGE_RATES.perEur.get(2023)!.USD).toBeCloseTo(1.0813, 4);
    expect(ECB_ANNUAL_AVERAGE_RATES.perEur.get(2024)!.USD).toBeCloseTo(1.0824, 4);
    expect(ECB_ANNUAL_AVERAGE_RATES.perEur.get(2024)!.GBP).toBe(0.846617);
  });

  test('cover every currency of the ECB file that had a rate in the year, not only 11', () => {
    const rates2025 = ECB_ANNUAL_AVERAGE_RATES.perEur.get(2025)!;
    expect(Object.keys(rates2025).length).toBe(31); // 30 quoted currencies + EUR itself
    expect(rates2025.JPY).toBe(169.043451);
    expect(rates2025.ZAR).toBeGreaterThan(0);
    // RUB: the ECB stopped quoting it in March 2022 (N/A days are skipped, not counted as 0).
    expect(rates2025.RUB).toBeUndefined();
    expect(acceptedCurrencies()).toEqual(expect.arrayContaining(['EUR', 'USD', 'GBP', 'JPY', 'RUB', 'HRK']));
  });
});

describe('convertSpend', () => {
  test('the factor currency passes through unconverted and unflagged', () => {
    expect(convertSpend(250, 'usd', 'USD', 2019)).toEqual({ amount: 250, rateYear: null, flags: [] });
    expect(convertSpendToUsd(250, 'usd', 2019)).toEqual({ usd: 250, rateYear: null, flags: [] });
  });

  test('cross rates go through EUR at the year of the spend', () => {
    // €500 in 2025 → 500 × 1.129983 = $564.9915.
    expect(convertSpend(500, 'EUR', 'USD', 2025)!.amount).toBeCloseTo(564.9915, 9);
    // £1,000 in 2025 → 1000 / 0.856792 × 1.129983 = $1,318.8531…
    expect(convertSpend(1000, 'GBP', 'USD', 2025)!.amount).toBeCloseTo((1000 / 0.856792) * 1.129983, 9);
    // ¥100,000 in 2024 → 100000 / 163.851914 × 0.846617 = £516.6985…
    const yen = convertSpend(100_000, 'JPY', 'GBP', 2024)!;
    expect(yen.amount).toBeCloseTo((100_000 / 163.851914) * 0.846617, 9);
    expect(yen).toMatchObject({ rateYear: 2024, flags: ['spend_converted_currency'] });
  });

  test('years outside the table use the nearest year, flagged', () => {
    expect(convertSpend(1, 'EUR', 'USD', 2026)).toMatchObject({
      rateYear: 2025,
      flags: ['spend_converted_currency', 'fx_rate_year_fallback'],
    });
    expect(convertSpendToUsd(1, 'GBP', 2012)?.rateYear).toBe(2015);
  });

  test('on a tie between two nearest years the earlier wins; currencies without any rate give null', () => {
    const gappy: FxTable = {
      source: 'test',
      perEur: new Map([
        [2020, { EUR: 1, USD: 1.1 }],
        [2022, { EUR: 1, USD: 1.2 }],
      ]),
    };
    expect(convertSpendToUsd(1, 'EUR', 2021, gappy)?.rateYear).toBe(2020);
    expect(convertSpendToUsd(1, 'GBP', 2021, gappy)).toBeNull();
    expect(convertSpend(1, 'NGN', 'USD', 2025)).toBeNull();
    expect(convertSpend(1, 'XYZ', 'GBP', 2025)).toBeNull();
  });
});

describe('usCpiDeflator', () => {
  test('takes USD of a year to 2022 USD with CPI-U annual averages', () => {
    // 292.655 / 321.943 (2025, 11-month BLS average) = 0.90902…
    expect(usCpiDeflator(2025)).toBeCloseTo(292.655 / 321.943, 12);
    expect(usCpiDeflator(2022)).toBe(1);
    expect(usCpiDeflator(2015)).toBeCloseTo(292.655 / 237.017, 12);
  });

  test('is null for a year without an index', () => {
    expect(usCpiDeflator(2026)).toBeNull();
    expect(usCpiDeflator(2014)).toBeNull();
  });
});
