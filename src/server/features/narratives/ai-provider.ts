// An OpenAI-compatible Chat Completions provider (OpenAI, Azure OpenAI's v1 endpoint, Ollama, vLLM,
// llama.cpp…) through the `openai` package. The package's own retries are off: this file retries
// 429, 5xx, timeouts and connection failures itself (up to 3 attempts, honouring Retry-After), so
// the waits are visible to tests through an injected `sleep`, and every failure ends in one
// person-readable HttpError that never carries the key.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { NarrativePrompt } from '../../../domain/narratives/types.ts';
import type { Config } from '../../config.ts';
import { waits } from '../../lib/clock.ts';
import { HttpError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { retryAfterMs } from '../../lib/retry-after.ts';

export const MAX_ATTEMPTS = 3;
/** A provider asking for a longer pause than this is treated as unavailable for this request. */
export const MAX_RETRY_WAIT_MS = 20_000;
/** Backoff without Retry-After: 1 s, then 2 s. */
const BACKOFF_BASE_MS = 1000;

export interface AiProviderOptions {
  apiKey: string;
  /** Default: OpenAI's https://api.openai.com/v1. */
  baseURL?: string;
  model: string;
  /** Longest one attempt may wait for the answer (for a stream: for each next chunk). */
  timeoutMs: number;
  maxAttempts?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Clock for Retry-After given as an HTTP date. */
  now?: () => number;
  log?: Logger;
}

export interface AiProvider {
  readonly model: string;
  /** The whole answer at once. */
  complete(prompt: NarrativePrompt, signal?: AbortSignal): Promise<string>;
  /** The answer as it arrives, chunk by chunk. Retries happen only before the first chunk. */
  stream(prompt: NarrativePrompt, signal?: AbortSignal): AsyncGenerator<string, void, undefined>;
}

/** The configured provider, or null when no `AI_API_KEY` is set (the built-in writer is used). */
export function providerFromConfig(config: Config, log?: Logger): AiProvider | null {
  if (!config.AI_API_KEY) return null;
  return createAiProvider({
    apiKey: config.AI_API_KEY,
    baseURL: config.AI_BASE_URL,
    model: config.AI_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
    sleep: (ms) => waits.sleep(ms),
    log,
  });
}

/** The model said no: `message.refusal`, or the content filter ended the answer. */
class ProviderRefusal extends Error {}

type Failure =
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

export function createAiProvider(options: AiProviderOptions): AiProvider {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const sleep = options.sleep ?? waits.sleep;
  const now = options.now ?? Date.now;
  const messages = (prompt: NarrativePrompt) =>
    [
      { role: 'system', content: prompt.system },
      { role: 'user', content: prompt.user },
    ] as const;

  /** One attempt's deadline, re-armed by `touch()` whenever a chunk arrives. */
  function startAttempt(outer?: AbortSignal) {
    const controller = new AbortController();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, options.timeoutMs);
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

  function classify(error: unknown, timedOut: boolean, outer?: AbortSignal): Failure {
    if (error instanceof ProviderRefusal) return { kind: 'refused', message: error.message };
    if (error instanceof APIUserAbortError || (error instanceof Error && error.name === 'AbortError')) {
      if (timedOut) return { kind: 'retryable', reason: 'timeout', waitMs: null };
      return { kind: 'aborted', error };
    }
    if (outer?.aborted) return { kind: 'aborted', error };
    if (error instanceof APIConnectionTimeoutError)
      return { kind: 'retryable', reason: 'timeout', waitMs: null };
    if (error instanceof APIConnectionError)
      return { kind: 'retryable', reason: 'unreachable', waitMs: null };
    if (error instanceof APIError && typeof error.status === 'number') {
      const status = error.status;
      if (status === 408 || status === 409 || status === 429 || status >= 500) {
        return { kind: 'retryable', reason: 'status', status, waitMs: providerWaitMs(error.headers, now()) };
      }
      return { kind: 'refused', message: refusalReason(error, options) };
    }
    if (error instanceof APIError && error.status === undefined && error.error) {
      return { kind: 'stream-error', message: providerMessage(error, options) };
    }
    return { kind: 'unreadable' };
  }

  function finalError(failure: Failure, attempts: number): unknown {
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
          const seconds = Math.round(options.timeoutMs / 100) / 10;
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

  /** Runs attempts until one succeeds, retrying what may pass; `canRetry` stops retries mid-stream. */
  async function* withRetries<T>(
    run: (attempt: ReturnType<typeof startAttempt>) => AsyncGenerator<T, void, undefined>,
    outer: AbortSignal | undefined,
  ): AsyncGenerator<T, void, undefined> {
    for (let attemptNumber = 1; ; attemptNumber += 1) {
      const attempt = startAttempt(outer);
      let yielded = false;
      try {
        for await (const item of run(attempt)) {
          yielded = true;
          yield item;
        }
        return;
      } catch (error) {
        const failure = classify(error, attempt.timedOut(), outer);
        const retry =
          failure.kind === 'retryable' &&
          !yielded &&
          attemptNumber < maxAttempts &&
          (failure.waitMs === null || failure.waitMs <= MAX_RETRY_WAIT_MS);
        options.log?.warn('ai provider attempt failed', {
          attempt: attemptNumber,
          kind: failure.kind,
          ...(failure.kind === 'retryable' ? { reason: failure.reason, status: failure.status } : {}),
          retry,
        });
        if (!retry || failure.kind !== 'retryable') throw finalError(failure, attemptNumber);
        await sleep(failure.waitMs ?? BACKOFF_BASE_MS * 2 ** (attemptNumber - 1));
      } finally {
        attempt.end();
      }
    }
  }

  async function complete(prompt: NarrativePrompt, signal?: AbortSignal): Promise<string> {
    let answer = '';
    for await (const text of withRetries(async function* (attempt) {
      const completion = await client.chat.completions.create(
        { model: options.model, messages: [...messages(prompt)] },
        { signal: attempt.signal },
      );
      const choice = completion.choices[0];
      const refusal = choice?.message?.refusal;
      if (refusal) throw new ProviderRefusal(clip(refusal));
      if (choice?.finish_reason === 'content_filter') {
        throw new ProviderRefusal('its content filter stopped the answer');
      }
      yield choice?.message?.content ?? '';
    }, signal)) {
      answer += text;
    }
    if (answer.trim() === '') {
      throw new HttpError(
        502,
        'The AI provider returned an empty answer. Please try again.',
        'ai_provider_empty',
      );
    }
    return answer;
  }

  async function* stream(prompt: NarrativePrompt, signal?: AbortSignal) {
    let received = false;
    yield* withRetries(async function* (attempt) {
      const chunks = await client.chat.completions.create(
        { model: options.model, messages: [...messages(prompt)], stream: true },
        { signal: attempt.signal },
      );
      let refusal = '';
      for await (const chunk of chunks) {
        attempt.touch();
        const choice = chunk.choices[0];
        if (!choice) continue;
        if (choice.delta?.refusal) refusal += choice.delta.refusal;
        if (choice.finish_reason === 'content_filter') {
          throw new ProviderRefusal('its content filter stopped the answer');
        }
        const text = choice.delta?.content;
        if (text) {
          received = true;
          yield text;
        }
      }
      if (refusal) throw new ProviderRefusal(clip(refusal));
    }, signal);
    // A server that ignores `stream: true` answers one JSON body, which yields no chunks: ask once
    // more without streaming rather than handing the editor nothing.
    if (!received) yield await complete(prompt, signal);
  }

  return { model: options.model, complete, stream };
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
function refusalReason(error: APIError, options: AiProviderOptions): string {
  if (error.status === 401) return 'the API key was not accepted (check AI_API_KEY).';
  if (error.status === 404) {
    return `it does not know the model "${options.model}" or the address (check AI_MODEL and AI_BASE_URL).`;
  }
  return `${error.status === 403 ? 'access denied: ' : ''}${providerMessage(error, options)}`;
}

/** The provider's own words, clipped, with anything that looks like the key removed. */
function providerMessage(error: APIError, options: AiProviderOptions): string {
  const body = error.error as { message?: unknown } | undefined;
  const said = typeof body?.message === 'string' ? body.message : error.message;
  return clip(
    said
      .split(options.apiKey)
      .join('[key hidden]')
      .replace(/\bsk-[\w*-]{4,}/g, '[key hidden]'),
  );
}

const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}...` : text);
