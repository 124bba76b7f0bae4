import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, is, Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import type { LocalReader } from '../../../../db/local-reader.ts';
import { companies, memberships, sessions, users } from '../../../../db/schema/auth.ts';
import type { CurrentUser } from '../../../domain/contracts/auth.ts';
import type { Principal } from '../../context.ts';
import { sha256Hex } from '../../lib/hash.ts';

/** Sliding expiry (Lucia's session guide): 30 days, renewed once less than half remains. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_WHEN_REMAINING_MS = SESSION_LIFETIME_MS / 2;

/** 160 random bits, base32: the only copy lives in the browser's cookie. */
export function generateSessionToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

/** The database keeps only SHA-256(token), so a leaked table cannot be replayed as cookies. */
export function sessionIdFromToken(token: string): Promise<string> {
  return sha256Hex(token);
}

export interface SessionValidation {
  principal: Principal;
  /** The signed-in person as GET /api/auth/user shows them, read in the same query. */
  user: CurrentUser;
  /** Set when the expiry slid forward and the cookie must be sent again. */
  renewedExpiresAt: Date | null;
}

/** Session, membership, user and company in one indexed lookup: the only query of a signed-in read. */
const sessionSelection = {
  userId: sessions.userId,
  companyId: sessions.companyId,
  expiresAt: sessions.expiresAt,
  role: memberships.role,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  profileImageUrl: users.profileImageUrl,
  companyName: companies.name,
  jurisdiction: companies.jurisdiction,
};
const selectedFields = Object.keys(sessionSelection) as (keyof typeof sessionSelection)[];

function sessionQuery(db: Db) {
  return db
    .select(sessionSelection)
    .from(sessions)
    .innerJoin(
      memberships,
      // A session counts only while its user still belongs to the company it was opened for.
      and(eq(memberships.userId, sessions.userId), eq(memberships.companyId, sessions.companyId)),
    )
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, sessions.companyId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .limit(1);
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>['get']>>;

/**
 * Builds the lookup once per database. With a local reader (a libSQL file on this machine) the
 * same SQL runs as a cached prepared statement; otherwise (Turso, D1) through Drizzle.
 */
function createLookup(db: Db, reader: LocalReader | null): (sessionId: string) => Promise<SessionRow> {
  const query = sessionQuery(db);
  if (!reader) {
    const prepared = query.prepare();
    return (sessionId) => prepared.get({ sessionId });
  }
  const { sql: text, params } = query.toSQL();
  // Drizzle's parameters in order: the session-id placeholder, then literals such as the limit.
  const bind = (sessionId: string) => params.map((param) => (is(param, Placeholder) ? sessionId : param));
  return async (sessionId) => {
    const values = reader.getRow(text, bind(sessionId));
    if (!values) return undefined;
    // Columns arrive in select order; the one timestamp is stored as epoch milliseconds.
    const row = Object.fromEntries(selectedFields.map((field, index) => [field, values[index]]));
    return { ...row, expiresAt: new Date(row.expiresAt as number) } as NonNullable<SessionRow>;
  };
}

const lookups = new WeakMap<Db, (sessionId: string) => Promise<SessionRow>>();

export async function validateSessionToken(
  db: Db,
  token: string,
  now: Date,
  reader: LocalReader | null = null,
): Promise<SessionValidation | null> {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = createLookup(db, reader);
    lookups.set(db, lookup);
  }
  const sessionId = await sessionIdFromToken(token);
  const row = await lookup(sessionId);
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
    user: {
      id: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      profileImageUrl: row.profileImageUrl,
      companyId: row.companyId,
      companyName: row.companyName,
      jurisdiction: row.jurisdiction,
      role: row.role,
    },
    renewedExpiresAt,
  };
}

export async function newSessionValues(input: {
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
      id: await sessionIdFromToken(token),
      userId: input.userId,
      companyId: input.companyId,
      expiresAt: new Date(input.now.getTime() + SESSION_LIFETIME_MS),
      createdAt: input.now,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    },
  };
}
