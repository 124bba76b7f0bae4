// Storing a freshly authorised connector source (Odoo, Shopify, QuickBooks, Xero): the data source
// row, its sealed credentials, the first sync and the audit row in one batch (decision 016). A
// source already connected to the same provider account (`sameAccount`: a JSON path of its config
// and the value) is reconnected instead: new credentials, status connected, its lines kept.
import { and, eq, sql } from 'drizzle-orm';
import { connectorConnections } from '../../../../db/schema/connectors.ts';
import { dataSources } from '../../../../db/schema/ledger.ts';
import type { AuthedContext } from '../../context.ts';
import { auditInsert } from '../audit/service.ts';
import { sealCredentials } from './registry.ts';
import { queueSyncStatements } from './sync-queue.ts';

export interface ConnectedSource {
  type: 'odoo' | 'shopify' | 'quickbooks' | 'xero';
  name: string;
  /** 'connecting' until a first sync when the login was only tested; 'connected' after OAuth. */
  status: 'connecting' | 'connected';
  /** Non-secret details only, shown and searched; secrets go in `credentials`. */
  config: Record<string, unknown>;
  credentials: unknown;
  sameAccount?: { path: string; value: string };
}

export async function storeConnectedSource(
  ctx: AuthedContext,
  source: ConnectedSource,
): Promise<{ id: string; syncId: string; reconnected: boolean }> {
  const existing = source.sameAccount
    ? await ctx.db
        .select({ id: dataSources.id })
        .from(dataSources)
        .where(
          and(
            eq(dataSources.companyId, ctx.companyId),
            eq(dataSources.type, source.type),
            sql`json_extract(${dataSources.config}, ${source.sameAccount.path}) = ${source.sameAccount.value}`,
          ),
        )
        .get()
    : undefined;
  const id = existing?.id ?? crypto.randomUUID();
  const sealed = await sealCredentials(ctx, id, source.credentials);
  const now = ctx.now();
  const config = JSON.stringify(source.config);
  const sync = queueSyncStatements(ctx, id);
  const audit = auditInsert(ctx, {
    companyId: ctx.companyId,
    userId: ctx.userId,
    action: existing ? 'data_source_reconnected' : 'data_source_created',
    entityType: 'data_source',
    entityId: id,
  });
  const ownSource = and(eq(dataSources.id, id), eq(dataSources.companyId, ctx.companyId));
  const ownConnection = and(
    eq(connectorConnections.dataSourceId, id),
    eq(connectorConnections.companyId, ctx.companyId),
  );
  await ctx.db.batch(
    existing
      ? [
          ctx.db.update(dataSources).set({ status: source.status, config }).where(ownSource),
          ctx.db
            .update(connectorConnections)
            .set({ sealedCredentials: sealed, statusReason: null, updatedAt: now })
            .where(ownConnection),
          ...sync.statements,
          audit,
        ]
      : [
          ctx.db.insert(dataSources).values({
            id,
            companyId: ctx.companyId,
            type: source.type,
            name: source.name,
            status: source.status,
            config,
            createdAt: now,
          }),
          ctx.db.insert(connectorConnections).values({
            dataSourceId: id,
            companyId: ctx.companyId,
            sealedCredentials: sealed,
            updatedAt: now,
          }),
          ...sync.statements,
          audit,
        ],
  );
  ctx.wakeJobs?.();
  return { id, syncId: sync.syncId, reconnected: Boolean(existing) };
}
