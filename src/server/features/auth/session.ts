import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { memberships, sessions } from '../../../../db/schema/auth.ts';
import type { Principal } from '../../context.ts';

/** Sliding expiry (Lucia's session guide): 30 days, renewed once less than half remains. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_WHEN_REMAINING_MS = SESSION_LIFETIME_MS / 2;

/** 160 random bits, base32: the only copy lives in the browser's cookie. */
export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

/** The database keeps only SHA-256(token), so a leaked table cannot be replayed as cookies. */
export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export interface SessionValidation {
  principal: Principal;
  /** Set when the expiry slid forward and the cookie must be sent again. */
  renewedExpiresAt: Date | null;
}

/** Prepared once per database: this lookup runs on every signed-in request. */
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Db) {
  return db
    .select({
      userId: sessions.userId,
      companyId: sessions.companyId,
      expiresAt: sessions.expiresAt,
      role: memberships.role,
    })
    .from(sessions)
    .innerJoin(
      memberships,
      // A session counts only while its user still belongs to the company it was opened for.
      and(eq(memberships.userId, sessions.userId), eq(memberships.companyId, sessions.companyId)),
    )
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare();
}

export async function validateSessionToken(db: Db, token: string, now: Date): Promise<SessionValidation | null> {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  const sessionId = sessionIdFromToken(token);
  const row = await lookup.get({ sessionId });
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  let renewedExpiresAt: Date | null = null;
  if (row.expiresAt.getTime() - now.getTime() < RENEW_WHEN_REMAINING_MS) {
    renewedExpiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await db.update(sessions).set({ expiresAt: renewedExpiresAt }).where(eq(sessions.id, sessionId));
  }
  return {
    principal: { userId: row.userId, companyId: row.companyId, role: row.role, sessionId },
    renewedExpiresAt,
  };
}

export function newSessionValues(input: {
  userId: string;
  companyId: string;
  now: Date;
  ip: string | null;
  userAgent: string | null;
}) {
  const token = generateSessionToken();
  return {
    token,
    expiresAt: new Date(input.now.getTime() + SESSION_LIFETIME_MS),
    row: {
      id: sessionIdFromToken(token),
      userId: input.userId,
      companyId: input.companyId,
      expiresAt: new Date(input.now.getTime() + SESSION_LIFETIME_MS),
      createdAt: input.now,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    },
  };
}
