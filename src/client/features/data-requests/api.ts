import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Action } from '../../../domain/account/permissions';
import type {
  CreateDataRequest,
  CreateShare,
  DataRequest,
  DataRequestList,
  DataRequestTemplateList,
  DeclineDraft,
  DeclineRequest,
  LenderView,
  QuestionsCsvResult,
  ShareCreated,
  UpdateAnswer,
} from '../../../domain/contracts/data-requests';
import { apiRequest } from '../../lib/api';

/** The actions of the permission matrix the request routes check (decision 019). */
export const REQUEST_EDIT_ACTION: Action = 'dataRequests.edit';
export const REQUEST_SHARE_ACTION: Action = 'dataRequests.share';

/**
 * The routes of src/domain/contracts/data-requests.ts, spelled here because that module builds its
 * zod schemas on import: importing a path from it would put zod into the first load of the inbox
 * and the dashboard (decision 064). tests/e2e/data-requests.test.ts drives every one of them.
 */
/** The inbox's first read; the page preloads it with the same path. */
export const DATA_REQUESTS_PATH = '/api/data-requests';
export const dataRequestRoutes = {
  templates: `${DATA_REQUESTS_PATH}/templates`,
  questionsCsv: `${DATA_REQUESTS_PATH}/questions-csv`,
  lenderView: `${DATA_REQUESTS_PATH}/lender-view`,
  request: (id: string) => `${DATA_REQUESTS_PATH}/${encodeURIComponent(id)}`,
  share: (id: string) => `${dataRequestRoutes.request(id)}/share`,
  answer: (id: string, key: string) => `${dataRequestRoutes.request(id)}/answers/${encodeURIComponent(key)}`,
  declineDraft: (id: string) => `${dataRequestRoutes.request(id)}/decline-draft`,
  decline: (id: string) => `${dataRequestRoutes.request(id)}/decline`,
};
const routes = dataRequestRoutes;

export const dataRequestKeys = {
  all: () => [DATA_REQUESTS_PATH] as const,
  list: () => [DATA_REQUESTS_PATH, 'list'] as const,
  detail: (id: string) => [DATA_REQUESTS_PATH, 'detail', id] as const,
  templates: () => [routes.templates] as const,
  declineDraft: (id: string) => [DATA_REQUESTS_PATH, 'decline-draft', id] as const,
  lenderView: (period: string) => [routes.lenderView, period] as const,
};

export function listDataRequests(): Promise<DataRequestList> {
  return apiRequest<DataRequestList>('GET', DATA_REQUESTS_PATH);
}

export function getDataRequest(id: string): Promise<DataRequest> {
  return apiRequest<DataRequest>('GET', routes.request(id));
}

export function listTemplates(): Promise<DataRequestTemplateList> {
  return apiRequest<DataRequestTemplateList>('GET', routes.templates);
}

export function createDataRequest(input: CreateDataRequest): Promise<DataRequest> {
  return apiRequest<DataRequest>('POST', DATA_REQUESTS_PATH, input);
}

/** Reads a CSV of questions on the server without saving: the questions, and each bad row by number. */
export function readQuestionsCsv(csv: string): Promise<QuestionsCsvResult> {
  return apiRequest<QuestionsCsvResult>('POST', routes.questionsCsv, { csv });
}

export function updateAnswer(input: { id: string; key: string; change: UpdateAnswer }): Promise<DataRequest> {
  return apiRequest<DataRequest>('PATCH', routes.answer(input.id, input.key), input.change);
}

export function getDeclineDraft(id: string): Promise<DeclineDraft> {
  return apiRequest<DeclineDraft>('GET', routes.declineDraft(id));
}

export function declineDataRequest(input: { id: string } & DeclineRequest): Promise<DataRequest> {
  const { id, ...body } = input;
  return apiRequest<DataRequest>('POST', routes.decline(id), body);
}

export function shareDataRequest(input: { id: string } & CreateShare): Promise<ShareCreated> {
  return apiRequest<ShareCreated>('POST', routes.share(input.id), {
    expiresInDays: input.expiresInDays,
  });
}

export function revokeShare(id: string): Promise<unknown> {
  return apiRequest('DELETE', routes.share(id));
}

export function getLenderView(period: string): Promise<LenderView> {
  return apiRequest<LenderView>('GET', `${routes.lenderView}?period=${encodeURIComponent(period)}`);
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
