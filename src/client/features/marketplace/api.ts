import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CarbonCalculation,
  OffsetProject,
  OffsetPurchase,
  OffsetStats,
  PurchaseRequest,
  SyncResult,
} from '../../../domain/contracts/marketplace';
import { apiRequest } from '../../lib/api';

const BASE = '/api/carbon-offsets';

export const marketplaceKeys = {
  projects: () => [`${BASE}/projects`] as const,
  stats: () => [`${BASE}/stats`] as const,
  calculation: () => [`${BASE}/calculate`] as const,
  purchases: () => [`${BASE}/purchases`] as const,
};

export function listProjects(): Promise<OffsetProject[]> {
  return apiRequest<OffsetProject[]>('GET', `${BASE}/projects`);
}

export function getStats(): Promise<OffsetStats> {
  return apiRequest<OffsetStats>('GET', `${BASE}/stats`);
}

export function getCalculation(): Promise<CarbonCalculation> {
  return apiRequest<CarbonCalculation>('GET', `${BASE}/calculate`);
}

/** Newest first. */
export function listPurchases(): Promise<OffsetPurchase[]> {
  return apiRequest<OffsetPurchase[]>('GET', `${BASE}/purchases`);
}

/**
 * POST /api/carbon-offsets/purchases/:id/retire (admins): records that the invoice was paid and the
 * registry retirement completed. Answers the updated order.
 */
export function retirePurchase(transactionId: string): Promise<OffsetPurchase> {
  return apiRequest<OffsetPurchase>('POST', `${BASE}/purchases/${encodeURIComponent(transactionId)}/retire`);
}

/** POST /api/carbon-offsets/sync: no body (spec §7). */
export function syncProjects(): Promise<SyncResult> {
  return apiRequest<SyncResult>('POST', `${BASE}/sync`);
}

export interface PurchaseInput {
  projectId: string;
  quantity: number;
  /** The reporting year the credits are claimed against (decision 053). */
  claimYear?: number;
}

/** spec §7: the payload names where the order came from and when. */
export function purchaseOffsets({
  projectId,
  quantity,
  claimYear,
}: PurchaseInput): Promise<{ transactionId: string }> {
  const body: PurchaseRequest = {
    projectId,
    quantity,
    ...(claimYear === undefined ? {} : { claimYear }),
    metadata: { source: 'marketplace', timestamp: new Date().toISOString() },
  };
  return apiRequest<{ transactionId: string }>('POST', `${BASE}/purchase`, body);
}

export function useProjects() {
  return useQuery({ queryKey: marketplaceKeys.projects(), queryFn: listProjects });
}

export function useOffsetStats() {
  return useQuery({ queryKey: marketplaceKeys.stats(), queryFn: getStats });
}

export function useCarbonCalculation() {
  return useQuery({ queryKey: marketplaceKeys.calculation(), queryFn: getCalculation });
}

export function usePurchases() {
  return useQuery({ queryKey: marketplaceKeys.purchases(), queryFn: listPurchases });
}

/** A sync changes projects, so their stats and the cheapest price behind the cost estimate too. */
export function useSyncProjects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncProjects,
    meta: { ownErrorToast: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: marketplaceKeys.projects() }),
        queryClient.invalidateQueries({ queryKey: marketplaceKeys.stats() }),
        queryClient.invalidateQueries({ queryKey: marketplaceKeys.calculation() }),
      ]),
  });
}

/**
 * A purchase lowers the project's stock (projects, stats), adds credits bought (calculation) and an
 * order (purchases). Never retried: a second attempt could order the credits twice.
 */
export function usePurchaseOffsets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseOffsets,
    meta: { ownErrorToast: true },
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: marketplaceKeys.projects() }),
        queryClient.invalidateQueries({ queryKey: marketplaceKeys.stats() }),
        queryClient.invalidateQueries({ queryKey: marketplaceKeys.calculation() }),
        queryClient.invalidateQueries({ queryKey: marketplaceKeys.purchases() }),
      ]),
  });
}

/**
 * A retirement changes one order's status (purchases) and nothing else on this page: credits bought
 * and the neutralisation figure count ordered and retired credits alike. Never retried.
 */
export function useRetirePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retirePurchase,
    meta: { ownErrorToast: true },
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketplaceKeys.purchases() }),
  });
}
