// Opening the link emailed to a new address (decision 041): the only place users.email changes
// after sign-up. The token proves the inbox, so no session is needed.
import { and, eq, ne } from 'drizzle-orm';
import { emailChangeRequests, memberships, users } from '../../../../db/schema/auth.ts';
import type { EmailChangeConfirmed } from '../../../domain/contracts/auth.ts';
import type { ServiceContext } from '../../context.ts';
import { conflict, HttpError, isUniqueViolation } from '../../lib/errors.ts';
import { sendEmail } from '../../lib/mailer.ts';
import { secretTokenHash } from '../../lib/secret-token.ts';
import { auditInsert } from '../audit/service.ts';
import { forgetCachedSessions } from './session.ts';

const invalidLink = () =>
  new HttpError(
    404,
    'This confirmation link is not valid or has expired. Ask for the change again in Settings → Profile.',
    'not_found',
  );

const addressTaken = () =>
  conflict(
    'Another account already uses this address, so it cannot become your sign-in email. Your email was not changed.',
  );

/**
 * POST /api/auth/email-change/confirm (signed in or not: the token proves the inbox). Makes the new
 * address the sign-in email and removes the request in one batch, audited in each of the person's
 * companies; then tells the old address, so a change nobody expected does not go unnoticed.
 */
export async function confirmEmailChange(ctx: ServiceContext, token: string): Promise<EmailChangeConfirmed> {
  const tokenHash = await secretTokenHash(token);
  const request = await ctx.db
    .select({
      userId: emailChangeRequests.userId,
      newEmail: emailChangeRequests.newEmail,
      expiresAt: emailChangeRequests.expiresAt,
      oldEmail: users.email,
    })
    .from(emailChangeRequests)
    .innerJoin(users, eq(users.id, emailChangeRequests.userId))
    .where(eq(emailChangeRequests.tokenHash, tokenHash))
    .get();
  if (!request) throw invalidLink();
  const thisRequest = and(
    eq(emailChangeRequests.userId, request.userId),
    eq(emailChangeRequests.tokenHash, tokenHash),
  );
  if (request.expiresAt.getTime() <= ctx.now().getTime()) {
    await ctx.db.delete(emailChangeRequests).where(thisRequest);
    throw invalidLink();
  }
  const other = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, request.newEmail), ne(users.id, request.userId)))
    .get();
  if (other) {
    await ctx.db.delete(emailChangeRequests).where(thisRequest);
    throw addressTaken();
  }
  const companies = await ctx.db
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .where(eq(memberships.userId, request.userId));
  try {
    await ctx.db.batch([
      // The delete first: a second use of the link (or a replaced request) finds nothing to change.
      ctx.db.delete(emailChangeRequests).where(thisRequest),
      ctx.db
        .update(users)
        .set({ email: request.newEmail, updatedAt: ctx.now() })
        .where(eq(users.id, request.userId)),
      ...companies.map(({ companyId }) =>
        auditInsert(ctx, {
          companyId,
          userId: request.userId,
          action: 'email_changed',
          entityType: 'user',
          entityId: request.userId,
        }),
      ),
    ]);
  } catch (error) {
    // Another account took the address between the check and the batch (users_email_unique).
    if (isUniqueViolation(error)) {
      await ctx.db.delete(emailChangeRequests).where(thisRequest);
      throw addressTaken();
    }
    throw error;
  }
  // Every cached session shows this user: none may answer with the old address.
  forgetCachedSessions(ctx.db);
  await notifyOldAddress(ctx, request.oldEmail, request.newEmail);
  return { email: request.newEmail };
}

/** Best effort: the change is made whether or not this email goes out. */
async function notifyOldAddress(ctx: ServiceContext, oldEmail: string, newEmail: string) {
  if (!ctx.config.SMTP_FROM) return;
  await sendEmail(
    ctx.config,
    {
      from: ctx.config.SMTP_FROM,
      to: oldEmail,
      subject: 'Your ESG Pilot sign-in email was changed',
      text: [
        `Your ESG Pilot account now signs in with ${newEmail} instead of this address.`,
        '',
        'If you did not make this change, reset your password and tell an admin of your company at once.',
      ].join('\n'),
    },
    ctx.log,
  );
}
