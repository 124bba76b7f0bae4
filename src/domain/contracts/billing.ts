import { z } from 'zod';
import { PlanSchema } from '../account/plans.ts';

export const PlanDefinitionSchema = z.object({
  id: PlanSchema,
  name: z.string(),
  priceUsdPerMonth: z.number(),
  mostPopular: z.boolean(),
  features: z.array(z.string()),
  maxUsers: z.number().int().nullable(),
});
export type PlanDefinitionView = z.infer<typeof PlanDefinitionSchema>;

/** requested: waiting for our team; applied: in force; cancelled: replaced by a later request. */
export const PlanChangeStatusSchema = z.enum(['requested', 'applied', 'cancelled']);

export const PlanChangeRequestSchema = z.object({
  id: z.string(),
  fromPlan: PlanSchema,
  toPlan: PlanSchema,
  status: PlanChangeStatusSchema,
  /** Full name (or email) of who asked; null when that account is gone. */
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PlanChangeRequest = z.infer<typeof PlanChangeRequestSchema>;

/** GET /api/billing: the plan in force, every plan on offer, and the change requests (newest first). */
export const BillingSchema = z.object({
  plan: PlanSchema,
  definition: PlanDefinitionSchema,
  plans: z.array(PlanDefinitionSchema),
  requests: z.array(PlanChangeRequestSchema),
  canManage: z.boolean(),
  /** No payment provider is connected: no card is on file and nothing is charged here. */
  paymentProvider: z.null(),
});
export type Billing = z.infer<typeof BillingSchema>;

/** POST /api/billing/plan-change-requests (admin). */
export const CreatePlanChangeRequestSchema = z.object({
  plan: PlanSchema.describe('The plan to move to'),
});
export type CreatePlanChangeRequest = z.infer<typeof CreatePlanChangeRequestSchema>;

/** The honest notice shown wherever a payment would otherwise happen (issue 9). */
export const NO_PAYMENT_PROVIDER_NOTICE =
  'No payment provider is connected, so the change is recorded as a request and applied by our team.';
