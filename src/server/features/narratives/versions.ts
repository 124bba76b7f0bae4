// Versions of a narrative: every save that changes its text or status adds a row, the previous
// ones stay, and any of them can be restored as a new version.
import { and, desc, eq } from 'drizzle-orm';
import { users } from '../../../../db/schema/auth.ts';
import { narratives, narrativeVersions } from '../../../../db/schema/narratives.ts';
import type { Narrative, NarrativeStatus, NarrativeVersion } from '../../../domain/contracts/narratives.ts';
import type { AuthedContext } from '../../context.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { personName } from '../esg-wizard/service.ts';
import { getNarrative, type NarrativeRow, own, parseConfirmed, readOwnRow } from './rows.ts';

/**
 * Writes version `current.version + 1` and points the narrative at it, in one batch with its audit
 * row. The version row's primary key (narrative, version) makes two saves from the same version
 * collide instead of one silently overwriting the other.
 */
export async function saveVersion(
  ctx: AuthedContext,
  current: NarrativeRow,
  next: {
    content: string;
    status: NarrativeStatus;
    aiGenerated: boolean;
    confirmedNumbers: string[];
    audit: ReturnType<typeof auditInsert>;
  },
): Promise<void> {
  const version = current.version + 1;
  const now = ctx.now();
  try {
    await ctx.db.batch([
      ctx.db.insert(narrativeVersions).values({
        narrativeId: current.id,
        companyId: ctx.companyId,
        version,
        content: next.content,
        status: next.status,
        aiGenerated: next.aiGenerated,
        savedBy: ctx.userId,
        savedAt: now,
      }),
      ctx.db
        .update(narratives)
        .set({
          content: next.content,
          status: next.status,
          aiGenerated: next.aiGenerated,
          version,
          confirmedNumbers: JSON.stringify(next.confirmedNumbers),
          updatedBy: ctx.userId,
          updatedAt: now,
        })
        .where(and(own(ctx, current.id), eq(narratives.version, current.version))),
      next.audit,
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('Someone else saved this narrative at the same time. Reload it and try again.');
    }
    throw error;
  }
}

/** GET /api/narratives/{id}/versions: every saved version, newest first. */
export async function listVersions(ctx: AuthedContext, id: string): Promise<NarrativeVersion[]> {
  await readOwnRow(ctx, id);
  const rows = await ctx.db
    .select({
      version: narrativeVersions.version,
      content: narrativeVersions.content,
      status: narrativeVersions.status,
      aiGenerated: narrativeVersions.aiGenerated,
      savedAt: narrativeVersions.savedAt,
      savedBy: personName,
    })
    .from(narrativeVersions)
    .leftJoin(users, eq(users.id, narrativeVersions.savedBy))
    .where(and(eq(narrativeVersions.narrativeId, id), eq(narrativeVersions.companyId, ctx.companyId)))
    .orderBy(desc(narrativeVersions.version));
  return rows.map((row) => ({ ...row, savedAt: row.savedAt.toISOString() }));
}

/**
 * POST /api/narratives/{id}/restore: the chosen version's text becomes a new version (the current
 * text stays in the history), with status reviewed: a person chose it, nobody approved it yet.
 */
export async function restoreVersion(ctx: AuthedContext, id: string, version: number): Promise<Narrative> {
  const current = await readOwnRow(ctx, id);
  const restored = await ctx.db
    .select({ content: narrativeVersions.content, aiGenerated: narrativeVersions.aiGenerated })
    .from(narrativeVersions)
    .where(
      and(
        eq(narrativeVersions.narrativeId, id),
        eq(narrativeVersions.companyId, ctx.companyId),
        eq(narrativeVersions.version, version),
      ),
    )
    .get();
  if (!restored) throw notFound('Version');
  await saveVersion(ctx, current, {
    content: restored.content,
    status: 'reviewed',
    aiGenerated: restored.aiGenerated,
    confirmedNumbers: parseConfirmed(current.confirmedNumbers),
    audit: auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'narrative_restored',
      entityType: 'narrative',
      entityId: id,
    }),
  });
  return getNarrative(ctx, id);
}
