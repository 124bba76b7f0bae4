// A rendered report's bytes, stored in `report_files` in chunks of at most 1 MB (D1 refuses a row
// or BLOB above about 2 MB; the same rule as ESG evidence, decision 010).
import { encodeHexLowerCase } from '@oslojs/encoding';
import { and, asc, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../../db/client.ts';
import { reportFiles } from '../../../../db/schema/reports.ts';

/** 1 MiB per chunk row: half of D1's row limit, leaving room for the other columns. */
export const REPORT_CHUNK_BYTES = 1024 * 1024;

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return encodeHexLowerCase(
    new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)),
  );
}

/**
 * The statements that replace a report's stored bytes: delete what a previous attempt may have
 * written, then insert every chunk. Put them in one batch with the row's metadata, so a re-run of
 * the job leaves exactly one copy.
 */
export function replaceFileStatements(
  db: Db,
  companyId: string,
  reportId: string,
  bytes: Uint8Array,
): [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] {
  const statements: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [
    db
      .delete(reportFiles)
      .where(and(eq(reportFiles.reportId, reportId), eq(reportFiles.companyId, companyId))),
  ];
  for (let offset = 0, seq = 0; offset < bytes.length || seq === 0; offset += REPORT_CHUNK_BYTES, seq++) {
    statements.push(
      db
        .insert(reportFiles)
        .values({ reportId, companyId, seq, data: bytes.slice(offset, offset + REPORT_CHUNK_BYTES) }),
    );
  }
  return statements;
}

/** The whole file, chunks in order. */
export async function readFileBytes(db: Db, companyId: string, reportId: string): Promise<Uint8Array> {
  const chunks = await db
    .select({ data: reportFiles.data })
    .from(reportFiles)
    .where(and(eq(reportFiles.reportId, reportId), eq(reportFiles.companyId, companyId)))
    .orderBy(asc(reportFiles.seq));
  const size = chunks.reduce((sum, chunk) => sum + chunk.data.length, 0);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk.data, offset);
    offset += chunk.data.length;
  }
  return bytes;
}

/** The file as a stream read one chunk at a time (a download never holds the whole file). */
export function streamFile(db: Db, companyId: string, reportId: string): ReadableStream<Uint8Array> {
  let seq = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const chunk = await db
        .select({ data: reportFiles.data })
        .from(reportFiles)
        .where(
          and(
            eq(reportFiles.reportId, reportId),
            eq(reportFiles.companyId, companyId),
            eq(reportFiles.seq, seq),
          ),
        )
        .get();
      if (!chunk) {
        controller.close();
        return;
      }
      seq += 1;
      controller.enqueue(chunk.data);
    },
  });
}
