// Sign-up where outgoing email is set up (decision 041, "Sign-up with email confirmation"). The
// answer is the same, after the same work, whether or not the address already has an account
// (OWASP Authentication Cheat Sheet, "Account creation": answer generically and tell the owner by
// email). A new address gets a single-use link that opens the account (signup-confirm.ts); a taken
// one gets an email telling its owner, and nothing is stored.
import { eq, lte } from 'drizzle-orm';
import { pendingSignups, users } from '../../../../db/schema/auth.ts';
import type { SignUp, SignUpPending } from '../../../domain/contracts/auth.ts';
import type { ServiceContext } from '../../context.ts';
import { afterAnswer } from '../../lib/after-answer.ts';
import { linkExpiryLine, sendEmail } from '../../lib/mailer.ts';
import { isRateLimited } from '../../lib/rate-limit.ts';
import { issueLinkToken } from '../../lib/secret-token.ts';

/** A day, like an email change's link (decision 041): time to reach the inbox, single use. */
export const SIGN_UP_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The answer to every sign-up here, identical for a new and a taken address. */
export function signUpPendingMessage(email: string): string {
  return `Check your inbox: we sent a link to ${email} to finish creating your account.`;
}

interface Delivery {
  input: SignUp;
  passwordHash: string;
  link: Awaited<ReturnType<typeof issueLinkToken>>;
  isTaken: boolean;
}

/**
 * The same steps for a new and a taken address: the lookup, the per-address email budget, a token
 * and its hash. Storing the pending sign-up and sending the email happen after the answer
 * (`deliverSignUpEmail`), so neither a write nor the SMTP round trip times it, as a password
 * reset request does (decision 045). Beyond SIGN_UP_EMAILS_PER_HOUR the answer stays the same and
 * no email goes out.
 */
export async function requestSignUpLink(
  ctx: ServiceContext,
  input: SignUp,
  passwordHash: string,
): Promise<SignUpPending> {
  const now = ctx.now();
  const existing = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.email))
    .get();
  const overBudget = await isRateLimited(
    ctx.db,
    { key: `sign-up-email:${input.email}`, limit: ctx.config.SIGN_UP_EMAILS_PER_HOUR, windowMs: HOUR_MS },
    now,
  );
  const delivery: Delivery = {
    input,
    passwordHash,
    link: await issueLinkToken(now, SIGN_UP_LINK_LIFETIME_MS),
    isTaken: Boolean(existing),
  };
  if (!overBudget) {
    afterAnswer(ctx.log, 'sign-up email not delivered', () => deliverSignUpEmail(ctx, delivery));
  }
  return { message: signUpPendingMessage(input.email), email: input.email };
}

/** Stores the pending sign-up (new address) and emails its owner; after the answer. */
async function deliverSignUpEmail(ctx: ServiceContext, delivery: Delivery): Promise<void> {
  const origin = new URL(ctx.config.PUBLIC_URL!).origin;
  if (delivery.isTaken) {
    await sendEmail(ctx.config, accountExistsEmail(ctx, delivery.input.email, origin), ctx.log);
    return;
  }
  const now = ctx.now();
  const { input, link } = delivery;
  const row = {
    email: input.email,
    tokenHash: link.tokenHash,
    passwordHash: delivery.passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    companyName: input.companyName,
    jurisdiction: input.jurisdiction,
    expiresAt: link.expiresAt,
  };
  await ctx.db.batch([
    ctx.db.delete(pendingSignups).where(lte(pendingSignups.expiresAt, now)),
    // One per address: a newer request replaces the older one, whose link stops working.
    ctx.db
      .insert(pendingSignups)
      .values({ ...row, createdAt: now })
      .onConflictDoUpdate({ target: pendingSignups.email, set: { ...row, createdAt: now } }),
  ]);
  const url = `${origin}/confirm-signup?token=${encodeURIComponent(link.token)}`;
  await sendEmail(ctx.config, signUpLinkEmail(ctx, input.email, url, link.expiresAt), ctx.log);
}

function signUpLinkEmail(ctx: ServiceContext, to: string, link: string, expiresAt: Date) {
  return {
    from: ctx.config.SMTP_FROM!,
    to,
    subject: 'Finish creating your ESG Pilot account',
    text: [
      'Someone (hopefully you) asked to create an ESG Pilot account with this address.',
      '',
      `Finish creating your account: ${link}`,
      '',
      linkExpiryLine(expiresAt),
      'If you did not ask for this, ignore this email: no account is created.',
    ].join('\n'),
  };
}

function accountExistsEmail(ctx: ServiceContext, to: string, origin: string) {
  return {
    from: ctx.config.SMTP_FROM!,
    to,
    subject: 'You already have an ESG Pilot account',
    text: [
      'Someone (maybe you) tried to create an ESG Pilot account with this address, which already has one.',
      '',
      `Sign in here: ${origin}/login`,
      `Forgot your password? Reset it here: ${origin}/forgot-password`,
      '',
      'If it was not you, you can ignore this email: nothing changed in your account.',
    ].join('\n'),
  };
}
