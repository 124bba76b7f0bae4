// The `connector.sync` job (decision 016): pulls every purchase line from the provider, maps each
// account (connector_account_mappings: the person's choice on the source, else the company's own
// mapping of the account (company_account_mappings, decision 050), else a default from the
// account name), and reconciles the
// source's ledger lines in ONE batch with the sync record and its audit row:
// - a line's `reference` is the provider's stable id (`odoo:<database>:<move line id>`), and its
//   fingerprint is SHA-256 over that id plus what the line says (date, site, category, variant,
//   spend, currency). The unique (company_id, fingerprint) index and ON CONFLICT DO NOTHING make a
//   re-sync add nothing;
// - a line whose bill or mapping changed since (same reference, new fingerprint) is replaced, and
//   a line gone from the provider or now mapped to 'ignore' is removed, so edits in Odoo and in
//   the mapping show on the next sync instead of piling up next to the old lines.
// - a line's site is its tracking option's site (connector_site_mappings, site-resolution.ts),
//   else the first site; the site is in the fingerprint, so a remapped option moves its lines.
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import {
  connectorAccountMappings,
  connectorConnections,
  connectorSyncs,
} from '../../../../db/schema/connectors.ts';
import { activityLines, dataSources } from '../../../../db/schema/ledger.ts';
import { isSpendVariant } from '../../../domain/activity-import/accounting-export/account-targets.ts';
import { lineDigest } from '../../../domain/activity-import/fingerprint.ts';
import { defaultAccountMapping } from '../../../domain/connectors/account-mapping.ts';
import { MAX_AMOUNT } from '../../../domain/contracts/numbers.ts';
import { replaceRefusedCharacters } from '../../../domain/contracts/text.ts';
import type { ServiceContext } from '../../context.ts';
import { type JobDeps, PermanentJobError, type RunningJob } from '../../jobs/job-handler.ts';
import { auditInsert } from '../audit/service.ts';
import { calculateLine, LineCalculationError, lineFigures } from '../ledger/figures/service.ts';
import { companyKeyOf, ledgerWriter, type NewLine, ofCompany } from '../ledger/lines/service.ts';
import {
  companyAccountMappingsOf,
  companyMappingFor,
  connectorTargetOf,
} from './company-account-mappings.ts';
import { adapterFor, connectorSession, openCredentials } from './registry.ts';
import { type LineSite, resolveSites } from './site-resolution.ts';
import { probableDuplicateNotice } from './sync-duplicates.ts';
import { ConnectorError, type ConnectorPull, type ExternalLine } from './types.ts';

/** Claims a sync job gets (decision 013); the last failure leaves the sync `failed`. */
export const SYNC_MAX_ATTEMPTS = 4;

const SyncPayload = { parse: (value: unknown) => value as { dataSourceId: string } };

export function lineFingerprint(parts: readonly (string | number | null)[]): string {
  return lineDigest(
    ['connector-line/v1', ...parts.map((part) => (part === null ? '' : String(part)))].join('\u001f'),
  );
}

interface Planned {
  lines: NewLine[];
  removeIds: number[];
  duplicates: number;
  replaced: number;
  removed: number;
  skipped: number;
  problems: string[];
  newMappings: (typeof connectorAccountMappings.$inferInsert)[];
  /** New tracking options' connector_site_mappings rows (and renamed labels). */
  siteStatements: Awaited<ReturnType<typeof resolveSites>>['statements'];
}

export async function connectorSyncJob(job: RunningJob, deps: JobDeps): Promise<unknown> {
  const { dataSourceId } = SyncPayload.parse(job.payload);
  const companyId = job.companyId;
  if (!companyId) throw new PermanentJobError('A connector sync needs a company');
  const ctx: ServiceContext = {
    db: deps.db,
    config: deps.config,
    log: deps.log,
    requestId: `job:${job.id}`,
    ip: null,
    now: deps.now,
  };
  const source = await ctx.db
    .select({ id: dataSources.id, type: dataSources.type })
    .from(dataSources)
    .where(and(eq(dataSources.id, dataSourceId), eq(dataSources.companyId, companyId)))
    .get();
  // Deleted since it was queued: nothing to do (the sync row went with it).
  if (!source) return { skipped: 'data source deleted' };
  const startedAt = ctx.now();
  await ctx.db
    .update(connectorSyncs)
    .set({ status: 'running', startedAt, error: null })
    .where(and(eq(connectorSyncs.id, job.id), eq(connectorSyncs.companyId, companyId)));
  try {
    const adapter = adapterFor(source.type);
    if (!adapter) throw new ConnectorError('provider', `${source.type} sources cannot sync`);
    const stored = await openCredentials(ctx, companyId, source.id);
    const session = connectorSession(ctx, companyId, source.id, stored.sealed);
    const pull = await adapter.pull(stored.value as never, session);
    return await writeSync(ctx, { companyId, sourceId: source.id, type: source.type, syncId: job.id }, pull);
  } catch (error) {
    const retry = error instanceof ConnectorError ? error.isRetryable : !(error instanceof PermanentJobError);
    const last = job.attempt >= SYNC_MAX_ATTEMPTS;
    const reason = error instanceof Error ? error.message : String(error);
    await ctx.db.batch([
      ctx.db
        .update(connectorSyncs)
        .set({ status: retry && !last ? 'retrying' : 'failed', finishedAt: ctx.now(), error: reason })
        .where(eq(connectorSyncs.id, job.id)),
      ctx.db
        .update(dataSources)
        .set({ status: 'error' })
        .where(and(eq(dataSources.id, source.id), eq(dataSources.companyId, companyId))),
      ctx.db
        .update(connectorConnections)
        .set({ statusReason: reason, updatedAt: ctx.now() })
        .where(eq(connectorConnections.dataSourceId, source.id)),
    ]);
    if (!retry) throw new PermanentJobError(reason);
    throw error;
  }
}

interface SyncTarget {
  companyId: string;
  sourceId: string;
  type: string;
  syncId: string;
}

/** What a sync reconciles against: the source's account mappings, the company's, and its earlier lines. */
async function readSyncState(ctx: ServiceContext, target: SyncTarget) {
  const stored = await ctx.db
    .select({
      accountKey: connectorAccountMappings.accountKey,
      category: connectorAccountMappings.category,
      variant: connectorAccountMappings.variant,
      isUserSet: connectorAccountMappings.isUserSet,
    })
    .from(connectorAccountMappings)
    .where(
      and(
        eq(connectorAccountMappings.dataSourceId, target.sourceId),
        eq(connectorAccountMappings.companyId, target.companyId),
      ),
    );
  // The company's own mapping of an account (decision 050) comes before the source's default,
  // and only the person's choice on the source itself comes before it.
  const companyMappings = await companyAccountMappingsOf(ctx, target.companyId);
  const existing = await ctx.db
    .select({
      id: activityLines.id,
      reference: activityLines.reference,
      fingerprint: activityLines.fingerprint,
      date: activityLines.date,
    })
    .from(activityLines)
    .where(
      and(
        eq(activityLines.companyKey, companyKeyOf(target.companyId)),
        // A connector writes its lines one at a time, without an import: the condition lets SQLite
        // read the partial index of such lines instead of every row of the ledger (decision 101).
        isNull(activityLines.importKey),
        eq(activityLines.dataSourceId, target.sourceId),
        like(activityLines.reference, `${target.type}:%`),
      ),
    );
  return {
    mappings: new Map(stored.map((row) => [row.accountKey, row])),
    companyMappings,
    existing,
    byReference: new Map(existing.map((row) => [row.reference ?? '', row])),
  };
}

type SyncState = Awaited<ReturnType<typeof readSyncState>>;

async function planSync(ctx: ServiceContext, target: SyncTarget, pull: ConnectorPull): Promise<Planned> {
  // Each line's site: its tracking option's mapping, else the first site (decision 025).
  const siting = await resolveSites(ctx, target, pull.lines);
  const state = await readSyncState(ctx, target);
  const plan: Planned = {
    lines: [],
    removeIds: [],
    duplicates: 0,
    replaced: 0,
    removed: 0,
    skipped: 0,
    problems: [],
    newMappings: [],
    siteStatements: siting.statements,
  };
  const wanted = new Set<string>();
  const now = ctx.now();
  for (const external of pull.lines) {
    const mapping = accountMappingOf(external, state, plan, { target, now });
    if (
      !mapping ||
      mapping.category === 'ignore' ||
      !mapping.variant ||
      !isSpendVariant(mapping.variant) ||
      !(external.amount > 0) ||
      // Above the bound of a typed spend (decision 042): no real bill, and totals must stay finite.
      external.amount > MAX_AMOUNT
    ) {
      plan.skipped++;
      continue;
    }
    if (await planLine(external, { variant: mapping.variant, site: siting.siteFor(external) }, state, plan)) {
      wanted.add(external.externalId);
    }
  }
  // A line the pull returned but did not import (refunded to zero, now 'ignore') goes; one the
  // pull did not return goes too, unless it is older than what the provider shows (reachFrom).
  const returned = new Set(pull.lines.map((line) => line.externalId));
  for (const row of state.existing) {
    const reference = row.reference ?? '';
    const outOfReach = !returned.has(reference) && Boolean(pull.reachFrom) && row.date < pull.reachFrom!;
    if (!wanted.has(reference) && !outOfReach) {
      plan.removeIds.push(row.id);
      plan.removed++;
    }
  }
  return plan;
}

/**
 * The line's account mapping: the person's choice on the source, else the company's mapping, else a
 * default. A mapping new to the source, or a company mapping changed since, is added to the plan.
 */
function accountMappingOf(
  external: ExternalLine,
  state: SyncState,
  plan: Planned,
  { target, now }: { target: SyncTarget; now: Date },
) {
  const stored = state.mappings.get(external.account.key);
  const company = stored?.isUserSet
    ? undefined
    : connectorTargetOf(companyMappingFor(state.companyMappings, external.account));
  const companyChanged =
    company !== undefined &&
    stored !== undefined &&
    (company.category !== stored.category || company.variant !== stored.variant);
  if (stored && !companyChanged) return stored;
  const suggested =
    company ??
    (external.suggestedVariant && isSpendVariant(external.suggestedVariant)
      ? { category: 'purchased_goods' as const, variant: external.suggestedVariant }
      : defaultAccountMapping(external.account));
  const mapping = { accountKey: external.account.key, isUserSet: false, ...suggested };
  state.mappings.set(external.account.key, mapping);
  plan.newMappings.push({
    dataSourceId: target.sourceId,
    companyId: target.companyId,
    accountKey: external.account.key,
    // A provider's text is kept, its control characters spaced out (decision 042).
    accountCode: replaceRefusedCharacters(external.account.code),
    accountName: replaceRefusedCharacters(external.account.name),
    category: suggested.category,
    variant: suggested.variant,
    isUserSet: false,
    updatedAt: now,
  });
  return mapping;
}

/**
 * Plans one spend line: a duplicate of the line already stored, a new line (replacing the stored one
 * when the bill or mapping changed), or a problem when it cannot be calculated. True when the source
 * keeps a line for it.
 */
async function planLine(
  external: ExternalLine,
  { variant, site }: { variant: string; site: LineSite },
  state: SyncState,
  plan: Planned,
): Promise<boolean> {
  const fields = {
    date: external.date,
    periodEnd: null,
    category: 'purchased_goods',
    variant,
    quantity: null,
    unit: null,
    spend: external.amount,
    currency: external.currency,
    calorificBasis: null,
    supplierKgCO2ePerKWh: null,
    instrument: null,
    radiativeForcing: null,
  } as const;
  const fingerprint = await lineFingerprint([
    external.externalId,
    fields.date,
    site.id,
    fields.category,
    fields.variant,
    fields.spend,
    fields.currency,
  ]);
  const before = state.byReference.get(external.externalId);
  if (before?.fingerprint === fingerprint) {
    plan.duplicates++;
    return true;
  }
  let calculated: ReturnType<typeof calculateLine>;
  try {
    calculated = calculateLine(fields, site);
  } catch (error) {
    if (!(error instanceof LineCalculationError)) throw error;
    plan.skipped++;
    if (plan.problems.length < 5)
      plan.problems.push(`${external.document ?? external.externalId}: ${error.message}`);
    return false;
  }
  if (before) {
    plan.removeIds.push(before.id);
    plan.replaced++;
  }
  plan.lines.push({
    ...fields,
    ...lineFigures(calculated),
    siteId: site.id,
    evidenceUrl: null,
    reference: external.externalId,
    dataQuality: 'spend_based',
    fingerprint,
  });
  return true;
}

/** The counts on the sync record (connector_syncs). */
interface SyncCounts {
  fetchedCount: number;
  importedCount: number;
  duplicateCount: number;
  replacedCount: number;
  removedCount: number;
  skippedCount: number;
}

async function writeSync(ctx: ServiceContext, target: SyncTarget, pull: ConnectorPull) {
  const plan = await planSync(ctx, target, pull);
  const now = ctx.now();
  const origin = {
    companyId: target.companyId,
    source: target.type,
    dataSourceId: target.sourceId,
    importId: null,
    createdBy: null,
    createdAt: now,
  };
  const counts: SyncCounts = {
    fetchedCount: pull.lines.length + (pull.skipped ?? 0),
    importedCount: plan.lines.length - plan.replaced,
    duplicateCount: plan.duplicates,
    replacedCount: plan.replaced,
    removedCount: plan.removed,
    skippedCount: plan.skipped + (pull.skipped ?? 0),
  };
  const notes = await syncNotes(ctx, target, pull, plan);
  const { inserted } = await ledgerWriter(ctx.db).write({
    before: replacementStatements(ctx, target, plan),
    insert: { origin, lines: plan.lines, duplicates: 'skip' },
    after: [
      ...plan.siteStatements,
      ...succeededStatements(ctx, target, { counts, revenue: pull.revenue, notes, now }),
    ],
  });
  // Lines another source of the same company already holds (same Odoo database connected twice)
  // were skipped by the fingerprint index: count them as duplicates, not imports.
  if (inserted !== plan.lines.length) {
    const collided = plan.lines.length - inserted;
    counts.importedCount -= collided;
    counts.duplicateCount += collided;
    await ctx.db.update(connectorSyncs).set(counts).where(eq(connectorSyncs.id, target.syncId));
  }
  return { ...counts, revenue: pull.revenue };
}

/** What the adapter left out, then what the calculation refused, then probable duplicates: on the record for people. */
async function syncNotes(
  ctx: ServiceContext,
  target: SyncTarget,
  pull: ConnectorPull,
  plan: Planned,
): Promise<string[]> {
  const notes = [...(pull.notices ?? [])];
  if (plan.problems.length > 0) notes.push(`Not imported: ${plan.problems.join('; ')}`);
  const duplicateNotice = await probableDuplicateNotice({ db: ctx.db, ...target }, plan.lines);
  if (duplicateNotice) notes.push(duplicateNotice);
  if (pull.notices?.length) {
    ctx.log.warn('connector sync left data out', { dataSourceId: target.sourceId, notices: pull.notices });
  }
  return notes;
}

/** Before the new lines: the removed and replaced lines go, and new account mappings are stored. */
function replacementStatements(ctx: ServiceContext, target: SyncTarget, plan: Planned) {
  return [
    // Removals first, so a replaced line's new row never meets its old fingerprint.
    ...(plan.removeIds.length > 0
      ? [
          ctx.db
            .delete(activityLines)
            .where(
              and(
                ofCompany(target.companyId),
                sql`${activityLines.id} IN (SELECT value FROM json_each(${JSON.stringify(plan.removeIds)}))`,
              ),
            ),
        ]
      : []),
    // A company mapping made since the source's first sync replaces the source's default, never
    // the person's own choice on the source.
    ...plan.newMappings.map((mapping) =>
      ctx.db
        .insert(connectorAccountMappings)
        .values(mapping)
        .onConflictDoUpdate({
          target: [connectorAccountMappings.dataSourceId, connectorAccountMappings.accountKey],
          set: { category: mapping.category, variant: mapping.variant, updatedAt: mapping.updatedAt },
          setWhere: eq(connectorAccountMappings.isUserSet, false),
        }),
    ),
  ];
}

/** After the new lines: the sync record, the source and its connection say it succeeded, with the audit row. */
function succeededStatements(
  ctx: ServiceContext,
  target: SyncTarget,
  { counts, revenue, notes, now }: { counts: SyncCounts; revenue: unknown; notes: string[]; now: Date },
) {
  return [
    ctx.db
      .update(connectorSyncs)
      .set({
        status: 'succeeded',
        finishedAt: now,
        ...counts,
        revenue: JSON.stringify(revenue),
        error: notes.length > 0 ? notes.join(' ') : null,
      })
      .where(eq(connectorSyncs.id, target.syncId)),
    ctx.db
      .update(dataSources)
      .set({ status: 'connected', lastSyncAt: now })
      .where(and(eq(dataSources.id, target.sourceId), eq(dataSources.companyId, target.companyId))),
    ctx.db
      .update(connectorConnections)
      .set({ statusReason: null, updatedAt: now })
      .where(eq(connectorConnections.dataSourceId, target.sourceId)),
    auditInsert(ctx, {
      companyId: target.companyId,
      userId: null,
      action: 'data_source_synced',
      entityType: 'data_source',
      entityId: target.sourceId,
    }),
  ];
}
