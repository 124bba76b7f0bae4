import { type AnyColumn, and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { activityLines, dataSources } from '../../../../db/schema/ledger.ts';
import {
  type ConnectionTestResult,
  type CreateDataSource,
  type DataSource,
  type DataSourceDeleted,
  type DataSourceType,
  OdooConnectSchema,
  type SyncQueued,
} from '../../../domain/contracts/data-sources.ts';
import type { AuthedContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { validationError } from '../../lib/validate.ts';
import { auditInsert } from '../audit/service.ts';
import {
  adapterFor,
  connectOdoo,
  oauthConnectorRefusal,
  prepareRevocation,
  queueConnectorSync,
  revokeDeletedSource,
  testConnectorSource,
} from '../connectors/service.ts';
import { companyKeyOf } from '../ledger/lines/service.ts';

/** Names as the Data Sources screen's Integration Help card shows them (spec §2). */
const TYPE_LABELS: Record<DataSourceType, string> = {
  quickbooks: 'QuickBooks',
  xero: 'Xero',
  shopify: 'Shopify',
  odoo: 'Odoo',
  csv: 'CSV',
  receipt_ocr: 'Receipt OCR',
};

/**
 * A source that cannot be created by a plain POST: an OAuth connector (not configured here, or
 * connected through its flow) or receipt scanning. The route answers 501 with this message: a
 * source that cannot sync must never look connected.
 */
export class ConnectorUnavailable extends Error {}

function unavailable(ctx: AuthedContext, type: DataSourceType): ConnectorUnavailable {
  return new ConnectorUnavailable(
    oauthConnectorRefusal(type, ctx.config, ctx.log) ??
      (type === 'receipt_ocr'
        ? 'Receipts and bills are not a connection: scan them with Upload Receipt on Data Sources.'
        : `${TYPE_LABELS[type]} cannot be connected here.`),
  );
}

/**
 * A source's lines, as two conditions each served by an index (decision 101): those of its imports
 * through activity_lines_import_idx (an imported line carries its import's source; the import keys
 * are the company's own, as the dashboard's per-import counts take them), and those written one at
 * a time through the partial index of such lines (decision 094). Filtering the company's lines on
 * `data_source_id`, which no index holds, read every row of the ledger: 0.35–0.48 s a source at a
 * million lines, on the request thread (bench/notes/ledger-import.md). `complete`: only the lines
 * of complete imports, not those of one still pending (being written, or left by a killed process).
 */
function linesOfSource(
  companyId: string,
  sourceId: string | AnyColumn,
  imports: 'complete' | 'all',
): [SQL, SQL] {
  const complete = imports === 'complete' ? sql` AND i.imported_count >= 0` : sql``;
  return [
    sql`${activityLines.importKey} IN (SELECT i.ledger_key FROM activity_imports i WHERE i.company_id = ${companyId} AND i.data_source_id = ${sourceId}${complete})`,
    and(
      eq(activityLines.companyKey, companyKeyOf(companyId)),
      isNull(activityLines.importKey),
      eq(activityLines.dataSourceId, sourceId),
    )!,
  ];
}

/** A source's row as the API shows it, for the caller's company. */
function sourceColumns(companyId: string) {
  const [imported, oneByOne] = linesOfSource(companyId, dataSources.id, 'complete');
  return {
    id: dataSources.id,
    type: dataSources.type,
    name: dataSources.name,
    status: dataSources.status,
    lastSyncAt: dataSources.lastSyncAt,
    createdAt: dataSources.createdAt,
    // Correlated subqueries: the outer columns are spelled out, as Drizzle would not qualify them.
    statusReason: sql<
      string | null
    >`(SELECT c.status_reason FROM connector_connections c WHERE c.data_source_id = "data_sources"."id")`,
    lineCount: sql<number>`(SELECT count(*) FROM ${activityLines} WHERE ${imported}) + (SELECT count(*) FROM ${activityLines} WHERE ${oneByOne})`,
  };
}

type SourceRow = Omit<DataSource, 'lastSyncAt' | 'createdAt'> & { lastSyncAt: Date | null; createdAt: Date };

function toSource(row: SourceRow): DataSource {
  return {
    ...row,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const ownSource = (ctx: AuthedContext, id: string) =>
  and(eq(dataSources.id, id), eq(dataSources.companyId, ctx.companyId));

export async function listDataSources(ctx: AuthedContext): Promise<DataSource[]> {
  const rows = await ctx.db
    .select(sourceColumns(ctx.companyId))
    .from(dataSources)
    .where(eq(dataSources.companyId, ctx.companyId))
    .orderBy(desc(dataSources.createdAt), asc(dataSources.name));
  return rows.map(toSource);
}

/** One of the caller's sources, or 404 (another company's id answers exactly like a missing one). */
export async function getDataSource(ctx: AuthedContext, id: string): Promise<DataSource> {
  const row = await ctx.db
    .select(sourceColumns(ctx.companyId))
    .from(dataSources)
    .where(ownSource(ctx, id))
    .get();
  if (!row) throw notFound('Data source');
  return toSource(row);
}

/**
 * A CSV source is ready as soon as it is named (its data arrives by upload), so it starts
 * `connected`. Odoo connects with the details in `config` (as POST /api/integrations/odoo/connect);
 * the other connector types throw ConnectorUnavailable.
 */
export async function createDataSource(ctx: AuthedContext, input: CreateDataSource): Promise<DataSource> {
  if (input.type === 'odoo') {
    const details = OdooConnectSchema.safeParse({ ...input.config, name: input.name });
    if (!details.success) throw validationError(details.error);
    const { id } = await connectOdoo(ctx, details.data);
    return getDataSource(ctx, id);
  }
  if (input.type === 'shopify' && ctx.config.SHOPIFY_CLIENT_ID && ctx.config.SHOPIFY_CLIENT_SECRET) {
    // A store is authorised on Shopify's own page: GET /api/integrations/shopify/connect?shop=…
    throw conflict('Shopify stores connect through Shopify’s authorisation page: use Connect New Source');
  }
  if (input.type !== 'csv') throw unavailable(ctx, input.type);
  const id = crypto.randomUUID();
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(dataSources)
      .values({
        id,
        companyId: ctx.companyId,
        type: input.type,
        name: input.name,
        status: 'connected',
        config: JSON.stringify(input.config ?? {}),
        createdAt: ctx.now(),
      })
      .returning({ id: dataSources.id }),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'data_source_created',
      entityType: 'data_source',
      entityId: id,
    }),
  ]);
  return getDataSource(ctx, inserted[0]!.id);
}

/**
 * With `keepLines`, the source's lines and imports stay in the ledger and lose the link (SET
 * NULL); without, its lines go too (with their stored results), in the same batch as the audit row.
 * A QuickBooks, Xero or Shopify source's access is then revoked at the provider (decision 029):
 * its credentials are read first, since they go with the source, and the provider is asked only
 * once the batch is stored, so an unreachable provider never blocks or splits the delete.
 */
export async function deleteDataSource(
  ctx: AuthedContext,
  id: string,
  keepLines: boolean,
): Promise<DataSourceDeleted> {
  const source = await getDataSource(ctx, id);
  const revocation = await prepareRevocation(ctx, ctx.companyId, source);
  // Lines first: once the source row is gone they no longer name it (SET NULL); those of every
  // import of the source, pending ones included.
  const statements = [
    ...(keepLines
      ? []
      : linesOfSource(ctx.companyId, id, 'all').map((lines) => ctx.db.delete(activityLines).where(lines))),
    ctx.db.delete(dataSources).where(ownSource(ctx, id)),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: keepLines ? 'data_source_deleted' : 'data_source_deleted_with_lines',
      entityType: 'data_source',
      entityId: id,
    }),
  ];
  await ctx.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return revokeDeletedSource(ctx, revocation);
}

/** A CSV source is reachable by definition: its data comes with each upload. */
export async function testDataSource(ctx: AuthedContext, id: string): Promise<ConnectionTestResult> {
  const source = await getDataSource(ctx, id);
  if (source.type === 'csv') return { connected: true, error: null };
  if (adapterFor(source.type)) return testConnectorSource(ctx, source);
  return { connected: false, error: unavailable(ctx, source.type).message };
}

/** Queues a connector sync (202); a CSV source is refused with the way to bring its data in. */
export async function syncDataSource(ctx: AuthedContext, id: string): Promise<SyncQueued> {
  const source = await getDataSource(ctx, id);
  if (adapterFor(source.type)) return queueConnectorSync(ctx, source.id);
  if (source.type !== 'csv') throw unavailable(ctx, source.type);
  throw conflict('CSV sources sync by uploading a file: use Import CSV on the Activities screen.');
}
