import { and, asc, eq, gt } from 'drizzle-orm';
import { auditLogs } from '../../../../db/schema/audit.ts';
import { createChainVerifier } from '../../../domain/audit/verify.ts';
import type { AuditVerification } from '../../../domain/contracts/audit.ts';
import type { AuthedContext } from '../../context.ts';
import {
  type EntryRow,
  ensureChainHead,
  entryColumns,
  sealCompanyChain,
  toChainEntry,
} from './chain-store.ts';

/** Entries read per query while walking the chain. */
const PAGE = 2000;

/**
 * GET /api/audit-logs/verify: seals what is waiting, then recomputes every content hash from the
 * stored fields and every link from the anchor, and names the first problem. Read page by page;
 * when retention moved the anchor during the walk, the walk starts again from the new anchor.
 */
export async function verifyAuditLog(ctx: AuthedContext): Promise<AuditVerification> {
  const now = ctx.now();
  await sealCompanyChain(ctx.db, ctx.companyId, now, ctx.log);
  for (let attempt = 0; ; attempt++) {
    const head = await ensureChainHead(ctx.db, ctx.companyId, now);
    const verifier = createChainVerifier(head);
    let after = head.anchorSeq;
    for (;;) {
      const rows: EntryRow[] = await ctx.db
        .select(entryColumns)
        .from(auditLogs)
        .where(and(eq(auditLogs.companyId, ctx.companyId), gt(auditLogs.seq, after)))
        .orderBy(asc(auditLogs.seq))
        .limit(PAGE);
      let going = true;
      for (const row of rows) {
        going = verifier.add(toChainEntry(row));
        if (!going) break;
      }
      if (!going || rows.length < PAGE) break;
      after = rows[rows.length - 1]!.seq;
    }
    const result = verifier.finish();
    const headAfter = await ensureChainHead(ctx.db, ctx.companyId, now);
    if (!result.valid && headAfter.anchorSeq !== head.anchorSeq && attempt < 2) continue;
    ctx.log.info('audit chain verified', {
      companyId: ctx.companyId,
      valid: result.valid,
      entriesChecked: result.entriesChecked,
      problemSeq: result.problem?.seq ?? null,
    });
    return {
      valid: result.valid,
      entriesChecked: result.entriesChecked,
      firstSeq: result.firstSeq,
      lastSeq: result.lastSeq,
      anchorSeq: head.anchorSeq,
      sealedSeq: head.sealedSeq,
      problem: result.problem,
      verifiedAt: now.toISOString(),
    };
  }
}
