// The one way stored results change after they are written (ARCHITECTURE.md "Calculations"):
// an explicit, audited recalculation of a period with the current library, which records the
// before/after figures per scope. Adding a dataset version or editing a site changes nothing until
// someone runs it.
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { activityLines, recalculations, sites } from '../../../../../db/schema/ledger.ts';
import type { Recalculation } from '../../../../domain/contracts/ledger.ts';
import type { AuthedContext } from '../../../context.ts';
import { HttpError } from '../../../lib/errors.ts';
import { auditInsert } from '../../audit/service.ts';
import { companyKeyOf } from '../lines/ledger-keys.ts';
import { ledgerWriter, type RecalculatedLine } from '../lines/ledger-writer.ts';
import { calculateLine, LineCalculationError } from './calculation.ts';
import { lineFigures, SCOPE_KG_KEYS } from './line-figures.ts';
import { scopeColumns, scopeSums, scopeTotals } from './line-sums.ts';
import { readLedger, visibleLines } from './visibility.ts';

type ScopeKg = Recalculation['before'];

/** The period's visible lines with what recalculating needs, and the scope totals stored now. */
async function readPeriod(ctx: AuthedContext, period: { from: string; to: string }) {
  const inPeriod = and(
    eq(activityLines.companyKey, companyKeyOf(ctx.companyId)),
    gte(activityLines.date, period.from),
    lte(activityLines.date, period.to),
  );
  const [lines, stored] = await readLedger(ctx, (filtered) => [
    ctx.db
      .select({
        id: activityLines.id,
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
        ...scopeColumns(),
        country: sites.country,
        region: sites.region,
      })
      .from(activityLines)
      .innerJoin(sites, eq(sites.ledgerKey, activityLines.siteKey))
      .where(visibleLines(ctx.companyId, filtered, inPeriod)),
    ctx.db
      .select(scopeSums())
      .from(activityLines)
      .where(visibleLines(ctx.companyId, filtered, inPeriod)),
  ]);
  return { lines, before: scopeTotals(stored[0]) };
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
  const { lines, before } = await readPeriod(ctx, period);

  const now = ctx.now();
  const replaced: RecalculatedLine[] = [];
  const after: ScopeKg = scopeTotals(undefined);
  for (const line of lines) {
    let figures: ReturnType<typeof lineFigures>;
    try {
      figures = lineFigures(calculateLine(line, line));
    } catch (error) {
      // The current library cannot read this line any more: it keeps the result it has.
      if (!(error instanceof LineCalculationError)) throw error;
      const kept = scopeTotals(line);
      for (const scope of Object.keys(after) as (keyof ScopeKg)[]) after[scope] += kept[scope];
      continue;
    }
    replaced.push({ id: line.id, updatedAt: line.updatedAt, ...figures });
    for (const [scope, key] of Object.entries(SCOPE_KG_KEYS) as [keyof ScopeKg, keyof typeof figures][]) {
      after[scope] += (figures[key] as number | null) ?? 0;
    }
  }

  // A line edited (or deleted) while this ran keeps what that edit stored: a line's result is
  // replaced only while its updated_at is still the one read above (the ledger writer's update).
  const id = crypto.randomUUID();
  await ledgerWriter(ctx.db).write({
    update: { companyId: ctx.companyId, calculatedAt: now, lines: replaced },
    after: [
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
    ],
  });
  return { id, from: period.from, to: period.to, linesRecalculated: replaced.length, before, after };
}
