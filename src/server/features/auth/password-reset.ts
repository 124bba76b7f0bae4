// Password reset by a single-use link (issue 19, decision 045). The link carries a secret token
// (lib/secret-token.ts); only its SHA-256 is stored (CONVENTIONS §9). A link expires after an hour, a newer one replaces
// it, and a successful reset deletes every link of the person and ends all their sessions. Links
// are emailed (`requestPasswordReset`) or, where no email is set up, issued by an admin of the
// person's company (team/reset-link.ts) through `issueResetLinkStatements`.
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { passwordResetTokens, sessions, users } from '../../../../db/schema/auth.ts';
import { rateLimits } from '../../../../db/schema/security.ts';
import type { ForgotPasswordAnswer, ResetTokenStatus } from '../../../domain/contracts/auth.ts';
import type { ServiceContext } from '../../context.ts';
import { afterAnswer } from '../../lib/after-answer.ts';
import { HttpError } from '../../lib/errors.ts';
import { isLinkEmailAvailable, linkExpiryLine, sendEmail } from '../../lib/mailer.ts';
import { assertPasswordAllowed, hashPassword } from '../../lib/password.ts';
import { consumeRateLimit, isRateLimited } from '../../lib/rate-limit.ts';
import { issueLinkToken, secretTokenHash } from '../../lib/secret-token.ts';
import { auditInsert } from '../audit/service.ts';
import { findSignInCompany } from './last-company.ts';
import { forgetCachedSessions } from './session.ts';

/** One hour (OWASP Forgot Password Cheat Sheet: short-lived, single use). */
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

export const FORGOT_ANSWER = 'If an account exists for that address, we sent a link to reset its password.';
export const EMAIL_NOT_SET_UP =
  'Email is not set up on this server, so we cannot send you a link. Ask an admin of your company: they can give you a one-time reset link from Settings → Team.';

const invalidLink = () =>
  new HttpError(
    404,
    'This reset link is not valid: it has expired, was already used, or a newer one was sent. Ask for a new one.',
    'reset_link_invalid',
  );

export function resetLink(origin: string, token: string): string {
  return `${origin}/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * The statements that make a new link for `userId` the only one: expired links of anyone go, the
 * person's older links go, the new one is stored. Callers add their audit row to the same batch.
 */
export async function issueResetLinkStatements(ctx: ServiceContext, userId: string, issuedBy: string | null) {
  const now = ctx.now();
  const { token, tokenHash, expiresAt } = await issueLinkToken(now, RESET_LINK_LIFETIME_MS);
  const statements = [
    ctx.db.delete(passwordResetTokens).where(lte(passwordResetTokens.expiresAt, now)),
    ctx.db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
    ctx.db.insert(passwordResetTokens).values({
      userId,
      tokenHash,
      expiresAt,
      issuedBy,
      createdAt: now,
    }),
  ] as const;
  return { token, expiresAt, statements };
}

function buildResetEmail(input: { from: string; to: string; link: string; expiresAt: Date }) {
  return {
    from: input.from,
    to: input.to,
    subject: 'Reset your ESG Pilot password',
    text: [
      'Someone (hopefully you) asked to reset the password of your ESG Pilot account.',
      '',
      `Choose a new password: ${input.link}`,
      '',
      linkExpiryLine(input.expiresAt),
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * POST /api/auth/password/forgot (public). The same answer and the same work before it whether or
 * not the address has an account: the throttles, the lookup, a token and its hash. Storing the
 * link and sending the email happen after the answer (`deliverResetLink`), so neither a write nor
 * the SMTP round trip times it. Per IP, requests are limited (429); per address, at most
 * PASSWORD_RESET_EMAILS_PER_HOUR emails go out, beyond that the answer stays the same.
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  email: string,
): Promise<ForgotPasswordAnswer> {
  const now = ctx.now();
  await consumeRateLimit(
    ctx.db,
    {
      key: `password-reset-ip:${ctx.ip ?? 'unknown'}`,
      limit: ctx.config.AUTH_RATE_LIMIT_PER_IP,
      windowMs: ctx.config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    now,
  );
  if (!isLinkEmailAvailable(ctx.config)) return { message: EMAIL_NOT_SET_UP, emailConfigured: false };
  const user = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  const overBudget = await isRateLimited(
    ctx.db,
    {
      key: `password-reset-email:${email}`,
      limit: ctx.config.PASSWORD_RESET_EMAILS_PER_HOUR,
      windowMs: HOUR_MS,
    },
    now,
  );
  // Made for an unknown address too (and dropped), so both answers cost the same.
  const issued = await issueResetLinkStatements(ctx, user?.id ?? '', null);
  if (user && !overBudget) {
    afterAnswer(ctx.log, 'password reset link not delivered', () =>
      deliverResetLink(ctx, user.id, email, issued),
    );
  }
  return { message: FORGOT_ANSWER, emailConfigured: true };
}

/** Stores the link with its audit row, then emails it; after the answer. */
async function deliverResetLink(
  ctx: ServiceContext,
  userId: string,
  email: string,
  issued: Awaited<ReturnType<typeof issueResetLinkStatements>>,
): Promise<void> {
  const company = await findSignInCompany(ctx.db, userId);
  await ctx.db.batch([
    ...issued.statements,
    ...(company
      ? [
          auditInsert(ctx, {
            companyId: company.companyId,
            userId: null,
            action: 'password_reset_requested',
            entityType: 'user',
            entityId: userId,
          }),
        ]
      : []),
  ]);
  const message = buildResetEmail({
    from: ctx.config.SMTP_FROM!,
    to: email,
    link: resetLink(new URL(ctx.config.PUBLIC_URL!).origin, issued.token),
    expiresAt: issued.expiresAt,
  });
  await sendEmail(ctx.config, message, ctx.log);
}

async function findValidLink(ctx: ServiceContext, token: string) {
  const row = await ctx.db
    .select({
      userId: passwordResetTokens.userId,
      tokenHash: passwordResetTokens.tokenHash,
      expiresAt: passwordResetTokens.expiresAt,
      email: users.email,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, await secretTokenHash(token)),
        gt(passwordResetTokens.expiresAt, ctx.now()),
      ),
    )
    .get();
  if (!row) throw invalidLink();
  return row;
}

/** POST /api/auth/password/reset/check (public): whether the link still works, and for whom. */
export async function checkResetLink(ctx: ServiceContext, token: string): Promise<ResetTokenStatus> {
  const link = await findValidLink(ctx, token);
  return { email: link.email, expiresAt: link.expiresAt.toISOString() };
}

/**
 * POST /api/auth/password/reset (public): the new password, through the policy. One batch sets it
 * only while the link is still valid, deletes every link of the person, ends all their sessions,
 * lifts the sign-in throttles on their address and records it. A guard aborts the batch when
 * another use of the same link won the race (the password is then not ours), so a link works once.
 */
export async function resetPassword(ctx: ServiceContext, token: string, password: string): Promise<void> {
  const link = await findValidLink(ctx, token);
  assertPasswordAllowed(password, link.email);
  const now = ctx.now();
  const passwordHash = await hashPassword(password);
  const company = await findSignInCompany(ctx.db, link.userId);
  try {
    await ctx.db.batch([
      ctx.db
        .update(users)
        .set({ passwordHash, updatedAt: now })
        .where(
          and(
            eq(users.id, link.userId),
            sql`exists (select 1 from ${passwordResetTokens} where ${passwordResetTokens.tokenHash} = ${link.tokenHash} and ${passwordResetTokens.expiresAt} > ${now.getTime()})`,
          ),
        ),
      ctx.db.run(sql`
        INSERT INTO password_reset_tokens (id, user_id, token_hash, expires_at, created_at)
        SELECT 'reset-guard', NULL, 'reset-guard', 0, 0
        WHERE NOT EXISTS (SELECT 1 FROM users WHERE id = ${link.userId} AND password_hash = ${passwordHash})`),
      ctx.db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, link.userId)),
      ctx.db.delete(sessions).where(eq(sessions.userId, link.userId)),
      ctx.db.delete(rateLimits).where(eq(rateLimits.key, `sign-in-failures:${link.email}`)),
      ...(company
        ? [
            auditInsert(ctx, {
              companyId: company.companyId,
              userId: link.userId,
              action: 'password_reset',
              entityType: 'user',
              entityId: link.userId,
            }),
          ]
        : []),
    ]);
  } catch (error) {
    if (/NOT NULL constraint failed: password_reset_tokens\.user_id/i.test(errorText(error)))
      throw invalidLink();
    throw error;
  }
  forgetCachedSessions(ctx.db);
}

function errorText(error: unknown): string {
  return `${String((error as { cause?: unknown })?.cause ?? '')} ${String((error as Error)?.message ?? '')}`;
}
