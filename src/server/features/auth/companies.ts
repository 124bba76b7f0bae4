// The companies a person belongs to, and moving a session between them (decision 031).
import { and, eq } from 'drizzle-orm';
import { companies, memberships, sessions } from '../../../../db/schema/auth.ts';
import type { CompanyMemberships, CurrentUser, SwitchCompany } from '../../../domain/contracts/auth.ts';
import type { AuthedContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { guardMembership, isMembershipGuardFailure, rememberLastCompany } from './last-company.ts';
import { consumePersonLimit } from './person-limit.ts';
import { getCurrentUser } from './service.ts';
import { forgetCachedSession } from './session.ts';

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** GET /api/auth/companies: only the caller's own memberships, the current company first. */
export async function listMyCompanies(ctx: AuthedContext): Promise<CompanyMemberships> {
  const rows = await ctx.db
    .select({ companyId: memberships.companyId, companyName: companies.name, role: memberships.role })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, ctx.userId));
  const list = rows
    .map((row) => ({ ...row, isCurrent: row.companyId === ctx.companyId }))
    .sort(
      (a, b) =>
        Number(b.isCurrent) - Number(a.isCurrent) ||
        byName.compare(a.companyName, b.companyName) ||
        a.companyId.localeCompare(b.companyId),
    );
  return { companies: list };
}

/**
 * Identical for a company that does not exist and one the person does not belong to, so the
 * answer never tells whether an id names some other company (CONVENTIONS §7).
 */
const notAMember = () =>
  new HttpError(
    404,
    'You are not a member of that company. Ask one of its admins to invite you.',
    'not_a_member',
  );

/**
 * POST /api/auth/switch-company: this session (no other) moves to `companyId`, with the role the
 * person holds there, the company entered gets an audit row, and it becomes the company the
 * person's next sign-in opens (decision 034). The membership is checked again inside the batch,
 * so a removal that lands between the read and the write aborts the switch.
 */
export async function switchCompany(ctx: AuthedContext, input: SwitchCompany): Promise<CurrentUser> {
  // Per person (the caller is already signed in): bounds membership probing and audit-log
  // flooding; the larger auth limit, because a person serving several companies switches often.
  await consumePersonLimit(ctx, 'switch-company', ctx.config.AUTH_RATE_LIMIT_PER_IP);
  const membership = await ctx.db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, ctx.userId), eq(memberships.companyId, input.companyId)))
    .get();
  if (!membership) throw notAMember();
  // Already there: nothing to change and nothing to audit.
  if (input.companyId === ctx.companyId) return getCurrentUser(ctx);
  try {
    await ctx.db.batch([
      guardMembership(ctx.db, ctx.userId, input.companyId),
      ctx.db
        .update(sessions)
        .set({ companyId: input.companyId })
        .where(and(eq(sessions.id, ctx.sessionId), eq(sessions.userId, ctx.userId))),
      rememberLastCompany(ctx.db, ctx.userId, input.companyId),
      auditInsert(ctx, {
        companyId: input.companyId,
        userId: ctx.userId,
        action: 'company_switched',
        entityType: 'session',
      }),
    ]);
  } catch (error) {
    if (isMembershipGuardFailure(error)) throw notAMember();
    throw error;
  }
  // The session cache (decision 004) must not answer the old company for this session again.
  forgetCachedSession(ctx.db, ctx.sessionId);
  return getCurrentUser({ ...ctx, companyId: input.companyId, role: membership.role });
}
