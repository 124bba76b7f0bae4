import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';

const incomingRequestId = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * First in the chain: a request id (reused from a trusted upstream when well-formed), a logger
 * carrying it, the caller's IP, and one access-log line when the response is done.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const { config, log } = c.var.deps;
  const upstream = c.req.header('x-request-id');
  const requestId = upstream && incomingRequestId.test(upstream) ? upstream : crypto.randomUUID();
  c.set('requestId', requestId);
  c.set('log', log.child({ requestId }));
  c.set('ip', clientIp(c.req.raw, config.TRUST_PROXY, c.env));
  c.set('principal', null);
  c.set('currentUser', null);
  const started = performance.now();
  await next();
  c.header('X-Request-Id', requestId);
  if (log.isEnabled('info')) {
    c.var.log.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  }
});

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
