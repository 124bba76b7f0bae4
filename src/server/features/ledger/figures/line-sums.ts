// SQL sums over the stored results on ledger lines (decision 069). Every roll-up (KPI, reports,
// recalculation totals) sums the same kg columns, which the (company_id, date, …) covering index
// holds, and turns each group's sums into rows per scope and scope 3 category with `scopeRows`.
import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { activityLines } from '../../../../../db/schema/ledger.ts';
import type { Scope } from '../../../../domain/emissions/types.ts';
import { HttpError } from '../../../lib/errors.ts';
import {
  SCOPE_KG_KEYS,
  SCOPE3_CATEGORY_NUMBERS,
  type Scope3CategoryNumber,
  scope3CategoryKey,
} from './line-figures.ts';

/**
 * A total that is not a finite number (a sum past 1.8e308, or a NaN) would leave as JSON null and
 * a report would show an empty figure as if all were well. The contracts' bounds make one
 * impossible (decision 042); should a ledger written before them hold one, the roll-up stops with
 * this error instead of answering null.
 */
export class NonFiniteTotalError extends HttpError {
  constructor() {
    super(
      422,
      'The totals cannot be added up: a ledger line holds a figure too large to count. Correct the line with the largest quantity or spend and try again.',
      'total_not_finite',
    );
  }
}

/** `kg`, or NonFiniteTotalError when it is not a finite number (or the marker of `guardedSum`). */
export function finiteTotal(kg: number): number {
  if (typeof kg !== 'number' || !Number.isFinite(kg)) throw new NonFiniteTotalError();
  return kg;
}

/**
 * sum() of a kg column, null where no line has a figure. SQLite answers NULL for a sum past the
 * largest double too, which would read as "no figures": total() (never NULL otherwise) tells the
 * two apart, and an overflow comes back as a text marker that finiteTotal refuses.
 */
function guardedSum(column: SQLiteColumn): SQL<number | null> {
  return sql<
    number | null
  >`coalesce(sum(${column}), CASE WHEN total(${column}) IS NULL THEN 'not finite' END)`;
}

/** Throws NonFiniteTotalError when any number in `figures` (an answer being built) is not finite. */
export function assertFiniteFigures<T>(figures: T): T {
  const visit = (value: unknown): void => {
    if (typeof value === 'number') finiteTotal(value);
    else if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value !== null && typeof value === 'object')
      for (const item of Object.values(value)) visit(item);
  };
  visit(figures);
  return figures;
}

type CategorySumKey = `scope3Cat${Scope3CategoryNumber}`;
export type ScopeSums = Record<Scope, number | null>;
export type CategorySums = Record<CategorySumKey, number | null>;

/** sum() per scope; null where no line of the group has a figure in that scope. */
export function scopeSums(): Record<Scope, SQL<number | null>> {
  const sums = {} as Record<Scope, SQL<number | null>>;
  for (const [scope, key] of Object.entries(SCOPE_KG_KEYS) as [Scope, (typeof SCOPE_KG_KEYS)[Scope]][]) {
    sums[scope] = guardedSum(activityLines[key]);
  }
  return sums;
}

/** Each scope's kg column of a line (null where the line has no figure in that scope). */
export function scopeColumns() {
  const { kgScope1, kgScope2Location, kgScope2Market, kgScope3, kgOutsideScopes } = activityLines;
  return {
    scope_1: kgScope1,
    scope_2_location: kgScope2Location,
    scope_2_market: kgScope2Market,
    scope_3: kgScope3,
    outside_scopes: kgOutsideScopes,
  } satisfies Record<Scope, unknown>;
}

/** sum() per scope 3 category. */
export function categorySums(): Record<CategorySumKey, SQL<number | null>> {
  const sums = {} as Record<CategorySumKey, SQL<number | null>>;
  for (const n of SCOPE3_CATEGORY_NUMBERS) {
    sums[`scope3Cat${n}`] = guardedSum(activityLines[scope3CategoryKey(n)]);
  }
  return sums;
}

export interface ScopeRow {
  scope: Scope;
  /** Set on scope 3 rows. */
  scope3Category: number | null;
  kg: number;
}

const NON_SCOPE_3: readonly Scope[] = ['scope_1', 'scope_2_location', 'scope_2_market', 'outside_scopes'];

/**
 * A group's sums as rows: one per scope with figures, scope 3 split by category (every scope 3
 * figure has one, so the category rows add up to the scope 3 total).
 */
export function scopeRows(sums: ScopeSums & CategorySums): ScopeRow[] {
  const rows: ScopeRow[] = [];
  for (const scope of NON_SCOPE_3) {
    const kg = sums[scope];
    if (kg !== null) rows.push({ scope, scope3Category: null, kg: finiteTotal(kg) });
  }
  for (const { category, kg } of categoryTotalRows(sums))
    rows.push({ scope: 'scope_3', scope3Category: category, kg });
  return rows;
}

/** The scope 3 categories with figures and their totals, from categorySums(), category order. */
export function categoryTotalRows(sums: CategorySums): { category: number; kg: number }[] {
  const rows: { category: number; kg: number }[] = [];
  for (const n of SCOPE3_CATEGORY_NUMBERS) {
    const kg = sums[`scope3Cat${n}`];
    if (kg !== null) rows.push({ category: n, kg: finiteTotal(kg) });
  }
  return rows;
}

/** The scopes with figures and their totals, from scopeSums() alone. */
export function scopeTotalRows(sums: ScopeSums): { scope: Scope; kg: number }[] {
  const rows: { scope: Scope; kg: number }[] = [];
  for (const scope of Object.keys(SCOPE_KG_KEYS) as Scope[]) {
    const kg = sums[scope];
    if (kg !== null) rows.push({ scope, kg: finiteTotal(kg) });
  }
  return rows;
}

/** Each scope's total (0 where none), from scopeSums() or scopeColumns(); none at all: zeros. */
export function scopeTotals(sums: ScopeSums | undefined): Record<Scope, number> {
  if (!sums) return { scope_1: 0, scope_2_location: 0, scope_2_market: 0, scope_3: 0, outside_scopes: 0 };
  return {
    scope_1: finiteTotal(sums.scope_1 ?? 0),
    scope_2_location: finiteTotal(sums.scope_2_location ?? 0),
    scope_2_market: finiteTotal(sums.scope_2_market ?? 0),
    scope_3: finiteTotal(sums.scope_3 ?? 0),
    outside_scopes: finiteTotal(sums.outside_scopes ?? 0),
  };
}
