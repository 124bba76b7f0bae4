// POST /api/carbon-offsets/sync: refresh the global catalogue from CARBON_OFFSET_FEED. Every record
// is validated on its own (a bad one is reported, the rest apply); new ids are added, changed ones
// updated, and a stock cut below what open orders still need is held back.

import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { offsetOrders, offsetProjects } from '../../../../db/schema/marketplace.ts';
import type { SyncResult } from '../../../domain/contracts/marketplace.ts';
import type { AuthedContext } from '../../context.ts';
import { auditInsert } from '../audit/service.ts';
import {
  type CatalogueFields,
  catalogueFields,
  changedFields,
  describeIssues,
  type FeedRecord,
  FeedRecordSchema,
  feedRecords,
  newProjectRow,
} from './catalogue.ts';
import { describeFeed, FeedUnavailableError, readFeed } from './feed.ts';

const storedColumns = {
  id: offsetProjects.id,
  name: offsetProjects.name,
  description: offsetProjects.description,
  location: offsetProjects.location,
  projectType: offsetProjects.projectType,
  vintageYear: offsetProjects.vintageYear,
  verificationStandard: offsetProjects.verificationStandard,
  registry: offsetProjects.registry,
  registryProjectId: offsetProjects.registryProjectId,
  methodology: offsetProjects.methodology,
  climateEffect: offsetProjects.climateEffect,
  permanenceNotes: offsetProjects.permanenceNotes,
  cobenefits: offsetProjects.cobenefits,
  imageUrl: offsetProjects.imageUrl,
  certificationUrl: offsetProjects.certificationUrl,
  illustrative: offsetProjects.illustrative,
  priceCents: offsetProjects.priceCents,
  availableCredits: offsetProjects.availableCredits,
};

/** Valid records of a feed document, and the ones refused with their index and reason. */
export function validateFeed(document: unknown): {
  records: { index: number; record: FeedRecord }[];
  rejected: SyncResult['rejected'];
} {
  const raw = feedRecords(document);
  if (!raw) {
    throw new FeedUnavailableError(
      'The offset feed is not a list of projects (an array or { "projects": [...] })',
    );
  }
  const records: { index: number; record: FeedRecord }[] = [];
  const rejected: SyncResult['rejected'] = [];
  const seenIds = new Set<string>();
  const seenSerialPrefixes = new Map<string, string>();
  raw.forEach((item, index) => {
    const rawId = (item as { id?: unknown } | null)?.id;
    const id = typeof rawId === 'string' ? rawId : null;
    const parsed = FeedRecordSchema.safeParse(item);
    if (!parsed.success) {
      rejected.push({ record: index, id, message: describeIssues(parsed.error) });
      return;
    }
    const record = parsed.data;
    if (seenIds.has(record.id)) {
      rejected.push({ record: index, id, message: `id ${record.id} appears more than once in the feed` });
      return;
    }
    // Serial numbers are `<registryProjectId>-<vintage>-<n>`: two projects must not share a prefix.
    const prefix = `${record.registryProjectId}-${record.vintageYear}`;
    const owner = seenSerialPrefixes.get(prefix);
    if (owner) {
      rejected.push({
        record: index,
        id,
        message: `registryProjectId ${record.registryProjectId} with vintage ${record.vintageYear} is already used by ${owner}`,
      });
      return;
    }
    seenIds.add(record.id);
    seenSerialPrefixes.set(prefix, record.id);
    records.push({ index, record });
  });
  return { records, rejected };
}

/** The stored catalogue by id and by registry prefix, with the credits ordered and not yet retired. */
async function catalogueNow(ctx: AuthedContext) {
  const [stored, inFlight] = await Promise.all([
    ctx.db.select(storedColumns).from(offsetProjects).all(),
    // Credits ordered but not yet retired, per project, over every company (the catalogue is global).
    ctx.db
      .select({ projectId: offsetOrders.projectId, credits: sql<number>`sum(${offsetOrders.quantity})` })
      .from(offsetOrders)
      .where(eq(offsetOrders.status, 'ordered'))
      .groupBy(offsetOrders.projectId)
      .all(),
  ]);
  return {
    byId: new Map(stored.map((row) => [row.id, row])),
    openCredits: new Map(inFlight.map((row) => [row.projectId, Number(row.credits)])),
    prefixOwner: new Map(stored.map((row) => [`${row.registryProjectId}-${row.vintageYear}`, row.id])),
  };
}

/**
 * Writes the sync with its audit row in one batch; returns, in order, the projects whose stock was
 * not set. The stock is set only if no purchase took some since it was read: the condition makes a
 * concurrent purchase win, and the project is reported instead of overwriting its decrement.
 */
async function writeSync(
  ctx: AuthedContext,
  statements: BatchItem<'sqlite'>[],
  stockUpdates: readonly { id: string; from: number; to: number }[],
  now: Date,
): Promise<string[]> {
  const stockStatements = stockUpdates.map((change) =>
    ctx.db
      .update(offsetProjects)
      .set({ availableCredits: change.to, updatedAt: now })
      .where(and(eq(offsetProjects.id, change.id), eq(offsetProjects.availableCredits, change.from)))
      .returning({ id: offsetProjects.id }),
  );
  const audit = auditInsert(ctx, {
    companyId: ctx.companyId,
    userId: ctx.userId,
    action: 'offset_catalogue_synced',
    entityType: 'offset_catalogue',
  });
  const results = await ctx.db.batch([audit, ...statements, ...stockStatements]);
  const stockResults = results.slice(1 + statements.length) as { id: string }[][];
  return stockUpdates.filter((_, index) => !stockResults[index]?.length).map((change) => change.id);
}

export async function syncOffsetCatalogue(ctx: AuthedContext): Promise<SyncResult> {
  const feed = ctx.config.CARBON_OFFSET_FEED;
  const { records, rejected } = validateFeed(await readFeed(feed));

  const { byId, openCredits, prefixOwner } = await catalogueNow(ctx);

  const now = ctx.now();
  const added: string[] = [];
  const updated: string[] = [];
  const heldBack: SyncResult['heldBack'] = [];
  const stockUpdates: { id: string; from: number; to: number }[] = [];
  let unchanged = 0;
  const statements = [];
  /** Projects whose catalogue fields (not only stock) change. */
  const fieldsChanged = new Set<string>();

  for (const { index, record } of records) {
    const owner = prefixOwner.get(`${record.registryProjectId}-${record.vintageYear}`);
    if (owner && owner !== record.id) {
      rejected.push({
        record: index,
        id: record.id,
        message: `registryProjectId ${record.registryProjectId} with vintage ${record.vintageYear} is already used by ${owner}`,
      });
      continue;
    }
    const current = byId.get(record.id);
    if (!current) {
      statements.push(ctx.db.insert(offsetProjects).values(newProjectRow(record, now)).onConflictDoNothing());
      added.push(record.id);
      continue;
    }
    const fields = changedFields(current as CatalogueFields, record);
    let stockChanges = record.availableCredits !== current.availableCredits;
    const open = openCredits.get(record.id) ?? 0;
    if (stockChanges && record.availableCredits < open) {
      heldBack.push({
        id: record.id,
        message: `The feed lists ${record.availableCredits} credits but ${open} are ordered and not yet retired; stock kept at ${current.availableCredits}`,
      });
      stockChanges = false;
    }
    if (fields.length > 0) {
      fieldsChanged.add(record.id);
      const values = catalogueFields(record);
      statements.push(
        ctx.db
          .update(offsetProjects)
          .set({ ...Object.fromEntries(fields.map((key) => [key, values[key]])), updatedAt: now })
          .where(eq(offsetProjects.id, record.id)),
      );
    }
    if (stockChanges) {
      stockUpdates.push({ id: record.id, from: current.availableCredits, to: record.availableCredits });
    }
    if (fields.length > 0 || stockChanges) updated.push(record.id);
    else unchanged += 1;
  }

  const stockNotSet = await writeSync(ctx, statements, stockUpdates, now);
  for (const id of stockNotSet) {
    heldBack.push({
      id,
      message: 'Credits were bought while the sync ran; stock left as it is. Sync again to apply the feed.',
    });
    if (!fieldsChanged.has(id)) {
      updated.splice(updated.indexOf(id), 1);
      unchanged += 1;
    }
  }

  rejected.sort((a, b) => a.record - b.record);
  return { source: describeFeed(feed), added, updated, unchanged, rejected, heldBack };
}
