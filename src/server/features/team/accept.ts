// The /invite page's calls (issue 9): look an invitation up by its token, accept it while signed
// in, or create an account from it. Acceptance is single use: a conditional UPDATE claims the
// invitation and the membership INSERT of the same batch exists only if that claim succeeded
// (guards.ts), so two concurrent accepts of one link give one membership and one 409.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { companies, memberships, sessions, users } from '../../../../db/schema/auth.ts';
import { teamInvites } from '../../../../db/schema/team.ts';
import type { InviteLookup, InviteSignUp, InviteStatus } from '../../../domain/contracts/team.ts';
import type { AuthedContext, ServiceContext } from '../../context.ts';
import { conflict, forbidden, HttpError, isUniqueViolation } from '../../lib/errors.ts';
import { assertPasswordAllowed, hashPassword } from '../../lib/password.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { secretTokenHash } from '../../lib/secret-token.ts';
import { auditInsert } from '../audit/service.ts';
import type { RequestMeta, StartedSession } from '../auth/service.ts';
import {
  forgetCachedSessions,
  newSessionValues,
  rememberLastCompany,
  sessionIdFromToken,
} from '../auth/service.ts';
import { companyPlan } from '../billing/service.ts';
import { guardFailure, guardSeatLimit, insertMembershipFromClaim } from './guards.ts';
import { assertSeatAvailable, seatLimitRefusal } from './invites.ts';

const invalidLink = () =>
  new HttpError(
    404,
    'This invitation link is not valid. Ask an admin of the company for a new one.',
    'not_found',
  );

const STATUS_REFUSALS: Record<Exclude<InviteStatus, 'pending'>, () => HttpError> = {
  expired: () =>
    new HttpError(
      409,
      'This invitation has expired. Ask an admin of the company for a new one.',
      'invite_expired',
    ),
  accepted: () => new HttpError(409, 'This invitation has already been used.', 'invite_used'),
  revoked: () =>
    new HttpError(409, 'This invitation was withdrawn by an admin of the company.', 'invite_revoked'),
};

async function findInvite(ctx: ServiceContext, token: string) {
  const row = await ctx.db
    .select({
      id: teamInvites.id,
      companyId: teamInvites.companyId,
      companyName: companies.name,
      email: teamInvites.email,
      role: teamInvites.role,
      expiresAt: teamInvites.expiresAt,
      acceptedAt: teamInvites.acceptedAt,
      revokedAt: teamInvites.revokedAt,
      inviterFirstName: users.firstName,
    })
    .from(teamInvites)
    .innerJoin(companies, eq(companies.id, teamInvites.companyId))
    .leftJoin(users, eq(users.id, teamInvites.invitedBy))
    .where(eq(teamInvites.tokenHash, await secretTokenHash(token)))
    .get();
  if (!row) throw invalidLink();
  const status: InviteStatus = row.acceptedAt
    ? 'accepted'
    : row.revokedAt
      ? 'revoked'
      : row.expiresAt.getTime() <= ctx.now().getTime()
        ? 'expired'
        : 'pending';
  return { ...row, status };
}

type FoundInvite = Awaited<ReturnType<typeof findInvite>>;

async function findPendingInvite(ctx: ServiceContext, token: string) {
  const invite = await findInvite(ctx, token);
  if (invite.status !== 'pending') throw STATUS_REFUSALS[invite.status]();
  return invite;
}

/** POST /api/invites/lookup (public): what the /invite page shows about the link. */
export async function lookupInvite(ctx: ServiceContext, token: string): Promise<InviteLookup> {
  const invite = await findInvite(ctx, token);
  const pending = invite.status === 'pending';
  const account = pending
    ? await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, invite.email)).get()
    : undefined;
  return {
    status: invite.status,
    companyName: invite.companyName,
    role: invite.role,
    inviterFirstName: invite.inviterFirstName?.trim() || null,
    email: pending ? invite.email : '',
    expiresAt: invite.expiresAt.toISOString(),
    accountExists: Boolean(account),
  };
}

/** The claim, the membership it grants and the plan's limit, for one batch. */
async function joinStatements(ctx: ServiceContext, invite: FoundInvite, userId: string, now: Date) {
  const { maxUsers } = await assertSeatAvailable(ctx, invite.companyId, 0);
  const claim = ctx.db
    .update(teamInvites)
    .set({ acceptedAt: now, acceptedBy: userId, email: '' })
    .where(
      and(
        eq(teamInvites.id, invite.id),
        isNull(teamInvites.acceptedAt),
        isNull(teamInvites.revokedAt),
        gt(teamInvites.expiresAt, now),
      ),
    );
  const membership = insertMembershipFromClaim(ctx.db, {
    membershipId: crypto.randomUUID(),
    inviteId: invite.id,
    userId,
    companyId: invite.companyId,
    now,
  });
  const seatGuard = guardSeatLimit(ctx.db, invite.companyId, maxUsers);
  const audit = auditInsert(ctx, {
    companyId: invite.companyId,
    userId,
    action: 'team_invite_accepted',
    entityType: 'team_invite',
    entityId: invite.id,
  });
  return seatGuard ? ([claim, membership, seatGuard, audit] as const) : ([claim, membership, audit] as const);
}

/** Turns a refused join batch into the reason a person can act on. */
async function explainRefusal(
  ctx: ServiceContext,
  error: unknown,
  invite: FoundInvite,
  token: string,
): Promise<never> {
  const failure = guardFailure(error);
  if (failure === 'invite_taken') {
    const now = await findInvite(ctx, token);
    throw now.status === 'pending' ? STATUS_REFUSALS.accepted() : STATUS_REFUSALS[now.status]();
  }
  if (failure === 'seat_limit') {
    throw seatLimitRefusal(await companyPlan(ctx, invite.companyId));
  }
  if (isUniqueViolation(error)) throw conflict(`You are already a member of ${invite.companyName}.`);
  throw error;
}

/**
 * POST /api/invites/accept (signed in): joins the company the invitation is for, with its role,
 * and moves the caller's session there (a new token: the old one stops working). Joining is a
 * choice of company: the next sign-in opens it too (decision 034).
 */
export async function acceptInvite(
  ctx: AuthedContext,
  token: string,
  meta: RequestMeta,
): Promise<StartedSession> {
  const invite = await findPendingInvite(ctx, token);
  // Bound to the confirmed address: users.email changes only once the new inbox opens its link
  // (decision 041), so asking for the invitee's address does not make it one's own.
  const me = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, ctx.userId)).get();
  if (!me || me.email.toLowerCase() !== invite.email.toLowerCase()) {
    throw forbidden(`This invitation was sent to ${invite.email}. Sign in with that address to accept it.`);
  }
  const already = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, ctx.userId), eq(memberships.companyId, invite.companyId)))
    .get();
  if (already) throw conflict(`You are already a member of ${invite.companyName}.`);

  const now = ctx.now();
  const session = await newSessionValues({
    userId: ctx.userId,
    companyId: invite.companyId,
    now,
    ip: ctx.ip,
    userAgent: meta.userAgent,
  });
  try {
    await ctx.db.batch([
      ...(await joinStatements(ctx, invite, ctx.userId, now)),
      ctx.db.delete(sessions).where(eq(sessions.id, ctx.sessionId)),
      ctx.db.insert(sessions).values(session.row),
      rememberLastCompany(ctx.db, ctx.userId, invite.companyId),
    ]);
  } catch (error) {
    await explainRefusal(ctx, error, invite, token);
  }
  forgetCachedSessions(ctx.db);
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    principal: {
      userId: ctx.userId,
      companyId: invite.companyId,
      role: invite.role,
      sessionId: session.row.id,
    },
  };
}

const accountExists = () =>
  conflict('An account with this email already exists. Sign in to accept the invitation.');

/**
 * POST /api/invites/signup (signed out): a new account for the invited address that joins the
 * inviting company instead of creating one of its own. Throttled per IP like sign-up.
 */
export async function signUpFromInvite(
  ctx: ServiceContext,
  input: InviteSignUp,
  meta: RequestMeta,
): Promise<StartedSession> {
  if (!ctx.config.AUTH_PASSWORD_ENABLED) {
    throw new HttpError(
      403,
      'Email and password sign-in is turned off here. Sign in with single sign-on, then open the invitation link again.',
      'password_disabled',
    );
  }
  await consumeRateLimit(
    ctx.db,
    {
      key: `invite-sign-up-ip:${ctx.ip ?? 'unknown'}`,
      limit: ctx.config.AUTH_RATE_LIMIT_PER_IP,
      windowMs: ctx.config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    ctx.now(),
  );
  const invite = await findPendingInvite(ctx, input.token);
  assertPasswordAllowed(input.password, invite.email);
  // Hashed before the lookup, like sign-up (decision 041): both answers cost the same work.
  const passwordHash = await hashPassword(input.password);
  const existing = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, invite.email))
    .get();
  if (existing) throw accountExists();

  const now = ctx.now();
  const userId = crypto.randomUUID();
  const session = await newSessionValues({
    userId,
    companyId: invite.companyId,
    now,
    ip: ctx.ip,
    userAgent: meta.userAgent,
  });
  try {
    await ctx.db.batch([
      ctx.db.insert(users).values({
        id: userId,
        email: invite.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        // The company they join is the one they chose (decision 034).
        lastCompanyId: invite.companyId,
        createdAt: now,
        updatedAt: now,
      }),
      auditInsert(ctx, {
        companyId: invite.companyId,
        userId,
        action: 'account_created',
        entityType: 'user',
        entityId: userId,
      }),
      ...(await joinStatements(ctx, invite, userId, now)),
      ctx.db.insert(sessions).values(session.row),
    ]);
  } catch (error) {
    if (guardFailure(error) === null && isUniqueViolation(error)) throw accountExists();
    await explainRefusal(ctx, error, invite, input.token);
  }
  if (meta.previousToken) {
    await ctx.db.delete(sessions).where(eq(sessions.id, await sessionIdFromToken(meta.previousToken)));
    forgetCachedSessions(ctx.db);
  }
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    principal: { userId, companyId: invite.companyId, role: invite.role, sessionId: session.row.id },
  };
}
