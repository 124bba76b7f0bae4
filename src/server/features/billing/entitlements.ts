import { eq } from 'drizzle-orm';
import { companies } from '../../../../db/schema/auth.ts';
import {
  type Entitlement,
  entitlementRefusal,
  hasEntitlement,
  type Plan,
} from '../../../domain/account/plans.ts';
import type { ServiceContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';

/** The plan the company is on (spec §9 entitlements are enforced from it, issue 9). */
export async function companyPlan(ctx: ServiceContext, companyId: string): Promise<Plan> {
  const row = await ctx.db
    .select({ plan: companies.plan })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  return row?.plan ?? 'starter';
}

/** 403 `plan_required` with a sentence naming the plan that includes it. */
export async function requireEntitlement(
  ctx: ServiceContext & { companyId: string },
  entitlement: Entitlement,
): Promise<void> {
  const plan = await companyPlan(ctx, ctx.companyId);
  if (!hasEntitlement(plan, entitlement)) {
    throw new HttpError(403, entitlementRefusal(plan, entitlement), 'plan_required');
  }
}
