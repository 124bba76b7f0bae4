// POST /api/carbon-offsets/purchases/:id/retire. No payment provider or registry is connected, so an
// admin records by hand that the order's invoice was paid and its credits were retired at the
// registry. The status change and its audit row are one db.batch (decision 003).
import { and, eq, sql } from 'drizzle-orm';
import { offsetOrders } from '../../../../db/schema/marketplace.ts';
import type { OffsetPurchase } from '../../../domain/contracts/marketplace.ts';
import type { AuthedContext } from '../../context.ts';
import { conflict } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { getOrder, toPurchase } from './service.ts';

const alreadyRetired = () => conflict('These credits are already retired');

/**
 * Marks one of the company's 'ordered' orders as retired, with when and by whom. Another company's
 * order answers 404 like a missing one; an order already retired answers 409.
 */
export async function retireOffsets(ctx: AuthedContext, id: string): Promise<OffsetPurchase> {
  const order = await getOrder(ctx, id);
  if (order.status !== 'ordered') throw alreadyRetired();

  const ofThisOrder = and(eq(offsetOrders.id, order.id), eq(offsetOrders.companyId, ctx.companyId));
  // Inside the batch's transaction, before any write: when a concurrent request retired the order
  // since the read above, json() of a non-JSON text raises, so the whole batch (the retirement and
  // its audit row) rolls back and nobody records the same retirement twice, on libSQL and D1 alike.
  const stillOrdered = ctx.db.run(sql`
    SELECT json(CASE WHEN ${offsetOrders.status} = 'ordered' THEN '0' ELSE 'already retired' END)
    FROM ${offsetOrders}
    WHERE ${ofThisOrder}`);
  try {
    await ctx.db.batch([
      stillOrdered,
      ctx.db
        .update(offsetOrders)
        .set({ status: 'retired', retiredAt: ctx.now(), retiredBy: ctx.userId })
        .where(and(ofThisOrder, eq(offsetOrders.status, 'ordered'))),
      auditInsert(ctx, {
        companyId: ctx.companyId,
        userId: ctx.userId,
        action: 'offset_credits_retired',
        entityType: 'offset_order',
        entityId: order.id,
      }),
    ]);
  } catch (error) {
    if ((await getOrder(ctx, id)).status !== 'ordered') throw alreadyRetired();
    throw error;
  }
  return toPurchase(await getOrder(ctx, id));
}
