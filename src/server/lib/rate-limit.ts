import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rateLimits } from '../../../db/schema/security.ts';
import { HttpError } from './errors.ts';

export interface RateLimitRule {
  key: string;
  limit: number;
  windowMs: number;
  /** The 429's message when it is not a person's attempts that are counted (default: attempts). */
  message?: string;
}

const ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

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
  if (row && row.count > rule.limit) throw tooManyAttempts(rule, row.resetAt - nowMs);
}

/**
 * Refuses (429) when the rule's window is already full, without counting this call: for counters
 * that only some outcomes feed (failed sign-ins), through `consumeRateLimit` after the outcome.
 */
export async function assertUnderRateLimit(db: Db, rule: RateLimitRule, now: Date): Promise<void> {
  const nowMs = now.getTime();
  const row = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, rule.key))
    .get();
  if (row && row.resetAt > nowMs && row.count >= rule.limit) throw tooManyAttempts(rule, row.resetAt - nowMs);
}

/** Whether `consumeRateLimit` would refuse: the same upsert, answered as a boolean. */
export async function isRateLimited(db: Db, rule: RateLimitRule, now: Date): Promise<boolean> {
  try {
    await consumeRateLimit(db, rule, now);
    return false;
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return true;
    throw error;
  }
}

function tooManyAttempts(rule: RateLimitRule, remainingMs: number): HttpError {
  const retryAfterSeconds = Math.max(1, Math.ceil(remainingMs / 1000));
  return new HttpError(429, rule.message ?? ATTEMPTS_MESSAGE, 'rate_limited', { retryAfterSeconds });
}
