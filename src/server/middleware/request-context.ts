import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../context.ts';
import { accessLogWeight } from '../lib/access-log.ts';
import { isSafeMethod } from '../lib/safe-method.ts';
import { applySecurityHeaders, contentSecurityPolicy } from './security-headers.ts';

const incomingRequestId = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * First in the chain: the app's dependencies, a request id (reused from a trusted upstream when
 * well-formed), a logger carrying it, the caller's IP (on first use for a read); when the
 * response is done, the security headers and the access-log line (lib/access-log.ts says which
 * requests get one).
 */
export function requestContext(deps: AppDeps) {
  const { config, log } = deps;
  const policy = contentSecurityPolicy(deps.assets?.inlineScriptHashes ?? []);
  const weigh = accessLogWeight({ sampleEvery: config.ACCESS_LOG_SAMPLE, slowMs: config.ACCESS_LOG_SLOW_MS });
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('deps', deps);
    const upstream = c.req.header('x-request-id');
    const requestId = upstream && incomingRequestId.test(upstream) ? upstream : crypto.randomUUID();
    const requestLog = log.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', requestLog);
    const lookUpIp = () => clientIp(c.req.raw, config.TRUST_PROXY, c.env);
    // A read looks the address up only if something asks; a call that may write does it at once.
    let ip = isSafeMethod(c.req.method) ? undefined : lookUpIp();
    c.set('clientIp', () => {
      if (ip === undefined) ip = lookUpIp();
      return ip;
    });
    c.set('principal', null);
    c.set('currentUser', null);
    const started = performance.now();
    await next();
    const headers = c.res.headers;
    headers.set('X-Request-Id', requestId);
    applySecurityHeaders(headers, c.req.url, policy);
    if (!requestLog.isEnabled('info')) return;
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const { method, path } = c.req;
    const status = c.res.status;
    const weight = weigh(method, status, ms);
    if (weight === 1) requestLog.info('request', { method, path, status, ms });
    else if (weight > 1) requestLog.info('request', { method, path, status, ms, sampledOneIn: weight });
  });
}

function clientIp(request: Request, trustProxy: boolean, env: unknown): string | null {
  if (trustProxy) {
    const forwarded =
      request.headers.get('cf-connecting-ip') ?? request.headers.get('x-forwarded-for')?.split(',')[0];
    if (forwarded?.trim()) return forwarded.trim();
  }
  // Bun.serve passes its server as the env; it knows the socket's address.
  const server = env as { requestIP?: (request: Request) => { address: string } | null } | undefined;
  return server?.requestIP?.(request)?.address ?? null;
}
