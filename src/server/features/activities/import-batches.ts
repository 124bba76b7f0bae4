// The CPU half of a CSV import (decision 035): read the upload (domain readImport), calculate each
// row with the current factor library and turn every batch into the JSON payloads the ledger
// inserts. No database access, so it can run on the import thread (import-thread.ts) while the
// main thread writes the previous batch.
import { CATEGORY_LABELS, describeVariantChoices } from '../../../domain/activity-import/choices.ts';
import type { UserColumnMapping } from '../../../domain/activity-import/headers.ts';
import { readImport } from '../../../domain/activity-import/import-plan.ts';
import type { ValueMappings } from '../../../domain/activity-import/value-mappings.ts';
import type { ActivityCategory } from '../../../domain/emissions/types.ts';
import { calculateLine, LineCalculationError, type SiteLocation } from '../emissions/calculation.ts';
import { uuidv7 } from '../emissions/ids.ts';
import { lineFigures } from '../emissions/line-figures.ts';
import { type LineOrigin, LinePayloadBuilder, lineJson, type NewLine } from '../emissions/line-payloads.ts';

/** Row problems kept in the answer (all are counted in errorCount). */
export const MAX_REPORTED_ERRORS = 1000;

export interface ImportSite extends SiteLocation {
  id: string;
}

export interface PrepareImportOptions {
  userMapping?: UserColumnMapping;
  /** The company's sites by siteKey(name), and by siteKey of each site-name answer (decision 049). */
  sites: [key: string, site: ImportSite][];
  /** The company's answers to the mapping step (value-mappings.ts). */
  valueMappings?: ValueMappings;
  /** Valid rows read and calculated at a time (what the reading holds in memory). */
  rowsPerRead: number;
  /**
   * Most lines per yielded batch (one write, one transaction); a multiple of rowsPerRead. The
   * first batch is one read, and each batch after it twice the one before, up to this (see the
   * ramp in prepareImport).
   */
  linesPerBatch: number;
  /** Called after each read; the import thread collects its garbage there. */
  afterRead?: () => void;
}

/**
 * A batch's lines as the writer takes them: JSON payloads (line-payloads.ts), or, on the import
 * thread over a local database, the path of a staged file (emissions/staged-lines.ts).
 */
export type BatchLines =
  | {
      /** JSON arrays of lines as UTF-8, each its own buffer, transferable. */
      payloads: Uint8Array[];
      stagedFile?: undefined;
    }
  | { stagedFile: string; payloads?: undefined };

/** One batch ready to write. Once any row was bad, batches carry no lines (nothing is kept). */
export type PreparedBatch = BatchLines & { lines: number };

/**
 * Where and for what the import thread stages its lines (staged-line-file.ts): a folder the
 * writer made, and what every line of the write shares.
 */
export interface LineStaging {
  dir: string;
  origin: LineOrigin;
}

/** Where a batch's lines collect until the batch is taken. */
export interface LineSink {
  readonly size: number;
  add(line: NewLine): void;
  /** The lines added since the last take (none: empty payloads); the sink starts empty again. */
  take(): BatchLines;
  /** Forgets the lines added since the last take. */
  clear(): void;
}

/** The sink everywhere but the import thread over a local database: JSON payloads. */
export class PayloadSink implements LineSink {
  readonly #builder = new LinePayloadBuilder();
  get size(): number {
    return this.#builder.size;
  }
  add(line: NewLine): void {
    this.#builder.add(line.date, lineJson(line));
  }
  take(): BatchLines {
    return { payloads: this.#builder.take() };
  }
  clear(): void {
    this.#builder.clear();
  }
}

export interface PreparedSummary {
  rowCount: number;
  validCount: number;
  /** Bad rows, all counted; `errors` holds the first MAX_REPORTED_ERRORS, in line order. */
  errorCount: number;
  errors: { line: number; message: string }[];
}

type BunGlobal = { Bun?: { gc(synchronous: boolean): void } };

/**
 * A full, synchronous collection. An import leaves garbage whose size Bun's collector does not
 * see (large strings, their UTF-8 copies, the driver's results) and lets it pile up: collected
 * after each read on the import thread (~15 ms on its small heap) and after each write on the
 * main thread (~50 ms), the import stays ~130 MB lower (measured, decision 035). The Worker has
 * no Bun global: its runtime collects on its own.
 */
export function collectGarbage(): void {
  (globalThis as BunGlobal).Bun?.gc(true);
}

/** Site names as the fingerprint compares them: NFC, case and spacing ignored. */
export const siteKey = (name: string) => name.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

export async function* prepareImport(
  source: ReadableStream<Uint8Array>,
  options: PrepareImportOptions,
  lines: LineSink = new PayloadSink(),
): AsyncGenerator<PreparedBatch, PreparedSummary> {
  const sites = new Map(options.sites);
  const errors: { line: number; message: string }[] = [];
  let badRows = 0;
  const rowError = (line: number, message: string) => {
    badRows++;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push({ line, message });
  };
  const reader = readImport(source, {
    userMapping: options.userMapping,
    valueMappings: options.valueMappings,
    batchSize: options.rowsPerRead,
  });
  // Each line is kept only in the sink, as JSON bytes or a staged row: the row, its calculation and
  // the line object are garbage as soon as it is added, so a batch holds no objects.
  const batch = (): PreparedBatch => {
    if (badRows > 0) {
      lines.clear();
      return { payloads: [], lines: 0 };
    }
    const count = lines.size;
    return { ...lines.take(), lines: count };
  };
  // The ramp: the writer starts on the first read's lines instead of waiting for a whole batch,
  // and the batches grow while it works, so neither side waits long for the other. The early
  // commits are small and cheap (the ledger's indexes are still small); the large ones come once
  // both are busy (decisions 037 and 038).
  let threshold = options.rowsPerRead;
  let step = await reader.next();
  while (!step.done) {
    for (const { line, fingerprint, row } of step.value) {
      const site = sites.get(siteKey(row.site));
      if (!site) {
        rowError(line, noSiteMessage(row.site));
        continue;
      }
      const fields = {
        date: row.date,
        periodEnd: row.periodEnd,
        category: row.category,
        variant: row.variant,
        quantity: row.quantity,
        unit: row.unit,
        spend: row.spend,
        currency: row.currency,
        calorificBasis: row.calorificBasis,
        supplierKgCO2ePerKWh: null,
        instrument: null,
        radiativeForcing: null,
        evidenceUrl: null,
        reference: row.reference,
        dataQuality: row.dataQuality,
      };
      let calculated: ReturnType<typeof calculateLine>;
      try {
        calculated = calculateLine(fields, site);
      } catch (error) {
        if (!(error instanceof LineCalculationError)) throw error;
        rowError(line, calculationMessage(row.category, row.variant, error));
        continue;
      }
      // After the first bad row nothing more is written (it will all be discarded), but every row
      // is still checked so the answer lists every problem.
      if (badRows > 0) continue;
      lines.add({
        ...fields,
        ...lineFigures(calculated),
        id: uuidv7(),
        siteId: site.id,
        fingerprint,
      });
    }
    options.afterRead?.();
    if (lines.size >= threshold) {
      threshold = Math.min(threshold * 2, options.linesPerBatch);
      yield batch();
    }
    step = await reader.next();
  }
  if (lines.size > 0) yield batch();
  const summary = step.value;
  for (const bad of summary.errors) for (const message of bad.errors) rowError(bad.line, message);
  badRows += summary.invalidCount - summary.errors.length;
  errors.sort((a, b) => a.line - b.line);
  return {
    rowCount: summary.rowCount,
    validCount: summary.validCount,
    errorCount: badRows,
    errors,
  };
}

export const noSiteMessage = (site: string) =>
  `no site named "${site}"; choose one of your sites or create it in the mapping step`;

/** The calculator's refusal in words that say which choices exist ("flight needs a variant: …"). */
export function calculationMessage(
  category: ActivityCategory,
  variant: string | null,
  error: LineCalculationError,
): string {
  if (error.field !== 'variant') return error.message;
  const label = CATEGORY_LABELS[category];
  const choices = describeVariantChoices(category);
  const start = variant
    ? `${label}: variant "${variant}" is not one we know`
    : `${label} row needs a variant`;
  return choices ? `${start}: choose one of ${choices}` : start;
}
