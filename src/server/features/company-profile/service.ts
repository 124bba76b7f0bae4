// The company profile's reporting details (decision 057): LEI, company number, GHG Protocol
// consolidation approach and organisational boundary. One row per company, keyed by the caller's
// company only; each change is one batch with its audit row (decision 003).
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { companyProfiles } from '../../../../db/schema/company-profile.ts';
import { identifierForFramework } from '../../../domain/company-profile/identifiers.ts';
import type {
  CompanyProfile,
  UpdateCompanyProfileSchema,
} from '../../../domain/contracts/company-profile.ts';
import type { EntityIdentifier, ReportFramework } from '../../../domain/contracts/export.ts';
import type { AuthedContext } from '../../context.ts';
import { auditInsert } from '../audit/service.ts';

const columns = {
  lei: companyProfiles.lei,
  companyNumber: companyProfiles.companyNumber,
  consolidationApproach: companyProfiles.consolidationApproach,
  organisationalBoundary: companyProfiles.organisationalBoundary,
  updatedAt: companyProfiles.updatedAt,
};

const EMPTY: CompanyProfile = {
  lei: null,
  companyNumber: null,
  consolidationApproach: null,
  organisationalBoundary: null,
  updatedAt: null,
};

/** GET /api/company/profile: what is saved, all null before the first save. */
export async function getCompanyProfile(ctx: AuthedContext): Promise<CompanyProfile> {
  const row = await ctx.db
    .select(columns)
    .from(companyProfiles)
    .where(eq(companyProfiles.companyId, ctx.companyId))
    .get();
  return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : EMPTY;
}

/** PATCH /api/company/profile: the fields sent change, the others stay. */
export async function updateCompanyProfile(
  ctx: AuthedContext,
  input: z.output<typeof UpdateCompanyProfileSchema>,
): Promise<CompanyProfile> {
  const current = await getCompanyProfile(ctx);
  const values = {
    lei: input.lei === undefined ? current.lei : input.lei,
    companyNumber: input.companyNumber === undefined ? current.companyNumber : input.companyNumber,
    consolidationApproach:
      input.consolidationApproach === undefined ? current.consolidationApproach : input.consolidationApproach,
    organisationalBoundary:
      input.organisationalBoundary === undefined
        ? current.organisationalBoundary
        : input.organisationalBoundary,
    updatedBy: ctx.userId,
    updatedAt: ctx.now(),
  };
  const [saved] = await ctx.db.batch([
    ctx.db
      .insert(companyProfiles)
      .values({ companyId: ctx.companyId, ...values })
      .onConflictDoUpdate({ target: companyProfiles.companyId, set: values })
      .returning(columns),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'company_profile_updated',
      entityType: 'company',
      entityId: ctx.companyId,
    }),
  ]);
  const row = saved[0]!;
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/**
 * The identifier a report of `framework` names the company by, from its profile (company number
 * for SECR, else the LEI; each falls back on the other), or null when the profile has neither.
 */
export async function profileIdentifier(
  ctx: AuthedContext,
  framework: ReportFramework,
): Promise<EntityIdentifier | null> {
  return identifierForFramework(await getCompanyProfile(ctx), framework);
}
