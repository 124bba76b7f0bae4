// Reading narratives: the columns a response is built from, the tenant filter, the stored list of
// confirmed numbers, and the number check of each text against the facts pack of its year.
import { and, eq } from 'drizzle-orm';
import { users } from '../../../../db/schema/auth.ts';
import { narratives } from '../../../../db/schema/narratives.ts';
import type { Narrative } from '../../../domain/contracts/narratives.ts';
import { findUnsupportedNumbers } from '../../../domain/narratives/number-check.ts';
import type { FactsPack } from '../../../domain/narratives/types.ts';
import type { AuthedContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { personName } from '../esg-wizard/service.ts';
import { factsPackFor } from './facts-gathering.ts';

export const narrativeColumns = {
  id: narratives.id,
  section: narratives.section,
  framework: narratives.framework,
  content: narratives.content,
  status: narratives.status,
  aiGenerated: narratives.aiGenerated,
  version: narratives.version,
  updatedAt: narratives.updatedAt,
  year: narratives.year,
  confirmedNumbers: narratives.confirmedNumbers,
  updatedBy: personName,
};

export type NarrativeRow = Awaited<ReturnType<typeof selectNarratives>>[number];

export const own = (ctx: AuthedContext, id: string) =>
  and(eq(narratives.id, id), eq(narratives.companyId, ctx.companyId));

export function selectNarratives(ctx: AuthedContext) {
  return ctx.db
    .select(narrativeColumns)
    .from(narratives)
    .leftJoin(users, eq(users.id, narratives.updatedBy))
    .$dynamic();
}

/** Facts packs by year, built once per request however many narratives speak about that year. */
export function factsCache(ctx: AuthedContext) {
  const packs = new Map<number, Promise<FactsPack>>();
  return (year: number) => {
    let pack = packs.get(year);
    if (!pack) {
      pack = factsPackFor(ctx, year);
      packs.set(year, pack);
    }
    return pack;
  };
}

export function parseConfirmed(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Trimmed, blank-free and without repeats, in the order given. */
export const cleanConfirmed = (numbers: readonly string[]) => [
  ...new Set(numbers.map((number) => number.trim()).filter(Boolean)),
];

export async function toNarrative(
  row: NarrativeRow,
  facts: (year: number) => Promise<FactsPack>,
): Promise<Narrative> {
  const confirmedNumbers = parseConfirmed(row.confirmedNumbers);
  return {
    id: row.id,
    section: row.section,
    framework: row.framework,
    content: row.content,
    status: row.status,
    aiGenerated: row.aiGenerated,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    year: row.year,
    confirmedNumbers,
    unsupportedNumbers: findUnsupportedNumbers(row.content, await facts(row.year), confirmedNumbers),
    updatedBy: row.updatedBy,
  };
}

export async function readOwnRow(ctx: AuthedContext, id: string): Promise<NarrativeRow> {
  const row = await selectNarratives(ctx).where(own(ctx, id)).get();
  if (!row) throw notFound('Narrative');
  return row;
}

/** One of the caller's narratives with its number check, or 404 (also for other companies' ids). */
export async function getNarrative(ctx: AuthedContext, id: string): Promise<Narrative> {
  return toNarrative(await readOwnRow(ctx, id), factsCache(ctx));
}
