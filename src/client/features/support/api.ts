import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateFeedback, FeedbackItem } from '../../../domain/contracts/support';
import { apiRequest } from '../../lib/api';

export const supportKeys = {
  feedbackHistory: () => ['/api/support/feedback'] as const,
};

export function listFeedback(): Promise<FeedbackItem[]> {
  return apiRequest<FeedbackItem[]>('GET', '/api/support/feedback');
}

export function createFeedback(input: CreateFeedback): Promise<FeedbackItem> {
  return apiRequest<FeedbackItem>('POST', '/api/support/feedback', input);
}

export function useFeedbackHistory() {
  return useQuery({ queryKey: supportKeys.feedbackHistory(), queryFn: listFeedback });
}

/** POST /api/support/feedback; the caller shows the spec §8 toasts, so the generic one stays quiet. */
export function useCreateFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFeedback,
    meta: { ownErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.feedbackHistory() }),
  });
}
