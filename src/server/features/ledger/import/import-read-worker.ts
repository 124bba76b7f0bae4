// Entry of the import's reading thread (import-thread.ts), which lives as long as the server: takes
// the factor library once, then one import at a time. It reads and calculates the upload a read at
// a time and stages each read's lines in a slot's staging file, so no line waits in memory as an
// object (decision 096). Once a commit's worth is staged it hands the slot over to be written and
// goes on in the other slot, waiting only while that one is still being written (decision 099).
import { installFactorLibrary } from '../../../../../db/reference/factors/seed.ts';
import { serialiseError, type ThreadScope } from '../../../lib/worker-thread.ts';
import { createStagedLines, discardStagedLines, stageLines } from '../lines/line-staging.ts';
import type { NewLine } from '../lines/new-lines.ts';
import { prepareImport, uploadStream } from './import-batches.ts';
import { asHttpError } from './import-refusals.ts';
import {
  removeStaleStagingFiles,
  SLOTS,
  type Slot,
  STAGING_PRAGMAS,
  stagingFilePath,
} from './import-staging.ts';
import type { ReadJob, ReadMessage, ReadRequest } from './import-thread.ts';
import { StagingFile } from './staging-file.ts';

declare const self: ThreadScope<ReadRequest, ReadMessage>;

/** This thread's connection on each slot's file. */
class StagingFiles {
  readonly databasePath: string;
  readonly #files: readonly StagingFile[];
  #filling: Slot | undefined;

  private constructor(databasePath: string, files: readonly StagingFile[]) {
    this.databasePath = databasePath;
    this.#files = files;
  }

  /** Creates this process's pair afresh, after removing any left by ended processes. */
  static create(databasePath: string): StagingFiles {
    removeStaleStagingFiles(databasePath);
    const files: StagingFile[] = [];
    for (const slot of SLOTS) {
      // No busy_timeout: nothing else takes a lock on the file (decision 100).
      const file = new StagingFile(stagingFilePath(databasePath, slot));
      for (const pragma of STAGING_PRAGMAS) file.exec(`PRAGMA main.${pragma}`);
      createStagedLines(file, 'main');
      files.push(file);
    }
    return new StagingFiles(databasePath, files);
  }

  /**
   * Starts filling a slot: its lines go in as one transaction, committed when it is handed over,
   * rather than a commit per staging INSERT (bench/notes/ledger-import.md, "Decision 099").
   */
  fill(slot: Slot): void {
    this.#files[slot]!.exec('BEGIN');
    this.#filling = slot;
  }

  stageLines(slot: Slot, lines: readonly NewLine[]): void {
    stageLines(this.#files[slot]!, 'main', lines);
  }

  /** Commits a slot's lines, for the writing thread to read. */
  handOver(slot: Slot): void {
    this.#files[slot]!.exec('COMMIT');
    this.#filling = undefined;
  }

  /** Empties the slot being filled: its lines will not be written. */
  discard(slot: Slot): void {
    if (this.#filling === slot) {
      this.#filling = undefined;
      this.#files[slot]!.exec('ROLLBACK');
    }
    discardStagedLines(this.#files[slot]!, 'main');
  }

  close(): void {
    for (const file of this.#files) file.close();
  }
}

/**
 * The staging files beside the database of the last import, kept for the next: they live as long
 * as the threads (decision 099).
 */
let staging: StagingFiles | undefined;
/** Slots handed over and not yet given back (written and emptied by the writing thread). */
const handedOver = new Set<Slot>();
/** The import waiting for a slot to be given back. */
let waiting: { slot: Slot; resume(): void } | undefined;

self.onmessage = ({ data }) => {
  if (data.type === 'library') installFactorLibrary(data.factors);
  else if (data.type === 'free') giveBack(data.slot);
  else void run(data.job);
};

function giveBack(slot: Slot) {
  handedOver.delete(slot);
  if (waiting?.slot === slot) {
    waiting.resume();
    waiting = undefined;
  }
}

const slotFree = (slot: Slot) =>
  handedOver.has(slot) ? new Promise<void>((resume) => (waiting = { slot, resume })) : Promise.resolve();

function stagingFiles(databasePath: string): StagingFiles {
  if (staging?.databasePath !== databasePath) {
    staging?.close();
    staging = undefined;
    staging = StagingFiles.create(databasePath);
  }
  return staging;
}

async function run(job: ReadJob) {
  let slot: Slot = 0;
  try {
    const files = stagingFiles(job.databasePath);
    const batches = prepareImport(uploadStream(job.bytes), {
      ...job.options,
      linesPerBatch: job.options.rowsPerRead,
    });
    let staged = 0;
    const handOver = () => {
      files.handOver(slot);
      handedOver.add(slot);
      self.postMessage({ type: 'staged', slot });
      slot = slot === 0 ? 1 : 0;
      staged = 0;
    };
    let step = await batches.next();
    while (!step.done) {
      // The import has failed (importOnThread), which answers with its own error: end here.
      if (Atomics.load(job.stop, 0) === 1) throw new Error('import stopped by its caller');
      // After a bad row the reads bring no lines (nothing will be written), only their problems.
      if (step.value.length === 0) {
        step = await batches.next();
        continue;
      }
      if (staged === 0) {
        await slotFree(slot);
        files.fill(slot);
      }
      files.stageLines(slot, step.value);
      staged += step.value.length;
      if (staged >= job.linesPerCommit) handOver();
      step = await batches.next();
    }
    if (staged > 0) handOver();
    self.postMessage({ type: 'done', summary: step.value });
  } catch (error) {
    try {
      if (!handedOver.has(slot)) staging?.discard(slot);
    } catch {
      // The staging file itself failed: the error below says why.
    }
    self.postMessage({ type: 'failed', error: serialiseError(asHttpError(error)) });
  }
}
