// The ledger's figures as other features read them (decision 080): which lines count, a line's
// calculation and stored figures, the scope and category sums, the not-counted summary and the
// probable-duplicate check, read by kpi, connectors and export. Re-exported, not moved: each file
// is a unit with its own tests, and moved together they would make one long file.
export { calculateLine, calculatorUnit, LineCalculationError } from './calculation.ts';
export { lineFigures } from './line-figures.ts';
export {
  assertFiniteFigures,
  categorySums,
  categoryTotalRows,
  type ScopeRow,
  scopeRows,
  scopeSums,
  scopeTotalRows,
  scopeTotals,
} from './line-sums.ts';
export { getNotCountedSummary } from './not-counted.ts';
export { findProbableDuplicates, type LedgerLine } from './probable-duplicates.ts';
export { entryField } from './stored-entries.ts';
export { lineIsVisible, readLedger, visibleLines } from './visibility.ts';
