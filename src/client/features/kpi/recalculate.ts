import type { ZodType, z } from 'zod';
import { RecalculateSchema, type Recalculation } from '../../../domain/contracts/ledger';
import { checkedFormSchema, issuesToErrors } from '../../forms/checked-form-schema';

/** POST /api/emissions/recalculate body: ISO dates, both ends included. */
export type RecalculatePeriod = z.infer<typeof RecalculateSchema>;

export type PeriodField = keyof RecalculatePeriod;

export type PeriodValidation =
  | { ok: true; payload: RecalculatePeriod }
  | { ok: false; errors: Partial<Record<PeriodField, string>> };

export const PERIOD_ORDER_MESSAGE = 'Choose a period whose start is not after its end';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The whole calendar year: 1 January to 31 December. */
export function defaultPeriod(year: number): RecalculatePeriod {
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Both dates required and real; the start may not come after the end (same day is fine). The
 * period is then parsed with the contract, so the form sends only what the server accepts.
 */
export function validatePeriod(values: RecalculatePeriod): PeriodValidation {
  const from = values.from.trim();
  const to = values.to.trim();
  const errors: Partial<Record<PeriodField, string>> = {};
  if (!from) errors.from = 'Choose a start date';
  else if (!isIsoDate(from)) errors.from = 'Enter the start date as YYYY-MM-DD';
  if (!to) errors.to = 'Choose an end date';
  else if (!isIsoDate(to)) errors.to = 'Enter the end date as YYYY-MM-DD';
  if (!errors.from && !errors.to && from > to) errors.to = PERIOD_ORDER_MESSAGE;
  if (errors.from || errors.to) return { ok: false, errors };
  const parsed = RecalculateSchema.safeParse({ from, to });
  if (!parsed.success) return { ok: false, errors: issuesToErrors<PeriodField>(parsed.error.issues) };
  return { ok: true, payload: parsed.data };
}

/** The range form's schema for the zod resolver (decision 071): the check above, message by field. */
export const recalculatePeriodFormSchema: ZodType<RecalculatePeriod, RecalculatePeriod> =
  checkedFormSchema(validatePeriod);

/** kg → t: the ledger answers in kg, the screen speaks tonnes. */
export function kgToTonnes(kg: number): number {
  return kg / 1000;
}

type ScopeKey = keyof Recalculation['before'];

export const SCOPE_ROW_LABELS: ReadonlyArray<{ key: ScopeKey; label: string }> = [
  { key: 'scope_1', label: 'Scope 1' },
  { key: 'scope_2_location', label: 'Scope 2 location-based' },
  { key: 'scope_2_market', label: 'Scope 2 market-based' },
  { key: 'scope_3', label: 'Scope 3' },
  { key: 'outside_scopes', label: 'Outside scopes (memo)' },
];

export interface RecalculationRow {
  key: ScopeKey;
  label: string;
  /** Tonnes CO2e. */
  before: number;
  after: number;
  change: number;
}

/** One row per scope, in tonnes, in the fixed reporting order. */
export function recalculationRows(answer: Pick<Recalculation, 'before' | 'after'>): RecalculationRow[] {
  return SCOPE_ROW_LABELS.map(({ key, label }) => {
    const before = kgToTonnes(answer.before[key] ?? 0);
    const after = kgToTonnes(answer.after[key] ?? 0);
    return { key, label, before, after, change: after - before };
  });
}

const twoDecimals = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rounds to 2 decimals without ever showing '-0.00'. */
function round2(value: number): number {
  const rounded = Math.round(value * 100) / 100;
  return rounded === 0 ? 0 : rounded;
}

/** Tonnes with exactly two decimals, e.g. '1,234.50'. */
export function formatTonnes2(value: number): string {
  return twoDecimals.format(round2(value));
}

/** A signed change with its direction in words, e.g. '+1.25 (up)', '-0.40 (down)', '0.00 (no change)'. */
export function describeChange(change: number): string {
  const rounded = round2(change);
  if (rounded === 0) return '0.00 (no change)';
  return rounded > 0 ? `+${twoDecimals.format(rounded)} (up)` : `-${twoDecimals.format(-rounded)} (down)`;
}

export function linesRecalculatedMessage(count: number): string {
  return `Recalculated ${count} ${count === 1 ? 'line' : 'lines'}`;
}
