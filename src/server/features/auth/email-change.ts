// Changing the email that signs in (decision 041). The new address gets a single-use link; only
// when it is opened does users.email change, so sign-in, display and invitations keep the confirmed
// address until then. Asking answers the same whether or not the new address belongs to another
// account (no enumeration); whether it is still free is checked when the link is opened, by the
// person who owns that inbox.
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, gt, ne } from 'drizzle-orm';
import { emailChangeRequests, memberships, users } from '../../../../db/schema/auth.ts';
import type { EmailChangeConfirmed, EmailChangeStatus } from '../../../domain/contracts/auth.ts';
import type { AuthedContext, ServiceContext } from '../../context.ts';
import { conflict, HttpError } from '../../lib/errors.ts';
import { sha256Hex } from '../../lib/hash.ts';
import { isMailerAvailable, sendEmail } from '../../lib/mailer.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { auditInsert } from '../audit/service.ts';
import { forgetCachedSessions } from './session.ts';

/** OWASP Forgot Password Cheat Sheet: single use, short lived; a day leaves time to reach the inbox. */
export const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60 * 1000;

const emailChangeTokenHash = (token: string) => sha256Hex(token);

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
      `The link works once and expires on ${input.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
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
  if (!isMailerAvailable(ctx.config) || !ctx.config.SMTP_FROM) {
    throw new HttpError(
      409,
      'Email changes need outgoing email, which is not set up on this server: the new address must confirm a link we send it. Ask whoever runs ESG Pilot to set SMTP_URL and SMTP_FROM. Nothing was changed.',
      'email_not_configured',
    );
  }
  // Each request sends an email: bounded per person like sign-in attempts per email.
  await consumeRateLimit(
    ctx.db,
    {
      key: `email-change-user:${ctx.userId}`,
      limit: ctx.config.AUTH_RATE_LIMIT_PER_EMAIL,
      windowMs: ctx.config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    ctx.now(),
  );
  const now = ctx.now();
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_LIFETIME_MS);
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
  const row = { userId: ctx.userId, newEmail, tokenHash: await emailChangeTokenHash(token), expiresAt };
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
  const tokenHash = await emailChangeTokenHash(token);
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

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? '') + String((error as Error)?.message ?? '');
  return /UNIQUE constraint failed/i.test(text);
}
