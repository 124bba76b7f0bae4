import { describe, expect, test } from 'bun:test';
import { coverageStatement, formatMoney } from './coverage.ts';

const none = { lineCount: 0, spend: [], quantities: [], reasons: [] };

describe('coverage statement', () => {
  test('says an empty period has no activity data instead of covering 0 lines', () => {
    expect(coverageStatement({ lineCount: 0, notCounted: none })).toEqual([
      'No activity data is recorded for this period: no ledger line is dated in it, so its figures are not recorded rather than zero.',
    ]);
  });

  test('says every line is counted when none is left out', () => {
    expect(coverageStatement({ lineCount: 44, notCounted: none })).toEqual([
      'This report covers 44 lines of the ledger dated in the period. Every line is counted.',
    ]);
  });

  test('names the lines not counted, their amount and each reason, never as zero', () => {
    const statement = coverageStatement({
      lineCount: 44,
      notCounted: {
        lineCount: 3,
        spend: [
          { currency: 'GBP', amount: 23_495 },
          { currency: 'JPY', amount: 50_000 },
        ],
        quantities: [{ unit: 'kWh', quantity: 1200 }],
        reasons: [
          {
            reason: 'no_spend_factor',
            message: "No emission factor for spend category 'Packaging' in United Kingdom",
            fix: { action: 'edit_line', label: 'Choose a factor' },
            lineCount: 2,
            spend: [{ currency: 'GBP', amount: 23_495 }],
            quantities: [],
            site: null,
            from: '2025-01-10',
            to: '2025-06-30',
          },
          {
            reason: 'exchange_rate_missing',
            message: 'No exchange rate for JPY in 2025',
            fix: { action: 'edit_line', label: 'Add an exchange rate for JPY' },
            lineCount: 1,
            spend: [{ currency: 'JPY', amount: 50_000 }],
            quantities: [{ unit: 'kWh', quantity: 1200 }],
            site: null,
            from: '2025-02-01',
            to: '2025-02-01',
          },
        ],
      },
    });
    expect(statement).toEqual([
      'This report covers 44 lines of the ledger dated in the period. 41 have figures; 3 lines (£23,495.00, 50,000.00 JPY; 1,200 kWh) are not counted: no emissions could be calculated for them, so the totals leave them out rather than count them as zero.',
      "No emission factor for spend category 'Packaging' in United Kingdom: 2 lines (£23,495.00).",
      'No exchange rate for JPY in 2025: 1 line (50,000.00 JPY; 1,200 kWh).',
    ]);
  });

  test('formats money without the runtime locale', () => {
    expect(formatMoney({ currency: 'EUR', amount: 1234.5 })).toBe('€1,234.50');
    expect(formatMoney({ currency: 'JPY', amount: 50_000 })).toBe('50,000.00 JPY');
    expect(formatMoney({ currency: 'USD', amount: -5 })).toBe('-$5.00');
  });
});
