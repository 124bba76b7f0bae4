// The one way the server calls a URL a person typed or a remote named: the Odoo server URL and the
// offset feed (decision 040). Every hop is checked by the SSRF guard (outbound-url.ts): the host
// before anything leaves, every address DNS gives for it at connect time (outbound-transport.ts),
// and each redirect's target the same way. The body is read up to a byte limit and no further,
// whatever Content-Length says. Failures carry plain messages of our own: nothing the remote
// answered is echoed, and a refused, reset or silent port all read "could not be reached", so
// the server cannot be used to scan ports. Details go to the server log only.

import {
  type Exchange,
  exchange,
  type Resolver,
  systemResolver,
  TransportError,
} from './outbound-transport.ts';
import { isRefusedHost, outboundPolicy } from './outbound-url.ts';

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Deadline of the whole call: connection, redirects and body. */
  timeoutMs: number;
  /** The body is read up to this many bytes; beyond, the read stops and the call fails. */
  maxBytes: number;
  /** Redirects followed, each checked like the first URL; 0 (the default) returns the 3xx itself. */
  maxRedirects?: number;
  /** Tests: answers for names instead of the system resolver. */
  resolver?: Resolver;
}

export interface OutboundAnswer {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  text(): string;
}

export type OutboundFailure =
  /** The host, an address DNS gave for it, or a redirect's target is private or local. */
  | 'refused'
  /** No answer: DNS failure, connection refused or reset, timeout (deliberately one reason). */
  | 'unreachable'
  /** The body passed `maxBytes`, declared or while streaming. */
  | 'too_large'
  /** More redirects than allowed, or a redirect that is not http(s). */
  | 'redirect';

/** A failure with a message written for people. */
export class OutboundError extends Error {
  override name = 'OutboundError';
  /** How far a too-large body was read before the read stopped. */
  readonly bytesRead: number;
  /** The failure came at a redirect's target, not at the URL the caller gave. */
  readonly redirected: boolean;
  constructor(
    readonly failure: OutboundFailure,
    message: string,
    details: { bytesRead?: number; redirected?: boolean } = {},
  ) {
    super(message);
    this.bytesRead = details.bytesRead ?? 0;
    this.redirected = details.redirected ?? false;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The guard's message for a host a person typed. */
export const refusedHostMessage = (host: string) =>
  `The server address ${host} is on a private or local network, which ESG Pilot cannot connect to. Use the server's public address.`;

const refusal = (url: URL, hop: number) =>
  hop === 0
    ? new OutboundError('refused', refusedHostMessage(url.hostname))
    : new OutboundError(
        'refused',
        'The server redirects to a private or local network address, which ESG Pilot does not follow.',
        { redirected: true },
      );

/** Userinfo in a URL becomes HTTP Basic authentication (fetch refuses such URLs outright). */
function basicAuthorization(url: URL): Record<string, string> {
  if (!url.username && !url.password) return {};
  const user = `${decodeUserinfo(url.username)}:${decodeUserinfo(url.password)}`;
  return { Authorization: `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(user)))}` };
}

/** The URL parser leaves a stray `%` as it is; such a part is sent as written. */
function decodeUserinfo(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function stripUserinfo(url: URL): URL {
  const bare = new URL(url);
  bare.username = '';
  bare.password = '';
  return bare;
}

/** Calls `url` through the SSRF guard. Throws OutboundError; any HTTP status is an answer. */
export async function outboundFetch(url: string, request: OutboundRequest): Promise<OutboundAnswer> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  const maxRedirects = request.maxRedirects ?? 0;
  const first = new URL(url);
  let current = stripUserinfo(first);
  let method: string = request.method ?? 'GET';
  let body = request.body;
  for (let hop = 0; ; hop++) {
    if (!/^https?:$/.test(current.protocol)) {
      throw new OutboundError('redirect', 'The address is not http or https.', { redirected: hop > 0 });
    }
    if (isRefusedHost(current.hostname)) {
      throw refusal(current, hop);
    }
    // Credentials go to the origin they were written for, never to another one a redirect names.
    const authorization = current.origin === first.origin ? basicAuthorization(first) : {};
    const answer = await send(hop, {
      url: current,
      method,
      headers: { ...request.headers, ...authorization },
      body,
      maxBytes: request.maxBytes,
      // A redirect's body is never read: only its status and Location matter.
      readBody: (status) => !REDIRECTS.has(status),
      signal,
      resolver: request.resolver ?? systemResolver,
    });
    const location = REDIRECTS.has(answer.status) ? answer.headers.get('location') : null;
    if (location === null || maxRedirects === 0) return answer;
    if (hop >= maxRedirects) {
      throw new OutboundError('redirect', `The server redirects more than ${maxRedirects} times.`);
    }
    const next = URL.canParse(location, current) ? new URL(location, current) : null;
    if (!next) throw new OutboundError('redirect', 'The server redirects to an address that cannot be read.');
    // As fetch does (WHATWG Fetch §4.4): 303, and 301/302 after a POST, continue as a GET.
    if (answer.status === 303 || (method === 'POST' && (answer.status === 301 || answer.status === 302))) {
      method = 'GET';
      body = undefined;
    }
    current = stripUserinfo(next);
  }
}

async function send(hop: number, request: Exchange): Promise<OutboundAnswer> {
  const { url } = request;
  try {
    const raw = await exchange(request);
    const decoder = new TextDecoder();
    return { url: url.toString(), ...raw, text: () => decoder.decode(raw.bytes) };
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    outboundPolicy().log?.warn('outbound request failed', {
      host: url.host,
      failure: error.failure,
      cause: error.cause instanceof Error ? error.cause.message : undefined,
    });
    if (error.failure === 'refused') {
      throw refusal(url, hop);
    }
    const redirected = hop > 0;
    if (error.failure === 'too_large') {
      throw new OutboundError('too_large', 'The server answered more than allowed.', {
        bytesRead: error.bytesRead,
        redirected,
      });
    }
    throw new OutboundError('unreachable', 'The server could not be reached.', { redirected });
  }
}
