import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../context.ts';
import { applySecurityHeaders, contentSecurityPolicy } from './security-headers.ts';

const incomingRequestId = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * First in the chain: the app's dependencies, a request id (reused from a trusted upstream when
 * well-formed), a logger carrying it, the caller's IP; when the response is done, the security
 * headers and one access-log line.
 */
export function requestContext(deps: AppDeps) {
  const { config, log } = deps;
  const policy = contentSecurityPolicy(deps.assets?.inlineScriptHashes ?? []);
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set('deps', deps);
    const upstream = c.req.header('x-request-id');
    const requestId = upstream && incomingRequestId.test(upstream) ? upstream : crypto.randomUUID();
    c.set('requestId', requestId);
    c.set('log', log.child({ requestId }));
    c.set('ip', clientIp(c.req.raw, config.TRUST_PROXY, c.env));
    c.set('principal', null);
    c.set('currentUser', null);
    const started = performance.now();
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    applySecurityHeaders(c.res.headers, c.req.url, policy);
    if (log.isEnabled('info')) {
      c.var.log.info('request', {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    }
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
