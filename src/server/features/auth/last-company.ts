// The company a person last chose, and the company a new session opens in (decision 034).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { memberships, users } from '../../../../db/schema/auth.ts';
import type { Role } from '../../../domain/contracts/auth.ts';

/**
 * For the caller's batch: `companyId` becomes the company sign-in opens. Written where the person
 * chooses a company (a switch, accepting an invitation), in the same batch as the session moving
 * there, so the two never disagree.
 */
export function rememberLastCompany(db: Db, userId: string, companyId: string) {
  return db.update(users).set({ lastCompanyId: companyId }).where(eq(users.id, userId));
}

/**
 * For the removal's batch: the person no longer belongs to `companyId`, so it stops being their
 * remembered company (a company's deletion does the same through ON DELETE SET NULL). Sign-in
 * checks membership anyway; this keeps no trace of a company they have left (data minimisation,
 * GDPR Art. 5(1)(c)).
 */
export function forgetLastCompany(db: Db, userId: string, companyId: string) {
  return db
    .update(users)
    .set({ lastCompanyId: null })
    .where(and(eq(users.id, userId), eq(users.lastCompanyId, companyId)));
}

export interface SignInCompany {
  companyId: string;
  role: Role;
}

/**
 * Where a new session opens (sign-in, single sign-on): the company the person last chose while
 * they are still a member of it; otherwise, or if they never chose, the one they joined most
 * recently (ties: the larger membership id), decision 018's rule. One query over the person's
 * memberships, so a company they have left can never be picked: its membership row is gone.
 */
export function findSignInCompany(db: Db, userId: string): Promise<SignInCompany | undefined> {
  return db
    .select({ companyId: memberships.companyId, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.userId, userId))
    .orderBy(
      desc(sql`case when ${memberships.companyId} = ${users.lastCompanyId} then 1 else 0 end`),
      desc(memberships.createdAt),
      desc(memberships.id),
    )
    .get();
}

/**
 * For a batch that puts a session in `companyId`: aborts it unless the membership still exists, by
 * inserting a memberships row with a NULL user_id (NOT NULL) only then — the device of decision
 * 018 (src/server/features/team/guards.ts). A removal that lands between the read and the write
 * cannot leave a session (or an audit row) in a company the person has left.
 */
export function guardMembership(db: Db, userId: string, companyId: string) {
  return db.run(sql`
    INSERT INTO memberships (id, user_id, company_id, role, created_at)
    SELECT 'membership-guard', NULL, ${companyId}, 'viewer', 0
    WHERE NOT EXISTS (SELECT 1 FROM memberships WHERE user_id = ${userId} AND company_id = ${companyId})`);
}

/** Whether a batch was aborted by `guardMembership`. */
export function isMembershipGuardFailure(error: unknown): boolean {
  const text = `${String((error as { cause?: unknown })?.cause ?? '')} ${String((error as Error)?.message ?? '')}`;
  return /NOT NULL constraint failed: memberships\.user_id/i.test(text);
}
