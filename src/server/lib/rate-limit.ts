import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rateLimits } from '../../../db/schema/security.ts';
import { HttpError } from './errors.ts';

export interface RateLimitRule {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counter in the database, one atomic upsert per check, so every process and the
 * Worker share the same counts. Throws 429 with Retry-After seconds in `details` when exceeded.
 */
export async function consumeRateLimit(db: Db, rule: RateLimitRule, now: Date): Promise<void> {
  const nowMs = now.getTime();
  const resetAt = nowMs + rule.windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: rule.key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= ${nowMs} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${nowMs} THEN ${resetAt} ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  if (row && row.count > rule.limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((row.resetAt - nowMs) / 1000));
    throw new HttpError(429, 'Too many attempts. Please wait a few minutes and try again.', 'rate_limited', {
      retryAfterSeconds,
    });
  }
}
