import type { AuthedContext } from '../../context.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';

/**
 * Counts one `action` by the signed-in person within the auth window (429 past `limit`). Keyed by
 * the person, not the address: the caller is already signed in, wherever they connect from.
 */
export function consumePersonLimit(
  ctx: AuthedContext,
  action: 'email-change' | 'password-change' | 'switch-company',
  limit: number,
): Promise<void> {
  return consumeRateLimit(
    ctx.db,
    {
      key: `${action}-user:${ctx.userId}`,
      limit,
      windowMs: ctx.config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    ctx.now(),
  );
}
