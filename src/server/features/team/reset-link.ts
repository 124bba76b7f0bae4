// Settings → Team "Issue reset link" (issue 19, decision 045): where no email is set up, an admin
// gives a member a one-time link to choose a new password, shown once like an invitation link.
import { and, eq, ne } from 'drizzle-orm';
import { memberships, users } from '../../../../db/schema/auth.ts';
import type { IssuedResetLink } from '../../../domain/contracts/auth.ts';
import type { AuthedContext } from '../../context.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { isLinkEmailAvailable } from '../../lib/mailer.ts';
import { auditInsert } from '../audit/service.ts';
import { issueResetLinkStatements, resetLink } from '../auth/service.ts';

/**
 * POST /api/team/members/{id}/reset-link (admin). Refused (409) when email is set up (the person
 * asks for a link themself), for the admin's own account (a stolen session must not become a
 * password: they use Settings → Profile), and for a person who also belongs to another company
 * (this admin may not take over access to companies that are not theirs). 404 for a membership of
 * another company, like a missing id.
 */
export async function issueMemberResetLink(
  ctx: AuthedContext,
  membershipId: string,
  origin: string,
): Promise<IssuedResetLink> {
  const member = await ctx.db
    .select({ userId: memberships.userId, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.id, membershipId), eq(memberships.companyId, ctx.companyId)))
    .get();
  if (!member) throw notFound('Member');
  if (isLinkEmailAvailable(ctx.config)) {
    throw new HttpError(
      409,
      `Email is set up here: ${member.email} can use “Forgot password?” on the sign-in page to get a link.`,
      'email_configured',
    );
  }
  if (member.userId === ctx.userId) {
    throw new HttpError(
      409,
      'You cannot issue a reset link for yourself. Change your password in Settings → Profile.',
      'own_account',
    );
  }
  const elsewhere = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, member.userId), ne(memberships.companyId, ctx.companyId)))
    .get();
  if (elsewhere) {
    throw new HttpError(
      409,
      `${member.email} also belongs to another company, so only they can reset their password.`,
      'member_of_other_company',
    );
  }
  const issued = await issueResetLinkStatements(ctx, member.userId, ctx.userId);
  await ctx.db.batch([
    ...issued.statements,
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'password_reset_link_issued',
      entityType: 'user',
      entityId: member.userId,
    }),
  ]);
  return { link: resetLink(origin, issued.token), expiresAt: issued.expiresAt.toISOString() };
}
