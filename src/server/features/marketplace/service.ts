// Reads of the carbon-offset marketplace: the global catalogue, its stats, a company's orders, the
// neutralisation figure and the summary for dashboards and reports.
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { offsetOrders, offsetProjects } from '../../../../db/schema/marketplace.ts';
import type { DashboardOffsets } from '../../../domain/contracts/dashboard.ts';
import type {
  CarbonCalculation,
  OffsetProject,
  OffsetPurchase,
  OffsetStats,
  OffsetSummary,
} from '../../../domain/contracts/marketplace.ts';
import type { AuthedContext } from '../../context.ts';
import { notFound, referenceDataMissing } from '../../lib/errors.ts';
import { reportingYear, yearEmissions } from '../kpi/service.ts';
import { centsToDollars } from './catalogue.ts';

const projectColumns = {
  id: offsetProjects.id,
  name: offsetProjects.name,
  description: offsetProjects.description,
  location: offsetProjects.location,
  projectType: offsetProjects.projectType,
  vintageYear: offsetProjects.vintageYear,
  verificationStandard: offsetProjects.verificationStandard,
  availableCredits: offsetProjects.availableCredits,
  priceCents: offsetProjects.priceCents,
  cobenefits: offsetProjects.cobenefits,
  imageUrl: offsetProjects.imageUrl,
  certificationUrl: offsetProjects.certificationUrl,
  registry: offsetProjects.registry,
  registryProjectId: offsetProjects.registryProjectId,
  methodology: offsetProjects.methodology,
  climateEffect: offsetProjects.climateEffect,
  permanenceNotes: offsetProjects.permanenceNotes,
  illustrative: offsetProjects.illustrative,
  updatedAt: offsetProjects.updatedAt,
};

export const orderColumns = {
  id: offsetOrders.id,
  projectId: offsetOrders.projectId,
  projectName: offsetOrders.projectName,
  registry: offsetOrders.registry,
  registryProjectId: offsetOrders.registryProjectId,
  vintageYear: offsetOrders.vintageYear,
  quantity: offsetOrders.quantity,
  priceCents: offsetOrders.priceCents,
  totalCents: offsetOrders.totalCents,
  currency: offsetOrders.currency,
  serialFrom: offsetOrders.serialFrom,
  serialTo: offsetOrders.serialTo,
  claimYear: offsetOrders.claimYear,
  invoiceReference: offsetOrders.invoiceReference,
  status: offsetOrders.status,
  companyName: offsetOrders.companyName,
  purchasedByName: offsetOrders.purchasedByName,
  illustrative: offsetOrders.illustrative,
  createdAt: offsetOrders.createdAt,
  retiredAt: offsetOrders.retiredAt,
};
/** An order as read with `orderColumns` (its keys are the table's own field names). */
export type OrderRow = Pick<typeof offsetOrders.$inferSelect, keyof typeof orderColumns>;

/** `<registryProjectId>-<vintage>-<6-digit number>`, e.g. ILLUSTRATIVE-VCS-001-2023-000042. */
export function serialNumber(registryProjectId: string, vintageYear: number, serial: number): string {
  return `${registryProjectId}-${vintageYear}-${String(serial).padStart(6, '0')}`;
}

export function toPurchase(row: OrderRow): OffsetPurchase {
  return {
    transactionId: row.id,
    projectId: row.projectId,
    projectName: row.projectName,
    registry: row.registry,
    quantity: row.quantity,
    pricePerTon: centsToDollars(row.priceCents),
    total: centsToDollars(row.totalCents),
    currency: row.currency,
    vintageYear: row.vintageYear,
    serialStart: serialNumber(row.registryProjectId, row.vintageYear, row.serialFrom),
    serialEnd: serialNumber(row.registryProjectId, row.vintageYear, row.serialTo),
    claimYear: row.claimYear,
    invoiceReference: row.invoiceReference,
    status: row.status,
    purchasedBy: row.purchasedByName,
    createdAt: row.createdAt.toISOString(),
    retiredAt: row.retiredAt?.toISOString() ?? null,
    certificateUrl: `/api/carbon-offsets/purchases/${encodeURIComponent(row.id)}/certificate`,
  };
}

/**
 * The bundled catalogue is loaded with the reference data (decision 083) and projects are never
 * deleted, so an empty table is a deploy that skipped that step, not "nothing for sale".
 */
const catalogueMissing = () => referenceDataMissing('The offset catalogue is');

/** Refuses when the catalogue holds no project at all (see `catalogueMissing`). */
async function requireCatalogue(ctx: AuthedContext): Promise<void> {
  const row = await ctx.db.select({ id: offsetProjects.id }).from(offsetProjects).limit(1).get();
  if (!row) throw catalogueMissing();
}

export async function listProjects(ctx: AuthedContext): Promise<OffsetProject[]> {
  const rows = await ctx.db
    .select(projectColumns)
    .from(offsetProjects)
    .orderBy(asc(offsetProjects.projectType), asc(offsetProjects.name));
  if (rows.length === 0) throw catalogueMissing();
  return rows.map(({ priceCents, updatedAt, ...row }) => ({
    ...row,
    pricePerTon: centsToDollars(priceCents),
    updatedAt: updatedAt.toISOString(),
  }));
}

export async function getOffsetStats(ctx: AuthedContext): Promise<OffsetStats> {
  const rows = await ctx.db
    .select({
      projectType: offsetProjects.projectType,
      availableCredits: offsetProjects.availableCredits,
      priceCents: offsetProjects.priceCents,
    })
    .from(offsetProjects);
  if (rows.length === 0) throw catalogueMissing();
  const projectTypes: Record<string, number> = {};
  let totalCreditsAvailable = 0;
  let priceSum = 0;
  let pricedProjects = 0;
  for (const row of rows) {
    projectTypes[row.projectType] = (projectTypes[row.projectType] ?? 0) + 1;
    totalCreditsAvailable += row.availableCredits;
    if (row.availableCredits > 0) {
      priceSum += row.priceCents;
      pricedProjects += 1;
    }
  }
  return {
    totalProjects: rows.length,
    totalCreditsAvailable,
    // Mean of the per-project prices of projects with stock, to the cent.
    averagePrice: pricedProjects === 0 ? 0 : Math.round(priceSum / pricedProjects) / 100,
    projectTypes,
  };
}

/** The cheapest price (cents per tCO2e) among projects with stock, or null. */
async function cheapestPriceCents(ctx: AuthedContext): Promise<number | null> {
  const row = await ctx.db
    .select({ cents: sql<number | null>`min(${offsetProjects.priceCents})` })
    .from(offsetProjects)
    .where(gt(offsetProjects.availableCredits, 0))
    .get();
  // No price: every project sold out, or no catalogue at all (refused, never "no price").
  if (row?.cents == null) await requireCatalogue(ctx);
  return row?.cents ?? null;
}

/**
 * The price (cents per tCO2e) to quote for `tonnes`: the cheapest project whose stock covers all of
 * them, so one order can buy them at that price; failing that, the cheapest project with any stock
 * (then an estimate: it takes orders from several projects). Null when no project has stock.
 */
async function quotePriceCents(ctx: AuthedContext, tonnes: number): Promise<number | null> {
  const row = await ctx.db
    .select({
      cents: sql<number | null>`coalesce(
        min(case when ${offsetProjects.availableCredits} >= ${tonnes} then ${offsetProjects.priceCents} end),
        min(${offsetProjects.priceCents})
      )`,
    })
    .from(offsetProjects)
    .where(gt(offsetProjects.availableCredits, 0))
    .get();
  // No price: every project sold out, or no catalogue at all (refused, never "no price").
  if (row?.cents == null) await requireCatalogue(ctx);
  return row?.cents ?? null;
}

/** Credits and spend of the company's orders with this claim year. */
async function ordersForYear(ctx: AuthedContext, year: number) {
  const row = await ctx.db
    .select({
      purchased: sql<number>`coalesce(sum(${offsetOrders.quantity}), 0)`,
      retired: sql<number>`coalesce(sum(case when ${offsetOrders.status} = 'retired' then ${offsetOrders.quantity} else 0 end), 0)`,
      spendCents: sql<number>`coalesce(sum(${offsetOrders.totalCents}), 0)`,
    })
    .from(offsetOrders)
    .where(and(eq(offsetOrders.companyId, ctx.companyId), eq(offsetOrders.claimYear, year)))
    .get();
  return {
    purchased: Number(row?.purchased ?? 0),
    retired: Number(row?.retired ?? 0),
    spendCents: Number(row?.spendCents ?? 0),
  };
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** Whole tonnes still unmatched and the neutralisation percentage, from gross tCO2e and credits. */
function neutralization(emissionsTotal: number, purchased: number) {
  // Whole credits: a part tonne still needs a whole credit. Rounded to the gram first so float
  // noise (6.000000001) does not ask for an extra credit.
  const offsetsNeeded = Math.max(0, Math.ceil(round(emissionsTotal, 6) - purchased));
  const neutralizationPercentage =
    emissionsTotal > 0 ? Math.min(100, round((purchased / emissionsTotal) * 100, 2)) : 0;
  return { offsetsNeeded, neutralizationPercentage };
}

/**
 * Gross emissions of the reporting year (decision 053: `requestedYear`, else the company's saved
 * year, else the latest year with data) from the metrics feature, against credits claimed against
 * that year. Offsets never reduce the gross figure.
 */
export async function calculateNeutralization(
  ctx: AuthedContext,
  requestedYear?: number,
): Promise<CarbonCalculation> {
  const { year } = await reportingYear(ctx, requestedYear);
  const [emissions, orders, cheapest] = await Promise.all([
    yearEmissions(ctx, year),
    ordersForYear(ctx, year),
    cheapestPriceCents(ctx),
  ]);
  const emissionsTotal = emissions.value;
  const { offsetsNeeded, neutralizationPercentage } = neutralization(emissionsTotal, orders.purchased);
  return {
    year,
    emissionsTotal,
    emissionsRecorded: emissions.recorded,
    offsetsNeeded,
    offsetsPurchased: orders.purchased,
    neutralizationPercentage,
    estimatedCostToNeutralize:
      offsetsNeeded === 0 ? 0 : cheapest === null ? null : (offsetsNeeded * cheapest) / 100,
  };
}

/** Offsets of one claim year, for the dashboard and report engineers to show beside emissions. */
export async function getOffsetSummary(ctx: AuthedContext, year: number): Promise<OffsetSummary> {
  const [orders, cheapest] = await Promise.all([ordersForYear(ctx, year), cheapestPriceCents(ctx)]);
  return {
    year,
    purchasedTonnes: orders.purchased,
    retiredTonnes: orders.retired,
    spendUsd: orders.spendCents / 100,
    cheapestPricePerTon: cheapest === null ? null : cheapest / 100,
  };
}

/**
 * The dashboard's credits line for `year` (the reporting year the dashboard shows): credits
 * claimed against it, bought and retired, the neutralisation figure and what the rest of that
 * year's gross footprint would cost (`quotePriceCents`). Reported beside gross emissions; nothing
 * here changes a scope total.
 */
export async function getOffsetPosition(ctx: AuthedContext, year: number): Promise<DashboardOffsets> {
  const [emissions, orders] = await Promise.all([yearEmissions(ctx, year), ordersForYear(ctx, year)]);
  const { offsetsNeeded, neutralizationPercentage } = neutralization(emissions.value, orders.purchased);
  const priceCents = offsetsNeeded === 0 ? null : await quotePriceCents(ctx, offsetsNeeded);
  return {
    year,
    purchasedTonnes: orders.purchased,
    retiredTonnes: orders.retired,
    neutralizationPercentage,
    remainingTonnes: offsetsNeeded,
    costToOffsetRemainingUsd:
      offsetsNeeded === 0 ? 0 : priceCents === null ? null : (offsetsNeeded * priceCents) / 100,
  };
}

/** The company's orders, newest first. */
export async function listPurchases(ctx: AuthedContext): Promise<OffsetPurchase[]> {
  const rows = await ctx.db
    .select(orderColumns)
    .from(offsetOrders)
    .where(eq(offsetOrders.companyId, ctx.companyId))
    .orderBy(desc(offsetOrders.createdAt), desc(sql`rowid`));
  return rows.map(toPurchase);
}

/** One of the company's orders; another company's id answers exactly like a missing one. */
export async function getOrder(ctx: AuthedContext, id: string): Promise<OrderRow> {
  const row = await ctx.db
    .select(orderColumns)
    .from(offsetOrders)
    .where(and(eq(offsetOrders.id, id), eq(offsetOrders.companyId, ctx.companyId)))
    .get();
  if (!row) throw notFound('Purchase');
  return row;
}
