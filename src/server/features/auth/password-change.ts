// Settings → Profile "Change password" (issue 19, decision 045).
import { and, eq, ne } from 'drizzle-orm';
import { sessions, users } from '../../../../db/schema/auth.ts';
import type { ChangePassword } from '../../../domain/contracts/auth.ts';
import type { AuthedContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { assertPasswordAllowed, hashPassword, verifyPassword } from '../../lib/password.ts';
import { auditInsert } from '../audit/service.ts';
import { consumePersonLimit } from './person-limit.ts';
import { forgetCachedSessions } from './session.ts';

const wrongCurrentPassword = () => {
  const message = 'Your current password is not correct';
  return new HttpError(400, message, 'wrong_password', {
    formErrors: [],
    fieldErrors: { currentPassword: [message] },
  });
};

/**
 * PUT /api/auth/password: the current password proves it is the owner and not someone at an
 * unlocked screen; the new one goes through the policy. Attempts are limited per person like
 * sign-in per address. The other sessions of the person end (a thief who had one loses it); this
 * one stays. An account made by single sign-on has no password to prove: it gets one through
 * "Forgot password?", which proves the mailbox instead.
 */
export async function changePassword(ctx: AuthedContext, input: ChangePassword): Promise<void> {
  await consumePersonLimit(ctx, 'password-change', ctx.config.AUTH_RATE_LIMIT_PER_EMAIL);
  const user = await ctx.db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, ctx.userId))
    .get();
  if (!user?.passwordHash) {
    throw new HttpError(
      409,
      'Your account signs in with single sign-on and has no password yet. To add one, sign out and use “Forgot password?” on the sign-in page: we email you a link.',
      'no_password',
    );
  }
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) throw wrongCurrentPassword();
  assertPasswordAllowed(input.newPassword, user.email, 'newPassword');
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: now })
      .where(eq(users.id, ctx.userId)),
    ctx.db.delete(sessions).where(and(eq(sessions.userId, ctx.userId), ne(sessions.id, ctx.sessionId))),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'password_changed',
      entityType: 'user',
      entityId: ctx.userId,
    }),
  ]);
  // decision 004: no process may answer from a cached session that was just ended.
  forgetCachedSessions(ctx.db);
}
