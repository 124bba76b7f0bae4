// Narratives of the Narrative Builder (spec §2, §3, §4): list, save, edit, approve, versions and
// restore. Every save keeps the text it replaces as a version row, and every write is one batch
// with its audit row (decision 003). Approving re-checks the text's numbers against the current
// facts pack: a number that matches no fact and nobody confirmed blocks it (409).
import { and, desc, eq } from 'drizzle-orm';
import { narratives, narrativeVersions } from '../../../../db/schema/narratives.ts';
import type {
  CreateNarrative,
  Narrative,
  NarrativeSection,
  NarrativeStatus,
  UnsupportedNumber,
  UpdateNarrative,
} from '../../../domain/contracts/narratives.ts';
import { findUnsupportedNumbers } from '../../../domain/narratives/number-check.ts';
import type { AuthedContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { reportingYear } from '../kpi/service.ts';
import { factsPackFor } from './facts-gathering.ts';
import {
  cleanConfirmed,
  factsCache,
  getNarrative,
  own,
  parseConfirmed,
  readOwnRow,
  selectNarratives,
  toNarrative,
} from './rows.ts';
import { saveVersion } from './versions.ts';

export { getNarrativeProgress } from './progress.ts';

/** GET /api/narratives?section=: the company's narratives, most recently saved first. */
export async function listNarratives(
  ctx: AuthedContext,
  query: { section?: NarrativeSection },
): Promise<Narrative[]> {
  const filter = query.section
    ? and(eq(narratives.companyId, ctx.companyId), eq(narratives.section, query.section))
    : eq(narratives.companyId, ctx.companyId);
  const rows = await selectNarratives(ctx)
    .where(filter)
    .orderBy(desc(narratives.updatedAt), desc(narratives.createdAt));
  const facts = factsCache(ctx);
  return Promise.all(rows.map((row) => toNarrative(row, facts)));
}

/**
 * POST /api/narratives. A new narrative is a draft, version 1 (spec §4), whether written by hand
 * (aiGenerated false) or saved from a generated draft (aiGenerated true); approval is a later
 * step ('Approve & Save'), so a status in the body does not skip it.
 */
export async function createNarrative(ctx: AuthedContext, input: CreateNarrative): Promise<Narrative> {
  const id = crypto.randomUUID();
  const now = ctx.now();
  const aiGenerated = input.aiGenerated ?? false;
  const status: NarrativeStatus = 'draft';
  // Not asked for: the company's one reporting year, as every screen shows it (decision 086).
  const year = input.year ?? (await reportingYear(ctx)).year;
  await ctx.db.batch([
    ctx.db.insert(narratives).values({
      id,
      companyId: ctx.companyId,
      section: input.section,
      framework: input.framework,
      year,
      content: input.content,
      status,
      aiGenerated,
      version: 1,
      confirmedNumbers: JSON.stringify(cleanConfirmed(input.confirmedNumbers ?? [])),
      createdBy: ctx.userId,
      createdAt: now,
      updatedBy: ctx.userId,
      updatedAt: now,
    }),
    ctx.db.insert(narrativeVersions).values({
      narrativeId: id,
      companyId: ctx.companyId,
      version: 1,
      content: input.content,
      status,
      aiGenerated,
      savedBy: ctx.userId,
      savedAt: now,
    }),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'narrative_created',
      entityType: 'narrative',
      entityId: id,
    }),
  ]);
  return getNarrative(ctx, id);
}

/**
 * PUT /api/narratives/{id} (spec §4): a content change is saved as a new version with status
 * reviewed, or approved when the body asks for it ('Approve & Save' after editing); a status on its
 * own ('Approve & Save' on a card) is also a new version with the same text. `confirmedNumbers`
 * replaces the list of numbers a person vouched for. Approval is refused (409) while the text has
 * numbers that match no fact and are not confirmed.
 */
export async function updateNarrative(
  ctx: AuthedContext,
  id: string,
  input: UpdateNarrative,
): Promise<Narrative> {
  const current = await readOwnRow(ctx, id);
  const confirmed = input.confirmedNumbers
    ? cleanConfirmed(input.confirmedNumbers)
    : parseConfirmed(current.confirmedNumbers);
  const contentChanged = input.content !== undefined && input.content !== current.content;
  const content = contentChanged ? input.content! : current.content;
  let status: NarrativeStatus = current.status;
  if (contentChanged) status = input.status === 'approved' ? 'approved' : 'reviewed';
  else if (input.status) status = input.status;
  const statusChanged = status !== current.status;
  const confirmedChanged = JSON.stringify(confirmed) !== current.confirmedNumbers;

  if (status === 'approved' && (contentChanged || statusChanged)) {
    const facts = await factsPackFor(ctx, current.year);
    refuseUnsupported(findUnsupportedNumbers(content, facts, confirmed));
  }
  if (!contentChanged && !statusChanged && !confirmedChanged) return toNarrative(current, factsCache(ctx));

  const now = ctx.now();
  const audit = (action: string) =>
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action,
      entityType: 'narrative',
      entityId: id,
    });
  if (!contentChanged && !statusChanged) {
    // Only confirmations: no new text, so no new version.
    await ctx.db.batch([
      ctx.db
        .update(narratives)
        .set({ confirmedNumbers: JSON.stringify(confirmed), updatedBy: ctx.userId, updatedAt: now })
        .where(own(ctx, id)),
      audit('narrative_numbers_confirmed'),
    ]);
    return getNarrative(ctx, id);
  }
  await saveVersion(ctx, current, {
    content,
    status,
    aiGenerated: current.aiGenerated,
    confirmedNumbers: confirmed,
    audit: audit(status === 'approved' ? 'narrative_approved' : 'narrative_updated'),
  });
  return getNarrative(ctx, id);
}

function refuseUnsupported(unsupported: UnsupportedNumber[]): void {
  if (unsupported.length === 0) return;
  const texts = [...new Set(unsupported.map((number) => number.text))];
  throw new HttpError(
    409,
    `Check these numbers before approving: ${texts.join(', ')}`,
    'unsupported_numbers',
    {
      unsupportedNumbers: unsupported,
    },
  );
}

/** POST /api/narratives/check: the numbers of a text being edited that match no fact. */
export async function checkNarrative(
  ctx: AuthedContext,
  input: { content: string; year?: number; confirmedNumbers?: string[] },
): Promise<{ unsupportedNumbers: UnsupportedNumber[] }> {
  // Not asked for: the company's one reporting year, as every screen shows it (decision 086).
  const facts = await factsPackFor(ctx, input.year ?? (await reportingYear(ctx)).year);
  return {
    unsupportedNumbers: findUnsupportedNumbers(
      input.content,
      facts,
      cleanConfirmed(input.confirmedNumbers ?? []),
    ),
  };
}
