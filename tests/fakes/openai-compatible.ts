/**
 * An OpenAI-compatible Chat Completions server on 127.0.0.1, speaking the real wire format:
 * `POST /v1/chat/completions` answers a `chat.completion` JSON object, or with `"stream": true`
 * `chat.completion.chunk` server-sent events (`data: {...}` lines, ending `data: [DONE]`); errors
 * are `{"error": {message, type, param, code}}` with their status, as OpenAI, vLLM and Ollama send
 * them. Each test scripts the next answers with `enqueue`; once the queue is empty the default
 * answer applies. Every request is recorded so tests can read the prompt the server sent.
 */

export type FakeReply =
  /** A normal answer; streamed in `chunks` when the request asks for a stream. */
  | { kind: 'answer'; content: string; chunks?: string[] }
  /** An error status, e.g. 429 with `retryAfter` ('7' or an HTTP date), or 500. */
  | { kind: 'status'; status: number; message?: string; retryAfter?: string; retryAfterMs?: string }
  /** Never answers: the request ends when the client gives up on it (its timeout fires). */
  | { kind: 'silent' }
  /** The model declines: `message.refusal` (or `delta.refusal` chunks), content null. */
  | { kind: 'refusal'; refusal: string }
  /** The answer is cut by the provider's content filter (`finish_reason: content_filter`). */
  | { kind: 'content-filter' }
  /** Streams `chunks`, then fails the stream with an `{"error": …}` event, as OpenAI and vLLM do. */
  | { kind: 'break'; chunks: string[]; message?: string };

export interface RecordedRequest {
  path: string;
  authorization: string | null;
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: string }[];
  };
  /** The system and user messages joined, for "does the prompt contain…" assertions. */
  prompt: string;
}

export const DEFAULT_ANSWER = 'The company keeps its reporting honest and complete.';

export function startFakeOpenAi() {
  const queue: FakeReply[] = [];
  let fallback: FakeReply = { kind: 'answer', content: DEFAULT_ANSWER };
  const requests: RecordedRequest[] = [];
  let counter = 0;

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    // A silent reply is ended by the client; the idle timeout only bounds a client that never does.
    idleTimeout: 60,
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
        return errorResponse(404, `Unknown path ${url.pathname}`, 'invalid_request_error');
      }
      const body = (await request.json()) as RecordedRequest['body'];
      requests.push({
        path: url.pathname,
        authorization: request.headers.get('authorization'),
        body,
        prompt: body.messages.map((message) => message.content).join('\n'),
      });
      counter += 1;
      const reply = queue.shift() ?? fallback;
      const meta = {
        id: `chatcmpl-fake${counter}`,
        created: Math.floor(Date.now() / 1000),
        model: body.model,
      };
      switch (reply.kind) {
        case 'status': {
          const headers: Record<string, string> = {};
          if (reply.retryAfter) headers['Retry-After'] = reply.retryAfter;
          if (reply.retryAfterMs) headers['retry-after-ms'] = reply.retryAfterMs;
          const type =
            reply.status === 429
              ? 'requests'
              : reply.status >= 500
                ? 'server_error'
                : 'invalid_request_error';
          return errorResponse(reply.status, reply.message ?? `Fake error ${reply.status}`, type, headers);
        }
        case 'silent':
          // Held until the client aborts (or the fake stops): no length of time to outlast.
          await new Promise((resolve) => request.signal.addEventListener('abort', resolve, { once: true }));
          return new Response(null, { status: 499 });
        case 'answer':
          return answer(meta, body.stream, reply.content, reply.chunks ?? [reply.content]);
        case 'refusal':
          if (body.stream) {
            return sse([
              chunk(meta, { role: 'assistant', content: null, refusal: '' }, null),
              chunk(meta, { refusal: reply.refusal }, null),
              chunk(meta, {}, 'stop'),
            ]);
          }
          return Response.json(completion(meta, { content: null, refusal: reply.refusal }, 'stop'));
        case 'content-filter':
          if (body.stream)
            return sse([
              chunk(meta, { role: 'assistant', content: '' }, null),
              chunk(meta, {}, 'content_filter'),
            ]);
          return Response.json(completion(meta, { content: null, refusal: null }, 'content_filter'));
        case 'break':
          return brokenStream(
            meta,
            reply.chunks,
            reply.message ?? 'The server had an error while processing your request.',
          );
      }
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    /** The next replies, in order. */
    enqueue(...replies: FakeReply[]) {
      queue.push(...replies);
    },
    /** The reply once the queue is empty. */
    setDefault(reply: FakeReply) {
      fallback = reply;
    },
    requests: () => requests,
    reset() {
      queue.length = 0;
      requests.length = 0;
      fallback = { kind: 'answer', content: DEFAULT_ANSWER };
    },
    stop: () => server.stop(true),
  };
}

type Meta = { id: string; created: number; model: string };

function completion(
  meta: Meta,
  message: { content: string | null; refusal: string | null },
  finishReason: string,
) {
  return {
    ...meta,
    object: 'chat.completion',
    choices: [
      { index: 0, message: { role: 'assistant', ...message }, logprobs: null, finish_reason: finishReason },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  };
}

function chunk(meta: Meta, delta: Record<string, unknown>, finishReason: string | null) {
  return {
    ...meta,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

function answer(meta: Meta, stream: boolean | undefined, content: string, chunks: string[]) {
  if (!stream) return Response.json(completion(meta, { content, refusal: null }, 'stop'));
  return sse([
    chunk(meta, { role: 'assistant', content: '', refusal: null }, null),
    ...chunks.map((text) => chunk(meta, { content: text }, null)),
    chunk(meta, {}, 'stop'),
  ]);
}

const encoder = new TextEncoder();
const event = (data: unknown) => encoder.encode(`data: ${JSON.stringify(data)}\n\n`);
const sseHeaders = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' };

function sse(chunks: unknown[]) {
  const stream = new ReadableStream({
    start(controller) {
      for (const item of chunks) controller.enqueue(event(item));
      controller.enqueue(encoder.encode('data: [DONE]\n\n'));
      controller.close();
    },
  });
  return new Response(stream, { headers: sseHeaders });
}

function brokenStream(meta: Meta, chunks: string[], message: string) {
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(event(chunk(meta, { role: 'assistant', content: '' }, null)));
      for (const text of chunks) controller.enqueue(event(chunk(meta, { content: text }, null)));
      controller.enqueue(event({ error: { message, type: 'server_error', param: null, code: null } }));
      controller.close();
    },
  });
  return new Response(stream, { headers: sseHeaders });
}

function errorResponse(status: number, message: string, type: string, headers: Record<string, string> = {}) {
  return Response.json({ error: { message, type, param: null, code: null } }, { status, headers });
}
