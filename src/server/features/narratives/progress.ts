// Where the report's narrative sections stand, for the dashboard card (issue 17 item 8): the status
// of each section's most recently saved narrative, in place of spec §2's fixed '4/6 Ready'.
import { and, desc, eq } from 'drizzle-orm';
import { narrativeSections, narratives } from '../../../../db/schema/narratives.ts';
import type { NarrativeProgress } from '../../../domain/contracts/dashboard.ts';
import type { AuthedContext } from '../../context.ts';

/**
 * Each section's state is its latest saved narrative's (any framework); a section with none is
 * not started. `year` limits it to the narratives about that reporting year; without it, every
 * year's count (the reporting-year choice belongs to its caller).
 */
export async function getNarrativeProgress(ctx: AuthedContext, year?: number): Promise<NarrativeProgress> {
  const rows = await ctx.db
    .select({ section: narratives.section, status: narratives.status })
    .from(narratives)
    .where(
      year === undefined
        ? eq(narratives.companyId, ctx.companyId)
        : and(eq(narratives.companyId, ctx.companyId), eq(narratives.year, year)),
    )
    .orderBy(desc(narratives.updatedAt), desc(narratives.createdAt));
  const latest = new Map<string, NarrativeProgress['sections'][number]['status']>();
  for (const row of rows) if (!latest.has(row.section)) latest.set(row.section, row.status);
  const sections = narrativeSections.map((section) => ({
    section,
    status: latest.get(section) ?? 'not_started',
  }));
  return {
    sections,
    totalSections: sections.length,
    approvedSections: sections.filter((entry) => entry.status === 'approved').length,
    startedSections: sections.filter((entry) => entry.status !== 'not_started').length,
  };
}
