import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { roleAtLeast } from '../../domain/account/permissions.ts';
import type { Role } from '../../domain/contracts/auth.ts';
import type { AppEnv, AuthedContext, ServiceContext } from '../context.ts';
import { forbidden, unauthorized } from './errors.ts';

/** The service context of the current request, whether or not anyone is signed in. */
export function serviceContext(c: Context<AppEnv>): ServiceContext {
  // c.get, not c.var: Hono's `c.var` copies every variable into a new object on each read.
  const { db, readThread, config, now, jobs } = c.get('deps');
  const clientIp = c.get('clientIp');
  return {
    db,
    readThread,
    config,
    log: c.get('log'),
    requestId: c.get('requestId'),
    // A getter: most reads never ask (see AppEnv's clientIp).
    get ip() {
      return clientIp();
    },
    now: now ?? (() => new Date()),
    wakeJobs: jobs ? () => jobs.wake() : undefined,
  };
}

/**
 * The signed-in caller's context, or 401. With `minimumRole`, a caller below it gets 403: roles
 * are enforced here, on the server, whatever the UI shows.
 */
export function authedContext(c: Context<AppEnv>, minimumRole: Role = 'viewer'): AuthedContext {
  const principal = c.get('principal');
  if (!principal) throw unauthorized();
  if (!roleAtLeast(principal.role, minimumRole)) throw forbidden();
  // Assigned onto the service context rather than spread, which would look the address up.
  return Object.assign(serviceContext(c), principal);
}

/** The property `requireRole` middleware carries its role under. */
export const REQUIRED_ROLE = 'requiredRole';

/**
 * Route middleware that answers 401/403 before validation runs, so a caller who may not make the
 * call learns nothing about the body it sent.
 */
export function requireRole(minimumRole: Role) {
  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    authedContext(c, minimumRole);
    await next();
  });
  // Read back by tests/integration/roles.test.ts from the app's route table.
  return Object.assign(middleware, { [REQUIRED_ROLE]: minimumRole });
}
