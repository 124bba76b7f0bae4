// Conditions that must hold when a team batch commits, checked inside the batch itself (decision
// 003: no interactive transactions, so no read-then-write across awaits). Each guard is an INSERT
// into memberships that inserts nothing while its condition holds and otherwise inserts a row with
// a NULL in a NOT NULL column, which aborts the whole batch (the same device as the offset purchase,
// src/server/features/marketplace/purchase.ts). The NULL column tells the guards apart in the error.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';

export type GuardFailure = 'invite_taken' | 'seat_limit' | 'last_admin';

/**
 * The membership an invitation grants, inserted only if the conditional UPDATE of the same batch
 * (`claimInvite`) marked the invitation as accepted by this user at this instant; otherwise its id
 * is NULL. Two accepts of one link: the second finds the invitation taken and aborts.
 */
export function insertMembershipFromClaim(
  db: Db,
  input: { membershipId: string; inviteId: string; userId: string; companyId: string; now: Date },
) {
  const at = input.now.getTime();
  return db.run(sql`
    INSERT INTO memberships (id, user_id, company_id, role, created_at)
    SELECT
      CASE WHEN i.accepted_by = ${input.userId} AND i.accepted_at = ${at} THEN ${input.membershipId} END,
      ${input.userId}, ${input.companyId}, coalesce(i.role, 'viewer'), ${at}
    FROM (SELECT 1) AS one
    LEFT JOIN team_invites AS i ON i.id = ${input.inviteId} AND i.company_id = ${input.companyId}`);
}

/** Aborts when the company has more members than its plan allows (null: unlimited, no guard). */
export function guardSeatLimit(db: Db, companyId: string, maxUsers: number | null) {
  if (maxUsers === null) return null;
  return db.run(sql`
    INSERT INTO memberships (id, user_id, company_id, role, created_at)
    SELECT 'seat-limit-guard', NULL, ${companyId}, 'viewer', 0
    WHERE (SELECT count(*) FROM memberships WHERE company_id = ${companyId}) > ${maxUsers}`);
}

/** Aborts when the company would be left without an admin (two admins demoting each other at once). */
export function guardHasAdmin(db: Db, companyId: string) {
  return db.run(sql`
    INSERT INTO memberships (id, user_id, company_id, role, created_at)
    SELECT 'last-admin-guard', 'last-admin-guard', NULL, 'admin', 0
    WHERE NOT EXISTS (SELECT 1 FROM memberships WHERE company_id = ${companyId} AND role = 'admin')`);
}

/** Which guard aborted a batch, or null for any other error. */
export function guardFailure(error: unknown): GuardFailure | null {
  const text = `${String((error as { cause?: unknown })?.cause ?? '')} ${String((error as Error)?.message ?? '')}`;
  if (/NOT NULL constraint failed: memberships\.id/i.test(text)) return 'invite_taken';
  if (/NOT NULL constraint failed: memberships\.user_id/i.test(text)) return 'seat_limit';
  if (/NOT NULL constraint failed: memberships\.company_id/i.test(text)) return 'last_admin';
  return null;
}
