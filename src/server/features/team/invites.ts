// Team invitations (issue 9): an admin invites an email address with a role. The link carries a
// random token; only its SHA-256 is stored (CONVENTIONS §9: secrets are hashed and shown once).
// With SMTP the link is emailed and never returned; without it, the API returns it once.
import { and, count, eq, isNull, lte, ne } from 'drizzle-orm';
import { companies, memberships, users } from '../../../../db/schema/auth.ts';
import { teamInvites } from '../../../../db/schema/team.ts';
import { entitlementRefusal, PLANS, type Plan } from '../../../domain/account/plans.ts';
import type { Role } from '../../../domain/contracts/auth.ts';
import { type CreatedInvite, type CreateInvite, INVITE_LIFETIME_MS } from '../../../domain/contracts/team.ts';
import type { AuthedContext, ServiceContext } from '../../context.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { isMailerAvailable, linkExpiryLine, sendEmail } from '../../lib/mailer.ts';
import { issueLinkToken } from '../../lib/secret-token.ts';
import { auditInsert } from '../audit/service.ts';
import { companyPlan } from '../billing/service.ts';
import { inviteColumns, pendingInviteFilter, toInvite } from './service.ts';

export function inviteLink(origin: string, token: string): string {
  return `${origin}/invite?token=${encodeURIComponent(token)}`;
}

/** 403 plan_required in the entitlement wording (src/domain/account/plans.ts). */
export function seatLimitRefusal(plan: Plan): HttpError {
  return new HttpError(403, entitlementRefusal(plan, 'unlimitedUsers'), 'plan_required');
}

async function countMembers(ctx: ServiceContext, companyId: string): Promise<number> {
  const row = await ctx.db
    .select({ members: count() })
    .from(memberships)
    .where(eq(memberships.companyId, companyId))
    .get();
  return row?.members ?? 0;
}

/** Whether one more member fits the company's plan; throws 403 plan_required when it does not. */
export async function assertSeatAvailable(ctx: ServiceContext, companyId: string, reserved: number) {
  const plan = await companyPlan(ctx, companyId);
  const maxUsers = PLANS[plan].maxUsers;
  if (maxUsers !== null && (await countMembers(ctx, companyId)) + reserved >= maxUsers) {
    throw seatLimitRefusal(plan);
  }
  return { plan, maxUsers };
}

const ROLE_WORDS: Record<Role, string> = {
  admin: 'an admin (team, billing, API keys, filing)',
  member: 'a member (edit data, narratives and reports)',
  viewer: 'a viewer (read only)',
};

/** The invitation email (pure). */
export function buildInviteEmail(input: {
  from: string;
  to: string;
  inviterName: string;
  companyName: string;
  role: Role;
  link: string;
  expiresAt: Date;
}) {
  return {
    from: input.from,
    to: input.to,
    subject: `${input.inviterName} invited you to ${input.companyName} on ESG Pilot`,
    text: [
      `${input.inviterName} invited you to join ${input.companyName} on ESG Pilot as ${ROLE_WORDS[input.role]}.`,
      '',
      `Accept the invitation: ${input.link}`,
      '',
      linkExpiryLine(input.expiresAt),
      'If you did not expect this invitation, ignore this email.',
    ].join('\n'),
  };
}

/**
 * POST /api/team/invites (admin). Refuses an existing member (409) and a plan without room (403).
 * A pending invitation to the same address is replaced: revoked in the same batch, so only the
 * newest link works (an admin re-inviting means "send it again").
 */
export async function createInvite(
  ctx: AuthedContext,
  input: CreateInvite,
  origin: string,
): Promise<CreatedInvite> {
  const now = ctx.now();
  const member = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, ctx.companyId), eq(users.email, input.email)))
    .get();
  if (member) throw conflict(`${input.email} is already a member of this company.`);

  const pending = await ctx.db
    .select({ id: teamInvites.id, email: teamInvites.email })
    .from(teamInvites)
    .where(pendingInviteFilter(ctx.companyId, now));
  const replaced = pending.find((invite) => invite.email === input.email);
  await assertSeatAvailable(ctx, ctx.companyId, pending.length - (replaced ? 1 : 0));

  const { token, tokenHash, expiresAt } = await issueLinkToken(now, INVITE_LIFETIME_MS);
  const id = crypto.randomUUID();
  const [inserted] = await ctx.db.batch([
    ctx.db
      .insert(teamInvites)
      .values({
        id,
        companyId: ctx.companyId,
        email: input.email,
        role: input.role,
        tokenHash,
        invitedBy: ctx.userId,
        expiresAt,
        createdAt: now,
      })
      .returning(inviteColumns),
    ...(replaced ? revokeStatements(ctx, replaced.id, now) : []),
    // The schema's promise: an expired invitation's address is erased (data minimisation).
    ctx.db
      .update(teamInvites)
      .set({ email: '' })
      .where(
        and(
          eq(teamInvites.companyId, ctx.companyId),
          lte(teamInvites.expiresAt, now),
          ne(teamInvites.email, ''),
        ),
      ),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'team_invite_created',
      entityType: 'team_invite',
      entityId: id,
    }),
  ]);
  const invite = toInvite(inserted[0]!);
  const link = inviteLink(origin, token);
  if (!isMailerAvailable(ctx.config)) {
    return { invite, delivery: 'not_configured', link };
  }
  const sent = await emailInvite(ctx, { from: ctx.config.SMTP_FROM, input, link, expiresAt });
  if (sent === 'sent') return { invite, delivery: 'emailed', link: null };
  return { invite, delivery: 'email_failed', link };
}

/** An invitation of this company still waiting for an answer: the only kind a revocation changes. */
function openInvite(ctx: AuthedContext, inviteId: string) {
  return and(
    eq(teamInvites.id, inviteId),
    eq(teamInvites.companyId, ctx.companyId),
    isNull(teamInvites.acceptedAt),
    isNull(teamInvites.revokedAt),
  );
}

/** An invitation's revocation (its address erased) and its audit row. */
function revokeStatements(ctx: AuthedContext, inviteId: string, now: Date) {
  return [
    ctx.db.update(teamInvites).set({ revokedAt: now, email: '' }).where(openInvite(ctx, inviteId)),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'team_invite_revoked',
      entityType: 'team_invite',
      entityId: inviteId,
    }),
  ] as const;
}

/** Emails the invitation link, from the inviting admin in the company's name. */
async function emailInvite(
  ctx: AuthedContext,
  { from, input, link, expiresAt }: { from: string; input: CreateInvite; link: string; expiresAt: Date },
) {
  const sender = await ctx.db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      companyName: companies.name,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, ctx.companyId))
    .where(eq(users.id, ctx.userId))
    .get();
  const inviterName =
    `${sender?.firstName ?? ''} ${sender?.lastName ?? ''}`.trim() || sender?.email || 'A colleague';
  return sendEmail(
    ctx.config,
    buildInviteEmail({
      from,
      to: input.email,
      inviterName,
      companyName: sender?.companyName ?? 'your company',
      role: input.role,
      link,
      expiresAt,
    }),
    ctx.log,
  );
}

/** DELETE /api/team/invites/{id} (admin): the link stops working at once. */
export async function revokeInvite(ctx: AuthedContext, inviteId: string): Promise<void> {
  const invite = await ctx.db
    .select({ id: teamInvites.id })
    .from(teamInvites)
    .where(openInvite(ctx, inviteId))
    .get();
  if (!invite) throw notFound('Invitation');
  await ctx.db.batch(revokeStatements(ctx, inviteId, ctx.now()));
}
