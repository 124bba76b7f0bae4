import { describe, expect, test } from 'bun:test';
import {
  describeNotCounted,
  describeReason,
  ledgerFiltersFromSearch,
  notCountedLedgerHref,
} from './not-counted';

describe('not counted notice words', () => {
  test("says '3 lines, £27,695, not counted' (issue 17's bakery)", () => {
    // Packaging £9,845 + accountancy £4,200 + oven £13,650 = £27,695.
    expect(
      describeNotCounted({ lineCount: 3, spend: [{ currency: 'GBP', amount: 27_695 }], quantities: [] }),
    ).toBe('3 lines, £27,695, not counted');
  });

  test('joins currencies and units, keeps pence, and says one line', () => {
    expect(
      describeNotCounted({
        lineCount: 1,
        spend: [
          { currency: 'GBP', amount: 10.5 },
          { currency: 'JPY', amount: 50_000 },
        ],
        quantities: [{ unit: 'kWh', quantity: 1200 }],
      }),
    ).toBe('1 line, £10.50, JP¥50,000 and 1,200 kWh, not counted');
    expect(describeNotCounted({ lineCount: 2, spend: [], quantities: [] })).toBe('2 lines not counted');
  });

  test('a reason says how many lines and how much it holds', () => {
    expect(
      describeReason({
        reason: 'exchange_rate_missing',
        message: 'No exchange rate for JPY in 2025',
        fix: { action: 'edit_line', label: 'Add an exchange rate for JPY' },
        lineCount: 1,
        spend: [{ currency: 'JPY', amount: 50_000 }],
        quantities: [],
        site: null,
        from: '2025-03-01',
        to: '2025-03-01',
      }),
    ).toBe('No exchange rate for JPY in 2025 (1 line, JP¥50,000)');
  });
});

describe('ledger link', () => {
  test('links to the ledger filtered to lines not counted, keeping the period, and reads it back', () => {
    const href = notCountedLedgerHref({ from: '2025-01-01', to: '2025-12-31' });
    expect(href).toBe('/data-sources?ledger=not-counted&from=2025-01-01&to=2025-12-31#ledger');
    expect(ledgerFiltersFromSearch(href.slice(href.indexOf('?'), href.indexOf('#')))).toEqual({
      status: 'not_counted',
      from: '2025-01-01',
      to: '2025-12-31',
    });
  });

  test('ignores other addresses and malformed dates', () => {
    expect(ledgerFiltersFromSearch('?tab=files')).toEqual({});
    expect(ledgerFiltersFromSearch('?ledger=not-counted&from=yesterday')).toEqual({
      status: 'not_counted',
      from: undefined,
      to: undefined,
    });
  });
});
