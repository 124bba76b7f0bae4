// The ESG checklist of a company per jurisdiction (spec §2 ESG Wizard, §4 indicator completion):
// initialise it from the jurisdiction's rule pack, read its progress with ledger figures filled
// in, record a person's answers. Every write is one batch with its audit row (decision 003).
import { and, asc, eq, sql } from 'drizzle-orm';
import { users } from '../../../../db/schema/auth.ts';
import { esgAnswers, esgChecklists, esgEvidence } from '../../../../db/schema/esg-wizard.ts';
import type { Jurisdiction } from '../../../domain/contracts/auth.ts';
import type { ComplianceStatus } from '../../../domain/contracts/dashboard.ts';
import type { EsgProgressResponse, Evidence, UpdateProgress } from '../../../domain/contracts/esg-wizard.ts';
import { computeComplianceStatus } from '../../../domain/esg/compliance.ts';
import { checklistIndicators, rulePackFor } from '../../../domain/esg/rule-packs/index.ts';
import type { IndicatorDefinition } from '../../../domain/esg/types.ts';
import type { AuthedContext } from '../../context.ts';
import { conflict, HttpError } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { getEsgFigures, reportingYear } from '../kpi/service.ts';
import { buildItem, type FiguresByRegion, ledgerRegions, type StoredAnswer } from './auto-fill.ts';

/**
 * Who changed a row, as the checklist shows it: "First Last", else the email. The users table
 * belongs to auth, which exports no lookup by id; a left join keeps this one read.
 */
export const personName = sql<
  string | null
>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

const checklistQuery = (ctx: AuthedContext, jurisdiction: Jurisdiction) =>
  ctx.db
    .select({
      rulePackVersion: esgChecklists.rulePackVersion,
      includeComprehensive: esgChecklists.includeComprehensive,
    })
    .from(esgChecklists)
    .where(and(eq(esgChecklists.companyId, ctx.companyId), eq(esgChecklists.jurisdiction, jurisdiction)));

const answersQuery = (ctx: AuthedContext, jurisdiction: Jurisdiction) =>
  ctx.db
    .select({
      indicator: esgAnswers.indicator,
      value: esgAnswers.value,
      origin: esgAnswers.origin,
      note: esgAnswers.note,
      updatedAt: esgAnswers.updatedAt,
      updatedBy: personName,
    })
    .from(esgAnswers)
    .leftJoin(users, eq(users.id, esgAnswers.updatedBy))
    .where(and(eq(esgAnswers.companyId, ctx.companyId), eq(esgAnswers.jurisdiction, jurisdiction)));

const evidenceQuery = (ctx: AuthedContext, jurisdiction: Jurisdiction) =>
  ctx.db
    .select({
      id: esgEvidence.id,
      jurisdiction: esgEvidence.jurisdiction,
      indicator: esgEvidence.indicator,
      fileName: esgEvidence.fileName,
      contentType: esgEvidence.contentType,
      size: esgEvidence.size,
      sha256: esgEvidence.sha256,
      createdAt: esgEvidence.createdAt,
      createdBy: personName,
    })
    .from(esgEvidence)
    .leftJoin(users, eq(users.id, esgEvidence.createdBy))
    .where(and(eq(esgEvidence.companyId, ctx.companyId), eq(esgEvidence.jurisdiction, jurisdiction)))
    .orderBy(asc(esgEvidence.createdAt), asc(esgEvidence.id));

/** The checklist's progress for a jurisdiction and reporting year (empty before initialisation). */
export async function getProgress(
  ctx: AuthedContext,
  query: { jurisdiction: Jurisdiction; year?: number },
): Promise<EsgProgressResponse> {
  const { jurisdiction } = query;
  // Not asked for: the company's one reporting year, as the dashboard and KPI page (decision 086).
  const year = query.year ?? (await reportingYear(ctx)).year;
  const pack = rulePackFor(jurisdiction);
  // The ledger figures are read beside the checklist (not after it): one round trip less. SECR
  // reads them twice: its UK items over GB sites, its voluntary items over all sites.
  const regions = ledgerRegions(pack.indicators);
  const [[checklists, answers, evidenceRows], ...regionalFigures] = await Promise.all([
    ctx.db.batch([
      checklistQuery(ctx, jurisdiction),
      answersQuery(ctx, jurisdiction),
      evidenceQuery(ctx, jurisdiction),
    ]),
    ...regions.map((region) => getEsgFigures(ctx, year, region === 'all' ? undefined : region)),
  ]);
  const figures: FiguresByRegion = Object.fromEntries(
    regions.map((region, index) => [region, regionalFigures[index]]),
  );
  const checklist = checklists[0];
  const evidence: Evidence[] = evidenceRows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
  }));
  const base = {
    jurisdiction,
    year,
    rulePack: { id: pack.id, version: pack.version, asOf: pack.asOf, framework: pack.framework },
    evidence,
  };
  if (!checklist) {
    return {
      ...base,
      initializedVersion: null,
      includeComprehensive: false,
      progress: [],
      complianceStatus: null,
    };
  }
  const byIndicator = new Map<string, StoredAnswer>(answers.map((answer) => [answer.indicator, answer]));
  const evidenceCounts = new Map<string, number>();
  for (const file of evidence)
    evidenceCounts.set(file.indicator, (evidenceCounts.get(file.indicator) ?? 0) + 1);
  const progress = checklistIndicators(pack, checklist.includeComprehensive).map((definition) =>
    buildItem(
      pack,
      definition,
      byIndicator.get(definition.key),
      figures,
      evidenceCounts.get(definition.key) ?? 0,
    ),
  );
  return {
    ...base,
    initializedVersion: checklist.rulePackVersion,
    includeComprehensive: checklist.includeComprehensive,
    progress,
    complianceStatus: computeComplianceStatus(progress),
  };
}

/** The dashboard's complianceStatus: the checklist of `jurisdiction` for the dashboard's `year`, or null. */
export async function getComplianceStatus(
  ctx: AuthedContext,
  jurisdiction: Jurisdiction,
  year: number,
): Promise<ComplianceStatus | null> {
  // Most dashboards belong to companies without a checklist yet: skip the ledger reads for them.
  if (!(await checklistQuery(ctx, jurisdiction).get())) return null;
  return (await getProgress(ctx, { jurisdiction, year })).complianceStatus;
}

/**
 * Creates the checklist, or brings it to the current pack version. Only indicators without a row
 * get an empty one: re-initialising keeps every value, note and override already entered.
 */
export async function initializeChecklist(
  ctx: AuthedContext,
  input: { jurisdiction: Jurisdiction; includeComprehensive?: boolean; year?: number },
): Promise<EsgProgressResponse> {
  const { jurisdiction } = input;
  const pack = rulePackFor(jurisdiction);
  const existing = await checklistQuery(ctx, jurisdiction).get();
  // Without the flag, a re-initialisation keeps the module choice made before.
  const includeComprehensive = input.includeComprehensive ?? existing?.includeComprehensive ?? false;
  const keys = JSON.stringify(
    checklistIndicators(pack, includeComprehensive).map((indicator) => indicator.key),
  );
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db
      .insert(esgChecklists)
      .values({
        companyId: ctx.companyId,
        jurisdiction,
        rulePackVersion: pack.version,
        includeComprehensive,
        createdBy: ctx.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [esgChecklists.companyId, esgChecklists.jurisdiction],
        set: { rulePackVersion: pack.version, includeComprehensive, updatedAt: now },
      }),
    // The keys as one JSON parameter (D1 binds at most 100 per statement); columns in table order.
    // `WHERE true` lets the upsert clause follow INSERT … SELECT (SQLite's documented form).
    ctx.db
      .insert(esgAnswers)
      .select(
        sql`SELECT ${ctx.companyId}, ${jurisdiction}, value, '', 'initial', NULL, NULL, NULL FROM json_each(${keys}) WHERE true`,
      )
      .onConflictDoNothing(),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'esg_checklist_initialized',
      entityType: 'esg_checklist',
      entityId: jurisdiction,
    }),
  ]);
  return getProgress(ctx, { jurisdiction, year: input.year });
}

/**
 * The indicator's definition when it is in the company's initialised checklist: 409 before
 * initialisation, 404 for an indicator the checklist does not hold.
 */
export async function checklistIndicator(
  ctx: AuthedContext,
  jurisdiction: Jurisdiction,
  indicator: string,
): Promise<IndicatorDefinition> {
  const checklist = await checklistQuery(ctx, jurisdiction).get();
  if (!checklist) throw conflict('Initialize the ESG checklist first');
  const definition = checklistIndicators(rulePackFor(jurisdiction), checklist.includeComprehensive).find(
    (candidate) => candidate.key === indicator,
  );
  if (!definition) throw new HttpError(404, 'This indicator is not in your checklist', 'not_found');
  return definition;
}

const fieldError = (field: string, message: string) =>
  new HttpError(400, message, 'validation_failed', { formErrors: [], fieldErrors: { [field]: [message] } });

/**
 * A person's answer (spec §4): `value` is stored as entered ('' = not completed) and, on a
 * ledger-backed indicator, overrides the ledger; `useLedger` drops that override; `note` alone
 * leaves the value as it is.
 */
export async function updateProgress(
  ctx: AuthedContext,
  input: UpdateProgress,
): Promise<EsgProgressResponse> {
  const { jurisdiction, indicator } = input;
  const definition = await checklistIndicator(ctx, jurisdiction, indicator);
  if (input.useLedger && input.value !== undefined) {
    throw fieldError('value', 'Send a value or useLedger, not both');
  }
  if (input.useLedger && definition.autoFill === undefined) {
    throw fieldError('useLedger', 'This indicator is not filled from the ledger');
  }
  const now = ctx.now();
  const change: Partial<typeof esgAnswers.$inferInsert> = { updatedBy: ctx.userId, updatedAt: now };
  if (input.value !== undefined) {
    change.value = input.value;
    change.origin = 'manual';
  }
  if (input.useLedger) {
    change.value = '';
    change.origin = 'initial';
  }
  if (input.note !== undefined) change.note = input.note === '' ? null : input.note;

  await ctx.db.batch([
    ctx.db
      .insert(esgAnswers)
      .values({
        value: '',
        origin: 'initial',
        note: null,
        ...change,
        companyId: ctx.companyId,
        jurisdiction,
        indicator,
      })
      .onConflictDoUpdate({
        target: [esgAnswers.companyId, esgAnswers.jurisdiction, esgAnswers.indicator],
        set: change,
      }),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'esg_progress_updated',
      entityType: 'esg_indicator',
      entityId: `${jurisdiction}:${indicator}`,
    }),
  ]);
  return getProgress(ctx, { jurisdiction, year: input.year });
}
