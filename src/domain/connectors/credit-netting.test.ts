import { describe, expect, test } from 'bun:test';
import { apportionCents, describeLeftovers, type NettableLine, netCredits } from './credit-netting.ts';

const ADS = { key: '7', name: 'Advertising' };
const LEGAL = { key: '9', name: 'Legal fees' };
const NORTH = { key: 'class:1', name: 'North' };
const SOUTH = { key: 'class:2', name: 'South' };

let counter = 0;
function line(amount: number, extra: Partial<NettableLine> = {}): NettableLine {
  counter++;
  return {
    externalId: `spend:${String(counter).padStart(3, '0')}`,
    date: '2025-03-10',
    account: ADS,
    tracking: null,
    currency: 'USD',
    amount,
    document: `Bill ${counter}`,
    ...extra,
  };
}
const credit = (amount: number, extra: Partial<NettableLine> = {}) =>
  line(amount, { externalId: `credit:${++counter}`, document: `Credit ${counter}`, ...extra });
const amounts = (lines: NettableLine[]) => lines.map((entry) => entry.amount);

describe('netting supplier credits against spend', () => {
  test('a partial credit is shared pro rata over the month’s lines of the account', () => {
    // 300 + 100 = 400 of spend, 60 of credit: 45 off the 300, 15 off the 100.
    const spend = [line(300), line(100, { date: '2025-03-28' })];
    const netted = netCredits(spend, [credit(60, { date: '2025-03-02' })]);
    expect(amounts(netted.lines)).toEqual([255, 85]);
    expect(netted.leftovers).toEqual([]);
    // Ids and everything else stay: only the amount changes.
    expect(netted.lines.map((entry) => entry.externalId)).toEqual(spend.map((entry) => entry.externalId));
    expect({ ...netted.lines[0], amount: 300 }).toEqual(spend[0]!);
  });

  test('a credit larger than the spend brings every line to zero, never below, and leaves the rest over', () => {
    const netted = netCredits([line(40), line(60)], [credit(130, { document: 'VC-9' })]);
    expect(amounts(netted.lines)).toEqual([0, 0]);
    expect(netted.leftovers).toEqual([
      {
        accountKey: '7',
        accountName: 'Advertising',
        trackingName: null,
        month: '2025-03',
        currency: 'USD',
        amount: 30,
        documents: ['VC-9'],
      },
    ]);
  });

  test('a credit exactly equal to the spend leaves zero lines and nothing over', () => {
    const netted = netCredits([line(12.5), line(7.5)], [credit(20)]);
    expect(amounts(netted.lines)).toEqual([0, 0]);
    expect(netted.leftovers).toEqual([]);
  });

  test('a credit for an account with no spend changes nothing and is all left over', () => {
    const spend = [line(100)];
    const netted = netCredits(spend, [credit(25, { account: LEGAL, document: 'VC-1' })]);
    expect(netted.lines).toEqual(spend);
    expect(netted.lines[0]).toBe(spend[0]!);
    expect(netted.leftovers).toMatchObject([{ accountName: 'Legal fees', amount: 25, documents: ['VC-1'] }]);
  });

  test('only spend of the same tracking option is reduced; no tracking matches only no tracking', () => {
    const spend = [line(100, { tracking: NORTH }), line(100, { tracking: SOUTH }), line(100)];
    const netted = netCredits(spend, [credit(30, { tracking: NORTH }), credit(10)]);
    expect(amounts(netted.lines)).toEqual([70, 100, 90]);
    const stray = netCredits(spend, [credit(5, { tracking: { key: 'class:3', name: 'East' } })]);
    expect(amounts(stray.lines)).toEqual([100, 100, 100]);
    expect(stray.leftovers).toMatchObject([{ trackingName: 'East', amount: 5 }]);
  });

  test('only spend of the same calendar month is reduced, whatever the day', () => {
    const spend = [line(100, { date: '2025-02-28' }), line(100, { date: '2025-03-01' })];
    const netted = netCredits(spend, [credit(50, { date: '2025-03-31' })]);
    expect(amounts(netted.lines)).toEqual([100, 50]);
    // A credit in April finds no April spend: nothing is carried back to March.
    const april = netCredits(spend, [credit(50, { date: '2025-04-01' })]);
    expect(amounts(april.lines)).toEqual([100, 100]);
    expect(april.leftovers).toMatchObject([{ month: '2025-04', amount: 50 }]);
    // Same month of another year is another month.
    expect(amounts(netCredits(spend, [credit(50, { date: '2024-03-10' })]).lines)).toEqual([100, 100]);
  });

  test('a credit in another currency does not reduce the spend', () => {
    const netted = netCredits([line(100)], [credit(40, { currency: 'EUR' })]);
    expect(amounts(netted.lines)).toEqual([100]);
    expect(netted.leftovers).toMatchObject([{ currency: 'EUR', amount: 40 }]);
  });

  test('shares are whole cents and add up to the credit exactly', () => {
    // 10 over three lines of 10.00: 3.34 + 3.33 + 3.33; the odd cent goes to the first id on a tie.
    const three = netCredits([line(10), line(10), line(10)], [credit(10)]);
    expect(amounts(three.lines)).toEqual([6.66, 6.67, 6.67]);
    // 0.01 over 33.33 and 66.67: the odd cent goes to the larger remainder (the larger line).
    expect(amounts(netCredits([line(33.33), line(66.67)], [credit(0.01)]).lines)).toEqual([33.33, 66.66]);
    // 100 over 0.10, 0.20, 99.70 (total 100.00): everything goes, exactly.
    expect(amounts(netCredits([line(0.1), line(0.2), line(99.7)], [credit(100)]).lines)).toEqual([0, 0, 0]);
    // Floating-point amounts are read as cents (0.1 + 0.2 is 0.30, not 0.30000000000000004).
    const floaty = netCredits([line(0.1 + 0.2)], [credit(0.1)]);
    expect(amounts(floaty.lines)).toEqual([0.2]);
  });

  test('several credits of a group add up; a negative credit line lowers the credit', () => {
    const netted = netCredits([line(200)], [credit(30), credit(25), credit(-5)]);
    expect(amounts(netted.lines)).toEqual([150]);
  });

  test('lines of zero or negative spend are neither reduced nor counted as room for credit', () => {
    const netted = netCredits([line(0), line(-20), line(50)], [credit(60)]);
    expect(amounts(netted.lines)).toEqual([0, -20, 0]);
    expect(netted.leftovers).toMatchObject([{ amount: 10 }]);
  });

  test('the result does not depend on the order of lines or credits', () => {
    const spend = [line(70.01), line(29.99), line(0.5)];
    const credits = [credit(33.33), credit(11.11)];
    const forward = netCredits(spend, credits).lines;
    const backward = netCredits([...spend].reverse(), [...credits].reverse()).lines;
    expect(new Map(backward.map((entry) => [entry.externalId, entry.amount]))).toEqual(
      new Map(forward.map((entry) => [entry.externalId, entry.amount])),
    );
    const total = forward.reduce((sum, entry) => sum + Math.round(entry.amount * 100), 0);
    expect(total).toBe(10050 - 4444);
  });

  test('no credits: the same lines come back', () => {
    const spend = [line(5)];
    expect(netCredits(spend, [])).toEqual({ lines: spend, leftovers: [] });
  });
});

describe('apportioning cents', () => {
  test('never gives a line more than its weight, and gives out exactly the amount', () => {
    for (const [amount, weights] of [
      [1, [1, 1, 1]],
      [2, [1, 1, 1]],
      [99, [50, 49, 1]],
      [7, [3, 0, 4]],
      [100_000_000_00, [60_000_000_00, 40_000_000_00]],
    ] as const) {
      const shares = apportionCents(
        amount,
        weights,
        weights.map((_, index) => String(index)),
      );
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(amount);
      shares.forEach((share, index) => {
        expect(share).toBeLessThanOrEqual(weights[index]!);
      });
    }
  });

  test('large amounts stay exact (cents × cents beyond 2^53)', () => {
    expect(apportionCents(333_333_333, [999_999_999, 1], ['a', 'b'])).toEqual([333_333_333, 0]);
  });

  test('nothing to share, or nowhere to put it: all zero', () => {
    expect(apportionCents(0, [5, 5], ['a', 'b'])).toEqual([0, 0]);
    expect(apportionCents(5, [0, 0], ['a', 'b'])).toEqual([0, 0]);
  });
});

describe('describing left-over credit', () => {
  test('names up to three groups with their documents and counts the rest', () => {
    const leftover = (month: string, amount: number) => ({
      accountKey: '7',
      accountName: 'Advertising',
      trackingName: month === '2025-01' ? 'North' : null,
      month,
      currency: 'USD',
      amount,
      documents: month === '2025-01' ? ['VC-1', 'VC-2'] : [],
    });
    expect(describeLeftovers([])).toBeNull();
    expect(
      describeLeftovers([
        leftover('2025-01', 60),
        leftover('2025-02', 0.5),
        leftover('2025-03', 1),
        leftover('2025-04', 2),
        leftover('2025-05', 3),
      ]),
    ).toBe(
      'Supplier credits not subtracted, for want of spend on the same account and tracking in the same month (not carried to other months): Advertising, North, 2025-01: USD 60.00 (VC-1, VC-2); Advertising, 2025-02: USD 0.50; Advertising, 2025-03: USD 1.00; and 2 more.',
    );
  });
});
