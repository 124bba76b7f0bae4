// The one way stored results change after they are written (ARCHITECTURE.md "Calculations"):
// an explicit, audited recalculation of a period with the current library, which records the
// before/after figures per scope. Adding a dataset version or editing a site changes nothing until
// someone runs it.
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { activityLines, emissionResults, recalculations, sites } from '../../../../db/schema/emissions.ts';
import { seedFactorLibrary } from '../../../../db/seed/factors/seed.ts';
import type { Recalculation } from '../../../domain/contracts/ledger.ts';
import type { AuthedContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { calculateLine, LineCalculationError, type ResultRow, resultRows } from './calculation.ts';
import { insertResultsStatements } from './ledger-writes.ts';
import { readLedger, visibleLines, visibleResults } from './visibility.ts';

type ScopeKg = Recalculation['before'];
const zero = (): ScopeKg => ({
  scope_1: 0,
  scope_2_location: 0,
  scope_2_market: 0,
  scope_3: 0,
  outside_scopes: 0,
});

/** Lines per DELETE statement: their ids and versions travel as one JSON text (D1: 2 MB max). */
const LINES_PER_DELETE = 5000;

function byScope(rows: { scope: string; kg: number }[], into = zero()): ScopeKg {
  for (const row of rows) into[row.scope as keyof ScopeKg] += row.kg;
  return into;
}

export async function recalculate(
  ctx: AuthedContext,
  period: { from: string; to: string },
): Promise<Recalculation> {
  if (period.to < period.from) {
    throw new HttpError(400, 'The period must end on or after its start', 'validation_failed', {
      formErrors: [],
      fieldErrors: { to: ['The period must end on or after its start'] },
    });
  }
  await seedFactorLibrary(ctx.db);
  const inPeriod = and(
    eq(activityLines.companyId, ctx.companyId),
    gte(activityLines.date, period.from),
    lte(activityLines.date, period.to),
  );
  const resultsInPeriod = and(
    eq(emissionResults.companyId, ctx.companyId),
    gte(emissionResults.date, period.from),
    lte(emissionResults.date, period.to),
  );
  const [lines, stored] = await readLedger(ctx, (filtered) => [
    ctx.db
      .select({
        id: activityLines.id,
        siteId: activityLines.siteId,
        date: activityLines.date,
        category: activityLines.category,
        variant: activityLines.variant,
        quantity: activityLines.quantity,
        unit: activityLines.unit,
        spend: activityLines.spend,
        currency: activityLines.currency,
        calorificBasis: activityLines.calorificBasis,
        supplierKgCO2ePerKWh: activityLines.supplierKgCO2ePerKWh,
        instrument: activityLines.instrument,
        radiativeForcing: activityLines.radiativeForcing,
        updatedAt: sql<number>`${activityLines.updatedAt}`,
        country: sites.country,
        region: sites.region,
      })
      .from(activityLines)
      .innerJoin(sites, eq(sites.id, activityLines.siteId))
      .where(visibleLines(ctx.companyId, filtered, inPeriod)),
    ctx.db
      .select({ scope: emissionResults.scope, kg: sql<number>`sum(${emissionResults.kgCO2e})` })
      .from(emissionResults)
      .where(visibleResults(ctx.companyId, filtered, resultsInPeriod))
      .groupBy(emissionResults.scope),
  ]);
  const before = byScope(stored);

  const now = ctx.now();
  const rows: ResultRow[] = [];
  const replaced: { id: string; updatedAt: number }[] = [];
  const kept: string[] = [];
  for (const line of lines) {
    let result: ReturnType<typeof calculateLine>;
    try {
      result = calculateLine(line, line);
    } catch (error) {
      // The current library cannot read this line any more: it keeps the results it has.
      if (!(error instanceof LineCalculationError)) throw error;
      kept.push(line.id);
      continue;
    }
    replaced.push({ id: line.id, updatedAt: line.updatedAt });
    const owner = {
      companyId: ctx.companyId,
      activityLineId: line.id,
      siteId: line.siteId,
      date: line.date,
      category: line.category,
      calculatedAt: now,
    };
    for (const row of resultRows(result, owner)) rows.push(row);
  }
  const after = byScope(rows.map((row) => ({ scope: row.scope, kg: row.kgCO2e })));
  if (kept.length > 0) {
    const keptRows = await ctx.db
      .select({ scope: emissionResults.scope, kg: sql<number>`sum(${emissionResults.kgCO2e})` })
      .from(emissionResults)
      .where(and(eq(emissionResults.companyId, ctx.companyId), inArray(emissionResults.activityLineId, kept)))
      .groupBy(emissionResults.scope);
    byScope(keptRows, after);
  }

  // A line edited (or deleted) while this ran keeps what that edit stored: results are replaced
  // only for lines whose updated_at is still the one read above, and inserted only for lines that
  // exist and hold no results other than this run's.
  const deletes = [];
  for (let i = 0; i < replaced.length; i += LINES_PER_DELETE) {
    const payload = JSON.stringify(replaced.slice(i, i + LINES_PER_DELETE).map((l) => [l.id, l.updatedAt]));
    deletes.push(
      ctx.db.delete(emissionResults).where(
        sql`${emissionResults.activityLineId} IN (
          SELECT l.id FROM activity_lines l JOIN json_each(${payload}) j
            ON l.id = j.value->>0 AND l.updated_at = j.value->>1)`,
      ),
    );
  }
  const at = now.getTime();
  const inserts = insertResultsStatements(
    ctx.db,
    ctx.companyId,
    now,
    rows,
    (v) => sql`EXISTS (SELECT 1 FROM activity_lines WHERE id = ${v}->>1)
      AND NOT EXISTS (SELECT 1 FROM emission_results r WHERE r.activity_line_id = ${v}->>1 AND r.calculated_at <> ${at})`,
  );
  const id = crypto.randomUUID();
  await ctx.db.batch([
    ctx.db.insert(recalculations).values({
      id,
      companyId: ctx.companyId,
      periodStart: period.from,
      periodEnd: period.to,
      before: JSON.stringify(before),
      after: JSON.stringify(after),
      linesRecalculated: replaced.length,
      createdBy: ctx.userId,
      createdAt: now,
    }),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'emissions_recalculated',
      entityType: 'recalculation',
      entityId: id,
    }),
    ...deletes,
    ...inserts,
  ]);
  return { id, from: period.from, to: period.to, linesRecalculated: replaced.length, before, after };
}
