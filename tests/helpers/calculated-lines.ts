// Ledger lines as the calculator takes them, and their entries in the full form every line
// stored before decision 093: shared by the stored-entries tests and their migration's test.
import type { Flag, LineResult } from '../../src/domain/emissions/types.ts';
import type { LedgerLineFields, SiteLocation } from '../../src/server/features/ledger/figures/calculation.ts';
import { ENTRY_FIELDS } from '../../src/server/features/ledger/figures/stored-entries.ts';

/** An electricity line with nothing else said: spread over it what a test needs. */
export const blankLine: LedgerLineFields = {
  date: '2025-03-01',
  category: 'electricity',
  variant: null,
  quantity: null,
  unit: null,
  spend: null,
  currency: null,
  calorificBasis: null,
  supplierKgCO2ePerKWh: null,
  instrument: null,
  radiativeForcing: null,
};

export const GB: SiteLocation = { country: 'GB', region: null };

/** 10,000 kWh of UK grid electricity. */
export const electricity: LedgerLineFields = { ...blankLine, quantity: 10_000, unit: 'kWh' };

/** A line's entries as stored before decision 093: all 8 fields in ENTRY_FIELDS order, the line's own flags on each. */
export function fullFormEntries(result: LineResult): unknown[][] {
  const lineOnly = result.flags.filter((flag) => !result.entries.some((e) => e.flags.includes(flag)));
  return result.entries.map((entry) => {
    const stored = { ...entry, flags: [...entry.flags, ...lineOnly] as Flag[] };
    return ENTRY_FIELDS.map((field) => stored[field]);
  });
}
