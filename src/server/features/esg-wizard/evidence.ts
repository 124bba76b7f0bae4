// Evidence files attached to checklist indicators. Bytes are stored in the database in chunks of
// at most 1 MB (D1 refuses a row or BLOB above ~2 MB), written in one batch with the evidence row
// and its audit row, and streamed back one chunk at a time.
import { and, eq } from 'drizzle-orm';
import { users } from '../../../../db/schema/auth.ts';
import { esgEvidence, esgEvidenceChunks } from '../../../../db/schema/esg-wizard.ts';
import type { Jurisdiction } from '../../../domain/contracts/auth.ts';
import type { Evidence } from '../../../domain/contracts/esg-wizard.ts';
import { sha256Hex } from '../../../domain/sha256.ts';
import type { AuthedContext } from '../../context.ts';
import { splitIntoChunks, streamChunks } from '../../lib/chunked-bytes.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { cleanFileName } from '../../lib/file-name.ts';
import { auditInsert } from '../audit/service.ts';
import {
  EVIDENCE_TOO_LARGE_MESSAGE,
  EVIDENCE_TYPE_MESSAGE,
  evidenceContentType,
  MAX_EVIDENCE_BYTES,
} from './evidence-type.ts';
import { checklistIndicator, personName } from './service.ts';

export const EVIDENCE_UPLOAD_PATH = '/api/esg/evidence';

export const evidenceTooLarge = () => new HttpError(413, EVIDENCE_TOO_LARGE_MESSAGE, 'payload_too_large');

const columns = {
  id: esgEvidence.id,
  jurisdiction: esgEvidence.jurisdiction,
  indicator: esgEvidence.indicator,
  fileName: esgEvidence.fileName,
  contentType: esgEvidence.contentType,
  size: esgEvidence.size,
  sha256: esgEvidence.sha256,
  createdAt: esgEvidence.createdAt,
  createdBy: personName,
};

export interface EvidenceUpload {
  jurisdiction: Jurisdiction;
  indicator: string;
  file: File;
}

/** Stores a file for an indicator of the initialised checklist; 413/415 for files it refuses. */
export async function addEvidence(ctx: AuthedContext, upload: EvidenceUpload): Promise<Evidence> {
  const { jurisdiction, indicator, file } = upload;
  if (file.size > MAX_EVIDENCE_BYTES) throw evidenceTooLarge();
  if (file.size === 0) {
    const message = 'The file is empty';
    throw new HttpError(400, message, 'validation_failed', {
      formErrors: [],
      fieldErrors: { file: [message] },
    });
  }
  await checklistIndicator(ctx, jurisdiction, indicator);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = evidenceContentType(bytes, { fileName: file.name, type: file.type });
  if (!contentType) throw new HttpError(415, EVIDENCE_TYPE_MESSAGE, 'unsupported_media_type');

  const id = crypto.randomUUID();
  const sha256 = sha256Hex(bytes);
  const fileName = cleanFileName(file.name, 'evidence');
  const createdAt = ctx.now();
  const chunkInserts = splitIntoChunks(bytes).map((data, seq) =>
    ctx.db.insert(esgEvidenceChunks).values({ evidenceId: id, companyId: ctx.companyId, seq, data }),
  );
  await ctx.db.batch([
    ctx.db.insert(esgEvidence).values({
      id,
      companyId: ctx.companyId,
      jurisdiction,
      indicator,
      fileName,
      contentType,
      size: bytes.length,
      sha256,
      createdBy: ctx.userId,
      createdAt,
    }),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'esg_evidence_added',
      entityType: 'esg_evidence',
      entityId: id,
    }),
    ...chunkInserts,
  ]);
  const row = await findEvidence(ctx, id);
  return { ...row, createdAt: row.createdAt.toISOString() };
}

async function findEvidence(ctx: AuthedContext, id: string) {
  const row = await ctx.db
    .select(columns)
    .from(esgEvidence)
    .leftJoin(users, eq(users.id, esgEvidence.createdBy))
    .where(and(eq(esgEvidence.id, id), eq(esgEvidence.companyId, ctx.companyId)))
    .get();
  // Another company's id answers exactly like a missing one.
  if (!row) throw notFound('Evidence');
  return row;
}

/** The file's stored type, name and size, and its bytes as a stream read chunk by chunk. */
export async function readEvidenceFile(ctx: AuthedContext, id: string) {
  const row = await findEvidence(ctx, id);
  const body = streamChunks(async (seq) => {
    const chunk = await ctx.db
      .select({ data: esgEvidenceChunks.data })
      .from(esgEvidenceChunks)
      .where(
        and(
          eq(esgEvidenceChunks.evidenceId, row.id),
          eq(esgEvidenceChunks.companyId, ctx.companyId),
          eq(esgEvidenceChunks.seq, seq),
        ),
      )
      .get();
    return chunk?.data;
  });
  return { fileName: row.fileName, contentType: row.contentType, size: row.size, body };
}

/** Removes the file and its bytes, with its audit row, in one batch. */
export async function deleteEvidence(ctx: AuthedContext, id: string): Promise<void> {
  await findEvidence(ctx, id);
  await ctx.db.batch([
    // Explicitly, not only by the foreign key's cascade: a connection without foreign_keys = ON
    // would otherwise keep the bytes.
    ctx.db
      .delete(esgEvidenceChunks)
      .where(and(eq(esgEvidenceChunks.evidenceId, id), eq(esgEvidenceChunks.companyId, ctx.companyId))),
    ctx.db.delete(esgEvidence).where(and(eq(esgEvidence.id, id), eq(esgEvidence.companyId, ctx.companyId))),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'esg_evidence_deleted',
      entityType: 'esg_evidence',
      entityId: id,
    }),
  ]);
}
