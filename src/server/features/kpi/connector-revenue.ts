// Revenue for intensity ratios from connected sources (issue 5: Odoo, Shopify, QuickBooks and Xero
// syncs read revenue). Figures the company types in (company_financials) always win; a year
// without one takes the revenue of the latest successful sync of a connected source, preferring
// an accounting ledger (it holds every sale) over a shop (it holds its own orders only), so two
// sources are never added together. Read at use, like ESG auto-fill (decision 010): nothing is
// copied, so deleting the source or re-syncing changes the figure at once.
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { connectorSyncs } from '../../../../db/schema/connectors.ts';
import { dataSources } from '../../../../db/schema/ledger.ts';
import type { AuthedContext } from '../../context.ts';

/** Accounting ledgers first, then shops. */
const PRIORITY: Record<string, number> = { quickbooks: 0, xero: 0, odoo: 0, shopify: 1 };

export interface ConnectorRevenue {
  year: number;
  amount: number;
  currency: string;
  sourceName: string;
  sourceType: string;
  syncedAt: Date;
}

interface RevenueYear {
  year: number;
  amount: number;
  currency: string;
}

function parseRevenue(text: string | null): RevenueYear[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return [];
    return value.filter(
      (entry): entry is RevenueYear =>
        typeof entry?.year === 'number' &&
        typeof entry?.amount === 'number' &&
        Number.isFinite(entry.amount) &&
        typeof entry?.currency === 'string',
    );
  } catch {
    return [];
  }
}

/** The revenue a connected source reports for `year`, or null. */
export async function connectorRevenueFor(
  ctx: AuthedContext,
  year: number,
): Promise<ConnectorRevenue | null> {
  const rows = await ctx.db
    .select({
      sourceId: connectorSyncs.dataSourceId,
      revenue: connectorSyncs.revenue,
      finishedAt: connectorSyncs.finishedAt,
      name: dataSources.name,
      type: dataSources.type,
    })
    .from(connectorSyncs)
    .innerJoin(dataSources, eq(dataSources.id, connectorSyncs.dataSourceId))
    .where(
      and(
        eq(connectorSyncs.companyId, ctx.companyId),
        eq(dataSources.companyId, ctx.companyId),
        eq(connectorSyncs.status, 'succeeded'),
        isNotNull(connectorSyncs.revenue),
        inArray(dataSources.type, Object.keys(PRIORITY) as never),
      ),
    )
    .orderBy(desc(connectorSyncs.finishedAt));
  // The latest successful sync of each source, then the best source that has the year.
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.sourceId)) latest.set(row.sourceId, row);
  const candidates = [...latest.values()]
    .map((row) => ({ row, entry: parseRevenue(row.revenue).find((item) => item.year === year) }))
    .filter((candidate) => candidate.entry !== undefined && candidate.entry.amount > 0)
    .sort(
      (a, b) =>
        (PRIORITY[a.row.type] ?? 9) - (PRIORITY[b.row.type] ?? 9) ||
        (b.row.finishedAt?.getTime() ?? 0) - (a.row.finishedAt?.getTime() ?? 0),
    );
  const best = candidates[0];
  if (!best?.entry) return null;
  return {
    year,
    amount: best.entry.amount,
    currency: best.entry.currency,
    sourceName: best.row.name,
    sourceType: best.row.type,
    syncedAt: best.row.finishedAt ?? new Date(0),
  };
}

export interface Financials {
  revenue: number | null;
  currency: string | null;
  employees: number | null;
}

/** The company's own figures for the year, with a connector's revenue where none was entered. */
export async function financialsWithConnectorRevenue<Row extends Financials>(
  ctx: AuthedContext,
  year: number,
  own: Row | null,
): Promise<(Financials & { revenueSource: string | null }) | null> {
  if (own?.revenue != null && own.currency) return { ...own, revenueSource: null };
  const fromSource = await connectorRevenueFor(ctx, year);
  if (!fromSource) return own ? { ...own, revenueSource: null } : null;
  return {
    revenue: fromSource.amount,
    currency: fromSource.currency,
    employees: own?.employees ?? null,
    revenueSource: fromSource.sourceName,
  };
}
