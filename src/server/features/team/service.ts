// Settings → Team (issue 9): the company's members and pending invitations, role changes and
// removals. Every query filters by ctx.companyId; another company's ids answer 404 like missing ones.
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { memberships, sessions, users } from '../../../../db/schema/auth.ts';
import { teamInvites } from '../../../../db/schema/team.ts';
import { PLANS } from '../../../domain/account/plans.ts';
import type { Role } from '../../../domain/contracts/auth.ts';
import type { Team, TeamInvite, TeamMember } from '../../../domain/contracts/team.ts';
import type { AuthedContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isLinkEmailAvailable, isMailerAvailable } from '../../lib/mailer.ts';
import { auditInsert } from '../audit/service.ts';
import { forgetCachedSessions, forgetLastCompany } from '../auth/service.ts';
import { companyPlan } from '../billing/service.ts';
import { guardFailure, guardHasAdmin } from './guards.ts';

export { issueMemberResetLink } from './reset-link.ts';

export const LAST_ADMIN_DEMOTE =
  'This is the only admin of the company and cannot stop being one. Make another member an admin first.';
export const LAST_ADMIN_REMOVE =
  'This is the only admin of the company and cannot be removed. Make another member an admin first.';

const memberColumns = {
  id: memberships.id,
  userId: memberships.userId,
  role: memberships.role,
  joinedAt: memberships.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

export async function listMembers(ctx: AuthedContext): Promise<TeamMember[]> {
  const rows = await ctx.db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, ctx.companyId))
    .orderBy(asc(memberships.createdAt), asc(sql`${memberships}.rowid`));
  return rows.map((row) => ({
    ...row,
    joinedAt: row.joinedAt.toISOString(),
    isYou: row.userId === ctx.userId,
  }));
}

/** Invitations still usable: neither accepted nor revoked, and not expired at ctx.now(). */
export function pendingInviteFilter(companyId: string, now: Date) {
  return and(
    eq(teamInvites.companyId, companyId),
    isNull(teamInvites.acceptedAt),
    isNull(teamInvites.revokedAt),
    gt(teamInvites.expiresAt, now),
  );
}

export const inviteColumns = {
  id: teamInvites.id,
  email: teamInvites.email,
  role: teamInvites.role,
  expiresAt: teamInvites.expiresAt,
  createdAt: teamInvites.createdAt,
};

export function toInvite(row: { id: string; email: string; role: Role; expiresAt: Date; createdAt: Date }) {
  return {
    ...row,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  } satisfies TeamInvite;
}

export async function listPendingInvites(ctx: AuthedContext): Promise<TeamInvite[]> {
  const rows = await ctx.db
    .select(inviteColumns)
    .from(teamInvites)
    .where(pendingInviteFilter(ctx.companyId, ctx.now()))
    .orderBy(desc(teamInvites.createdAt));
  return rows.map(toInvite);
}

/** GET /api/team: members, pending invitations, and what the caller and the plan allow. */
export async function getTeam(ctx: AuthedContext): Promise<Team> {
  const [members, invites, plan] = await Promise.all([
    listMembers(ctx),
    listPendingInvites(ctx),
    companyPlan(ctx, ctx.companyId),
  ]);
  return {
    members,
    invites,
    canManage: ctx.role === 'admin',
    maxUsers: PLANS[plan].maxUsers,
    plan,
    planName: PLANS[plan].name,
    emailConfigured: isMailerAvailable(ctx.config),
    resetLinksEmailed: isLinkEmailAvailable(ctx.config),
  };
}

async function findMember(ctx: AuthedContext, membershipId: string) {
  const row = await ctx.db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.id, membershipId), eq(memberships.companyId, ctx.companyId)))
    .get();
  if (!row) throw notFound('Member');
  return row;
}

async function countAdmins(ctx: AuthedContext): Promise<number> {
  const row = await ctx.db
    .select({ admins: count() })
    .from(memberships)
    .where(and(eq(memberships.companyId, ctx.companyId), eq(memberships.role, 'admin')))
    .get();
  return row?.admins ?? 0;
}

/** PATCH /api/team/members/{id} (admin): the last admin keeps the role (409). */
export async function updateMemberRole(
  ctx: AuthedContext,
  membershipId: string,
  role: Role,
): Promise<TeamMember> {
  const member = await findMember(ctx, membershipId);
  if (member.role !== role) {
    if (member.role === 'admin' && (await countAdmins(ctx)) <= 1) throw conflict(LAST_ADMIN_DEMOTE);
    try {
      await ctx.db.batch([
        ctx.db
          .update(memberships)
          .set({ role })
          .where(and(eq(memberships.id, membershipId), eq(memberships.companyId, ctx.companyId))),
        guardHasAdmin(ctx.db, ctx.companyId),
        auditInsert(ctx, {
          companyId: ctx.companyId,
          userId: ctx.userId,
          action: 'member_role_changed',
          entityType: 'membership',
          entityId: membershipId,
        }),
      ]);
    } catch (error) {
      if (guardFailure(error) === 'last_admin') throw conflict(LAST_ADMIN_DEMOTE);
      throw error;
    }
    // Cached sessions carry the role: the member's next request must see the new one.
    forgetCachedSessions(ctx.db);
  }
  return {
    ...member,
    role,
    joinedAt: member.joinedAt.toISOString(),
    isYou: member.userId === ctx.userId,
  };
}

/**
 * DELETE /api/team/members/{id} (admin): the membership goes, and with it every session the person
 * had open in this company (their sessions in other companies stay) and, if it was the company
 * their sign-in opens, that memory (decision 034). The last admin stays (409).
 */
export async function removeMember(ctx: AuthedContext, membershipId: string): Promise<void> {
  const member = await findMember(ctx, membershipId);
  if (member.role === 'admin' && (await countAdmins(ctx)) <= 1) throw conflict(LAST_ADMIN_REMOVE);
  try {
    await ctx.db.batch([
      ctx.db
        .delete(memberships)
        .where(and(eq(memberships.id, membershipId), eq(memberships.companyId, ctx.companyId))),
      ctx.db
        .delete(sessions)
        .where(and(eq(sessions.userId, member.userId), eq(sessions.companyId, ctx.companyId))),
      forgetLastCompany(ctx.db, member.userId, ctx.companyId),
      guardHasAdmin(ctx.db, ctx.companyId),
      auditInsert(ctx, {
        companyId: ctx.companyId,
        userId: ctx.userId,
        action: 'member_removed',
        entityType: 'membership',
        entityId: membershipId,
      }),
    ]);
  } catch (error) {
    if (guardFailure(error) === 'last_admin') throw conflict(LAST_ADMIN_REMOVE);
    throw error;
  }
  forgetCachedSessions(ctx.db);
}
