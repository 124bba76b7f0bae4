// The two transports of outbound-fetch.ts (decision 040), each one request without redirects, the
// body read up to a byte limit.
//
// Under Bun: node:http(s) `request` with a `lookup` that resolves the name once, refuses the whole
// answer when any address is private (SSRF guard, outbound-url.ts) and hands exactly the checked
// addresses to the socket. The check and the connection use the same DNS answer, which closes DNS
// rebinding (a name that answers public to the check and private to the connect). Bun's fetch
// has no such hook; its node:http honours `lookup` and keeps the name for the Host header, SNI
// and the certificate check.
//
// On the Cloudflare Worker: fetch with `redirect: 'manual'`. The Worker cannot resolve names, and
// its fetch cannot reach private networks; address literals are checked by the caller.
import { isRefusedAddress } from './outbound-url.ts';

export type Resolver = (host: string) => Promise<string[]>;

export interface Exchange {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string;
  maxBytes: number;
  /** False for answers whose body is not needed (redirects: only status and Location count). */
  readBody: (status: number) => boolean;
  signal: AbortSignal;
  resolver: Resolver;
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
}

/** Why a transport gave up; outbound-fetch.ts turns it into an OutboundError with its message. */
export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    readonly failure: 'refused' | 'unreachable' | 'too_large',
    readonly bytesRead = 0,
    options?: { cause?: unknown },
  ) {
    super(failure, options);
  }
}

type LookupCallback = (
  error: Error | null,
  address?: string | { address: string; family: number }[],
  family?: number,
) => void;

interface NodeResponse {
  statusCode?: number;
  headers: Record<string, string | string[] | undefined>;
  on(event: 'data', listener: (chunk: Uint8Array) => void): void;
  on(event: 'end' | 'aborted', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  destroy(): void;
}

interface NodeRequest {
  on(event: 'error', listener: (error: Error) => void): void;
  end(body?: string): void;
  destroy(): void;
}

interface NodeHttp {
  request(options: Record<string, unknown>, onResponse: (response: NodeResponse) => void): NodeRequest;
}

function toHeaders(raw: NodeResponse['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function nodeExchange(exchange: Exchange): Promise<RawAnswer> {
  const { url, signal, maxBytes } = exchange;
  // A variable specifier keeps node:http out of the Worker bundle.
  const specifier = url.protocol === 'https:' ? 'node:https' : 'node:http';
  const http = (await import(/* @vite-ignore */ specifier)) as NodeHttp;
  let refusedAnswer = false;
  const lookup = (host: string, options: { all?: boolean }, callback: LookupCallback) => {
    exchange.resolver(host).then(
      (addresses) => {
        if (addresses.length === 0) return callback(new Error(`no address for ${host}`));
        if (addresses.some(isRefusedAddress)) {
          refusedAnswer = true;
          return callback(new Error(`${host} resolves to a refused address`));
        }
        const entries = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
        if (options.all) callback(null, entries);
        else callback(null, entries[0]!.address, entries[0]!.family);
      },
      (error: Error) => callback(error),
    );
  };

  return new Promise<RawAnswer>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
    };
    const fail = (error: Error) =>
      settle(() =>
        reject(new TransportError(refusedAnswer ? 'refused' : 'unreachable', 0, { cause: error })),
      );
    const request = http.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: exchange.method,
        headers: exchange.headers,
        lookup,
        signal,
        // One connection per exchange: a pooled socket must not outlive the check that opened it.
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const headers = toHeaders(response.headers);
        const tooLarge = (bytesRead: number) => {
          // Settled first: destroying the socket emits an error that must not read "unreachable".
          settle(() => reject(new TransportError('too_large', bytesRead)));
          response.destroy();
          request.destroy();
        };
        if (!exchange.readBody(status)) {
          settle(() => resolve({ status, headers, bytes: new Uint8Array() }));
          return response.destroy();
        }
        if (Number(headers.get('content-length') ?? 0) > maxBytes) return tooLarge(0);
        const chunks: Uint8Array[] = [];
        let size = 0;
        response.on('data', (chunk) => {
          if (settled) return;
          size += chunk.byteLength;
          // Stop at the limit whatever Content-Length said or did not say.
          if (size > maxBytes) return tooLarge(size);
          chunks.push(chunk);
        });
        response.on('end', () => settle(() => resolve({ status, headers, bytes: concat(chunks, size) })));
        response.on('aborted', () => fail(new Error('connection closed mid-answer')));
        response.on('error', fail);
      },
    );
    request.on('error', fail);
    request.end(exchange.body);
  });
}

/** Exported for its test: Bun runs it too. */
export async function fetchExchange(exchange: Exchange): Promise<RawAnswer> {
  let response: Response;
  try {
    response = await fetch(exchange.url, {
      method: exchange.method,
      headers: exchange.headers,
      body: exchange.body,
      redirect: 'manual',
      signal: exchange.signal,
    });
  } catch (error) {
    throw new TransportError('unreachable', 0, { cause: error });
  }
  const answer = { status: response.status, headers: response.headers };
  if (!exchange.readBody(response.status) || !response.body) {
    await response.body?.cancel();
    return { ...answer, bytes: new Uint8Array() };
  }
  if (Number(response.headers.get('content-length') ?? 0) > exchange.maxBytes) {
    await response.body.cancel();
    throw new TransportError('too_large');
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > exchange.maxBytes) {
        await reader.cancel();
        throw new TransportError('too_large', size);
      }
      chunks.push(next.value);
    }
  } catch (error) {
    if (error instanceof TransportError) throw error;
    throw new TransportError('unreachable', size, { cause: error });
  }
  return { ...answer, bytes: concat(chunks, size) };
}

const isBun = () => typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined';

/** One request, no redirect followed, through the transport this runtime has. */
export const exchange = (request: Exchange): Promise<RawAnswer> =>
  isBun() ? nodeExchange(request) : fetchExchange(request);

type Lookup = (host: string, options: { all: true }) => Promise<{ address: string }[]>;

/** The system resolver (Bun); the Worker has none and never calls it. */
export async function systemResolver(host: string): Promise<string[]> {
  // A variable specifier keeps node:dns out of the Worker bundle.
  const specifier = 'node:dns/promises';
  const { lookup } = (await import(/* @vite-ignore */ specifier)) as { lookup: Lookup };
  return (await lookup(host, { all: true })).map((entry) => entry.address);
}
