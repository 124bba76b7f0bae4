import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Action } from '../../../domain/account/permissions';
import {
  type CreateDataRequest,
  type CreateShare,
  DATA_REQUEST_QUESTIONS_CSV_PATH,
  DATA_REQUEST_TEMPLATES_PATH,
  DATA_REQUESTS_PATH,
  type DataRequest,
  type DataRequestList,
  type DataRequestTemplateList,
  type DeclineDraft,
  type DeclineRequest,
  dataRequestAnswerPath,
  dataRequestDeclineDraftPath,
  dataRequestDeclinePath,
  dataRequestPath,
  dataRequestSharePath,
  LENDER_VIEW_PATH,
  type LenderView,
  type QuestionsCsvResult,
  type ShareCreated,
  type UpdateAnswer,
} from '../../../domain/contracts/data-requests';
import { apiRequest } from '../../lib/api';

/** The actions of the permission matrix the request routes check (decision 019). */
export const REQUEST_EDIT_ACTION: Action = 'data.edit';
export const REQUEST_SHARE_ACTION: Action = 'data.edit';

/** The inbox's first read; the page preloads it with the same path (decision 064). */
export { DATA_REQUESTS_PATH };

export const dataRequestKeys = {
  all: () => [DATA_REQUESTS_PATH] as const,
  list: () => [DATA_REQUESTS_PATH, 'list'] as const,
  detail: (id: string) => [DATA_REQUESTS_PATH, 'detail', id] as const,
  templates: () => [DATA_REQUEST_TEMPLATES_PATH] as const,
  declineDraft: (id: string) => [DATA_REQUESTS_PATH, 'decline-draft', id] as const,
  lenderView: (period: string) => [LENDER_VIEW_PATH, period] as const,
};

export function listDataRequests(): Promise<DataRequestList> {
  return apiRequest<DataRequestList>('GET', DATA_REQUESTS_PATH);
}

export function getDataRequest(id: string): Promise<DataRequest> {
  return apiRequest<DataRequest>('GET', dataRequestPath(id));
}

export function listTemplates(): Promise<DataRequestTemplateList> {
  return apiRequest<DataRequestTemplateList>('GET', DATA_REQUEST_TEMPLATES_PATH);
}

export function createDataRequest(input: CreateDataRequest): Promise<DataRequest> {
  return apiRequest<DataRequest>('POST', DATA_REQUESTS_PATH, input);
}

/** Reads a CSV of questions on the server without saving: the questions, and each bad row by number. */
export function readQuestionsCsv(csv: string): Promise<QuestionsCsvResult> {
  return apiRequest<QuestionsCsvResult>('POST', DATA_REQUEST_QUESTIONS_CSV_PATH, { csv });
}

export function updateAnswer(input: { id: string; key: string; change: UpdateAnswer }): Promise<DataRequest> {
  return apiRequest<DataRequest>('PATCH', dataRequestAnswerPath(input.id, input.key), input.change);
}

export function getDeclineDraft(id: string): Promise<DeclineDraft> {
  return apiRequest<DeclineDraft>('GET', dataRequestDeclineDraftPath(id));
}

export function declineDataRequest(input: { id: string } & DeclineRequest): Promise<DataRequest> {
  const { id, ...body } = input;
  return apiRequest<DataRequest>('POST', dataRequestDeclinePath(id), body);
}

export function shareDataRequest(input: { id: string } & CreateShare): Promise<ShareCreated> {
  return apiRequest<ShareCreated>('POST', dataRequestSharePath(input.id), {
    expiresInDays: input.expiresInDays,
  });
}

export function revokeShare(id: string): Promise<unknown> {
  return apiRequest('DELETE', dataRequestSharePath(id));
}

export function getLenderView(period: string): Promise<LenderView> {
  return apiRequest<LenderView>('GET', `${LENDER_VIEW_PATH}?period=${encodeURIComponent(period)}`);
}

export function useDataRequests(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: dataRequestKeys.list(), queryFn: listDataRequests, enabled: options.enabled });
}

export function useDataRequest(id: string | null) {
  return useQuery({
    queryKey: dataRequestKeys.detail(id ?? ''),
    queryFn: () => getDataRequest(id ?? ''),
    enabled: Boolean(id),
  });
}

export function useTemplates() {
  // The library changes only with a new release of the server.
  return useQuery({
    queryKey: dataRequestKeys.templates(),
    queryFn: listTemplates,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDeclineDraft(id: string, enabled: boolean) {
  return useQuery({
    queryKey: dataRequestKeys.declineDraft(id),
    queryFn: () => getDeclineDraft(id),
    enabled,
  });
}

export function useLenderView(period: string) {
  return useQuery({ queryKey: dataRequestKeys.lenderView(period), queryFn: () => getLenderView(period) });
}

export function useCreateDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDataRequest,
    meta: { ownErrorToast: true },
    onSuccess: (created) => {
      queryClient.setQueryData(dataRequestKeys.detail(created.id), created);
      queryClient.invalidateQueries({ queryKey: dataRequestKeys.list() });
    },
  });
}

export function useReadQuestionsCsv() {
  return useMutation({ mutationFn: readQuestionsCsv, meta: { ownErrorToast: true } });
}

/** A change of one request answers the request as it now is: the detail is replaced, the list refreshed. */
function useRequestChange<TInput extends { id: string }>(
  mutationFn: (input: TInput) => Promise<DataRequest>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { ownErrorToast: true },
    onSuccess: (request) => {
      queryClient.setQueryData(dataRequestKeys.detail(request.id), request);
      queryClient.invalidateQueries({ queryKey: dataRequestKeys.list() });
    },
  });
}

export const useUpdateAnswer = () => useRequestChange(updateAnswer);
export const useDeclineDataRequest = () => useRequestChange(declineDataRequest);

/** Sharing and revoking change the request's share and status: its detail and the list are read again. */
function useShareChange<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  idOf: (input: TInput) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { ownErrorToast: true },
    onSettled: (_result, _error, input) => {
      queryClient.invalidateQueries({ queryKey: dataRequestKeys.detail(idOf(input)) });
      queryClient.invalidateQueries({ queryKey: dataRequestKeys.list() });
    },
  });
}

export const useShareDataRequest = () => useShareChange(shareDataRequest, (input) => input.id);
export const useRevokeShare = () => useShareChange(revokeShare, (id) => id);
