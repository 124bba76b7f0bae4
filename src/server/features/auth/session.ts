import { and, eq, is, isNull, lte, or, Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import type { LocalReader } from '../../../../db/local-reader.ts';
import { companies, memberships, sessions, users } from '../../../../db/schema/auth.ts';
import type { CurrentUser } from '../../../domain/contracts/auth.ts';
import type { Principal } from '../../context.ts';
import { generateSecretToken, secretTokenHash } from '../../lib/secret-token.ts';

/** Sliding expiry (Lucia's session guide): 30 days, renewed once less than half remains. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_WHEN_REMAINING_MS = SESSION_LIFETIME_MS / 2;

/** The only copy lives in the browser's cookie; the session's id is its hash. */
export const generateSessionToken = generateSecretToken;

/** The database keeps only SHA-256(token), so a leaked table cannot be replayed as cookies. */
export const sessionIdFromToken = secretTokenHash;

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
  lastActiveAt: users.lastActiveAt,
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
    const lastActiveAt = row.lastActiveAt === null ? null : new Date(row.lastActiveAt as number);
    return { ...row, expiresAt: new Date(row.expiresAt as number), lastActiveAt } as NonNullable<SessionRow>;
  };
}

const lookups = new WeakMap<Db, (sessionId: string) => Promise<SessionRow>>();

/**
 * Validated sessions remembered for a moment (SESSION_CACHE_MS, default 1 s), per database
 * handle. A page load makes several API calls within that time; each would otherwise repeat the
 * same lookup. Writes in this process that change what a session shows (sign-out, rotation,
 * expiry, renewal, profile or company edits, memberships) call `forgetCachedSessions`, so this
 * process never serves a stale answer; another process may for at most the cache time.
 * See docs/decisions/004-session-lookup.md.
 */
const caches = new WeakMap<Db, Map<string, { row: NonNullable<SessionRow>; storedAt: number }>>();
const CACHE_MAX_ENTRIES = 10_000;

/**
 * Bumped by every forget. A lookup that read the database before a forget must not store its
 * (now stale) row after it: through Drizzle (Turso, D1) the read and the store are separate turns.
 */
const generations = new WeakMap<Db, number>();

function bumpGeneration(db: Db): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
}

export function forgetCachedSessions(db: Db): void {
  bumpGeneration(db);
  caches.get(db)?.clear();
}

/** Forgets one session only: a change that concerns that session alone (a company switch). */
export function forgetCachedSession(db: Db, sessionId: string): void {
  bumpGeneration(db);
  caches.get(db)?.delete(sessionId);
}

async function findSession(
  db: Db,
  sessionId: string,
  nowMs: number,
  options: SessionLookupOptions,
): Promise<SessionRow> {
  const cacheMs = options.cacheMs ?? 0;
  let cache = caches.get(db);
  // Aged by the service clock (ctx.now), so a test moves it instead of waiting. A clock set back
  // (a test's clock returning to real time) makes an entry stored "later" stale, never fresher.
  const cached = cacheMs > 0 ? cache?.get(sessionId) : undefined;
  const age = cached ? nowMs - cached.storedAt : -1;
  if (cached && age >= 0 && age < cacheMs) return cached.row;
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = createLookup(db, options.reader ?? null);
    lookups.set(db, lookup);
  }
  const generation = generations.get(db) ?? 0;
  const row = await lookup(sessionId);
  if (row && cacheMs > 0 && generation === (generations.get(db) ?? 0)) {
    if (!cache) {
      cache = new Map();
      caches.set(db, cache);
    }
    if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
    cache.set(sessionId, { row, storedAt: nowMs });
  }
  return row;
}

export interface SessionLookupOptions {
  /** Cached prepared reads on a local libSQL file (db/local-reader.ts). */
  reader?: LocalReader | null;
  /** How long a validated session may be answered from memory; 0 asks the database every time. */
  cacheMs?: number;
}

export async function validateSessionToken(
  db: Db,
  token: string,
  now: Date,
  options: SessionLookupOptions = {},
): Promise<SessionValidation | null> {
  const sessionId = await sessionIdFromToken(token);
  const row = await findSession(db, sessionId, now.getTime(), options);
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    forgetCachedSessions(db);
    return null;
  }
  if (row.lastActiveAt === null || now.getTime() - row.lastActiveAt.getTime() >= ACTIVITY_RESOLUTION_MS) {
    await touchLastActive(db, row.userId, now);
    // The remembered row (this object) now says so too: no second write within the day.
    row.lastActiveAt = now;
  }
  let renewedExpiresAt: Date | null = null;
  if (row.expiresAt.getTime() - now.getTime() < RENEW_WHEN_REMAINING_MS) {
    renewedExpiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await db.update(sessions).set({ expiresAt: renewedExpiresAt }).where(eq(sessions.id, sessionId));
    forgetCachedSessions(db);
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

/**
 * `users.last_active_at` feeds the 3-year inactivity rule of the legal pages (retention job); a
 * day is precise enough, so it is written at most once a day per user, when a session is created
 * or validated. Conditional, so concurrent requests write it once.
 */
export const ACTIVITY_RESOLUTION_MS = 24 * 60 * 60 * 1000;

export function touchLastActive(db: Db, userId: string, now: Date) {
  return db
    .update(users)
    .set({ lastActiveAt: now })
    .where(
      and(
        eq(users.id, userId),
        or(
          isNull(users.lastActiveAt),
          lte(users.lastActiveAt, new Date(now.getTime() - ACTIVITY_RESOLUTION_MS)),
        ),
      ),
    );
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
