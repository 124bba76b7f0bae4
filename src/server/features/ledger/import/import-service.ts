// CSV import, all or nothing (docs/decisions/008-csv-import.md). The upload is read and calculated
// in batches, each written by the ledger writer (decision 068): over a local file on an import
// thread of its own (import-thread.ts), elsewhere inline. Each batch's lines, with their stored
// results, are written under an import row marked pending (imported_count = -1), which keeps them
// invisible to every reader (emissions/visibility.ts).
// The last batch flips the import to complete together with its audit row; any failure deletes
// everything written under the import id.
import { and, eq, sql } from 'drizzle-orm';
import { localDatabasePath } from '../../../../../db/client.ts';
import { activityImports, dataSources } from '../../../../../db/schema/ledger.ts';
import type { UserColumnMapping } from '../../../../domain/activity-import/headers.ts';
import { MAX_IMPORT_BYTES } from '../../../../domain/activity-import/limits.ts';
import { groupProblems } from '../../../../domain/activity-import/problem-groups.ts';
import type { ImportResult } from '../../../../domain/contracts/ledger.ts';
import type { ImportAnswers } from '../../../../domain/contracts/ledger-import.ts';
import type { ImportDuplicateChoice } from '../../../../domain/contracts/ledger-probable-duplicates.ts';
import { sha256Hex } from '../../../../domain/sha256.ts';
import type { AuthedContext } from '../../../context.ts';
import { HttpError } from '../../../lib/errors.ts';
import { cleanFileName } from '../../../lib/file-name.ts';
import { auditInsert } from '../../audit/service.ts';
import { getDataSource } from '../../data-sources/service.ts';
import { getNotCountedSummary } from '../figures/not-counted.ts';
import { type LineOrigin, ledgerWriter } from '../lines/ledger-writer.ts';
import { statementQuery } from '../lines/ledger-writer-local.ts';
import { LINES_PER_INSERT } from '../lines/line-staging.ts';
import { headerEntries, resolveAnswers } from './import-answers.ts';
import {
  type PreparedSummary,
  type PrepareImportOptions,
  prepareImport,
  uploadStream,
} from './import-batches.ts';
import { linesOfOtherSources, settleImportDuplicates } from './import-duplicates.ts';
import { loadImportMappings, saveMappingStatements } from './import-mappings.ts';
import { asHttpError, fileTooLarge } from './import-refusals.ts';
import { insertNewSites, listCompanySites, removeNewSites } from './import-sites.ts';
import {
  discardImport,
  discardStaleImports,
  IMPORT_HEARTBEAT_MS,
  linesOfImport,
  refreshImportHeartbeat,
  startPendingImport,
  stillOurs,
} from './import-store.ts';
import { importOnThread, importThreadAvailable } from './import-thread.ts';

export interface ImportUpload {
  file: File;
  userMapping?: UserColumnMapping;
  dataSourceId?: string | null;
  /** What to do with rows that look like lines of other sources (decision 052). */
  onDuplicate?: ImportDuplicateChoice;
  /** Answers to the preview's questions (decision 049); remembered once the import has gone in. */
  answers?: ImportAnswers;
}

/**
 * Rows read and calculated at a time, and lines per write where lines wait to be written together
 * (the inline path: one batch, one transaction). A batch holds its lines as objects: ~10,000 keeps
 * the 100,000-row import under its memory budget (decision 068). A read is a whole number of the
 * writer's multi-line INSERTs, so none of its lines go one statement each (decision 095).
 */
const ROWS_PER_READ = 16 * LINES_PER_INSERT;
const LINES_PER_WRITE = 20 * ROWS_PER_READ;
/**
 * Lines per write on the import threads, which stage them in SQLite, not as objects (decision
 * 096): one staging slot's worth (decision 099). Each commit writes every page of the dedupe index
 * its lines touch, and that index grows with the ledger: fewer commits slow a file less as the
 * ledger grows. The write lock is held only while the staged lines are written, so the app's
 * writers wait at most that long.
 */
const LINES_PER_COMMIT = 100 * ROWS_PER_READ;

export async function importActivities(
  ctx: AuthedContext,
  upload: ImportUpload,
): Promise<{ status: 200 | 201; result: ImportResult }> {
  const dataSourceId = upload.dataSourceId ? (await getDataSource(ctx, upload.dataSourceId)).id : null;
  if (upload.file.size > MAX_IMPORT_BYTES) throw fileTooLarge();

  // The same file again adds nothing: answered from the first import without reading a row.
  const bytes = await upload.file.arrayBuffer();
  const sha = sha256Hex(new Uint8Array(bytes));
  const earlier = await answerFromEarlierImport(ctx, sha);
  if (earlier) return earlier;

  // The company's own sites, remembered answers and this upload's answers (decision 049). New
  // sites go in before the lines that name them (the lines' foreign key) and are removed again if
  // the import does not complete: all or nothing, sites included.
  const companySites = await listCompanySites(ctx);
  const remembered = await loadImportMappings(ctx);
  const resolved = resolveAnswers(companySites, remembered, upload.answers ?? { sites: [], values: [] });
  const userMapping = { ...remembered.header, ...upload.userMapping };
  const remember = [...resolved.remember, ...headerEntries(upload.userMapping)];
  await discardStaleImports(ctx);
  const otherSources = await linesOfOtherSources(ctx);

  const now = ctx.now();
  await insertNewSites(ctx, resolved.newSites, now);
  // The pending import row comes first: every line is written under its id.
  const importId = await startPendingImport(ctx, {
    dataSourceId,
    fileName: cleanFileName(upload.file.name, 'upload.csv'),
    sha,
    createdAt: now,
  }).catch(async (error: unknown) => {
    await removeNewSites(ctx, resolved.newSites);
    throw error;
  });
  const origin = {
    companyId: ctx.companyId,
    source: 'csv',
    dataSourceId,
    importId,
    // Who imported is the import row's `created_by`; repeating it on every line cost 37 bytes a
    // line (decision 081, step 4). Lines written one at a time keep their author.
    createdBy: null,
    createdAt: now,
  };
  const options: PrepareImportOptions = {
    userMapping,
    valueMappings: resolved.valueMappings,
    sites: resolved.sites,
    rowsPerRead: ROWS_PER_READ,
    linesPerBatch: LINES_PER_WRITE,
  };
  const heartbeat = startHeartbeatTimer(ctx, importId);

  try {
    // A line whose fingerprint is already in the ledger is skipped (ON CONFLICT DO NOTHING), its
    // stored result with it; the lines added are counted by import id at the end.
    const summary = await writeLines(ctx, importId, bytes, options, origin);
    if (summary.errorCount > 0) throw rowsHaveProblems(summary);
    return await completeImport(ctx, importId, summary, {
      otherSources,
      onDuplicate: upload.onDuplicate,
      dataSourceId,
      now,
      newSites: resolved.newSites,
      remember,
    });
  } catch (error) {
    // Left behind only if this fails too; discardStaleImports removes it later.
    await discardImport(ctx, importId)
      .then(() => removeNewSites(ctx, resolved.newSites))
      .catch((cause) => ctx.log.warn('import rollback failed', { importId, error: String(cause) }));
    throw asHttpError(error);
  } finally {
    clearInterval(heartbeat);
  }
}

interface Completion {
  otherSources: Awaited<ReturnType<typeof linesOfOtherSources>>;
  onDuplicate: ImportDuplicateChoice | undefined;
  dataSourceId: string | null;
  now: Date;
  newSites: readonly { id: string }[];
  remember: Parameters<typeof saveMappingStatements>[1];
}

/**
 * Settles probable duplicates and, in one transaction, flips the import to complete with its
 * audit rows: the lines written under it become visible together.
 */
async function completeImport(
  ctx: AuthedContext,
  importId: string,
  summary: PreparedSummary,
  done: Completion,
): Promise<{ status: 201; result: ImportResult }> {
  await refreshImportHeartbeat(ctx, importId);
  const written = await linesOfImport(ctx, importId);
  const probable = await settleImportDuplicates(ctx, importId, done.otherSources, done.onDuplicate);
  const imported = written - probable.counts.skipped;
  const duplicates = summary.validCount - written;
  await ctx.db.batch([
    ctx.db
      .update(activityImports)
      .set({
        rowCount: summary.rowCount,
        importedCount: imported,
        duplicateCount: duplicates,
        ownerInstance: null,
        heartbeatAt: null,
      })
      .where(eq(activityImports.id, importId)),
    // Skipped probable duplicates go in the transaction that makes the import visible.
    ...probable.statements,
    ...completionRecords(ctx, importId, done),
  ]);
  return {
    status: 201,
    result: {
      importId,
      rowCount: summary.rowCount,
      imported,
      duplicates,
      errors: [],
      errorCount: 0,
      notCounted: await getNotCountedSummary(ctx, { importId }),
      probableDuplicates: probable.counts,
    },
  };
}

/** Over a local file on the import threads, elsewhere inline (decisions 068, 099). */
function writeLines(
  ctx: AuthedContext,
  importId: string,
  bytes: ArrayBuffer,
  options: PrepareImportOptions,
  origin: LineOrigin,
): Promise<PreparedSummary> {
  const databasePath = localDatabasePath(ctx.db);
  if (!importThreadAvailable || !databasePath) {
    // Still ours (decision 042): had another process taken the import for abandoned, stop here.
    return importInline(ctx, bytes, options, origin, () => refreshImportHeartbeat(ctx, importId));
  }
  // On the import threads every write first checks, inside its own transaction, that the import is
  // still ours: the beat after it only keeps the row fresh. It may wait out busy_timeout behind the
  // thread's next write (two connections on one file, decision 068); then the timer beats again,
  // and a refusal (the import taken for abandoned) still stops the import.
  const beatAfterThreadWrite = () =>
    refreshImportHeartbeat(ctx, importId).catch((error: unknown) => {
      if (error instanceof HttpError) throw error;
    });
  return importOnThread(
    {
      bytes,
      options,
      linesPerCommit: LINES_PER_COMMIT,
      databasePath,
      origin,
      stillOurs: statementQuery(stillOurs(ctx, importId)),
    },
    beatAfterThreadWrite,
  );
}

/** All or nothing: any row with a problem refuses the whole file. */
function rowsHaveProblems(summary: PreparedSummary): HttpError {
  return new HttpError(
    422,
    `${summary.errorCount.toLocaleString('en-GB')} of ${summary.rowCount.toLocaleString('en-GB')} rows have problems; nothing was imported. Fix them and upload the file again.`,
    'import_rows_invalid',
    // `problems`: one per distinct problem with its rows (decision 049); `errors` as before.
    { errors: summary.errors, errorCount: summary.errorCount, problems: groupProblems(summary.errors) },
  );
}

/** The same file again adds nothing: answered from the first import without reading a row. */
async function answerFromEarlierImport(
  ctx: AuthedContext,
  sha: string,
): Promise<{ status: 200; result: ImportResult } | null> {
  const earlier = await ctx.db
    .select({ id: activityImports.id, rowCount: activityImports.rowCount })
    .from(activityImports)
    .where(
      and(
        eq(activityImports.companyId, ctx.companyId),
        eq(activityImports.fileSha256, sha),
        sql`${activityImports.importedCount} >= 0`,
      ),
    )
    .get();
  if (!earlier) return null;
  return {
    status: 200,
    result: {
      importId: earlier.id,
      rowCount: earlier.rowCount,
      imported: 0,
      duplicates: earlier.rowCount,
      errors: [],
      errorCount: 0,
      notCounted: await getNotCountedSummary(ctx, { importId: earlier.id }),
    },
  };
}

/** Between batches the heartbeat is kept fresh by a timer too (a slow read must not look dead). */
function startHeartbeatTimer(ctx: AuthedContext, importId: string): ReturnType<typeof setInterval> {
  const heartbeat = setInterval(() => {
    refreshImportHeartbeat(ctx, importId).catch(() => undefined);
  }, IMPORT_HEARTBEAT_MS);
  (heartbeat as { unref?: () => void }).unref?.();
  return heartbeat;
}

/**
 * What goes in with the import's completion, in its transaction: the data source's sync time, the
 * audit rows (the import, each new site, remembered answers) and the answers remembered (decision 049).
 */
function completionRecords(ctx: AuthedContext, importId: string, done: Completion) {
  const audit = (action: string, entityType: string, entityId: string) =>
    auditInsert(ctx, { companyId: ctx.companyId, userId: ctx.userId, action, entityType, entityId });
  return [
    ...(done.dataSourceId
      ? [
          ctx.db
            .update(dataSources)
            .set({ lastSyncAt: done.now, status: 'connected' })
            .where(eq(dataSources.id, done.dataSourceId)),
        ]
      : []),
    audit('activities_imported', 'activity_import', importId),
    ...done.newSites.map((site) => audit('site_created', 'site', site.id)),
    ...saveMappingStatements(ctx, done.remember),
    ...(done.remember.length > 0 ? [audit('import_mappings_saved', 'activity_import', importId)] : []),
  ];
}

/** Reads and writes on this thread (the Cloudflare Worker; remote databases), batch by batch. */
async function importInline(
  ctx: AuthedContext,
  bytes: ArrayBuffer,
  options: PrepareImportOptions,
  origin: LineOrigin,
  heartbeatOrStop: () => Promise<void>,
): Promise<PreparedSummary> {
  const writer = ledgerWriter(ctx.db);
  const batches = prepareImport(uploadStream(bytes), options);
  let step = await batches.next();
  while (!step.done) {
    if (step.value.length > 0) {
      await heartbeatOrStop();
      await writer.write({ insert: { origin, lines: step.value, duplicates: 'skip' } });
    }
    step = await batches.next();
  }
  return step.value;
}
