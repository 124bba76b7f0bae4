import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Plan } from '../../../domain/account/plans';
import type { Billing, PlanChangeRequest } from '../../../domain/contracts/billing';
import { apiRequest } from '../../lib/api';

export const billingKeys = {
  billing: () => ['/api/billing'] as const,
};

export function getBilling(): Promise<Billing> {
  return apiRequest<Billing>('GET', '/api/billing');
}

export function useBilling() {
  return useQuery({ queryKey: billingKeys.billing(), queryFn: getBilling });
}

/** POST /api/billing/plan-change-requests (admin); refreshes the plan and the history. */
export function useRequestPlanChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: Plan) =>
      apiRequest<PlanChangeRequest>('POST', '/api/billing/plan-change-requests', { plan }),
    meta: { ownErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.billing() }),
  });
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** spec §2: "$149/month billed annually". */
export function formatPrice(priceUsdPerMonth: number): string {
  return `$${priceUsdPerMonth}/month`;
}
