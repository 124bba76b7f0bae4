import type { Context, MiddlewareHandler } from 'hono';
import { type Action, minimumRole } from '../../domain/account/permissions.ts';
import type { Role } from '../../domain/contracts/auth.ts';
import type { AppEnv, AuthedContext } from '../context.ts';
import { authedContext, REQUIRED_ROLE, requireRole } from './request.ts';

/**
 * The matrix of src/domain/account/permissions.ts on a route. The middleware carries the action
 * (and, through `requireRole`, the role), so tests/integration/roles.test.ts can read from the
 * app's own route table what each call requires.
 */
export const REQUIRED_ACTION = 'requiredAction';

export type PermissionMiddleware = MiddlewareHandler<AppEnv> & {
  [REQUIRED_ACTION]: Action;
  [REQUIRED_ROLE]: Role;
};

/** Route middleware: 401 without a session, 403 below the action's minimum role, before validation. */
export function requirePermission(action: Action): PermissionMiddleware {
  return Object.assign(requireRole(minimumRole(action)), { [REQUIRED_ACTION]: action });
}

/** The caller's context once `action` is allowed; the handler's own check, next to the middleware. */
export function authorize(c: Context<AppEnv>, action: Action): AuthedContext {
  return authedContext(c, minimumRole(action));
}
