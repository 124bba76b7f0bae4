// A request's latest share as the company sees it (decision 078): state, expiry, access count and
// log. Never the token: only its hash is stored.
import { and, desc, eq } from 'drizzle-orm';
import { dataRequestShareAccesses, dataRequestShares } from '../../../../db/schema/data-requests.ts';
import type { DataRequestShare } from '../../../domain/contracts/data-requests.ts';
import type { AuthedContext } from '../../context.ts';

const ACCESS_LOG_LENGTH = 50;

export function shareState(
  share: { revokedAt: Date | null; expiresAt: Date },
  now: Date,
): DataRequestShare['state'] {
  if (share.revokedAt !== null) return 'revoked';
  return share.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

export async function shareSummary(ctx: AuthedContext, requestId: string): Promise<DataRequestShare | null> {
  const share = await ctx.db
    .select({
      id: dataRequestShares.id,
      version: dataRequestShares.version,
      createdAt: dataRequestShares.createdAt,
      expiresAt: dataRequestShares.expiresAt,
      revokedAt: dataRequestShares.revokedAt,
      accessCount: dataRequestShares.accessCount,
      lastAccessedAt: dataRequestShares.lastAccessedAt,
    })
    .from(dataRequestShares)
    .where(and(eq(dataRequestShares.companyId, ctx.companyId), eq(dataRequestShares.requestId, requestId)))
    .orderBy(desc(dataRequestShares.version))
    .get();
  if (!share) return null;
  const accesses = await ctx.db
    .select({ at: dataRequestShareAccesses.at })
    .from(dataRequestShareAccesses)
    .where(eq(dataRequestShareAccesses.shareId, share.id))
    .orderBy(desc(dataRequestShareAccesses.at), desc(dataRequestShareAccesses.id))
    .limit(ACCESS_LOG_LENGTH);
  return {
    version: share.version,
    state: shareState(share, ctx.now()),
    createdAt: share.createdAt.toISOString(),
    expiresAt: share.expiresAt.toISOString(),
    revokedAt: share.revokedAt?.toISOString() ?? null,
    accessCount: share.accessCount,
    lastAccessedAt: share.lastAccessedAt?.toISOString() ?? null,
    accessLog: accesses.map((access) => ({ at: access.at.toISOString() })),
  };
}
