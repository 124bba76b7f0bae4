import { and, asc, eq, gt, inArray, isNotNull, lt, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { analyticsEvents, analyticsPageViews, analyticsSessions } from '../../../../db/schema/analytics.ts';
import { auditChainHeads, auditLogs } from '../../../../db/schema/audit.ts';
import {
  emailChangeRequests,
  passwordResetTokens,
  pendingSignups,
  users,
} from '../../../../db/schema/auth.ts';
import { jobs } from '../../../../db/schema/jobs.ts';
import { createChainVerifier } from '../../../domain/audit/verify.ts';
import type { ServiceContext } from '../../context.ts';
import type { JobHandler } from '../../jobs/job-handler.ts';
import { RECURRING_JOBS } from '../../jobs/recurring.ts';
import { HttpError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import {
  type EntryRow,
  ensureChainHead,
  entryColumns,
  erasedRefsOf,
  sealAllChains,
  toChainEntry,
} from '../audit/service.ts';
import { eraseUser } from './erase.ts';

/**
 * The retention periods of the legal pages (spec §2, §9), applied daily by the `privacy.retention`
 * job: audit logs 1 year, usage analytics pseudonymised after 2 years, accounts deleted after 3
 * years without activity. Every step is idempotent and bounded per run.
 */
export const AUDIT_RETENTION_YEARS = 1;
export const ANALYTICS_PSEUDONYMISE_YEARS = 2;
export const INACTIVE_ACCOUNT_YEARS = 3;
/** Finished scheduled jobs are kept this long for inspection, then removed. */
const FINISHED_SCHEDULED_JOB_DAYS = 7;
const PAGE = 1000;

export function yearsBefore(now: Date, years: number): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/**
 * Removes entries older than a year from the start of each company's chain and moves the anchor
 * to the last one removed, so verification starts from its chain hash. Only sealed entries whose
 * chain verifies are removed: a tampered old entry stays as evidence (and is logged).
 */
export async function trimAuditLogs(db: Db, now: Date, log: Logger): Promise<number> {
  const cutoff = yearsBefore(now, AUDIT_RETENTION_YEARS);
  const owners = await db
    .selectDistinct({ companyId: auditLogs.companyId })
    .from(auditLogs)
    .where(lt(auditLogs.createdAt, cutoff));
  let removed = 0;
  for (const { companyId } of owners) {
    const head = await ensureChainHead(db, companyId, now);
    const verifier = createChainVerifier(head, { erased: await erasedRefsOf(db, companyId) });
    let after = head.anchorSeq;
    let through = { seq: head.anchorSeq, hash: head.anchorHash };
    for (let more = true; more; ) {
      const rows: EntryRow[] = await db
        .select(entryColumns)
        .from(auditLogs)
        .where(and(eq(auditLogs.companyId, companyId), gt(auditLogs.seq, after)))
        .orderBy(asc(auditLogs.seq))
        .limit(PAGE);
      more = rows.length === PAGE;
      for (const row of rows) {
        if (row.createdAt >= cutoff || row.seq > head.sealedSeq || !verifier.add(toChainEntry(row))) {
          more = false;
          break;
        }
        through = { seq: row.seq, hash: row.chainHash! };
        after = row.seq;
      }
    }
    const problem = verifier.finish().problem;
    if (problem && problem.seq <= through.seq + 1 && problem.seq <= head.sealedSeq) {
      log.warn('audit entries kept past retention: the chain does not verify', {
        companyId,
        seq: problem.seq,
      });
    }
    if (through.seq === head.anchorSeq) continue;
    // Both statements only apply while the anchor is where this run read it (another run may
    // have moved it): one transaction, so entries and anchor always move together.
    const anchorUnchanged = sql`exists (select 1 from ${auditChainHeads} where ${auditChainHeads.companyId} = ${companyId} and ${auditChainHeads.anchorSeq} = ${head.anchorSeq})`;
    const [deleted] = await db.batch([
      db
        .delete(auditLogs)
        .where(
          and(
            eq(auditLogs.companyId, companyId),
            gt(auditLogs.seq, head.anchorSeq),
            sql`${auditLogs.seq} <= ${through.seq}`,
            anchorUnchanged,
          ),
        )
        .returning({ id: auditLogs.id }),
      db
        .update(auditChainHeads)
        .set({ anchorSeq: through.seq, anchorHash: through.hash, updatedAt: now })
        .where(and(eq(auditChainHeads.companyId, companyId), eq(auditChainHeads.anchorSeq, head.anchorSeq))),
    ]);
    removed += deleted.length;
  }
  return removed;
}

/**
 * Replaces user ids in analytics older than two years with a random pseudonym, one per person per
 * run, so old figures still count distinct people but no longer lead back to anyone (the mapping
 * is never stored).
 */
export async function pseudonymiseAnalytics(db: Db, now: Date): Promise<number> {
  const cutoff = yearsBefore(now, ANALYTICS_PSEUDONYMISE_YEARS);
  const notPseudonym = (column: SQLWrapper) => and(isNotNull(column), sql`${column} not like 'pseudonym:%'`);
  let people = 0;
  for (let round = 0; round < 1000; round++) {
    const found = await db.all<{ user_id: string }>(sql`
      select ${analyticsSessions.userId} as user_id from ${analyticsSessions}
        where ${analyticsSessions.startedAt} < ${cutoff.getTime()} and ${analyticsSessions.userId} is not null and ${analyticsSessions.pseudonymisedAt} is null
      union select ${analyticsPageViews.userId} from ${analyticsPageViews}
        where ${analyticsPageViews.createdAt} < ${cutoff.getTime()} and ${notPseudonym(analyticsPageViews.userId)}
      union select ${analyticsEvents.userId} from ${analyticsEvents}
        where ${analyticsEvents.createdAt} < ${cutoff.getTime()} and ${notPseudonym(analyticsEvents.userId)}
      limit 200`);
    if (found.length === 0) break;
    const statements = found.flatMap(({ user_id: userId }) => {
      const pseudonym = `pseudonym:${crypto.randomUUID()}`;
      return [
        db
          .update(analyticsSessions)
          .set({ userId: pseudonym, pseudonymisedAt: now })
          .where(and(eq(analyticsSessions.userId, userId), lt(analyticsSessions.startedAt, cutoff))),
        db
          .update(analyticsPageViews)
          .set({ userId: pseudonym })
          .where(and(eq(analyticsPageViews.userId, userId), lt(analyticsPageViews.createdAt, cutoff))),
        db
          .update(analyticsEvents)
          .set({ userId: pseudonym })
          .where(and(eq(analyticsEvents.userId, userId), lt(analyticsEvents.createdAt, cutoff))),
      ];
    });
    await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
    people += found.length;
  }
  return people;
}

/**
 * Deletes accounts with no sign-in or session use for three years (last activity, or sign-up when
 * never recorded) with the same erasure as a person's own request. The last admin of a company
 * whose other members remain is kept: that company is in use, and it needs an admin.
 */
export async function deleteInactiveAccounts(
  ctx: ServiceContext,
): Promise<{ deleted: number; kept: number }> {
  const cutoff = yearsBefore(ctx.now(), INACTIVE_ACCOUNT_YEARS);
  const inactive = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(lt(sql`coalesce(${users.lastActiveAt}, ${users.createdAt})`, cutoff.getTime()))
    .limit(500);
  let deleted = 0;
  let kept = 0;
  for (const { id } of inactive) {
    try {
      await eraseUser(ctx, id, 'inactivity');
      deleted += 1;
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 409) throw error;
      kept += 1;
    }
  }
  if (kept > 0) ctx.log.warn('inactive accounts kept: last admin of a company in use', { kept });
  return { deleted, kept };
}

/** `privacy.retention` (daily, src/server/jobs/recurring.ts). */
/**
 * Removes single-use links past their expiry: a sign-up never confirmed (it holds the person's
 * name and a password hash), an email change never opened, a reset link never used. Using a link
 * already refuses an expired one; this keeps what was never used from staying indefinitely.
 */
export async function deleteExpiredLinks(db: Db, now: Date): Promise<number> {
  const results = await db.batch([
    db.delete(pendingSignups).where(lt(pendingSignups.expiresAt, now)),
    db.delete(emailChangeRequests).where(lt(emailChangeRequests.expiresAt, now)),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now)),
  ]);
  return results.reduce((sum, result) => sum + ((result as { rowsAffected?: number }).rowsAffected ?? 0), 0);
}

export const retentionJob: JobHandler = async (job, deps) => {
  const now = deps.now();
  const ctx: ServiceContext = {
    db: deps.db,
    config: deps.config,
    log: deps.log,
    requestId: `job:${job.id}`,
    ip: null,
    now: deps.now,
  };
  // Retention removes only sealed entries: seal first.
  const sealed = await sealAllChains(deps, now);
  const auditEntriesRemoved = await trimAuditLogs(deps.db, now, deps.log);
  const analyticsPeoplePseudonymised = await pseudonymiseAnalytics(deps.db, now);
  const accounts = await deleteInactiveAccounts(ctx);
  const expiredLinksRemoved = await deleteExpiredLinks(deps.db, now);
  const finishedBefore = new Date(now.getTime() - FINISHED_SCHEDULED_JOB_DAYS * 24 * 60 * 60 * 1000);
  await deps.db.delete(jobs).where(
    and(
      inArray(
        jobs.kind,
        RECURRING_JOBS.map((recurring) => recurring.kind),
      ),
      eq(jobs.status, 'succeeded'),
      lt(jobs.updatedAt, finishedBefore),
    ),
  );
  const result = {
    auditEntriesSealed: sealed.entries,
    auditEntriesRemoved,
    analyticsPeoplePseudonymised,
    accountsDeleted: accounts.deleted,
    accountsKept: accounts.kept,
    expiredLinksRemoved,
  };
  deps.log.info('retention applied', result);
  return result;
};
