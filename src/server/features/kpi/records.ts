// The company's own figures the KPI Dashboard needs besides the ledger: the reduction target,
// revenue and headcount per year (intensity ratios) and workforce figures (VSME B8, B10).
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { companyFinancials, reductionTargets, workforceFigures } from '../../../../db/schema/ledger.ts';
import type {
  Financials,
  SaveFinancialsSchema,
  SaveTargetSchema,
  SaveWorkforceSchema,
  Target,
  Workforce,
} from '../../../domain/contracts/ledger.ts';
import type { AuthedContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';

/** A 400 shaped like zod's, so the form shows it beside the field. */
const fieldError = (field: string, message: string) =>
  new HttpError(400, message, 'validation_failed', { formErrors: [], fieldErrors: { [field]: [message] } });

const targetColumns = {
  baseYear: reductionTargets.baseYear,
  targetYear: reductionTargets.targetYear,
  reductionPercent: reductionTargets.reductionPercent,
  coverage: reductionTargets.coverage,
};

/** The company's active target, or null. */
export async function getTarget(ctx: AuthedContext): Promise<Target | null> {
  const row = await ctx.db
    .select(targetColumns)
    .from(reductionTargets)
    .where(eq(reductionTargets.companyId, ctx.companyId))
    .orderBy(sql`${reductionTargets.createdAt} DESC`, sql`rowid DESC`)
    .get();
  return row ?? null;
}

/** One active target per company: saving replaces the previous one, in one batch with its audit row. */
export async function saveTarget(
  ctx: AuthedContext,
  input: z.infer<typeof SaveTargetSchema>,
): Promise<Target> {
  const id = crypto.randomUUID();
  const [, inserted] = await ctx.db.batch([
    ctx.db.delete(reductionTargets).where(eq(reductionTargets.companyId, ctx.companyId)),
    ctx.db
      .insert(reductionTargets)
      .values({ id, companyId: ctx.companyId, ...input, createdAt: ctx.now() })
      .returning(targetColumns),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'target_saved',
      entityType: 'reduction_target',
      entityId: id,
    }),
  ]);
  return inserted[0]!;
}

const financialColumns = {
  year: companyFinancials.year,
  revenue: companyFinancials.revenue,
  currency: companyFinancials.currency,
  employees: companyFinancials.employees,
  employeesBasis: companyFinancials.employeesBasis,
};

/** Every year's record, oldest first. */
export function listFinancials(ctx: AuthedContext): Promise<Financials[]> {
  return ctx.db
    .select(financialColumns)
    .from(companyFinancials)
    .where(eq(companyFinancials.companyId, ctx.companyId))
    .orderBy(asc(companyFinancials.year));
}

export async function saveFinancials(
  ctx: AuthedContext,
  input: z.infer<typeof SaveFinancialsSchema>,
): Promise<Financials> {
  if (input.revenue != null && !input.currency)
    throw fieldError('currency', 'Give the currency of the revenue');
  const values = {
    revenue: input.revenue ?? null,
    currency: input.currency ?? null,
    employees: input.employees ?? null,
    // A basis without a figure says nothing; kept only beside a figure (decision 057).
    employeesBasis: input.employees == null ? null : (input.employeesBasis ?? null),
    updatedAt: ctx.now(),
  };
  const [saved] = await ctx.db.batch([
    ctx.db
      .insert(companyFinancials)
      .values({ companyId: ctx.companyId, year: input.year, ...values })
      .onConflictDoUpdate({ target: [companyFinancials.companyId, companyFinancials.year], set: values })
      .returning(financialColumns),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'financials_saved',
      entityType: 'company_financials',
      entityId: String(input.year),
    }),
  ]);
  return saved[0]!;
}

const workforceColumns = {
  year: workforceFigures.year,
  headcountFemale: workforceFigures.headcountFemale,
  headcountMale: workforceFigures.headcountMale,
  headcountOther: workforceFigures.headcountOther,
  leadershipFemale: workforceFigures.leadershipFemale,
  leadershipTotal: workforceFigures.leadershipTotal,
  ageUnder30: workforceFigures.ageUnder30,
  age30To50: workforceFigures.age30To50,
  ageOver50: workforceFigures.ageOver50,
  trainingHours: workforceFigures.trainingHours,
};

export function listWorkforce(ctx: AuthedContext): Promise<Workforce[]> {
  return ctx.db
    .select(workforceColumns)
    .from(workforceFigures)
    .where(eq(workforceFigures.companyId, ctx.companyId))
    .orderBy(asc(workforceFigures.year));
}

export async function saveWorkforce(
  ctx: AuthedContext,
  input: z.infer<typeof SaveWorkforceSchema>,
): Promise<Workforce> {
  if (
    input.leadershipFemale != null &&
    input.leadershipTotal != null &&
    input.leadershipFemale > input.leadershipTotal
  ) {
    throw fieldError('leadershipFemale', 'Women in leadership cannot exceed the leadership total');
  }
  const { year, ...figures } = input;
  const values = {
    headcountFemale: figures.headcountFemale ?? null,
    headcountMale: figures.headcountMale ?? null,
    headcountOther: figures.headcountOther ?? null,
    leadershipFemale: figures.leadershipFemale ?? null,
    leadershipTotal: figures.leadershipTotal ?? null,
    ageUnder30: figures.ageUnder30 ?? null,
    age30To50: figures.age30To50 ?? null,
    ageOver50: figures.ageOver50 ?? null,
    trainingHours: figures.trainingHours ?? null,
    updatedAt: ctx.now(),
  };
  const [saved] = await ctx.db.batch([
    ctx.db
      .insert(workforceFigures)
      .values({ companyId: ctx.companyId, year, ...values })
      .onConflictDoUpdate({ target: [workforceFigures.companyId, workforceFigures.year], set: values })
      .returning(workforceColumns),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'workforce_saved',
      entityType: 'workforce_figures',
      entityId: String(year),
    }),
  ]);
  return saved[0]!;
}
