// The one server function behind every "not counted" figure (decision 051): the import answer,
// the ledger's filter, the dashboard and KPI notices, the wizard's review and each report's
// coverage statement read getNotCounted. A line is not counted when its stored result has no
// entries (`datasets = '[]'`, a column of the ledger's covering index, so only those rows are
// read from the table). The reason is worked out at read time by calculating the line again with
// the current library (src/domain/emissions/not-counted.ts): lines are grouped by their "shape"
// (site, category, variant, unit, currency, year), so a thousand lines of one unknown currency
// cost one calculation.
import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { factorLibrary } from '../../../../../db/reference/factors/seed.ts';
import { activityLines, sites } from '../../../../../db/schema/ledger.ts';
import type {
  NotCounted,
  NotCountedQuery,
  NotCountedStatus,
  NotCountedSummary,
} from '../../../../domain/contracts/ledger-not-counted.ts';
import {
  explainNotCounted,
  libraryRegions,
  type NotCountedLine,
  type RecalculationOutcome,
} from '../../../../domain/emissions/not-counted.ts';
import type { ServiceContext } from '../../../context.ts';
import { companyKeyOf, importKeyOf, joinedSiteId, linePublicId } from '../lines/ledger-keys.ts';
import { calculateLine, LineCalculationError } from './calculation.ts';
import { readLedger, visibleLines } from './visibility.ts';

/**
 * SQL condition on `activity_lines`: a line of the company, dated in the period (inclusive; either
 * end may be open) and of one import if named, whose stored result has no entries. The lines are
 * found in the covering index (`INDEXED BY`: it holds `datasets`, so only those lines' rows are
 * read). Left to itself the planner picks the (company, date, fingerprint) index for queries the
 * covering one does not cover, and reads every row of the company's ledger to test `datasets`.
 * One import's lines are found through the import's index instead: the company's range would walk
 * its whole ledger to explain a few lines (tests/integration/ledger-walks.test.ts).
 */
export function notCountedLines(
  companyId: string,
  scope: { from?: string; to?: string; importId?: string } = {},
): SQL {
  const from = scope.from ? sql` AND nc.date >= ${scope.from}` : sql``;
  const to = scope.to ? sql` AND nc.date <= ${scope.to}` : sql``;
  const lines = scope.importId
    ? sql`INDEXED BY activity_lines_import_idx WHERE nc.import_key = ${importKeyOf(companyId, scope.importId)} AND nc.company_key = ${companyKeyOf(companyId)}`
    : sql`INDEXED BY activity_lines_company_date_idx WHERE nc.company_key = ${companyKeyOf(companyId)}`;
  return sql`${activityLines}.rowid IN (SELECT nc.rowid FROM ${activityLines} AS nc ${lines} AND nc.datasets = '[]'${from}${to})`;
}

/** A stored line as the explanation reads it (an `activity_lines` row with its site's place). */
export interface StoredLineShape {
  siteId: string;
  date: string;
  category: string;
  variant: string | null;
  quantity: number | null;
  unit: string | null;
  spend: number | null;
  currency: string | null;
  calorificBasis: 'gross' | 'net' | null;
  radiativeForcing: boolean | null;
  country: string;
  region: string | null;
}

function outcomeOf(line: StoredLineShape): RecalculationOutcome {
  try {
    const result = calculateLine(
      {
        date: line.date,
        category: line.category,
        variant: line.variant,
        // Whether a figure exists does not depend on the amount: 1 stands for any amount.
        quantity: line.quantity === null ? null : 1,
        unit: line.unit,
        spend: line.spend === null ? null : 1,
        currency: line.currency,
        calorificBasis: line.calorificBasis,
        supplierKgCO2ePerKWh: null,
        instrument: null,
        radiativeForcing: line.radiativeForcing,
      },
      { country: line.country, region: line.region },
    );
    return { kind: 'result', entryCount: result.entries.length, flags: result.flags };
  } catch (error) {
    if (!(error instanceof LineCalculationError)) throw error;
    return { kind: 'refused', field: error.field, message: error.message };
  }
}

const shapeKey = (line: StoredLineShape) =>
  JSON.stringify([
    line.siteId,
    line.date.slice(0, 4),
    line.category,
    line.variant,
    line.quantity === null,
    line.unit,
    line.spend === null,
    line.currency,
    line.calorificBasis,
    line.radiativeForcing,
  ]);

/**
 * An explainer of lines without figures, remembering each shape it has explained (use one per
 * request: the library can change between requests).
 */
export function notCountedExplainer(): (line: StoredLineShape) => NotCountedStatus {
  const regions = libraryRegions(factorLibrary());
  const seen = new Map<string, NotCountedStatus>();
  return (line) => {
    const key = shapeKey(line);
    let status = seen.get(key);
    if (status === undefined) {
      const shape: NotCountedLine = { ...line, site: { country: line.country, region: line.region } };
      status = explainNotCounted(shape, outcomeOf(line), regions);
      seen.set(key, status);
    }
    return status;
  };
}

type Scope = Pick<NotCountedQuery, 'from' | 'to' | 'importId'>;

const shapeColumns = {
  siteId: joinedSiteId,
  category: activityLines.category,
  variant: activityLines.variant,
  unit: activityLines.unit,
  currency: activityLines.currency,
  calorificBasis: activityLines.calorificBasis,
  radiativeForcing: activityLines.radiativeForcing,
  country: sites.country,
  region: sites.region,
};

const year = sql`substr(${activityLines.date}, 1, 4)`;
const hasQuantity = sql`${activityLines.quantity} IS NOT NULL`;
const hasSpend = sql`${activityLines.spend} IS NOT NULL`;

type Amounts = { spend: Map<string, number>; quantities: Map<string, number> };
const newAmounts = (): Amounts => ({ spend: new Map(), quantities: new Map() });
const addTo = (map: Map<string, number>, key: string | null, value: number | null) => {
  if (key === null || value === null) return;
  map.set(key, (map.get(key) ?? 0) + value);
};
const round = (value: number, places: number) => Number(value.toFixed(places));
const largestFirst = <K extends string>(map: Map<string, number>, key: K, valueKey: string, places: number) =>
  [...map]
    .map(([name, value]) => ({ [key]: name, [valueKey]: round(value, places) }))
    .sort((a, b) => (b[valueKey] as number) - (a[valueKey] as number));
const spendList = (map: Map<string, number>) =>
  largestFirst(map, 'currency', 'amount', 2) as { currency: string; amount: number }[];
const quantityList = (map: Map<string, number>) =>
  largestFirst(map, 'unit', 'quantity', 6) as { unit: string; quantity: number }[];

/**
 * The lines of the caller's company that are not counted, in a period (inclusive dates; none: the
 * whole ledger) or one import: how many, their spend per currency and quantity per unit, grouped
 * by reason, and a page of the lines with each one's reason and fix (pageSize 0: no lines).
 */
export async function getNotCounted(
  ctx: Pick<ServiceContext, 'db'> & { companyId: string },
  query: Partial<NotCountedQuery>,
): Promise<NotCounted> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 0;
  // The tenant filter is inside notCountedLines: an outer `company_key = ?` would make the planner
  // walk the company's whole ledger instead of looking up the few lines by rowid.
  const where = notCountedLines(ctx.companyId, query);
  const groupsOf = (filtered: boolean) => notCountedGroups(ctx, visibleLines(ctx.companyId, filtered, where));
  const pageOf = (filtered: boolean) =>
    notCountedPage(ctx, visibleLines(ctx.companyId, filtered, where), { page, pageSize });
  // Each query walks the period's index range once; the count is the groups' sum, and a summary
  // alone (pageSize 0) skips the page.
  const [groups, lines] =
    pageSize === 0
      ? [...(await readLedger(ctx, (filtered) => [groupsOf(filtered)])), []]
      : await readLedger(ctx, (filtered) => [groupsOf(filtered), pageOf(filtered)]);

  const explain = notCountedExplainer();
  const { total, all, reasons } = groupByReason(groups, explain);
  return {
    lineCount: total,
    spend: spendList(all.spend),
    quantities: quantityList(all.quantities),
    reasons,
    lines: {
      items: lines.map((line) => ({
        id: line.id,
        date: line.date,
        siteId: line.siteId,
        siteName: line.siteName,
        category: line.category,
        variant: line.variant,
        quantity: line.quantity,
        unit: line.unit,
        spend: line.spend,
        currency: line.currency,
        status: explain(line),
      })),
      total,
      page,
      pageSize,
    },
  };
}

/** The not-counted lines grouped by what decides their reason (site, year, category, variant, units…). */
function notCountedGroups(ctx: Pick<ServiceContext, 'db'>, condition: SQL | undefined) {
  return ctx.db
    .select({
      ...shapeColumns,
      siteName: sites.name,
      from: sql<string>`min(${activityLines.date})`,
      to: sql<string>`max(${activityLines.date})`,
      withQuantity: sql<number>`${hasQuantity}`,
      withSpend: sql<number>`${hasSpend}`,
      lines: count(),
      spend: sql<number | null>`sum(${activityLines.spend})`,
      quantity: sql<number | null>`sum(${activityLines.quantity})`,
    })
    .from(activityLines)
    .innerJoin(sites, eq(sites.ledgerKey, activityLines.siteKey))
    .where(condition)
    .groupBy(
      activityLines.siteKey,
      year,
      activityLines.category,
      activityLines.variant,
      hasQuantity,
      activityLines.unit,
      hasSpend,
      activityLines.currency,
      activityLines.calorificBasis,
      activityLines.radiativeForcing,
    );
}

/** One page of the not-counted lines, newest first. */
function notCountedPage(
  ctx: Pick<ServiceContext, 'db'>,
  condition: SQL | undefined,
  { page, pageSize }: { page: number; pageSize: number },
) {
  return ctx.db
    .select({
      ...shapeColumns,
      id: linePublicId,
      date: activityLines.date,
      siteName: sites.name,
      quantity: activityLines.quantity,
      spend: activityLines.spend,
    })
    .from(activityLines)
    .innerJoin(sites, eq(sites.ledgerKey, activityLines.siteKey))
    .where(condition)
    .orderBy(desc(activityLines.date), desc(activityLines.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

type ReasonEntry = NotCountedStatus &
  Amounts & { lineCount: number; site: NotCountedSummary['reasons'][number]['site'] } & {
    from: string;
    to: string;
  };

/**
 * The groups merged by reason (and, for a site to fix, by site), most lines first, with the totals of
 * all of them.
 */
function groupByReason(
  groups: Awaited<ReturnType<typeof notCountedGroups>>,
  explain: ReturnType<typeof notCountedExplainer>,
) {
  const all = newAmounts();
  let total = 0;
  const byReason = new Map<string, ReasonEntry>();
  for (const group of groups) {
    const status = explain({
      ...group,
      date: group.from,
      quantity: group.withQuantity ? group.quantity : null,
      spend: group.withSpend ? group.spend : null,
    });
    const site = status.fix.action === 'edit_site' ? { id: group.siteId, name: group.siteName } : null;
    const key = `${status.message}\u0000${site?.id ?? ''}`;
    let entry = byReason.get(key);
    if (entry === undefined) {
      entry = { ...status, ...newAmounts(), lineCount: 0, site, from: group.from, to: group.to };
      byReason.set(key, entry);
    }
    entry.lineCount += group.lines;
    total += group.lines;
    if (group.from < entry.from) entry.from = group.from;
    if (group.to > entry.to) entry.to = group.to;
    for (const target of [entry, all]) {
      addTo(target.spend, group.currency, group.withSpend ? group.spend : null);
      addTo(target.quantities, group.unit, group.withQuantity ? group.quantity : null);
    }
  }
  const reasons = [...byReason.values()]
    .sort((a, b) => b.lineCount - a.lineCount || a.message.localeCompare(b.message))
    .map(({ spend, quantities, ...reason }) => ({
      ...reason,
      spend: spendList(spend),
      quantities: quantityList(quantities),
    }));
  return { total, all, reasons };
}

/** The summary alone (no lines), as the import answer, notices and report snapshots carry it. */
export async function getNotCountedSummary(
  ctx: Pick<ServiceContext, 'db'> & { companyId: string },
  scope: Scope,
): Promise<NotCountedSummary> {
  const { lines: _lines, ...summary } = await getNotCounted(ctx, { ...scope, pageSize: 0 });
  return summary;
}
