import { and, asc, eq, gt } from 'drizzle-orm';
import { auditLogs } from '../../../../db/schema/audit.ts';
import { type ChainCheckpoint, createChainVerifier } from '../../../domain/audit/verify.ts';
import type { AuditVerification } from '../../../domain/contracts/audit.ts';
import type { AuthedContext } from '../../context.ts';
import {
  type EntryRow,
  ensureChainHead,
  entryColumns,
  erasedRefsOf,
  headCheckpoint,
  sealCompanyChain,
  toChainEntry,
} from './chain-store.ts';
import { type AuditCheckpoint, canSignCheckpoints, isCheckpointSigned } from './checkpoint.ts';
import { readLatestCheckpointLine } from './checkpoint-file.ts';

/** Entries read per query while walking the chain. */
const PAGE = 2000;

const mismatch = (seq: number) => ({
  kind: 'checkpoint_mismatch' as const,
  seq,
  message: `The log does not match its signed checkpoint at entry ${seq}: entries up to it were rewritten or removed.`,
});

/**
 * GET /api/audit-logs/verify: seals what is waiting, then recomputes every content hash from the
 * stored fields and every link from the anchor, and names the first problem. Read page by page;
 * when retention moved the anchor during the walk, the walk starts again from the new anchor.
 *
 * The head's signature must hold, and the latest checkpoint in the checkpoint file (Bun) must lie
 * on the recomputed chain (decision 043). The file is read before the head: it is appended after
 * the head moved, so a seal running meanwhile cannot put it ahead of the head read here.
 */
export async function verifyAuditLog(ctx: AuthedContext): Promise<AuditVerification> {
  const now = ctx.now();
  await sealCompanyChain(ctx, ctx.companyId, now);
  for (let attempt = 0; ; attempt++) {
    const fileCheckpoint = await readLatestCheckpointLine(ctx.config, ctx.companyId);
    const head = await ensureChainHead(ctx.db, ctx.companyId, now);
    const signed = headCheckpoint(ctx.companyId, head);
    const outside = fileCheckpoint && (await isCheckpointSigned(ctx.config, fileCheckpoint));
    const checkpoint: ChainCheckpoint | null = outside
      ? { seq: fileCheckpoint.seq, hash: fileCheckpoint.chainHash }
      : null;
    const verifier = createChainVerifier(head, {
      erased: await erasedRefsOf(ctx.db, ctx.companyId),
      checkpoint,
    });
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
    const walked = verifier.finish();
    const headAfter = await ensureChainHead(ctx.db, ctx.companyId, now);
    if (!walked.valid && headAfter.anchorSeq !== head.anchorSeq && attempt < 2) continue;
    const problem =
      walked.problem ??
      (await signatureProblem(ctx, head.sealedSeq, signed, fileCheckpoint !== null && !outside));
    ctx.log.info('audit chain verified', {
      companyId: ctx.companyId,
      valid: problem === null,
      entriesChecked: walked.entriesChecked,
      problemSeq: problem?.seq ?? null,
    });
    const shown = outside ? fileCheckpoint : signed;
    return {
      valid: problem === null,
      entriesChecked: walked.entriesChecked,
      firstSeq: walked.firstSeq,
      lastSeq: walked.lastSeq,
      anchorSeq: head.anchorSeq,
      sealedSeq: head.sealedSeq,
      problem,
      checkpoint: shown
        ? { seq: shown.seq, signedAt: shown.signedAt, source: outside ? 'file' : 'database' }
        : null,
      verifiedAt: now.toISOString(),
    };
  }
}

/**
 * A head sealed past the start must carry a valid signature (the seal above signed any head that
 * had none), and a checkpoint file line must carry one too: a forged line is a problem, not a
 * line to ignore.
 */
async function signatureProblem(
  ctx: AuthedContext,
  sealedSeq: number,
  signed: AuditCheckpoint | null,
  fileForged: boolean,
) {
  if (fileForged) return mismatch(sealedSeq);
  // A Worker without SECRETS_KEY seals unsigned heads: nothing to check (decision 043).
  if (sealedSeq === 0 || !canSignCheckpoints(ctx.config)) return null;
  if (!signed || !(await isCheckpointSigned(ctx.config, signed))) return mismatch(sealedSeq);
  return null;
}
