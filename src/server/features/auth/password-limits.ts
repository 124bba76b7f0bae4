// Sign-in throttling that a stranger cannot turn against the owner (issue 19, decision 045).
// Attempts count per IP and per (email, IP) pair, so failures from other addresses never use up
// the owner's own attempts. Failed attempts also count per email over all addresses, in a slower
// window, to slow spraying one account from many addresses; an address the person signed in from
// before (kept hashed, 30 days) is exempt from that one, so even a sustained spray does not lock
// the owner out where they usually sign in (OWASP Authentication Cheat Sheet, "Account Lockout";
// OWASP "Slow Down Online Guessing Attacks with Device Cookies", applied to addresses).
import { and, eq, gt } from 'drizzle-orm';
import { knownSignInAddresses } from '../../../../db/schema/auth.ts';
import { sha256Hex } from '../../../domain/sha256.ts';
import type { ServiceContext } from '../../context.ts';
import { assertUnderRateLimit, consumeRateLimit, isRateLimited } from '../../lib/rate-limit.ts';
import { SESSION_LIFETIME_MS } from './session.ts';

/** How long a successful sign-in keeps its address known. */
const KNOWN_ADDRESS_MS = SESSION_LIFETIME_MS;

// Keys end with `:<email>`, so erasing a person removes their counters (privacy/erase.ts).
const pairKey = (bucket: string, ip: string | null, email: string) =>
  `${bucket}-pair:${ip ?? 'unknown'}:${email}`;
const failuresKey = (email: string) => `sign-in-failures:${email}`;

/** Per IP, then per (email, IP): every attempt counts, successful or not. */
export async function limitAttemptsByAddress(ctx: ServiceContext, bucket: string, email: string) {
  const windowMs = ctx.config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000;
  const now = ctx.now();
  await consumeRateLimit(
    ctx.db,
    { key: `${bucket}-ip:${ctx.ip ?? 'unknown'}`, limit: ctx.config.AUTH_RATE_LIMIT_PER_IP, windowMs },
    now,
  );
  await consumeRateLimit(
    ctx.db,
    { key: pairKey(bucket, ctx.ip, email), limit: ctx.config.AUTH_RATE_LIMIT_PER_EMAIL, windowMs },
    now,
  );
}

function failuresRule(ctx: ServiceContext, email: string) {
  return {
    key: failuresKey(email),
    limit: ctx.config.AUTH_RATE_LIMIT_FAILURES_PER_EMAIL,
    windowMs: ctx.config.AUTH_RATE_LIMIT_FAILURES_WINDOW_SECONDS * 1000,
  };
}

/**
 * 429 when this email has had too many failures from all addresses together, unless the caller
 * signs in from an address this user signed in from before. Checked before the password, so a
 * sprayer learns nothing once the limit is reached; an unknown email behaves like a user seen
 * nowhere.
 */
export async function assertNotSprayed(ctx: ServiceContext, email: string, userId: string | null) {
  try {
    await assertUnderRateLimit(ctx.db, failuresRule(ctx, email), ctx.now());
  } catch (error) {
    if (userId && (await isKnownAddress(ctx, userId))) return;
    throw error;
  }
}

/** Counts one failed sign-in against the email over all addresses. */
export async function recordFailedSignIn(ctx: ServiceContext, email: string): Promise<void> {
  await isRateLimited(ctx.db, failuresRule(ctx, email), ctx.now());
}

async function isKnownAddress(ctx: ServiceContext, userId: string): Promise<boolean> {
  if (!ctx.ip) return false;
  const since = new Date(ctx.now().getTime() - KNOWN_ADDRESS_MS);
  const row = await ctx.db
    .select({ userId: knownSignInAddresses.userId })
    .from(knownSignInAddresses)
    .where(
      and(
        eq(knownSignInAddresses.userId, userId),
        eq(knownSignInAddresses.addressHash, sha256Hex(ctx.ip)),
        gt(knownSignInAddresses.lastSignedInAt, since),
      ),
    )
    .get();
  return Boolean(row);
}

/** After a successful sign-in: this address is the person's own for the next 30 days. */
export async function rememberSignInAddress(ctx: ServiceContext, userId: string): Promise<void> {
  if (!ctx.ip) return;
  const now = ctx.now();
  await ctx.db
    .insert(knownSignInAddresses)
    .values({ userId, addressHash: sha256Hex(ctx.ip), lastSignedInAt: now })
    .onConflictDoUpdate({
      target: [knownSignInAddresses.userId, knownSignInAddresses.addressHash],
      set: { lastSignedInAt: now },
    });
}
