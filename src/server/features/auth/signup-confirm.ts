// Opening the link emailed at sign-up (decision 041, "Sign-up with email confirmation"): the token
// proves the inbox, so the account is created now, with what was typed at sign-up, and signed in.
import { eq } from 'drizzle-orm';
import { pendingSignups, users } from '../../../../db/schema/auth.ts';
import type { ServiceContext } from '../../context.ts';
import { conflict, HttpError } from '../../lib/errors.ts';
import { secretTokenHash } from '../../lib/secret-token.ts';
import {
  assertPasswordSignInEnabled,
  openAccount,
  type RequestMeta,
  type StartedSession,
} from './service.ts';

const invalidLink = () =>
  new HttpError(
    400,
    'This sign-up link is not valid: it has expired, was already used, or a newer one was sent. Sign up again to get a new link.',
    'signup_link_invalid',
  );

const addressTaken = () => conflict('This address already has an account. Sign in instead.');

/**
 * POST /api/auth/signup/confirm (public). Creates the user, company, admin membership and session
 * and deletes the pending sign-up in one batch (openAccount), so a link works once: a second use
 * finds no row. If the address got an account in between (an invitation, single sign-on), 409 and
 * the pending sign-up is dropped.
 */
export async function confirmSignUp(
  ctx: ServiceContext,
  token: string,
  meta: RequestMeta,
): Promise<StartedSession> {
  assertPasswordSignInEnabled(ctx);
  const pending = await ctx.db
    .select()
    .from(pendingSignups)
    .where(eq(pendingSignups.tokenHash, await secretTokenHash(token)))
    .get();
  if (!pending) throw invalidLink();
  const thisSignUp = eq(pendingSignups.id, pending.id);
  if (pending.expiresAt.getTime() <= ctx.now().getTime()) {
    await ctx.db.delete(pendingSignups).where(thisSignUp);
    throw invalidLink();
  }
  const existing = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, pending.email))
    .get();
  if (existing) {
    await ctx.db.delete(pendingSignups).where(thisSignUp);
    throw addressTaken();
  }
  try {
    return await openAccount(ctx, pending, meta, [ctx.db.delete(pendingSignups).where(thisSignUp)]);
  } catch (error) {
    // The address got an account between the check and the batch (users_email_unique).
    if (error instanceof HttpError && error.status === 409) {
      await ctx.db.delete(pendingSignups).where(thisSignUp);
      throw addressTaken();
    }
    throw error;
  }
}
