import { eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { companies, memberships, sessions, users } from '../../../../db/schema/auth.ts';
import { can } from '../../../domain/account/permissions.ts';
import type {
  CurrentUser,
  Jurisdiction,
  ProfileUpdateResult,
  SignIn,
  SignUp,
  SignUpPending,
  UpdateProfile,
} from '../../../domain/contracts/auth.ts';
import type { AuthedContext, Principal, ServiceContext } from '../../context.ts';
import { conflict, forbidden, HttpError, isUniqueViolation, unauthorized } from '../../lib/errors.ts';
import { isLinkEmailAvailable } from '../../lib/mailer.ts';
import { assertPasswordAllowed, hashPassword, verifyDecoy, verifyPassword } from '../../lib/password.ts';
import { auditInsert } from '../audit/service.ts';
import { prepareEmailChange } from './email-change.ts';
import { findSignInCompany, guardMembership, isMembershipGuardFailure } from './last-company.ts';
import {
  assertNotSprayed,
  limitAttemptsByAddress,
  recordFailedSignIn,
  rememberSignInAddress,
} from './password-limits.ts';
import { forgetCachedSessions, newSessionValues, sessionIdFromToken, touchLastActive } from './session.ts';
import { requestSignUpLink } from './signup-request.ts';

export { isFirstVisit } from './first-visit.ts';
export { forgetLastCompany, rememberLastCompany } from './last-company.ts';
export { issueResetLinkStatements, resetLink } from './password-reset.ts';
export { forgetCachedSessions, newSessionValues, sessionIdFromToken } from './session.ts';

export interface RequestMeta {
  userAgent: string | null;
  /** The cookie token the browser already had, if any: it is revoked when a new session starts. */
  previousToken?: string;
}

export interface StartedSession {
  token: string;
  expiresAt: Date;
  principal: Principal;
}

const emailTaken = () => conflict('An account with this email already exists. Sign in instead.');

/**
 * Per IP and per (email, IP) pair (OWASP Authentication Cheat Sheet: throttle by both; the pair,
 * not the email alone, so a stranger cannot lock the owner out; decision 045).
 */
async function limitAuthAttempts(ctx: ServiceContext, bucket: string, email: string) {
  await limitAttemptsByAddress(ctx, bucket, email);
}

export function assertPasswordSignInEnabled(ctx: ServiceContext) {
  if (!ctx.config.AUTH_PASSWORD_ENABLED) {
    throw new HttpError(
      403,
      'Email and password sign-in is turned off here. Use single sign-on.',
      'password_disabled',
    );
  }
}

export interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  /** Null for an account that signs in only through single sign-on. */
  passwordHash: string | null;
  companyName: string;
  jurisdiction?: Jurisdiction;
}

/**
 * The inserts that open an account: the user, their company, their admin membership and the
 * audit row. Callers add what their way in needs (a session, a single-sign-on link) to one batch.
 */
export function newAccountStatements(ctx: ServiceContext, account: NewAccount) {
  const now = ctx.now();
  const userId = crypto.randomUUID();
  const companyId = crypto.randomUUID();
  const statements = [
    ctx.db.insert(users).values({
      id: userId,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      passwordHash: account.passwordHash,
      lastActiveAt: now,
      createdAt: now,
      updatedAt: now,
    }),
    ctx.db.insert(companies).values({
      id: companyId,
      name: account.companyName,
      jurisdiction: account.jurisdiction ?? 'CSRD',
      createdAt: now,
      updatedAt: now,
    }),
    ctx.db.insert(memberships).values({ userId, companyId, role: 'admin', createdAt: now }),
    auditInsert(ctx, { companyId, userId, action: 'account_created', entityType: 'user', entityId: userId }),
  ] as const;
  return { userId, companyId, statements };
}

export type SignUpOutcome =
  | { kind: 'signed_in'; session: StartedSession }
  | { kind: 'pending'; answer: SignUpPending };

/**
 * Sign-up. Where outgoing email is set up, the account waits for the address to confirm an emailed
 * link, and the answer is the same whether or not the address is taken (decision 041); without
 * email, the account opens at once and a taken address gets 409 (sign-up must work offline).
 */
export async function signUp(ctx: ServiceContext, input: SignUp, meta: RequestMeta): Promise<SignUpOutcome> {
  assertPasswordSignInEnabled(ctx);
  await limitAuthAttempts(ctx, 'sign-up', input.email);
  assertPasswordAllowed(input.password, input.email);
  // Decision 041: hashed before the address is looked up, so a taken address costs the same work
  // (and time) as a new one; the per-IP limit above bounds how many addresses anyone can try.
  const passwordHash = await hashPassword(input.password);
  if (isLinkEmailAvailable(ctx.config)) {
    return { kind: 'pending', answer: await requestSignUpLink(ctx, input, passwordHash) };
  }
  const existing = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.email))
    .get();
  if (existing) throw emailTaken();
  const session = await openAccount(ctx, { ...input, passwordHash }, meta);
  return { kind: 'signed_in', session };
}

/**
 * Opens an account and signs it in: the user, company, admin membership, audit row and session in
 * one batch with the caller's `extra` statements (a confirmed sign-up deletes its pending row).
 * A taken address (the unique index) is a 409 and nothing is written.
 */
export async function openAccount(
  ctx: ServiceContext,
  input: NewAccount & { passwordHash: string },
  meta: RequestMeta,
  extra: BatchItem<'sqlite'>[] = [],
): Promise<StartedSession> {
  const now = ctx.now();
  // One instant for the account and its first session: the dashboard greets that visit as the
  // first (decision 054).
  const account = newAccountStatements({ ...ctx, now: () => now }, input);
  const { userId, companyId } = account;
  const session = await newSessionValues({ userId, companyId, now, ip: ctx.ip, userAgent: meta.userAgent });
  try {
    await ctx.db.batch([...account.statements, ctx.db.insert(sessions).values(session.row), ...extra]);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  // The address the owner signed up from is theirs: a spray elsewhere does not lock them out (045).
  await rememberSignInAddress(ctx, userId);
  await revokePreviousSession(ctx, meta.previousToken);
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    principal: { userId, companyId, role: 'admin', sessionId: session.row.id },
  };
}

export async function signIn(ctx: ServiceContext, input: SignIn, meta: RequestMeta): Promise<StartedSession> {
  assertPasswordSignInEnabled(ctx);
  await limitAuthAttempts(ctx, 'sign-in', input.email);
  const user = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, input.email))
    .get();
  await assertNotSprayed(ctx, input.email, user?.id ?? null);
  const valid = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyDecoy(input.password);
  if (!user?.passwordHash || !valid) {
    await recordFailedSignIn(ctx, input.email);
    throw new HttpError(401, 'Email or password is incorrect', 'invalid_credentials');
  }
  const session = await startSessionForUser(ctx, user.id, meta, 'signed_in');
  await rememberSignInAddress(ctx, user.id);
  return session;
}

/**
 * Opens a session (sign-in, single sign-on) in the company `findSignInCompany` picks: the one the
 * person last chose while they still belong to it, else the one they joined most recently
 * (decisions 018 and 034). The membership is checked again inside the batch; if a removal landed
 * in between, the choice is made once more from what remains.
 */
export async function startSessionForUser(
  ctx: ServiceContext,
  userId: string,
  meta: RequestMeta,
  action: 'signed_in' | 'account_created',
): Promise<StartedSession> {
  for (let attempt = 1; ; attempt += 1) {
    const membership = await findSignInCompany(ctx.db, userId);
    if (!membership) throw new HttpError(403, 'This account does not belong to any company', 'no_company');
    const now = ctx.now();
    const session = await newSessionValues({
      userId,
      companyId: membership.companyId,
      now,
      ip: ctx.ip,
      userAgent: meta.userAgent,
    });
    try {
      await ctx.db.batch([
        guardMembership(ctx.db, userId, membership.companyId),
        ctx.db.insert(sessions).values(session.row),
        touchLastActive(ctx.db, userId, now),
        auditInsert(ctx, { companyId: membership.companyId, userId, action, entityType: 'session' }),
      ]);
    } catch (error) {
      if (!isMembershipGuardFailure(error)) throw error;
      // Removed from that company between the read and the batch: choose again, once.
      if (attempt < 2) continue;
      throw new HttpError(
        409,
        'Your company memberships changed while you were signing in. Please sign in again.',
        'memberships_changed',
      );
    }
    await revokePreviousSession(ctx, meta.previousToken);
    return {
      token: session.token,
      expiresAt: session.expiresAt,
      principal: {
        userId,
        companyId: membership.companyId,
        role: membership.role,
        sessionId: session.row.id,
      },
    };
  }
}

/** Session rotation: the token the browser held before signing in stops working. */
async function revokePreviousSession(ctx: ServiceContext, previousToken: string | undefined) {
  if (!previousToken) return;
  await ctx.db.delete(sessions).where(eq(sessions.id, await sessionIdFromToken(previousToken)));
  forgetCachedSessions(ctx.db);
}

export async function signOut(ctx: AuthedContext): Promise<void> {
  await ctx.db.batch([
    ctx.db.delete(sessions).where(eq(sessions.id, ctx.sessionId)),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'signed_out',
      entityType: 'session',
    }),
  ]);
  forgetCachedSessions(ctx.db);
}

export async function getCurrentUser(ctx: AuthedContext): Promise<CurrentUser> {
  const row = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      profileImageUrl: users.profileImageUrl,
      companyId: companies.id,
      companyName: companies.name,
      jurisdiction: companies.jurisdiction,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, ctx.companyId))
    .where(eq(users.id, ctx.userId))
    .get();
  if (!row) throw unauthorized();
  return { ...row, role: ctx.role };
}

/**
 * Settings → Profile. The person's own fields are theirs to change; the company's name and
 * jurisdiction belong to the company, so only an admin may change them. A new email is not stored
 * here: it waits for its confirmation link (decision 041), and the answer is the same whether or
 * not another account uses it.
 */
export async function updateProfile(
  ctx: AuthedContext,
  input: UpdateProfile,
  origin: string,
): Promise<ProfileUpdateResult> {
  const current = await getCurrentUser(ctx);
  const companyChanged =
    input.companyName !== current.companyName || input.jurisdiction !== current.jurisdiction;
  if (companyChanged && !can(ctx.role, 'company.edit')) {
    throw forbidden('Only an admin can change the company name or jurisdiction');
  }
  const emailChange =
    input.email !== current.email ? await prepareEmailChange(ctx, input.email, origin) : null;
  const now = ctx.now();
  const statements = [
    ctx.db
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, updatedAt: now })
      .where(eq(users.id, ctx.userId)),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'profile_updated',
      entityType: 'user',
      entityId: ctx.userId,
    }),
    ...(emailChange?.statements ?? []),
  ] as const;
  const companyStatements = companyChanged
    ? [
        ctx.db
          .update(companies)
          .set({ name: input.companyName, jurisdiction: input.jurisdiction, updatedAt: now })
          .where(eq(companies.id, ctx.companyId)),
        auditInsert(ctx, {
          companyId: ctx.companyId,
          userId: ctx.userId,
          action: 'company_updated',
          entityType: 'company',
          entityId: ctx.companyId,
        }),
      ]
    : [];
  await ctx.db.batch([...statements, ...companyStatements]);
  // Every cached session shows this user and company: none may answer from before the change.
  forgetCachedSessions(ctx.db);
  return { ...(await getCurrentUser(ctx)), emailChange: emailChange?.emailChange ?? null };
}
