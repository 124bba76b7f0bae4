// Changing the email that signs in (decision 041). The new address gets a single-use link; only
// when it is opened does users.email change, so sign-in, display and invitations keep the confirmed
// address until then. Asking answers the same whether or not the new address belongs to another
// account (no enumeration); whether it is still free is checked when the link is opened, by the
// person who owns that inbox.
import { and, eq, gt } from 'drizzle-orm';
import { emailChangeRequests } from '../../../../db/schema/auth.ts';
import type { EmailChangeStatus } from '../../../domain/contracts/auth.ts';
import type { AuthedContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { isMailerAvailable, linkExpiryLine, sendEmail } from '../../lib/mailer.ts';
import { issueLinkToken } from '../../lib/secret-token.ts';
import { auditInsert } from '../audit/service.ts';
import { consumePersonLimit } from './person-limit.ts';

/** OWASP Forgot Password Cheat Sheet: single use, short lived; a day leaves time to reach the inbox. */
export const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function emailChangeLink(origin: string, token: string): string {
  return `${origin}/confirm-email?token=${encodeURIComponent(token)}`;
}

/** The confirmation email (pure). */
export function buildEmailChangeEmail(input: { from: string; to: string; link: string; expiresAt: Date }) {
  return {
    from: input.from,
    to: input.to,
    subject: 'Confirm your new email address for ESG Pilot',
    text: [
      'Someone signed in to ESG Pilot asked to use this address to sign in from now on.',
      '',
      `Confirm the change: ${input.link}`,
      '',
      linkExpiryLine(input.expiresAt),
      'If you did not ask for this, ignore this email: nothing changes.',
    ].join('\n'),
  };
}

/** The answer to a request, identical whether the address is free or taken. */
export function emailChangeMessage(newEmail: string): string {
  return `We sent a confirmation link to ${newEmail}. Your email changes when you open it.`;
}

/**
 * Checks, rate-limits and emails the link for a change to `newEmail`; returns the statements that
 * record it, for the profile update's batch. Nothing is written if the email cannot be sent.
 */
export async function prepareEmailChange(ctx: AuthedContext, newEmail: string, origin: string) {
  if (!isMailerAvailable(ctx.config)) {
    throw new HttpError(
      409,
      'Email changes need outgoing email, which is not set up on this server: the new address must confirm a link we send it. Ask whoever runs ESG Pilot to set SMTP_URL and SMTP_FROM. Nothing was changed.',
      'email_not_configured',
    );
  }
  // Each request sends an email: bounded per person like sign-in attempts per email.
  await consumePersonLimit(ctx, 'email-change', ctx.config.AUTH_RATE_LIMIT_PER_EMAIL);
  const now = ctx.now();
  const { token, tokenHash, expiresAt } = await issueLinkToken(now, EMAIL_CHANGE_LIFETIME_MS);
  const sent = await sendEmail(
    ctx.config,
    buildEmailChangeEmail({
      from: ctx.config.SMTP_FROM,
      to: newEmail,
      link: emailChangeLink(origin, token),
      expiresAt,
    }),
    ctx.log,
  );
  if (sent !== 'sent') {
    throw new HttpError(
      422,
      `We could not send the confirmation email to ${newEmail}. Check the address and try again. Nothing was changed.`,
      'email_not_sent',
    );
  }
  const row = { userId: ctx.userId, newEmail, tokenHash, expiresAt };
  const statements = [
    ctx.db
      .insert(emailChangeRequests)
      .values({ ...row, createdAt: now })
      .onConflictDoUpdate({
        target: emailChangeRequests.userId,
        set: { newEmail, tokenHash: row.tokenHash, expiresAt, createdAt: now },
      }),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'email_change_requested',
      entityType: 'user',
      entityId: ctx.userId,
    }),
  ] as const;
  return {
    statements,
    emailChange: { newEmail, expiresAt: expiresAt.toISOString(), message: emailChangeMessage(newEmail) },
  };
}

/** GET /api/auth/email-change: the change waiting for its link, if it has not expired. */
export async function getEmailChange(ctx: AuthedContext): Promise<EmailChangeStatus> {
  const pending = await ctx.db
    .select({ newEmail: emailChangeRequests.newEmail, expiresAt: emailChangeRequests.expiresAt })
    .from(emailChangeRequests)
    .where(and(eq(emailChangeRequests.userId, ctx.userId), gt(emailChangeRequests.expiresAt, ctx.now())))
    .get();
  return {
    pending: pending ? { newEmail: pending.newEmail, expiresAt: pending.expiresAt.toISOString() } : null,
  };
}

/** DELETE /api/auth/email-change: the link stops working; the email stays as it is. */
export async function cancelEmailChange(ctx: AuthedContext): Promise<void> {
  const mine = eq(emailChangeRequests.userId, ctx.userId);
  const pending = await ctx.db
    .select({ userId: emailChangeRequests.userId })
    .from(emailChangeRequests)
    .where(mine)
    .get();
  if (!pending) return;
  await ctx.db.batch([
    ctx.db.delete(emailChangeRequests).where(mine),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'email_change_cancelled',
      entityType: 'user',
      entityId: ctx.userId,
    }),
  ]);
}
