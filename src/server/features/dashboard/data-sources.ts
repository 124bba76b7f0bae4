// The data sources the dashboard counts (issue 17 item 8, decision 054): every way data reached
// the ledger, not only the rows of `data_sources`. A CSV import, the scanned receipts, the lines
// entered by hand and each connector are sources; each says its state from what is stored.
import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { activityImports, activityLines } from '../../../../db/schema/ledger.ts';
import type { DashboardDataSource } from '../../../domain/contracts/dashboard.ts';
import type { DataSource } from '../../../domain/contracts/data-sources.ts';
import type { AuthedContext } from '../../context.ts';
import { readBatch } from '../../lib/read-thread.ts';
import { listDataSources } from '../data-sources/service.ts';
import { ledgerMemo } from '../kpi/service.ts';
import { companyKeyOf } from '../ledger/lines/service.ts';

const count = (value: number, one: string, many = `${one}s`) =>
  `${value.toLocaleString('en-GB')} ${value === 1 ? one : many}`;

/** Completed imports (a pending one is not in the ledger yet) with the lines they hold now. */
function listImports(ctx: AuthedContext) {
  return ctx.db
    .select({
      id: activityImports.id,
      fileName: activityImports.fileName,
      dataSourceId: activityImports.dataSourceId,
      createdAt: activityImports.createdAt,
      // activity_lines_import_idx: one index range per import.
      lineCount: sql<number>`(SELECT count(*) FROM activity_lines l WHERE l.import_key = "activity_imports"."ledger_key")`,
    })
    .from(activityImports)
    .where(and(eq(activityImports.companyId, ctx.companyId), gte(activityImports.importedCount, 0)))
    .orderBy(desc(activityImports.createdAt));
}

/**
 * Receipt and hand-entered lines: written one by one, outside any import or connector. Read from
 * the partial index activity_lines_single_source_idx, whose WHERE (`import_key IS NULL`) this repeats.
 */
function countSingleLines(ctx: AuthedContext) {
  return ctx.db
    .select({
      source: activityLines.source,
      lines: sql<number>`count(*)`,
      newest: sql<number | null>`max(${activityLines.createdAt})`,
    })
    .from(activityLines)
    .where(
      and(
        eq(activityLines.companyKey, companyKeyOf(ctx.companyId)),
        isNull(activityLines.importKey),
        inArray(activityLines.source, ['receipt', 'manual']),
      ),
    )
    .groupBy(activityLines.source);
}

function connectorSource(source: DataSource): DashboardDataSource {
  const base = {
    id: source.id,
    type: source.type,
    kind: 'connector' as const,
    name: source.name,
    lastSyncAt: source.lastSyncAt,
    lineCount: source.lineCount,
  };
  if (source.status === 'error') {
    return { ...base, status: 'error', statusText: source.statusReason ?? 'The last sync failed' };
  }
  if (source.status === 'connected') {
    return {
      ...base,
      status: 'connected',
      statusText: source.lastSyncAt ? count(source.lineCount, 'line') : 'Waiting for its first sync',
    };
  }
  return { ...base, status: 'connecting', statusText: 'Connecting' };
}

type LedgerCounts = [Awaited<ReturnType<typeof listImports>>, Awaited<ReturnType<typeof countSingleLines>>];
const remembered = ledgerMemo<LedgerCounts>();

/**
 * Imports and single-line counts change only with the ledger (every line write is audited), so
 * they are remembered while it is unchanged; counting an import's lines reads its index range, so
 * both run on the read thread (decision 065).
 */
function ledgerCounts(ctx: AuthedContext): Promise<LedgerCounts> {
  return remembered(ctx, 'sources', () => readBatch(ctx, [listImports(ctx), countSingleLines(ctx)]));
}

/** Every source of the ledger's data, imports newest first, then receipts, hand entries and connectors. */
export async function dashboardDataSources(ctx: AuthedContext): Promise<DashboardDataSource[]> {
  const [sources, [imports, singles]] = await Promise.all([listDataSources(ctx), ledgerCounts(ctx)]);
  const result: DashboardDataSource[] = imports.map((item) => ({
    id: item.id,
    type: 'csv',
    kind: 'import',
    name: item.fileName,
    status: item.lineCount > 0 ? 'connected' : 'empty',
    lastSyncAt: item.createdAt.toISOString(),
    lineCount: item.lineCount,
    statusText: item.lineCount > 0 ? count(item.lineCount, 'line') : 'Every line it imported was removed',
  }));
  // The lines written one at a time, one source per way in (decision 054).
  const singleSources = [
    { source: 'receipt', id: 'receipts', type: 'receipt_ocr', name: 'Scanned receipts', unit: 'receipt' },
    { source: 'manual', id: 'manual', type: 'manual', name: 'Entered by hand', unit: 'line' },
  ] as const;
  for (const { source, id, type, name, unit } of singleSources) {
    const row = singles.find((single) => single.source === source);
    if (!row || row.lines === 0) continue;
    result.push({
      id,
      type,
      kind: id,
      name,
      status: 'connected',
      lastSyncAt: row.newest === null ? null : new Date(row.newest).toISOString(),
      lineCount: row.lines,
      statusText: count(row.lines, unit),
    });
  }
  const importedInto = new Set(imports.map((item) => item.dataSourceId));
  for (const source of sources) {
    if (source.type !== 'csv') result.push(connectorSource(source));
    // A CSV source groups uploads: its imports stand for it once it has any.
    else if (!importedInto.has(source.id)) {
      result.push({
        id: source.id,
        type: 'csv',
        kind: 'csv_source',
        name: source.name,
        status: 'connecting',
        lastSyncAt: null,
        lineCount: 0,
        statusText: 'No file imported yet',
      });
    }
  }
  return result;
}
