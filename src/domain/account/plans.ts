import { z } from 'zod';

/**
 * The plans of spec §9 as entitlements the server enforces (issue 9). Prices are per month in US
 * dollars, billed annually; features are the spec's words. Growth is the plan a new company starts
 * on (the Billing tab of spec §2 shows "Growth Plan $149/month billed annually").
 */
export const PlanSchema = z.enum(['starter', 'growth', 'enterprise']);
export type Plan = z.infer<typeof PlanSchema>;

export type Entitlement = 'unlimitedUsers' | 'apiAccess' | 'auditLog' | 'customBranding';

export interface PlanDefinition {
  id: Plan;
  name: string;
  priceUsdPerMonth: number;
  mostPopular: boolean;
  /** Spec §9 feature list, shown on the Billing tab. */
  features: readonly string[];
  /** Members (including pending invitations) the company may have; null means unlimited. */
  maxUsers: number | null;
  entitlements: readonly Entitlement[];
}

export const PLANS: Readonly<Record<Plan, PlanDefinition>> = {
  starter: {
    id: 'starter',
    name: 'Starter',
    priceUsdPerMonth: 49,
    mostPopular: false,
    features: ['1 company', '1 user', 'Basic data connectors', 'Auto-narrative generation', 'PDF export'],
    maxUsers: 1,
    entitlements: [],
  },
  growth: {
    id: 'growth',
    name: 'Growth',
    priceUsdPerMonth: 149,
    mostPopular: true,
    features: ['Unlimited users', 'All connectors', 'Dynamic KPI dashboard', 'Audit log', 'API access'],
    maxUsers: null,
    entitlements: ['unlimitedUsers', 'apiAccess', 'auditLog'],
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceUsdPerMonth: 299,
    mostPopular: false,
    features: ['Custom branding', 'Dedicated onboarding', 'Carbon-offset marketplace', 'Priority support'],
    maxUsers: null,
    // Enterprise includes everything Growth does.
    entitlements: ['unlimitedUsers', 'apiAccess', 'auditLog', 'customBranding'],
  },
};

export const DEFAULT_PLAN: Plan = 'growth';

export function hasEntitlement(plan: Plan, entitlement: Entitlement): boolean {
  return PLANS[plan].entitlements.includes(entitlement);
}

const ENTITLEMENT_LABEL: Record<Entitlement, string> = {
  unlimitedUsers: 'more than one user',
  apiAccess: 'API access',
  auditLog: 'the audit log',
  customBranding: 'custom branding',
};

/** The cheapest plan that includes an entitlement, for the refusal message. */
export function cheapestPlanWith(entitlement: Entitlement): PlanDefinition {
  const plan = Object.values(PLANS)
    .filter((candidate) => candidate.entitlements.includes(entitlement))
    .sort((a, b) => a.priceUsdPerMonth - b.priceUsdPerMonth)[0];
  if (!plan) throw new Error(`No plan includes ${entitlement}`);
  return plan;
}

/** "The Starter plan does not include API access: an admin can request Growth in Settings → Billing." */
export function entitlementRefusal(plan: Plan, entitlement: Entitlement): string {
  return `The ${PLANS[plan].name} plan does not include ${ENTITLEMENT_LABEL[entitlement]}: an admin can request the ${cheapestPlanWith(entitlement).name} plan in Settings → Billing.`;
}
