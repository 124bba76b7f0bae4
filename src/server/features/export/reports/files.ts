// A rendered report's bytes, stored in `report_files` in chunks of at most 1 MB (D1 refuses a row
// or BLOB above about 2 MB; the same rule as ESG evidence, decision 010).
import { and, asc, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../../../db/client.ts';
import { reportFiles } from '../../../../../db/schema/export-reports.ts';
import { joinChunks, splitIntoChunks, streamChunks } from '../../../lib/chunked-bytes.ts';

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
  for (const [seq, data] of splitIntoChunks(bytes).entries()) {
    statements.push(db.insert(reportFiles).values({ reportId, companyId, seq, data }));
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
  return joinChunks(chunks.map((chunk) => chunk.data));
}

/** The file as a stream read one chunk at a time (a download never holds the whole file). */
export function streamFile(db: Db, companyId: string, reportId: string): ReadableStream<Uint8Array> {
  return streamChunks(async (seq) => {
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
    return chunk?.data;
  });
}
