import { and, eq, gte, inArray, ne, or, type SQLWrapper, sql } from 'drizzle-orm';
import { ensureSecureDelete, truncateWriteAheadLog } from '../../../../db/client.ts';
import { analyticsEvents, analyticsPageViews, analyticsSessions } from '../../../../db/schema/analytics.ts';
import { auditLogs } from '../../../../db/schema/audit.ts';
import { companies, memberships, users } from '../../../../db/schema/auth.ts';
import { jobs } from '../../../../db/schema/jobs.ts';
import { activityLines } from '../../../../db/schema/ledger.ts';
import { offsetOrders } from '../../../../db/schema/marketplace.ts';
import { rateLimits } from '../../../../db/schema/security.ts';
import { feedback } from '../../../../db/schema/support.ts';
import { teamInvites } from '../../../../db/schema/team.ts';
import { ERASURE_ACTION, erasedPseudonym } from '../../../domain/audit/chain.ts';
import type { AccountDeletionImpact } from '../../../domain/contracts/privacy.ts';
import type { ServiceContext } from '../../context.ts';
import { conflict } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { forgetCachedSessions } from '../auth/service.ts';
import { prepareCompanyRevocations, revokeErasedSources } from '../connectors/service.ts';

/**
 * Erasing a person (GDPR Art. 17): the one deletion used by `DELETE /api/gdpr/delete-account` and
 * by the 3-year inactivity rule of the retention job (decision 021).
 */

/** For each company the user belongs to: whether they are its only member, or its last admin. */
export async function accountDeletionImpact(
  ctx: ServiceContext,
  userId: string,
): Promise<AccountDeletionImpact> {
  const others = sql`from ${memberships} as other where other.company_id = ${memberships.companyId} and other.user_id <> ${userId}`;
  const rows = await ctx.db
    .select({
      id: companies.id,
      name: companies.name,
      role: memberships.role,
      otherMembers: sql<number>`(select count(*) ${others})`,
      otherAdmins: sql<number>`(select count(*) ${others} and other.role = 'admin')`,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId))
    .orderBy(memberships.createdAt);
  const blocking = rows.find((row) => row.role === 'admin' && row.otherMembers > 0 && row.otherAdmins === 0);
  return {
    companiesDeleted: rows.filter((row) => row.otherMembers === 0).map(({ id, name }) => ({ id, name })),
    companiesKept: rows.filter((row) => row.otherMembers > 0).map(({ id, name }) => ({ id, name })),
    blockedReason: blocking
      ? `You are the only admin of ${blocking.name}. Make another member an admin in Settings → Team first, then delete your account.`
      : null,
  };
}

/** Nobody but the user belongs to the company (checked again inside the batch: someone may have joined). */
function noOtherMember(companyId: SQLWrapper, userId: string) {
  return sql`not exists (select 1 from ${memberships} where ${memberships.companyId} = ${companyId} and ${ne(memberships.userId, userId)})`;
}

/**
 * `key` holds `value` as one of its `:`-separated parts (`sign-in-email:ana@example.com`,
 * `switch-company-user:<id>`), so erasing ana@example.com leaves bob.ana@example.com's counters.
 */
function keyNames(key: SQLWrapper, value: string) {
  const part = escapeLike(value.toLowerCase());
  return sql`(lower(${key}) like ${`%:${part}`} escape '\\' or lower(${key}) like ${`%:${part}:%`} escape '\\')`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Companies the person belongs to or whose audit log names them (as actor or entity): each
 * records the erasure, which lets its chain accept the pseudonyms (decision 043). A company
 * deleted in the same batch takes its record with it; one that someone joined meanwhile, and so
 * is kept, keeps it.
 */
async function companiesNamingPerson(ctx: ServiceContext, userId: string, members: string[]) {
  const rows = await ctx.db
    .selectDistinct({ companyId: auditLogs.companyId })
    .from(auditLogs)
    .where(or(eq(auditLogs.userId, userId), eq(auditLogs.entityId, userId)));
  return [...new Set([...members, ...rows.map((row) => row.companyId)])];
}

/** The erasure record and the pseudonymised entity ids of one surviving company's log. */
function pseudonymiseAudit(ctx: ServiceContext, companyId: string, userId: string) {
  const pseudonym = erasedPseudonym(companyId, userId);
  return [
    // No IP address, name or email: the pseudonym only (decisions 021, 043).
    auditInsert(
      { ...ctx, ip: null },
      { companyId, userId: null, action: ERASURE_ACTION, entityType: 'user', entityId: pseudonym },
    ),
    // Format 1 hashed the id itself: those entries keep it until retention removes them.
    ctx.db
      .update(auditLogs)
      .set({ entityId: pseudonym })
      .where(
        and(
          eq(auditLogs.companyId, companyId),
          eq(auditLogs.entityId, userId),
          gte(auditLogs.contentVersion, 2),
        ),
      ),
  ];
}

export interface ErasureOutcome {
  companiesDeleted: number;
  companiesKept: number;
}

/**
 * One batch: the person's audit entries pseudonymised in every company that keeps them, their rows
 * deleted or unlinked, their email erased wherever it was copied, the companies only they belonged
 * to deleted, then the user.
 */
function erasureStatements(
  ctx: ServiceContext,
  {
    userId,
    email,
    recording,
    deletedIds,
  }: { userId: string; email: string; recording: string[]; deletedIds: string[] },
) {
  const sameEmail = (column: SQLWrapper) => sql`lower(${column}) = lower(${email})`;
  return [
    ...recording.flatMap((companyId) => pseudonymiseAudit(ctx, companyId, userId)),
    ctx.db.update(offsetOrders).set({ purchasedByName: null }).where(eq(offsetOrders.userId, userId)),
    ctx.db.delete(feedback).where(eq(feedback.userId, userId)),
    ctx.db.update(feedback).set({ email: null }).where(sameEmail(feedback.email)),
    ctx.db.delete(teamInvites).where(sameEmail(teamInvites.email)),
    ctx.db.update(analyticsSessions).set({ userId: null }).where(eq(analyticsSessions.userId, userId)),
    ctx.db.update(analyticsPageViews).set({ userId: null }).where(eq(analyticsPageViews.userId, userId)),
    ctx.db.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, userId)),
    // Keys such as `sign-in-email:ana@example.com` (src/server/features/auth/service.ts) or
    // `switch-company-user:<id>`.
    ctx.db.delete(rateLimits).where(or(keyNames(rateLimits.key, email), keyNames(rateLimits.key, userId))),
    // A report queued "send by email" keeps the address in its payload (reports/service.ts); a
    // failed delivery may quote it in the job's error or result.
    ctx.db
      .update(jobs)
      .set({
        payload: sql`replace(${jobs.payload}, json_quote(${email}), 'null')`,
        result: sql`replace(${jobs.result}, json_quote(${email}), 'null')`,
        error: sql`replace(${jobs.error}, ${email}, '(erased)')`,
      })
      .where(
        or(
          sql`instr(${jobs.payload}, json_quote(${email})) > 0`,
          sql`instr(${jobs.result}, json_quote(${email})) > 0`,
          sql`instr(${jobs.error}, ${email}) > 0`,
        ),
      ),
    ...(deletedIds.length > 0
      ? [
          // Ledger lines restrict the deletion of their site, so they go first.
          ctx.db.delete(activityLines).where(
            inArray(
              activityLines.companyKey,
              ctx.db
                .select({ key: companies.ledgerKey })
                .from(companies)
                .where(and(inArray(companies.id, deletedIds), noOtherMember(companies.id, userId))),
            ),
          ),
          // Only while nobody else has joined since the check.
          ctx.db
            .delete(companies)
            .where(and(inArray(companies.id, deletedIds), noOtherMember(companies.id, userId))),
        ]
      : []),
    ctx.db.delete(users).where(eq(users.id, userId)),
  ];
}

/**
 * Deletes the user and every piece of personal data about them, in one batch:
 * - the users row; the database cascades sessions (in every company), memberships, single-sign-on
 *   links, the photo and OAuth states, and sets the user id to null where others' records name
 *   them as author (ledger lines, reports, narratives, API keys, audit entries, …);
 * - copies of their name or email kept as text: the buyer name on offset orders, invitations to
 *   their address, their feedback, rate-limit counters keyed by their email, a queued report
 *   email in a job payload;
 * - analytics user ids (set to null);
 * - each company they are the only member of, with everything in it (cascade).
 * The connector sources of those companies then have the app's access revoked at QuickBooks, Xero
 * or Shopify (decision 032): credentials read before the batch, revoked after it, never failing it.
 * Refused with 409 when they are the last admin of a company that keeps other members.
 *
 * Each company that remains and knew them (a member, or its audit log names them) gets an
 * `account_deleted` audit row whose entity is their pseudonym, with no user id, name, email or IP
 * address; their id in that log's entries becomes the pseudonym too, which its chain accepts
 * because the erasure is recorded (decision 043). Deleted rows are zeroed in the database file
 * (`secure_delete`) and the write-ahead log is emptied after the batch, so the file's bytes no
 * longer hold them. The reason for leaving is not stored (decision 021).
 */
export async function eraseUser(
  ctx: ServiceContext,
  userId: string,
  trigger: 'request' | 'inactivity',
): Promise<ErasureOutcome> {
  const impact = await accountDeletionImpact(ctx, userId);
  if (impact.blockedReason) throw conflict(impact.blockedReason);
  const user = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  if (!user) return { companiesDeleted: 0, companiesKept: 0 };
  const email = user.email;
  const deletedIds = impact.companiesDeleted.map((company) => company.id);
  const recording = await companiesNamingPerson(
    ctx,
    userId,
    [...impact.companiesKept, ...impact.companiesDeleted].map((company) => company.id),
  );
  // The sealed tokens cascade away with the companies: read them first.
  const revocations = await prepareCompanyRevocations(ctx, deletedIds);
  await ensureSecureDelete(ctx.db);
  const statements = erasureStatements(ctx, { userId, email, recording, deletedIds });
  await ctx.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  forgetCachedSessions(ctx.db);
  // Old copies of the pages just zeroed would otherwise stay in the write-ahead log.
  if ((await truncateWriteAheadLog(ctx.db)) === 'busy') {
    ctx.log.warn('write-ahead log not emptied after an erasure: another process was reading');
  }
  await revokeErasedSources(ctx, revocations);
  // No user id, name or email: counts only.
  ctx.log.info('account deleted', {
    trigger,
    companiesDeleted: deletedIds.length,
    companiesKept: impact.companiesKept.length,
  });
  return { companiesDeleted: deletedIds.length, companiesKept: impact.companiesKept.length };
}
