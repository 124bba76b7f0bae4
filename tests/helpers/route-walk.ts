import type { Hono } from 'hono';
import { COMPOSED_HANDLER } from 'hono/utils/constants';
import type { Action } from '../../src/domain/account/permissions.ts';
import type { Role } from '../../src/domain/contracts/auth.ts';
import { REQUIRED_ACTION } from '../../src/server/lib/permissions.ts';
import { REQUIRED_ROLE } from '../../src/server/lib/request.ts';

export const MUTATING = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const METHODS = new Set(['GET', ...MUTATING]);

/** One call the app answers, with what its `requirePermission`/`requireRole` middleware asks for. */
export interface WalkedRoute {
  method: string;
  path: string;
  /** The role its middleware requires; undefined when the route checks (if at all) in its handler. */
  declaredRole?: Role;
  declaredAction?: Action;
}

type Tagged = { [REQUIRED_ROLE]?: Role; [REQUIRED_ACTION]?: Action; [COMPOSED_HANDLER]?: unknown };

/**
 * Every method and path registered on the app (Hono's `routes` lists each handler of each route;
 * `app.route()` wraps a sub-app's handlers under COMPOSED_HANDLER when that sub-app has its own
 * error handler). Middleware mounted with `use('*')` and the catch-alls are left out.
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env
export function walkRoutes(app: Hono<any>): WalkedRoute[] {
  const byKey = new Map<string, WalkedRoute>();
  for (const route of app.routes) {
    if (!METHODS.has(route.method) || route.path.endsWith('*')) continue;
    const key = `${route.method} ${route.path}`;
    const walked = byKey.get(key) ?? { method: route.method, path: route.path };
    let handler = route.handler as unknown as Tagged;
    while (handler[COMPOSED_HANDLER]) handler = handler[COMPOSED_HANDLER] as Tagged;
    walked.declaredRole ??= handler[REQUIRED_ROLE];
    walked.declaredAction ??= handler[REQUIRED_ACTION];
    byKey.set(key, walked);
  }
  return [...byKey.values()];
}

/**
 * A concrete URL for a route pattern: each `:param` becomes a random UUID (nothing has that id, so
 * a call that gets past the role check answers 404, never acts on a real row); a constrained
 * `:param{a|b}` takes its first alternative.
 */
export function concretePath(pattern: string): string {
  return pattern.replace(/:(\w+)(\{([^}]*)\})?/g, (_match, _name, _constraint, regex?: string) => {
    const first = regex?.split('|')[0];
    return first && /^[\w-]+$/.test(first) ? first : crypto.randomUUID();
  });
}
