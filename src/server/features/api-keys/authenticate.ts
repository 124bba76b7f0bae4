import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { apiKeys } from '../../../../db/schema/api-keys.ts';
import { companies, memberships } from '../../../../db/schema/auth.ts';
import { roleAtLeast } from '../../../domain/account/permissions.ts';
import { entitlementRefusal, hasEntitlement } from '../../../domain/account/plans.ts';
import type { Role } from '../../../domain/contracts/auth.ts';
import type { Config } from '../../config.ts';
import type { Principal } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { apiKeyHash, looksLikeApiKey } from './secret.ts';

/** lastUsedAt is written at most this often per key: a busy integration must not write per call. */
const LAST_USED_RESOLUTION_MS = 60_000;
const RATE_WINDOW_MS = 60_000;

const lowerRole = (a: Role, b: Role): Role => (roleAtLeast(b, a) ? a : b);

export const invalidApiKey = () =>
  new HttpError(401, 'The API key is not valid, or it was revoked or regenerated', 'invalid_api_key');

interface KeyRequest {
  db: Db;
  config: Config;
  ip: string | null;
  now: Date;
}

/**
 * `Authorization: Bearer esgp_…` → the principal the key acts as, or an error. Asked of the
 * database on every request (no cache), so a revoke or regenerate takes effect on the very next
 * call in every process. The key counts only while its creator is still a member of the key's
 * company (the inner join), and the company's plan includes API access; its role is capped at
 * the creator's current role, so demoting a person demotes their keys. (Only admins create keys,
 * decision 019, so these two rules are what take the power of an admin's keys away when the admin
 * is demoted or leaves.)
 */
export async function authenticateApiKey(request: KeyRequest, token: string): Promise<Principal> {
  const { db, config, now } = request;
  const row = looksLikeApiKey(token)
    ? await db
        .select({
          id: apiKeys.id,
          companyId: apiKeys.companyId,
          userId: memberships.userId,
          keyRole: apiKeys.role,
          memberRole: memberships.role,
          lastUsedAt: apiKeys.lastUsedAt,
          plan: companies.plan,
        })
        .from(apiKeys)
        .innerJoin(
          memberships,
          and(eq(memberships.userId, apiKeys.createdBy), eq(memberships.companyId, apiKeys.companyId)),
        )
        .innerJoin(companies, eq(companies.id, apiKeys.companyId))
        .where(and(eq(apiKeys.keyHash, await apiKeyHash(token)), isNull(apiKeys.revokedAt)))
        .get()
    : undefined;
  if (!row) {
    // Failed keys share the sign-in limits per address: guessing is hopeless, but noise is not free.
    await consumeRateLimit(
      db,
      {
        key: `api-key-failed-ip:${request.ip ?? 'unknown'}`,
        limit: config.AUTH_RATE_LIMIT_PER_IP,
        windowMs: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
      },
      now,
    );
    throw invalidApiKey();
  }
  if (!hasEntitlement(row.plan, 'apiAccess')) {
    throw new HttpError(403, entitlementRefusal(row.plan, 'apiAccess'), 'plan_required');
  }
  await consumeRateLimit(
    db,
    { key: `api-key:${row.id}`, limit: config.API_KEY_RATE_LIMIT_PER_MINUTE, windowMs: RATE_WINDOW_MS },
    now,
  );
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    // Conditional, so concurrent calls in several processes write once per interval at most.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))),
      );
  }
  return {
    userId: row.userId,
    companyId: row.companyId,
    role: lowerRole(row.keyRole, row.memberRole),
    sessionId: '',
    apiKeyId: row.id,
  };
}

/** The token of an `Authorization: Bearer` header (scheme case-insensitive, RFC 7235 §2.1), or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = header ? /^bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** Whether the request carries an Authorization header with the Bearer scheme at all. */
export function hasBearerScheme(header: string | undefined): boolean {
  return !!header && /^bearer(\s|$)/i.test(header);
}
