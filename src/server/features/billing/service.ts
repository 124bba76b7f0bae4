// Settings → Billing (issue 9). No payment provider is connected: the plan in force is the
// company's `plan` column, a change is recorded as a request (plan_change_requests) and an operator
// applies it with `bun scripts/apply-plan.ts` (applyPlan below). Nothing here pretends to charge.
import { and, desc, eq, sql } from 'drizzle-orm';
import { companies, users } from '../../../../db/schema/auth.ts';
import { planChangeRequests } from '../../../../db/schema/billing.ts';
import {
  type Entitlement,
  entitlementRefusal,
  hasEntitlement,
  PLANS,
  type Plan,
  type PlanDefinition,
} from '../../../domain/account/plans.ts';
import type { Billing, PlanChangeRequest, PlanDefinitionView } from '../../../domain/contracts/billing.ts';
import type { AuthedContext, ServiceContext } from '../../context.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';

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

function toView(definition: PlanDefinition): PlanDefinitionView {
  const { id, name, priceUsdPerMonth, mostPopular, features, maxUsers } = definition;
  return { id, name, priceUsdPerMonth, mostPopular, features: [...features], maxUsers };
}

const requestColumns = {
  id: planChangeRequests.id,
  fromPlan: planChangeRequests.fromPlan,
  toPlan: planChangeRequests.toPlan,
  status: planChangeRequests.status,
  createdAt: planChangeRequests.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

type RequestRow = {
  id: string;
  fromPlan: Plan;
  toPlan: Plan;
  status: PlanChangeRequest['status'];
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

function toRequest(row: RequestRow): PlanChangeRequest {
  const name = `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
  return {
    id: row.id,
    fromPlan: row.fromPlan,
    toPlan: row.toPlan,
    status: row.status,
    requestedBy: name || row.email || null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function listRequests(ctx: AuthedContext, id?: string): Promise<PlanChangeRequest[]> {
  const own = eq(planChangeRequests.companyId, ctx.companyId);
  const rows = await ctx.db
    .select(requestColumns)
    .from(planChangeRequests)
    .leftJoin(users, eq(users.id, planChangeRequests.requestedBy))
    .where(id ? and(own, eq(planChangeRequests.id, id)) : own)
    .orderBy(desc(planChangeRequests.createdAt), desc(sql`${planChangeRequests}.rowid`))
    .limit(100);
  return rows.map(toRequest);
}

/** GET /api/billing (any signed-in role): the plan in force, the offer, and the change requests. */
export async function getBilling(ctx: AuthedContext): Promise<Billing> {
  const [plan, requests] = await Promise.all([companyPlan(ctx, ctx.companyId), listRequests(ctx)]);
  return {
    plan,
    definition: toView(PLANS[plan]),
    plans: Object.values(PLANS).map(toView),
    requests,
    canManage: ctx.role === 'admin',
    paymentProvider: null,
  };
}

/**
 * POST /api/billing/plan-change-requests (admin). A newer request replaces an open one (the older
 * is marked cancelled in the same batch), so our team only ever sees the latest wish.
 */
export async function requestPlanChange(ctx: AuthedContext, plan: Plan): Promise<PlanChangeRequest> {
  const current = await companyPlan(ctx, ctx.companyId);
  if (plan === current) throw conflict(`The company is already on the ${PLANS[plan].name} plan.`);
  const id = crypto.randomUUID();
  await ctx.db.batch([
    ctx.db
      .update(planChangeRequests)
      .set({ status: 'cancelled' })
      .where(
        and(eq(planChangeRequests.companyId, ctx.companyId), eq(planChangeRequests.status, 'requested')),
      ),
    ctx.db.insert(planChangeRequests).values({
      id,
      companyId: ctx.companyId,
      requestedBy: ctx.userId,
      fromPlan: current,
      toPlan: plan,
      status: 'requested',
      createdAt: ctx.now(),
    }),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'plan_change_requested',
      entityType: 'plan_change_request',
      entityId: id,
    }),
  ]);
  const [created] = await listRequests(ctx, id);
  return created!;
}

export interface AppliedPlan {
  companyId: string;
  fromPlan: Plan;
  toPlan: Plan;
  /** The request marked applied: the latest open one asking for this plan, if any. */
  requestId: string | null;
}

/** Operator action (scripts/apply-plan.ts): puts a plan in force, audited as the system's own. */
export async function applyPlan(ctx: ServiceContext, companyId: string, plan: Plan): Promise<AppliedPlan> {
  const company = await ctx.db
    .select({ plan: companies.plan })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  if (!company) throw notFound('Company');
  const request = await ctx.db
    .select({ id: planChangeRequests.id })
    .from(planChangeRequests)
    .where(
      and(
        eq(planChangeRequests.companyId, companyId),
        eq(planChangeRequests.toPlan, plan),
        eq(planChangeRequests.status, 'requested'),
      ),
    )
    .orderBy(desc(planChangeRequests.createdAt), desc(sql`${planChangeRequests}.rowid`))
    .get();
  const now = ctx.now();
  const markApplied = request
    ? [
        ctx.db
          .update(planChangeRequests)
          .set({ status: 'applied' })
          .where(and(eq(planChangeRequests.id, request.id), eq(planChangeRequests.companyId, companyId))),
      ]
    : [];
  await ctx.db.batch([
    ctx.db.update(companies).set({ plan, updatedAt: now }).where(eq(companies.id, companyId)),
    ...markApplied,
    auditInsert(ctx, {
      companyId,
      userId: null,
      action: 'plan_changed',
      entityType: 'company',
      entityId: companyId,
    }),
  ]);
  return { companyId, fromPlan: company.plan, toPlan: plan, requestId: request?.id ?? null };
}
