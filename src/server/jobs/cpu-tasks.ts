// The CPU-heavy functions that may run off the API's thread (cpu-thread.ts): job handlers' pure
// work, and the ledger's long reads. Each takes and returns structured-clonable values, so the
// same call works inline and in a thread.

import type { ReadResult, ReadStatement } from '../../../db/read-statements.ts';
import type { ReportSnapshot } from '../../domain/reports/snapshot.ts';
import {
  InvalidEntityIdentifierError,
  MissingEntityIdentifierError,
} from '../../domain/reports/xbrl/entity.ts';
import type { KnownErrors } from '../lib/worker-thread.ts';

/**
 * libSQL's native driver, loaded by a variable specifier so it stays out of the Cloudflare Worker's
 * bundle: the Worker has no threads and no local file, so it never runs this task.
 */
async function readLedgerStatements(input: {
  path: string;
  statements: ReadStatement[];
}): Promise<ReadResult[]> {
  const specifier = '../../../db/read-statements.ts';
  const { readStatements } = (await import(
    /* @vite-ignore */ specifier
  )) as typeof import('../../../db/read-statements.ts');
  return readStatements(input);
}

/**
 * The renderers (pdf-lib, fonts, XBRL) load on the first report, not when the thread starts: the
 * thread also serves the ledger's reads from the server's start (decision 065), and a server that
 * renders no report should not hold them in memory.
 */
async function renderReport(snapshot: ReportSnapshot) {
  const { renderReportFile } = await import('../features/export/reports/render.ts');
  return renderReportFile(snapshot);
}

export const CPU_TASKS = {
  /** A report's file from its frozen snapshot: PDF layout and font subsetting, XBRL, CSV. */
  'report.render': renderReport,
  /** The ledger's aggregates on a read connection of the thread's own (decision 065). */
  'ledger.read': readLedgerStatements,
} as const;

export type CpuTaskName = keyof typeof CPU_TASKS;
export type CpuTaskInput<Name extends CpuTaskName> = Parameters<(typeof CPU_TASKS)[Name]>[0];
export type CpuTaskOutput<Name extends CpuTaskName> = Awaited<ReturnType<(typeof CPU_TASKS)[Name]>>;

/**
 * The refusals callers recognise with `instanceof` (readableRenderError), rebuilt as themselves
 * when they come back from the thread (lib/worker-thread.ts).
 */
export const CPU_TASK_ERRORS: KnownErrors = { MissingEntityIdentifierError, InvalidEntityIdentifierError };
