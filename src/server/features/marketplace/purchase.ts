// POST /api/carbon-offsets/purchase. Stock, serial numbers, the order and its audit row change in
// one db.batch (decision 003): one conditional UPDATE takes the stock and the serial block, and the
// order's INSERT proceeds only if that UPDATE marked the project with this order's id. Otherwise the
// INSERT puts NULL into the order's NOT NULL primary key, which aborts the whole batch, so a refused
// purchase leaves no order, no audit row and no stock change behind, however many run at once.
import { and, eq, gte, sql } from 'drizzle-orm';
import { offsetProjects } from '../../../../db/schema/marketplace.ts';
import type { PurchaseRequest, PurchaseResponse } from '../../../domain/contracts/marketplace.ts';
import type { AuthedContext } from '../../context.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { getCurrentUser } from '../auth/service.ts';
import { reportingYear } from '../kpi/service.ts';
import { getOrder, toPurchase } from './service.ts';

const projectNotFound = () => notFound('Project');
const soldOut = () => conflict('This project is sold out');
const onlyAvailable = (credits: number) =>
  conflict(`Only ${credits} ${credits === 1 ? 'credit is' : 'credits are'} available for this project`);

async function readStock(ctx: AuthedContext, projectId: string) {
  return ctx.db
    .select({ availableCredits: offsetProjects.availableCredits })
    .from(offsetProjects)
    .where(eq(offsetProjects.id, projectId))
    .get();
}

/** 404 for an unknown project, 409 when the stock cannot cover the quantity. */
function refuseUnavailable(stock: { availableCredits: number } | undefined, quantity: number): void {
  if (!stock) throw projectNotFound();
  if (stock.availableCredits === 0) throw soldOut();
  if (quantity > stock.availableCredits) throw onlyAvailable(stock.availableCredits);
}

/** The constraint failure the order INSERT raises when the stock UPDATE did not match. */
function isStockRefusal(error: unknown): boolean {
  const text = `${String((error as { cause?: unknown })?.cause ?? '')} ${String((error as Error)?.message ?? '')}`;
  return /NOT NULL constraint failed: offset_orders\./i.test(text);
}

/**
 * The year the credits are claimed against (decision 053): the one chosen, which must be a year
 * with ledger data or the current one (a 400 listing them otherwise), else the reporting year.
 */
async function chooseClaimYear(ctx: AuthedContext, chosen: number | undefined): Promise<number> {
  const period = await reportingYear(ctx);
  if (chosen === undefined) return period.year;
  if (period.claimYears.includes(chosen)) return chosen;
  throw new HttpError(
    400,
    `Credits can be claimed against ${period.claimYears.join(', ')}: a year with recorded emissions or the current year.`,
    'invalid_claim_year',
    { claimYears: period.claimYears },
  );
}

export const ORDER_NOTICE =
  'No payment was taken: no payment provider is connected. The order is recorded with status "ordered" and an invoice reference; the credits are retired at the registry once the invoice is paid.';

export async function purchaseOffsets(ctx: AuthedContext, input: PurchaseRequest): Promise<PurchaseResponse> {
  const { projectId, quantity } = input;
  refuseUnavailable(await readStock(ctx, projectId), quantity);

  const buyer = await getCurrentUser(ctx);
  const buyerName = `${buyer.firstName} ${buyer.lastName}`.trim() || buyer.email;
  const orderId = crypto.randomUUID();
  const now = ctx.now();
  const claimYear = await chooseClaimYear(ctx, input.claimYear);
  // The invoice is dated with the purchase, whatever year the credits are claimed against.
  const invoiceReference = `INV-OFS-${now.getUTCFullYear()}-${orderId.replaceAll('-', '').slice(0, 12).toUpperCase()}`;
  const source = typeof input.metadata?.source === 'string' ? input.metadata.source : null;

  const takeStock = ctx.db
    .update(offsetProjects)
    .set({
      availableCredits: sql`${offsetProjects.availableCredits} - ${quantity}`,
      nextSerial: sql`${offsetProjects.nextSerial} + ${quantity}`,
      lastOrderId: orderId,
    })
    .where(and(eq(offsetProjects.id, projectId), gte(offsetProjects.availableCredits, quantity)));

  // One row always (the LEFT JOIN on a one-row source); its id is NULL unless the UPDATE above
  // marked the project with this order. Price, names and the serial block come from the project
  // row as that UPDATE left it: serials [next_serial - quantity, next_serial - 1].
  const insertOrder = ctx.db.run(sql`
    INSERT INTO offset_orders (
      id, company_id, user_id, project_id, project_name, registry, registry_project_id,
      vintage_year, quantity, price_cents, total_cents, currency, serial_from, serial_to,
      claim_year, invoice_reference, status, company_name, purchased_by_name, illustrative, source,
      created_at
    )
    SELECT
      CASE WHEN p.last_order_id = ${orderId} THEN ${orderId} END,
      ${ctx.companyId}, ${ctx.userId}, p.id, p.name, p.registry, p.registry_project_id,
      p.vintage_year, ${quantity}, p.price_cents, p.price_cents * ${quantity}, 'USD',
      p.next_serial - ${quantity}, p.next_serial - 1,
      ${claimYear}, ${invoiceReference}, 'ordered', ${buyer.companyName}, ${buyerName}, p.illustrative,
      ${source},
      ${now.getTime()}
    FROM (SELECT 1) AS one
    LEFT JOIN offset_projects AS p ON p.id = ${projectId}`);

  try {
    await ctx.db.batch([
      takeStock,
      insertOrder,
      auditInsert(ctx, {
        companyId: ctx.companyId,
        userId: ctx.userId,
        action: 'offsets_purchased',
        entityType: 'offset_order',
        entityId: orderId,
      }),
    ]);
  } catch (error) {
    if (!isStockRefusal(error)) throw error;
    // Someone else bought the credits between the read and the batch: say what is left now.
    const after = await readStock(ctx, projectId);
    refuseUnavailable(after, quantity);
    throw conflict('The available credits changed while you were buying. Please try again.');
  }

  const purchase = toPurchase(await getOrder(ctx, orderId));
  return { transactionId: orderId, purchase, notice: ORDER_NOTICE };
}
