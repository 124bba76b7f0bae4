import { and, count, eq, ne } from 'drizzle-orm';
import { companies, users } from '../../../../db/schema/auth.ts';
import { esgAnswers } from '../../../../db/schema/esg-wizard.ts';
import { reports } from '../../../../db/schema/export-reports.ts';
import { dataSources } from '../../../../db/schema/ledger.ts';
import type { DataSummary } from '../../../domain/contracts/privacy.ts';
import type { AuthedContext } from '../../context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { accountDeletionImpact } from './erase.ts';

/** The rights of UK and EU GDPR (Art. 15–21) as the legal pages list them, and where to use each. */
export const RIGHTS_AVAILABLE = [
  'Access: see the personal data we hold about you (this page and the export)',
  'Portability: download your data as a machine-readable JSON file',
  'Rectification: correct your name and email in Settings → Profile',
  'Erasure: delete your account and your personal data',
  'Restriction and objection: ask us to limit or stop processing through Support',
] as const;

/** The retention periods stated on the legal pages (spec §2, §9), applied by the retention job. */
export const DATA_RETENTION =
  'Account data is kept until you delete your account or after 3 years of inactivity; reports for 7 years; usage analytics are anonymised after 2 years; audit logs are kept for 1 year.';

/** GET /api/privacy/data-summary (spec §3). Counts are of the caller's company. */
export async function getDataSummary(ctx: AuthedContext): Promise<DataSummary> {
  const [profiles, sources, answers, reportRows] = await ctx.db.batch([
    ctx.db
      .select({
        createdAt: users.createdAt,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        company: companies.name,
        jurisdiction: companies.jurisdiction,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, ctx.companyId))
      .where(eq(users.id, ctx.userId)),
    ctx.db.select({ total: count() }).from(dataSources).where(eq(dataSources.companyId, ctx.companyId)),
    ctx.db
      .select({ total: count() })
      .from(esgAnswers)
      .where(and(eq(esgAnswers.companyId, ctx.companyId), ne(esgAnswers.value, ''))),
    ctx.db.select({ total: count() }).from(reports).where(eq(reports.companyId, ctx.companyId)),
  ]);
  const profile = profiles[0];
  if (!profile) throw unauthorized();
  return {
    personalData: {
      connectedSources: sources[0]?.total ?? 0,
      esgMetrics: answers[0]?.total ?? 0,
      generatedReports: reportRows[0]?.total ?? 0,
    },
    rightsAvailable: [...RIGHTS_AVAILABLE],
    dataRetention: DATA_RETENTION,
    profile: {
      memberSince: profile.createdAt.toISOString(),
      email: profile.email,
      name: `${profile.firstName} ${profile.lastName}`.trim() || profile.email,
      company: profile.company,
      jurisdiction: profile.jurisdiction,
    },
    accountDeletion: await accountDeletionImpact(ctx, ctx.userId),
  };
}
