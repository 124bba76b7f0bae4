// An OpenAI-compatible Chat Completions provider (OpenAI, Azure OpenAI's v1 endpoint, Ollama, vLLM,
// llama.cpp…) through the `openai` package. The package's own retries are off: this file retries
// 429, 5xx, timeouts and connection failures itself (up to 3 attempts, honouring Retry-After), so
// the waits are visible to tests through an injected `sleep`, and every failure ends in one
// person-readable HttpError that never carries the key.
import OpenAI from 'openai';
import type { NarrativePrompt } from '../../../domain/narratives/types.ts';
import type { Config } from '../../config.ts';
import { waits } from '../../lib/clock.ts';
import { HttpError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { type Attempt, classify, clip, finalError, ProviderRefusal, startAttempt } from './ai-failures.ts';

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

export function createAiProvider(options: AiProviderOptions): AiProvider {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  const policy: RetryPolicy = {
    ...options,
    maxAttempts: options.maxAttempts ?? MAX_ATTEMPTS,
    sleep: options.sleep ?? waits.sleep,
    now: options.now ?? Date.now,
  };
  async function complete(prompt: NarrativePrompt, signal?: AbortSignal): Promise<string> {
    let answer = '';
    for await (const text of withRetries(answerAttempt(client, options.model, prompt), signal, policy)) {
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
    for await (const text of withRetries(streamAttempt(client, options.model, prompt), signal, policy)) {
      received = true;
      yield text;
    }
    // A server that ignores `stream: true` answers one JSON body, which yields no chunks: ask once
    // more without streaming rather than handing the editor nothing.
    if (!received) yield await complete(prompt, signal);
  }

  return { model: options.model, complete, stream };
}

const messagesOf = (prompt: NarrativePrompt) => [
  { role: 'system' as const, content: prompt.system },
  { role: 'user' as const, content: prompt.user },
];

/** One attempt at the whole answer. */
function answerAttempt(client: OpenAI, model: string, prompt: NarrativePrompt) {
  return async function* (attempt: Attempt): AsyncGenerator<string, void, undefined> {
    const completion = await client.chat.completions.create(
      { model, messages: messagesOf(prompt) },
      { signal: attempt.signal },
    );
    const choice = completion.choices[0];
    const refusal = choice?.message?.refusal;
    if (refusal) throw new ProviderRefusal(clip(refusal));
    if (choice?.finish_reason === 'content_filter') {
      throw new ProviderRefusal('its content filter stopped the answer');
    }
    yield choice?.message?.content ?? '';
  };
}

/** One attempt at the streamed answer: its non-empty chunks, each re-arming the attempt's deadline. */
function streamAttempt(client: OpenAI, model: string, prompt: NarrativePrompt) {
  return async function* (attempt: Attempt): AsyncGenerator<string, void, undefined> {
    const chunks = await client.chat.completions.create(
      { model, messages: messagesOf(prompt), stream: true },
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
      if (text) yield text;
    }
    if (refusal) throw new ProviderRefusal(clip(refusal));
  };
}

type RetryPolicy = AiProviderOptions & Required<Pick<AiProviderOptions, 'maxAttempts' | 'sleep' | 'now'>>;

/** Runs attempts until one succeeds, retrying what may pass, and never once an item has been yielded. */
async function* withRetries<T>(
  run: (attempt: Attempt) => AsyncGenerator<T, void, undefined>,
  outer: AbortSignal | undefined,
  options: RetryPolicy,
): AsyncGenerator<T, void, undefined> {
  for (let attemptNumber = 1; ; attemptNumber += 1) {
    const attempt = startAttempt(options.timeoutMs, outer);
    let yielded = false;
    try {
      for await (const item of run(attempt)) {
        yielded = true;
        yield item;
      }
      return;
    } catch (error) {
      const failure = classify(error, { timedOut: attempt.timedOut(), outer, nowMs: options.now() }, options);
      const retry =
        failure.kind === 'retryable' &&
        !yielded &&
        attemptNumber < options.maxAttempts &&
        (failure.waitMs === null || failure.waitMs <= MAX_RETRY_WAIT_MS);
      options.log?.warn('ai provider attempt failed', {
        attempt: attemptNumber,
        kind: failure.kind,
        ...(failure.kind === 'retryable' ? { reason: failure.reason, status: failure.status } : {}),
        retry,
      });
      if (!retry || failure.kind !== 'retryable') throw finalError(failure, attemptNumber, options.timeoutMs);
      await options.sleep(failure.waitMs ?? BACKOFF_BASE_MS * 2 ** (attemptNumber - 1));
    } finally {
      attempt.end();
    }
  }
}
