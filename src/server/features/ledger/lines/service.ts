import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { activityLines, sites } from '../../../../../db/schema/ledger.ts';
import type { ActivityLine, ActivityPage, SaveActivity } from '../../../../domain/contracts/ledger.ts';
import { type ListActivitiesQuerySchema, SaveActivitySchema } from '../../../../domain/contracts/ledger.ts';
import type { SkippedActivity } from '../../../../domain/contracts/ledger-probable-duplicates.ts';
import type { AuthedContext } from '../../../context.ts';
import { conflict, isUniqueViolation, notFound } from '../../../lib/errors.ts';
import { validationError } from '../../../lib/validate.ts';
import { auditInsert } from '../../audit/service.ts';
import { receiptEvidence } from '../../receipts/service.ts';
import { calculateLine, LineCalculationError } from '../figures/calculation.ts';
import { lineFigures } from '../figures/line-figures.ts';
import { notCountedExplainer, notCountedLines } from '../figures/not-counted.ts';
import { storedEntries } from '../figures/stored-entries.ts';
import { lineIsVisible, readLedger, visibleLines } from '../figures/visibility.ts';
import { getSite } from '../sites/service.ts';
import { companyKeyOf, joinedSiteId, lineNamed, linePublicId, ofCompany, siteKeyOf } from './ledger-keys.ts';
import { ledgerWriter } from './ledger-writer.ts';
import { fieldError, lineFingerprint, type ManualLine, normaliseManualLine } from './line-input.ts';
import { decideReceiptLine } from './receipt-duplicates.ts';

export { companyKeyOf, importKeyOf, linePublicId, ofCompany, siteKeyOf } from './ledger-keys.ts';
export { ledgerWriter, type NewLine } from './ledger-writer.ts';

const lineColumns = {
  id: linePublicId,
  siteId: joinedSiteId,
  siteName: sites.name,
  date: activityLines.date,
  periodEnd: activityLines.periodEnd,
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
  source: activityLines.source,
  dataQuality: activityLines.dataQuality,
  evidenceUrl: activityLines.evidenceUrl,
  reference: activityLines.reference,
  entries: activityLines.entries,
  country: sites.country,
  region: sites.region,
};

type LineRow = Omit<ActivityLine, 'results' | 'notCounted'> & {
  entries: string;
  country: string;
  region: string | null;
};

/**
 * A stored line as the API shows it: its results are the entries stored on it; a line without
 * any says why and what fixes it (decision 051).
 */
function withResults(
  { entries, country, region, ...row }: LineRow,
  explain: ReturnType<typeof notCountedExplainer>,
): ActivityLine {
  const results = storedEntries(entries);
  const notCounted =
    results.length === 0
      ? explain({
          ...row,
          calorificBasis: row.calorificBasis ?? null,
          radiativeForcing: row.radiativeForcing ?? null,
          country,
          region,
        })
      : null;
  return { ...row, results, notCounted };
}

type ListQuery = z.infer<typeof ListActivitiesQuerySchema>;

/** A page of the ledger, newest first, with each line's site name and stored results. */
export async function listActivities(ctx: AuthedContext, query: ListQuery): Promise<ActivityPage> {
  // The not-counted lines are named by rowid (notCountedLines): the company's term is then only
  // checked on them, or SQLite walks the whole ledger to probe the list (decision 101).
  const notCounted = query.status === 'not_counted';
  const filters: (SQL | undefined)[] = [
    notCounted ? ofCompany(ctx.companyId) : eq(activityLines.companyKey, companyKeyOf(ctx.companyId)),
  ];
  if (query.from) filters.push(gte(activityLines.date, query.from));
  if (query.to) filters.push(lte(activityLines.date, query.to));
  if (query.siteId) filters.push(eq(activityLines.siteKey, siteKeyOf(ctx.companyId, query.siteId)));
  if (query.category) filters.push(eq(activityLines.category, query.category));
  if (notCounted) filters.push(notCountedLines(ctx.companyId, query));
  const where = and(...filters);
  const [items, total] = await readLedger(ctx, (filtered) => [
    ctx.db
      .select(lineColumns)
      .from(activityLines)
      .innerJoin(sites, eq(sites.ledgerKey, activityLines.siteKey))
      .where(visibleLines(ctx.companyId, filtered, where))
      .orderBy(desc(activityLines.date), desc(activityLines.createdAt), desc(activityLines.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db
      .select({ n: count() })
      .from(activityLines)
      .where(visibleLines(ctx.companyId, filtered, where)),
  ]);
  const explain = notCountedExplainer();
  return {
    items: (items as LineRow[]).map((row) => withResults(row, explain)),
    total: total[0]?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * One visible line of the caller's company by its public id or old UUID (decision 092), or 404
 * (another company's id: the same 404). The row's `id` is always the public id.
 */
async function getLineRow(ctx: AuthedContext, id: string): Promise<LineRow> {
  const row = await ctx.db
    .select(lineColumns)
    .from(activityLines)
    .innerJoin(sites, eq(sites.ledgerKey, activityLines.siteKey))
    .where(
      and(
        lineNamed(id),
        eq(activityLines.companyKey, companyKeyOf(ctx.companyId)),
        lineIsVisible(ctx.companyId),
      ),
    )
    .get();
  if (!row) throw notFound('Activity line');
  return row as LineRow;
}

export async function getActivity(ctx: AuthedContext, id: string): Promise<ActivityLine> {
  return withResults(await getLineRow(ctx, id), notCountedExplainer());
}

const alreadyInLedger = () => conflict('This line is already in the ledger');

/** Validates and calculates a manual line for `siteId`; refusals are 400s naming the field. */
async function prepare(ctx: AuthedContext, input: SaveActivity) {
  const site = await getSite(ctx, input.siteId);
  const line = normaliseManualLine(input);
  let result: ReturnType<typeof calculateLine>;
  try {
    result = calculateLine(line, site);
  } catch (error) {
    if (error instanceof LineCalculationError) throw fieldError(error.field, error.message);
    throw error;
  }
  return { site, line, result, fingerprint: await lineFingerprint(line, site.name) };
}

function lineValues(line: ManualLine) {
  const { dataQuality, ...rest } = line;
  return { ...rest, dataQuality };
}

/**
 * Stores a manual line with its result and audit row in one batch. A line confirmed from a
 * receipt that looks like one already in the ledger needs the person's choice (decision 052):
 * skip stores nothing, replace deletes the chosen line in the same batch (audited as a delete).
 */
export async function createActivity(
  ctx: AuthedContext,
  input: SaveActivity,
): Promise<ActivityLine | SkippedActivity> {
  const { site, line, result, fingerprint } = await prepare(ctx, input);
  // A line confirmed from a scanned receipt: its source says so and its evidence is the file.
  const receipt = input.receiptFileId ? await receiptEvidence(ctx, input.receiptFileId) : null;
  if (receipt) line.evidenceUrl = receipt.evidenceUrl;
  const decision = receipt
    ? await decideReceiptLine(ctx, line, site, receipt.supplier, input)
    : { skip: false as const, replaceLineId: null };
  if (decision.skip) return { skipped: true };
  const now = ctx.now();
  let lineId: number | undefined;
  try {
    // The replaced line goes first: the new line may share its fingerprint. The audit row names
    // the id SQLite gives the line, in the same transaction (decision 092).
    ({ lineId } = await ledgerWriter(ctx.db).write({
      before: decision.replaceLineId ? deleteLineStatements(ctx, decision.replaceLineId) : [],
      insert: {
        origin: {
          companyId: ctx.companyId,
          source: receipt ? 'receipt' : 'manual',
          dataSourceId: null,
          importId: null,
          createdBy: ctx.userId,
          createdAt: now,
        },
        lines: [{ siteId: site.id, ...lineValues(line), fingerprint, ...lineFigures(result) }],
        duplicates: 'refuse',
      },
      after: (id) => [
        auditInsert(ctx, {
          companyId: ctx.companyId,
          userId: ctx.userId,
          action: 'activity_created',
          entityType: 'activity_line',
          entityId: String(id),
        }),
      ],
    }));
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyInLedger();
    throw error;
  }
  return getActivity(ctx, String(lineId));
}

/**
 * Edits a line: the body may carry only the fields that change. The line is recalculated with
 * the current library; its stored result is replaced in the same statement.
 */
export async function updateActivity(
  ctx: AuthedContext,
  id: string,
  changes: Record<string, unknown>,
): Promise<ActivityLine> {
  const existing = await getLineRow(ctx, id);
  const merged = SaveActivitySchema.safeParse({ ...storedAsInput(existing), ...changes });
  if (!merged.success) throw validationError(merged.error);
  const { site, line, result, fingerprint } = await prepare(ctx, merged.data);
  const now = ctx.now();
  try {
    await ctx.db.batch([
      ctx.db
        .update(activityLines)
        .set({
          siteKey: siteKeyOf(ctx.companyId, site.id),
          ...lineValues(line),
          fingerprint,
          ...lineFigures(result),
          updatedAt: now,
          calculatedAt: now,
        })
        .where(and(lineNamed(existing.id), eq(activityLines.companyKey, companyKeyOf(ctx.companyId)))),
      auditInsert(ctx, {
        companyId: ctx.companyId,
        userId: ctx.userId,
        action: 'activity_updated',
        entityType: 'activity_line',
        entityId: existing.id,
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyInLedger();
    throw error;
  }
  return getActivity(ctx, existing.id);
}

/** The stored line in the shape of SaveActivity, so an edit can send only what changes. */
function storedAsInput(row: LineRow): Record<string, unknown> {
  return {
    siteId: row.siteId,
    date: row.date,
    periodEnd: row.periodEnd,
    category: row.category,
    variant: row.variant,
    quantity: row.quantity,
    unit: row.unit,
    spend: row.spend,
    currency: row.currency,
    calorificBasis: row.calorificBasis,
    supplierKgCO2ePerKWh: row.supplierKgCO2ePerKWh,
    instrument: row.instrument,
    radiativeForcing: row.radiativeForcing,
    dataQuality: row.dataQuality,
    evidenceUrl: row.evidenceUrl,
    reference: row.reference,
  };
}

/** Deletes a line (its stored result with it), in the batch of its audit row. */
export async function deleteActivity(ctx: AuthedContext, id: string): Promise<void> {
  const existing = await getLineRow(ctx, id);
  await ctx.db.batch(deleteLineStatements(ctx, existing.id));
}

/**
 * A line's delete and its audit row: a delete, or the replaced half of a receipt's replace. `id`:
 * the line's public id, whichever id the request named it by.
 */
function deleteLineStatements(ctx: AuthedContext, id: string) {
  return [
    ctx.db
      .delete(activityLines)
      .where(and(lineNamed(id), eq(activityLines.companyKey, companyKeyOf(ctx.companyId)))),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'activity_deleted',
      entityType: 'activity_line',
      entityId: id,
    }),
  ] as const;
}
