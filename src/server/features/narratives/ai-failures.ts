// How a failed attempt of the AI provider (ai-provider.ts) is read: retried, or turned into the one
// person-readable HttpError the caller sees, which never carries the key.
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { HttpError } from '../../lib/errors.ts';
import { retryAfterMs } from '../../lib/retry-after.ts';

/** The key (to hide from messages) and the model (to name in them). */
type ProviderIdentity = { apiKey: string; model: string };

/** The model said no: `message.refusal`, or the content filter ended the answer. */
export class ProviderRefusal extends Error {}

export type Failure =
  | {
      kind: 'retryable';
      reason: 'timeout' | 'unreachable' | 'status';
      status?: number;
      waitMs: number | null;
    }
  | { kind: 'refused'; message: string }
  | { kind: 'aborted'; error: unknown }
  /** An `{"error": …}` event inside a stream (OpenAI and vLLM send these when a stream fails). */
  | { kind: 'stream-error'; message: string }
  | { kind: 'unreadable' };

/** One attempt's deadline, re-armed by `touch()` whenever a chunk arrives. */
export interface Attempt {
  signal: AbortSignal;
  touch(): void;
  timedOut(): boolean;
  end(): void;
}

/** Starts an attempt's deadline; aborting `outer` aborts the attempt. */
export function startAttempt(timeoutMs: number, outer?: AbortSignal): Attempt {
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  };
  const forward = () => controller.abort();
  outer?.addEventListener('abort', forward, { once: true });
  if (outer?.aborted) controller.abort();
  arm();
  return {
    signal: controller.signal,
    touch: arm,
    timedOut: () => timedOut,
    end() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}

/** What went wrong with one attempt, and whether another may pass. */
export function classify(
  error: unknown,
  attempt: { timedOut: boolean; outer?: AbortSignal; nowMs: number },
  options: ProviderIdentity,
): Failure {
  const { timedOut, outer } = attempt;
  if (error instanceof ProviderRefusal) return { kind: 'refused', message: error.message };
  if (error instanceof APIUserAbortError || (error instanceof Error && error.name === 'AbortError')) {
    if (timedOut) return { kind: 'retryable', reason: 'timeout', waitMs: null };
    return { kind: 'aborted', error };
  }
  if (outer?.aborted) return { kind: 'aborted', error };
  if (error instanceof APIConnectionTimeoutError)
    return { kind: 'retryable', reason: 'timeout', waitMs: null };
  if (error instanceof APIConnectionError) return { kind: 'retryable', reason: 'unreachable', waitMs: null };
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    if (status === 408 || status === 409 || status === 429 || status >= 500) {
      return {
        kind: 'retryable',
        reason: 'status',
        status,
        waitMs: providerWaitMs(error.headers, attempt.nowMs),
      };
    }
    return { kind: 'refused', message: refusalReason(error, options) };
  }
  if (error instanceof APIError && error.status === undefined && error.error) {
    return { kind: 'stream-error', message: providerMessage(error, options) };
  }
  return { kind: 'unreadable' };
}

/** The error a caller sees once no attempt is left: the abort itself, or one person-readable HttpError. */
export function finalError(failure: Failure, attempts: number, timeoutMs: number): unknown {
  switch (failure.kind) {
    case 'aborted':
      return failure.error;
    case 'refused':
      return new HttpError(
        502,
        `The AI provider refused the request: ${failure.message}`,
        'ai_provider_refused',
      );
    case 'stream-error':
      return new HttpError(
        502,
        `The AI provider stopped with an error: ${failure.message}`,
        'ai_provider_failed',
      );
    case 'unreadable':
      return new HttpError(
        502,
        'The AI provider sent an answer that could not be read. Check AI_BASE_URL points at an OpenAI-compatible API.',
        'ai_provider_unreadable',
      );
    case 'retryable': {
      const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`;
      if (failure.reason === 'timeout') {
        const seconds = Math.round(timeoutMs / 100) / 10;
        return new HttpError(
          504,
          `The AI provider did not answer within ${seconds} seconds (${tries}). Please try again later.`,
          'ai_provider_timeout',
        );
      }
      if (failure.reason === 'unreachable') {
        return new HttpError(
          502,
          `Could not reach the AI provider (${tries}). Check AI_BASE_URL and that the server is running.`,
          'ai_provider_unreachable',
        );
      }
      const what =
        failure.status === 429
          ? `it is limiting requests (429 on ${tries})`
          : `it answered ${failure.status} on ${tries}`;
      return new HttpError(
        502,
        `The AI provider is unavailable right now: ${what}. Please try again later.`,
        'ai_provider_unavailable',
      );
    }
  }
}

/**
 * Milliseconds the provider asked to wait: OpenAI's `retry-after-ms`, else `Retry-After` read as
 * every connector reads it (lib/retry-after.ts). Null when absent or unreadable.
 */
function providerWaitMs(headers: Headers | undefined, nowMs: number): number | null {
  const milliseconds = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return Math.round(milliseconds);
  return retryAfterMs(headers?.get('retry-after') ?? null, nowMs);
}

/** Why the provider said no, in words a person can act on, with any key text removed. */
function refusalReason(error: APIError, options: ProviderIdentity): string {
  if (error.status === 401) return 'the API key was not accepted (check AI_API_KEY).';
  if (error.status === 404) {
    return `it does not know the model "${options.model}" or the address (check AI_MODEL and AI_BASE_URL).`;
  }
  return `${error.status === 403 ? 'access denied: ' : ''}${providerMessage(error, options)}`;
}

/** The provider's own words, clipped, with anything that looks like the key removed. */
function providerMessage(error: APIError, options: ProviderIdentity): string {
  const body = error.error as { message?: unknown } | undefined;
  const said = typeof body?.message === 'string' ? body.message : error.message;
  return clip(
    said
      .split(options.apiKey)
      .join('[key hidden]')
      .replace(/\bsk-[\w*-]{4,}/g, '[key hidden]'),
  );
}

export const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}...` : text);
