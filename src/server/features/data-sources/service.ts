import { and, asc, desc, eq } from 'drizzle-orm';
import { dataSources } from '../../../../db/schema/emissions.ts';
import type {
  ConnectionTestResult,
  CreateDataSource,
  DataSource,
  DataSourceType,
} from '../../../domain/contracts/data-sources.ts';
import type { AuthedContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';

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
 * A connector this release does not have. The route answers 501 with this message: a source
 * that cannot sync must never look connected.
 */
export class ConnectorUnavailable extends Error {
  constructor(type: DataSourceType) {
    super(`${TYPE_LABELS[type]} connections arrive in a later release; this connector is not available yet.`);
  }
}

const sourceColumns = {
  id: dataSources.id,
  type: dataSources.type,
  name: dataSources.name,
  status: dataSources.status,
  lastSyncAt: dataSources.lastSyncAt,
  createdAt: dataSources.createdAt,
};

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
    .select(sourceColumns)
    .from(dataSources)
    .where(eq(dataSources.companyId, ctx.companyId))
    .orderBy(desc(dataSources.createdAt), asc(dataSources.name));
  return rows.map(toSource);
}

/** One of the caller's sources, or 404 (another company's id answers exactly like a missing one). */
export async function getDataSource(ctx: AuthedContext, id: string): Promise<DataSource> {
  const row = await ctx.db.select(sourceColumns).from(dataSources).where(ownSource(ctx, id)).get();
  if (!row) throw notFound('Data source');
  return toSource(row);
}

/**
 * Only CSV sources exist in this release: a CSV source is ready as soon as it is named (its data
 * arrives by upload), so it starts `connected`. Connector types throw ConnectorUnavailable.
 */
export async function createDataSource(ctx: AuthedContext, input: CreateDataSource): Promise<DataSource> {
  if (input.type !== 'csv') throw new ConnectorUnavailable(input.type);
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
      .returning(sourceColumns),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'data_source_created',
      entityType: 'data_source',
      entityId: id,
    }),
  ]);
  return toSource(inserted[0]!);
}

/** Lines and imports from the source stay in the ledger; they simply lose the link (SET NULL). */
export async function deleteDataSource(ctx: AuthedContext, id: string): Promise<void> {
  await getDataSource(ctx, id);
  await ctx.db.batch([
    ctx.db.delete(dataSources).where(ownSource(ctx, id)),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'data_source_deleted',
      entityType: 'data_source',
      entityId: id,
    }),
  ]);
}

/** A CSV source is reachable by definition: its data comes with each upload. */
export async function testDataSource(ctx: AuthedContext, id: string): Promise<ConnectionTestResult> {
  const source = await getDataSource(ctx, id);
  if (source.type === 'csv') return { connected: true, error: null };
  return { connected: false, error: new ConnectorUnavailable(source.type).message };
}

/** Nothing to pull for a CSV source: it is refused with the way to bring its data in. */
export async function syncDataSource(ctx: AuthedContext, id: string): Promise<never> {
  const source = await getDataSource(ctx, id);
  if (source.type !== 'csv') throw new ConnectorUnavailable(source.type);
  throw conflict('CSV sources sync by uploading a file: use Import CSV on the Activities screen.');
}

/** The company's sources as the dashboard lists them (spec §3). */
export async function dashboardDataSources(ctx: AuthedContext) {
  return (await listDataSources(ctx)).map(({ id, type, name, status, lastSyncAt }) => ({
    id,
    type,
    name,
    status,
    lastSyncAt,
  }));
}
