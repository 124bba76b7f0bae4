import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateNarrative,
  GeneratedNarrative,
  Narrative,
  NarrativeFramework,
  NarrativeSection,
  NarrativeVersion,
  UnsupportedNumber,
  UpdateNarrative,
} from '../../../domain/contracts/narratives';
import { apiRequest, createApiError } from '../../lib/api';
import { createSseParser } from './sse';

const BASE = '/api/narratives';

export const narrativeKeys = {
  list: (section: NarrativeSection) => [BASE, { section }] as const,
  versions: (id: string) => [BASE, id, 'versions'] as const,
  check: (content: string, year: number | undefined) => [`${BASE}/check`, { content, year }] as const,
};

export function listNarratives(section: NarrativeSection): Promise<Narrative[]> {
  return apiRequest<Narrative[]>('GET', `${BASE}?section=${encodeURIComponent(section)}`);
}

export function createNarrative(input: CreateNarrative): Promise<Narrative> {
  return apiRequest<Narrative>('POST', BASE, input);
}

export interface UpdateNarrativeInput {
  id: string;
  changes: UpdateNarrative;
}

export function updateNarrative({ id, changes }: UpdateNarrativeInput): Promise<Narrative> {
  return apiRequest<Narrative>('PUT', `${BASE}/${encodeURIComponent(id)}`, changes);
}

export function listVersions(id: string): Promise<NarrativeVersion[]> {
  return apiRequest<NarrativeVersion[]>('GET', `${BASE}/${encodeURIComponent(id)}/versions`);
}

export function restoreVersion({ id, version }: { id: string; version: number }): Promise<Narrative> {
  return apiRequest<Narrative>('POST', `${BASE}/${encodeURIComponent(id)}/restore`, { version });
}

/** Every number of the text that matches no figure of the company's data (confirmations applied locally). */
export function checkNumbers(
  content: string,
  year?: number,
): Promise<{ unsupportedNumbers: UnsupportedNumber[] }> {
  return apiRequest('POST', `${BASE}/check`, year === undefined ? { content } : { content, year });
}

export interface GenerateInput {
  section: NarrativeSection;
  framework: NarrativeFramework;
  /** Called with each chunk of text as the writer produces it. */
  onText: (text: string) => void;
  signal?: AbortSignal;
}

/** The writer failed after the stream began (`event: error`), or the stream broke off. */
export class GenerationStreamError extends Error {
  constructor(message?: string) {
    super(message?.trim() ? message : 'The writer stopped');
    this.name = 'GenerationStreamError';
  }
}

function parseEvent<T>(data: string): T {
  return JSON.parse(data) as T;
}

/**
 * POST /api/narratives/generate as a server-sent event stream: `delta` chunks, then `done` with
 * the whole draft, or `error`. A server that answers plain JSON instead is read as one chunk.
 * Failures take the `status: body` shape of every other call, so a lost session is recognised.
 */
export async function generateNarrative({
  section,
  framework,
  onText,
  signal,
}: GenerateInput): Promise<GeneratedNarrative> {
  const response = await fetch(`${BASE}/generate`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ section, framework }),
    signal,
  });
  if (!response.ok) throw createApiError(response.status, await response.text(), response.statusText);
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('text/event-stream') || !response.body) {
    const result = parseEvent<GeneratedNarrative>(await response.text());
    onText(result.content);
    return result;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const event of parser.push(value)) {
        if (event.event === 'delta') onText(parseEvent<{ text: string }>(event.data).text);
        else if (event.event === 'done') return parseEvent<GeneratedNarrative>(event.data);
        else if (event.event === 'error') {
          throw new GenerationStreamError(parseEvent<{ message?: string }>(event.data).message);
        }
      }
    }
  } finally {
    reader.releaseLock();
  }
  throw new GenerationStreamError('The narrative stream ended before the draft was complete');
}

export function useNarratives(section: NarrativeSection) {
  return useQuery({ queryKey: narrativeKeys.list(section), queryFn: () => listNarratives(section) });
}

export function useVersions(id: string | null) {
  return useQuery({
    queryKey: narrativeKeys.versions(id ?? ''),
    queryFn: () => listVersions(id ?? ''),
    enabled: id !== null,
  });
}

/**
 * The number check of the text being edited. Each answer names the text it checked, and the last
 * one stays while the next loads, so the editor knows whether its flags are current.
 */
export function useNumberCheck(content: string, year: number | undefined, isEnabled = true) {
  return useQuery({
    enabled: isEnabled,
    queryKey: narrativeKeys.check(content, year),
    queryFn: async () => ({ content, ...(await checkNumbers(content, year)) }),
    placeholderData: keepPreviousData,
  });
}

/** Never retried: a half-read stream cannot be resumed, and a second run costs another AI call. */
export function useGenerateNarrative() {
  return useMutation({ mutationFn: generateNarrative, meta: { ownErrorToast: true }, retry: false });
}

/** A save changes the section's list and the narrative's version history. */
function useNarrativeWrite<TInput>(mutationFn: (input: TInput) => Promise<Narrative>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { ownErrorToast: true },
    // A retried create could save the narrative twice.
    retry: false,
    onSuccess: (narrative) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: narrativeKeys.list(narrative.section) }),
        queryClient.invalidateQueries({ queryKey: narrativeKeys.versions(narrative.id) }),
      ]),
  });
}

export const useCreateNarrative = () => useNarrativeWrite(createNarrative);
export const useUpdateNarrative = () => useNarrativeWrite(updateNarrative);
export const useRestoreVersion = () => useNarrativeWrite(restoreVersion);
