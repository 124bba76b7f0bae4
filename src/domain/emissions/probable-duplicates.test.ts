import { describe, expect, test } from 'bun:test';
import {
  addDays,
  type DuplicateLine,
  looksLikeDuplicate,
  mergeWindows,
  periodsOverlap,
  sameAmount,
  sameQuantity,
  sameSupplier,
  searchWindow,
} from './probable-duplicates.ts';

/** A quarterly electricity bill as a CSV row holds it. */
const bill: DuplicateLine = {
  siteId: 'bakery',
  category: 'electricity',
  date: '2025-01-01',
  periodEnd: '2025-03-31',
  quantity: 1820,
  unit: 'kWh',
  spend: 512.4,
  currency: 'GBP',
  reference: 'British Gas bill 0193',
};

const like = (changes: Partial<DuplicateLine>): DuplicateLine => ({ ...bill, ...changes });

/** Both ways round: the rule is symmetric. */
function expectMatch(a: DuplicateLine, b: DuplicateLine, expected: boolean) {
  expect(looksLikeDuplicate(a, b)).toBe(expected);
  expect(looksLikeDuplicate(b, a)).toBe(expected);
}

describe('probable duplicates', () => {
  test('the same bill scanned from its issue date looks like the CSV row of its quarter', () => {
    // Issued 2025-04-04: 4 days after the period's end (tolerance 6), 93 days after its start (gap 100).
    expectMatch(bill, like({ date: '2025-04-04', periodEnd: null, reference: null }), true);
  });

  test('a different category never matches', () => {
    expectMatch(bill, like({ category: 'natural_gas' }), false);
  });

  test('a different site does not match unless the supplier is the same', () => {
    const elsewhere = like({ siteId: 'shop', reference: null });
    expectMatch(bill, elsewhere, false);
    expectMatch(like({ siteId: 'shop', reference: null, supplier: 'British Gas' }), bill, true);
  });

  test('suppliers match by name, ignoring case and punctuation, or named in the other reference', () => {
    expect(sameSupplier(like({ supplier: 'British Gas Ltd.' }), like({ supplier: 'british gas ltd' }))).toBe(
      true,
    );
    expect(sameSupplier(like({ supplier: 'British Gas' }), like({ supplier: 'EDF Energy' }))).toBe(false);
    expect(sameSupplier(like({ supplier: 'British Gas' }), like({ supplier: null }))).toBe(true);
    // Whole words only: "Gas" is not "British Gas", and "EDF" is not in "EDFX 12".
    expect(sameSupplier(like({ supplier: 'EDF', reference: null }), like({ reference: 'EDFX 12' }))).toBe(
      false,
    );
    expect(sameSupplier(like({ supplier: null, reference: null }), like({ supplier: null }))).toBe(false);
  });

  test('periods overlap within 6 days; 7 days apart is another bill', () => {
    const point = (date: string) => like({ date, periodEnd: null });
    expect(periodsOverlap(point('2025-05-10'), point('2025-05-16'))).toBe(true);
    expect(periodsOverlap(point('2025-05-10'), point('2025-05-17'))).toBe(false);
    // The day after a quarter ends + 7 days: 2025-04-07 is 7 days after 2025-03-31.
    expect(periodsOverlap(bill, point('2025-04-06'))).toBe(true);
    expect(periodsOverlap(bill, point('2025-04-07'))).toBe(false);
  });

  test('lines starting more than 100 days apart are two bills even if their periods overlap', () => {
    const year = like({ date: '2025-01-01', periodEnd: '2025-12-31' });
    expect(periodsOverlap(year, like({ date: '2025-04-11', periodEnd: '2025-06-30' }))).toBe(true);
    expect(periodsOverlap(year, like({ date: '2025-04-12', periodEnd: '2025-06-30' }))).toBe(false);
  });

  test('quantities within 0.5 % in the same unit are the same; other units are not compared', () => {
    // 1820 × 1.005 = 1829.1: 1829 is within, 1830 is not.
    expect(sameQuantity(bill, like({ quantity: 1829 }))).toBe(true);
    expect(sameQuantity(bill, like({ quantity: 1830 }))).toBe(false);
    expect(sameQuantity(bill, like({ quantity: 1.82, unit: 'MWh' }))).toBeNull();
    expect(sameQuantity(bill, like({ quantity: null, unit: null }))).toBeNull();
  });

  test('amounts must be equal to the cent in the same currency', () => {
    expect(sameAmount(bill, like({ spend: 512.404 }))).toBe(true);
    expect(sameAmount(bill, like({ spend: 512.41 }))).toBe(false);
    expect(sameAmount(bill, like({ currency: 'EUR' }))).toBe(false);
  });

  test('the same amount matches a line without a quantity', () => {
    const spendOnly = like({ quantity: null, unit: null });
    expectMatch(bill, spendOnly, true);
    expectMatch(bill, like({ quantity: null, unit: null, spend: 500 }), false);
  });

  test('where both state a quantity, a different quantity with the same amount is another bill', () => {
    // A fixed monthly direct debit: the same £512.40 for 1,820 and for 2,100 kWh.
    expectMatch(bill, like({ quantity: 2100 }), false);
  });

  test('the search window covers every start date the rule can match', () => {
    const window = searchWindow(bill);
    // From 100 days before the start; to the period end + 6 days (2025-04-06), below start + 100.
    expect(window).toEqual({ from: addDays('2025-01-01', -100), to: '2025-04-06' });
    expect(window.from).toBe('2024-09-23');
    const point = searchWindow(like({ date: '2025-05-10', periodEnd: null }));
    expect(point).toEqual({ from: '2025-01-30', to: '2025-05-16' });
    const long = searchWindow(like({ date: '2025-01-01', periodEnd: '2025-12-31' }));
    expect(long.to).toBe('2025-04-11');
  });

  test('windows that touch or overlap merge into one read', () => {
    expect(
      mergeWindows([
        { from: '2025-03-01', to: '2025-03-31' },
        { from: '2025-01-01', to: '2025-02-28' },
        { from: '2025-06-01', to: '2025-06-30' },
        { from: '2025-06-15', to: '2025-07-10' },
      ]),
    ).toEqual([
      { from: '2025-01-01', to: '2025-03-31' },
      { from: '2025-06-01', to: '2025-07-10' },
    ]);
  });
});
