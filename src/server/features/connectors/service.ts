// Connector sources: connect (Odoo), test, queue a sync, the sync history and the account mapping.
// The connectors are the data-sources feature's back end (decision 016): they write the
// `data_sources` row of the source they manage, through the same tenant filter.

import { and, asc, desc, eq } from 'drizzle-orm';
import {
  connectorAccountMappings,
  connectorConnections,
  connectorSyncs,
} from '../../../../db/schema/connectors.ts';
import { dataSources } from '../../../../db/schema/ledger.ts';
import { SPEND_VARIANT_KEYS } from '../../../domain/connectors/account-mapping.ts';
import { describeOdooBase } from '../../../domain/connectors/odoo-url.ts';
import type {
  AccountMapping,
  ConnectionTestResult,
  ConnectorSync,
  OdooConnect,
  SyncQueued,
  UpdateAccountMappings,
} from '../../../domain/contracts/data-sources.ts';
import type { AuthedContext } from '../../context.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { adapterFor, connectorSession, openCredentials } from './registry.ts';
import { storeConnectedSource } from './store-source.ts';
import { queueSyncStatements } from './sync-queue.ts';

export {
  companyAccountMappingsOf,
  saveCompanyAccountMappingsStatements,
} from './company-account-mappings.ts';
export { adapterFor, oauthConnectorRefusal } from './registry.ts';
export { prepareRevocation, revokeDeletedSource } from './revoke.ts';
export { prepareCompanyRevocations, revokeErasedSources } from './revoke-company.ts';

const ownSource = (ctx: AuthedContext, id: string) =>
  and(eq(dataSources.id, id), eq(dataSources.companyId, ctx.companyId));

/**
 * Tests the details first: a login Odoo refuses is answered 422 with Odoo's reason and nothing is
 * stored. Then the source (status connecting), its sealed credentials, the first sync and the
 * audit row go in one batch; the sync job moves the status to connected or error.
 */
export async function connectOdoo(ctx: AuthedContext, input: OdooConnect) {
  const credentials = {
    // The base the client builds /jsonrpc on (decision 040): no page part, no trailing slash.
    baseUrl: describeOdooBase(input.baseUrl),
    database: input.database,
    username: input.username,
    apiKey: input.apiKey,
  };
  // Odoo's API key never changes under us: nothing to store before the source exists.
  const test = await adapterFor('odoo')!.testConnection(credentials, { config: ctx.config, now: ctx.now });
  if (!test.connected)
    throw new HttpError(422, test.error ?? 'Failed to connect to Odoo', 'connection_failed');
  const { id, syncId } = await storeConnectedSource(ctx, {
    type: 'odoo',
    name: input.name ?? `Odoo ${credentials.database}`,
    status: 'connecting',
    config: { baseUrl: credentials.baseUrl, database: credentials.database, username: credentials.username },
    credentials,
  });
  return { id, syncId };
}

/** Tests a connector source with its stored credentials; the status follows the answer. */
export async function testConnectorSource(
  ctx: AuthedContext,
  source: { id: string; type: string },
): Promise<ConnectionTestResult> {
  const adapter = adapterFor(source.type);
  if (!adapter) return { connected: false, error: `${source.type} sources cannot be tested` };
  let result: ConnectionTestResult;
  try {
    const stored = await openCredentials(ctx, ctx.companyId, source.id);
    result = await adapter.testConnection(
      stored.value,
      connectorSession(ctx, ctx.companyId, source.id, stored.sealed),
    );
  } catch (error) {
    result = { connected: false, error: error instanceof Error ? error.message : String(error) };
  }
  await ctx.db.batch([
    ctx.db
      .update(dataSources)
      .set({ status: result.connected ? 'connected' : 'error' })
      .where(ownSource(ctx, source.id)),
    ctx.db
      .update(connectorConnections)
      .set({ statusReason: result.error, updatedAt: ctx.now() })
      .where(
        and(
          eq(connectorConnections.dataSourceId, source.id),
          eq(connectorConnections.companyId, ctx.companyId),
        ),
      ),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: result.connected ? 'data_source_test_passed' : 'data_source_test_failed',
      entityType: 'data_source',
      entityId: source.id,
    }),
  ]);
  return result;
}

export async function queueConnectorSync(ctx: AuthedContext, sourceId: string): Promise<SyncQueued> {
  const sync = queueSyncStatements(ctx, sourceId);
  await ctx.db.batch([
    ...sync.statements,
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'data_source_sync_requested',
      entityType: 'data_source',
      entityId: sourceId,
    }),
  ]);
  ctx.wakeJobs?.();
  return { syncId: sync.syncId, status: 'queued' };
}

export async function requireSource(ctx: AuthedContext, id: string) {
  const source = await ctx.db
    .select({ id: dataSources.id, type: dataSources.type })
    .from(dataSources)
    .where(ownSource(ctx, id))
    .get();
  if (!source) throw notFound('Data source');
  return source;
}

export async function listConnectorSyncs(ctx: AuthedContext, sourceId: string): Promise<ConnectorSync[]> {
  await requireSource(ctx, sourceId);
  const rows = await ctx.db
    .select()
    .from(connectorSyncs)
    .where(and(eq(connectorSyncs.dataSourceId, sourceId), eq(connectorSyncs.companyId, ctx.companyId)))
    .orderBy(desc(connectorSyncs.queuedAt))
    .limit(20);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    queuedAt: row.queuedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    fetched: row.fetchedCount,
    imported: row.importedCount,
    duplicates: row.duplicateCount,
    replaced: row.replacedCount,
    removed: row.removedCount,
    skipped: row.skippedCount,
    revenue: row.revenue ? JSON.parse(row.revenue) : [],
    error: row.error,
  }));
}

const mappingColumns = {
  accountKey: connectorAccountMappings.accountKey,
  accountCode: connectorAccountMappings.accountCode,
  accountName: connectorAccountMappings.accountName,
  category: connectorAccountMappings.category,
  variant: connectorAccountMappings.variant,
  isUserSet: connectorAccountMappings.isUserSet,
};

/** The accounts seen by the source's syncs (filled by the first sync), by code. */
export async function listAccountMappings(ctx: AuthedContext, sourceId: string): Promise<AccountMapping[]> {
  await requireSource(ctx, sourceId);
  return ctx.db
    .select(mappingColumns)
    .from(connectorAccountMappings)
    .where(
      and(
        eq(connectorAccountMappings.dataSourceId, sourceId),
        eq(connectorAccountMappings.companyId, ctx.companyId),
      ),
    )
    .orderBy(asc(connectorAccountMappings.accountCode), asc(connectorAccountMappings.accountName));
}

/** Changes take effect at the next sync, which replaces or removes the affected lines. */
export async function updateAccountMappings(
  ctx: AuthedContext,
  sourceId: string,
  input: UpdateAccountMappings,
): Promise<AccountMapping[]> {
  await requireSource(ctx, sourceId);
  const known = new Set((await listAccountMappings(ctx, sourceId)).map((row) => row.accountKey));
  for (const [index, change] of input.mappings.entries()) {
    if (!known.has(change.accountKey)) {
      throw new HttpError(
        400,
        `Unknown account ${change.accountKey}: sync the source first`,
        'validation_failed',
        {
          fieldErrors: { [`mappings.${index}.accountKey`]: ['Unknown account'] },
        },
      );
    }
    if (
      change.category === 'purchased_goods' &&
      !(change.variant && SPEND_VARIANT_KEYS.has(change.variant))
    ) {
      throw new HttpError(
        400,
        'Choose a spend category for each purchased goods account',
        'validation_failed',
        {
          fieldErrors: { [`mappings.${index}.variant`]: ['Choose a spend category'] },
        },
      );
    }
  }
  const now = ctx.now();
  const updates = input.mappings.map((change) =>
    ctx.db
      .update(connectorAccountMappings)
      .set({
        category: change.category,
        variant: change.category === 'ignore' ? null : (change.variant ?? null),
        isUserSet: true,
        updatedAt: now,
      })
      .where(
        and(
          eq(connectorAccountMappings.dataSourceId, sourceId),
          eq(connectorAccountMappings.companyId, ctx.companyId),
          eq(connectorAccountMappings.accountKey, change.accountKey),
        ),
      ),
  );
  await ctx.db.batch([
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'data_source_mapping_updated',
      entityType: 'data_source',
      entityId: sourceId,
    }),
    ...updates,
  ]);
  return listAccountMappings(ctx, sourceId);
}
