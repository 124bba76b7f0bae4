// The CSV import pipeline: bytes → size limit + file hash → CSV records → header mapping → row
// validation → fingerprinted batches. Nothing holds more than one batch of rows (plus one stream chunk).
//
// How the server uses it (all-or-nothing, no duplicates):
//
//   try {
//     const summary = await db.transaction(async (tx) =>
//       runImport(request.body!, { userMapping }, async (lines) => {
//         await tx.insert(activityLines)
//           .values(lines.map(({ row, fingerprint, line }) => ({ companyId, fingerprint, sourceLine: line, ...row })))
//           .onConflictDoNothing(); // unique index on (company_id, fingerprint): a re-upload adds nothing
//       }),
//     );
//     // committed: summary.validCount lines read (compare with rows inserted to report "n already imported")
//   } catch (error) {
//     if (error instanceof HeaderMappingRequired) → 422 + error.unknownColumns / error.missingRequired / error.columns
//       (show the mapping step; the user uploads again with userMapping)
//     if (error instanceof ImportRowsInvalid) → 422 + error.summary.errors (rolled back: nothing written)
//     if (error instanceof ImportTooLargeError || error instanceof CsvFormatError) → 413 / 422 + error.message
//   }
//
// runImport throws ImportRowsInvalid after the last row when any row was bad, which rolls the
// transaction back; every bad row is in the error (the first 1,000 with messages, all counted). Any other
// error mid-file (too large, unclosed quote, not UTF-8) also propagates out of the transaction callback.
// Use readImport directly for anything else (a dry run / preview: iterate and ignore the batches).

import { CsvFormatError, type CsvSeparator, readCsvChunks } from './csv-reader.ts';
import { FileFingerprint, RowFingerprinter } from './fingerprint.ts';
import {
  type ColumnMapping,
  type HeaderRecognition,
  recogniseHeaders,
  type UserColumnMapping,
} from './headers.ts';
import { byteLimit, MAX_IMPORT_BYTES } from './limits.ts';
import {
  type DecimalMark,
  type ImportedActivityRow,
  isBlankRecord,
  type RowCheck,
  rowChecker,
} from './rows.ts';
import {
  NO_VALUE_MAPPINGS,
  type RecordTranslator,
  recordTranslator,
  type ValueMappings,
} from './value-mappings.ts';

export const DEFAULT_BATCH_SIZE = 500;
export const MAX_STORED_ERRORS = 1000;

export interface ReadImportOptions {
  /** The mapping step's answer: header text → field | 'ignore'. Overrides recognition. */
  userMapping?: UserColumnMapping;
  /** The company's answers to the mapping step, applied to each record's cells before its check. */
  valueMappings?: ValueMappings;
  /** Valid rows per yielded batch. Default 500. */
  batchSize?: number;
  /** Default MAX_IMPORT_BYTES (10 MB). */
  maxBytes?: number;
  /** Bad rows kept with their messages; all are counted. Default 1,000. */
  maxStoredErrors?: number;
  /** Force a separator instead of detecting it. */
  separator?: CsvSeparator;
  /** Force a decimal mark instead of deriving it from the separator (`;` → `,`, else `.`). */
  decimalMark?: DecimalMark;
  /** Currency for spends with no currency column (e.g. the company's); then a currency column is optional. */
  defaultCurrency?: string;
  /** What a plain "gallons" means. Default gal_us. */
  plainGallon?: 'gal_us' | 'gal_uk';
  /**
   * Stop yielding batches once a bad row has been seen (the import will be rolled back anyway), while
   * still reading to the end to report every bad row. Default false: every valid row is yielded.
   */
  stopBatchesAfterError?: boolean;
}

export interface ImportedLine {
  /** Physical line where the record starts (header = line 1 usually). */
  line: number;
  /** SHA-256 hex of the row's identity; see fingerprint.ts. Unique per company. */
  fingerprint: string;
  row: ImportedActivityRow;
}

export interface ImportRowError {
  line: number;
  /** Every problem with the row (the line is `line`, not repeated in the text). */
  errors: string[];
}

export interface ImportSummary {
  /** Data rows read (header and blank lines not counted). */
  rowCount: number;
  validCount: number;
  /** Bad rows, all counted (rowCount = validCount + invalidCount). */
  invalidCount: number;
  /** The first `maxStoredErrors` bad rows, in file order. */
  errors: ImportRowError[];
  /** True when invalidCount > errors.length. */
  errorsTruncated: boolean;
  /** Rows identical to an earlier row of the same file (kept: they get distinct fingerprints). */
  repeatedRows: number;
  /** SHA-256 hex of the raw file bytes. */
  fileSha256: string;
  bytes: number;
  separator: CsvSeparator;
  headers: HeaderRecognition;
}

/** Required fields have no column: the user must map columns (the mapping step), then upload again. */
export class HeaderMappingRequired extends Error {
  override readonly name = 'HeaderMappingRequired';
  readonly code = 'header_mapping_required';
  /** Header cells we could not place — the candidates for the missing fields. */
  readonly unknownColumns: string[];
  /** e.g. ['category', 'quantity or spend', 'unit']. */
  readonly missingRequired: string[];
  /** All header cells, in order. */
  readonly columns: string[];
  /** What was recognised, to pre-fill the mapping screen. */
  readonly mapping: ColumnMapping;
  constructor(headers: HeaderRecognition) {
    super(
      `Some required columns are missing or not recognised: ${headers.missingRequired.join(', ')}.` +
        (headers.unknownColumns.length > 0
          ? ` Tell us what these columns hold: ${headers.unknownColumns.map((c) => `"${c}"`).join(', ')}.`
          : ''),
    );
    this.unknownColumns = headers.unknownColumns;
    this.missingRequired = headers.missingRequired;
    this.columns = headers.columns;
    this.mapping = headers.mapping;
  }
}

/** Thrown by runImport when rows were bad: nothing must be committed. Carries the full report. */
export class ImportRowsInvalid extends Error {
  override readonly name = 'ImportRowsInvalid';
  readonly code = 'import_rows_invalid';
  readonly summary: ImportSummary;
  constructor(summary: ImportSummary) {
    super(
      `${summary.invalidCount} of ${summary.rowCount} rows have problems; nothing was imported. Fix them and upload the file again.`,
    );
    this.summary = summary;
  }
}

/**
 * Lines go into `ready`; a full one moves to `full` (in order), which is handed over after each piece
 * of records. No slicing: the old `ready.slice(batchSize)` copied the rest of a 2 MiB chunk's ~33,000
 * lines once per batch.
 */
class LineBatches {
  private ready: ImportedLine[] = [];
  private full: ImportedLine[][] = [];
  constructor(private readonly size: number) {}

  add(line: ImportedLine): void {
    this.ready.push(line);
    if (this.ready.length === this.size) {
      this.full.push(this.ready);
      this.ready = [];
    }
  }

  takeFull(): ImportedLine[][] {
    const full = this.full;
    if (full.length > 0) this.full = [];
    return full;
  }

  takeRest(): ImportedLine[] {
    const rest = this.ready;
    this.ready = [];
    return rest;
  }

  drop(): void {
    this.ready = [];
    this.full = [];
  }
}

/** The header record: its columns recognised, or HeaderMappingRequired when a required one is missing. */
function readHeader(
  fields: string[],
  options: ReadImportOptions,
  separator: CsvSeparator,
): { headers: HeaderRecognition; translate: RecordTranslator; check: RowCheck } {
  const headers = recogniseHeaders(fields, options.userMapping, { defaultCurrency: options.defaultCurrency });
  if (headers.missingRequired.length > 0) throw new HeaderMappingRequired(headers);
  return { headers, ...rowReading(headers, options, separator) };
}

/**
 * How each row after the header is read: its values translated by the remembered answers, then
 * checked against the recognised columns (the separator matters to the decimal mark's guess).
 */
function rowReading(
  headers: HeaderRecognition,
  options: ReadImportOptions,
  separator: CsvSeparator,
): { translate: RecordTranslator; check: RowCheck } {
  const translated = recordTranslator(
    headers.mapping,
    headers.columns.length,
    options.valueMappings ?? NO_VALUE_MAPPINGS,
  );
  const check = rowChecker(translated.mapping, {
    separator,
    decimalMark: options.decimalMark,
    defaults: headers.defaults,
    plainGallon: options.plainGallon,
  });
  return { translate: translated.translate, check };
}

/**
 * Read an upload: yields batches (≤ batchSize) of valid, fingerprinted lines in file order and returns
 * the summary when done (read it with `.next()` until `done`, or use runImport).
 * Throws HeaderMappingRequired before the first batch; ImportTooLargeError / CsvFormatError whenever met.
 */
export async function* readImport(
  stream: ReadableStream<Uint8Array>,
  options: ReadImportOptions = {},
): AsyncGenerator<ImportedLine[], ImportSummary, undefined> {
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const maxStoredErrors = options.maxStoredErrors ?? MAX_STORED_ERRORS;
  const file = new FileFingerprint();
  const fingerprinter = new RowFingerprinter();
  let separator: CsvSeparator = options.separator ?? ',';
  const csv = readCsvChunks(
    stream.pipeThrough(byteLimit(options.maxBytes ?? MAX_IMPORT_BYTES, (chunk) => file.update(chunk))),
    {
      separator: options.separator,
      onSeparator: (s) => {
        separator = s;
      },
    },
  );

  let headers: HeaderRecognition | undefined;
  let check: RowCheck | undefined;
  let translate: RecordTranslator = (fields) => fields;
  let rowCount = 0;
  let validCount = 0;
  let invalidCount = 0;
  const errors: ImportRowError[] = [];
  const batches = new LineBatches(batchSize);
  const stopped = () => options.stopBatchesAfterError === true && invalidCount > 0;

  try {
    for (;;) {
      const step = await csv.next();
      if (step.done) break;
      for (const record of step.value) {
        if (!check) {
          ({ headers, translate, check } = readHeader(record.fields, options, separator));
          continue;
        }
        if (isBlankRecord(record.fields)) continue;
        rowCount++;
        const result = check(translate(record.fields), record.line);
        if (Array.isArray(result)) {
          invalidCount++;
          if (errors.length < maxStoredErrors) errors.push({ line: record.line, errors: result });
          continue;
        }
        validCount++;
        // Fingerprint even when batches are no longer yielded, so repeat counting stays the same.
        const fingerprint = fingerprinter.next(result);
        if (stopped()) continue;
        batches.add({ line: record.line, fingerprint, row: result });
      }
      // As before, a bad row drops the lines of its whole piece of records not yet handed over.
      if (stopped()) batches.drop();
      for (const batch of batches.takeFull()) yield batch;
    }
    if (!headers) throw new CsvFormatError('The file is empty.');
    const rest = batches.takeRest();
    if (rest.length > 0 && !stopped()) yield rest;
    return {
      rowCount,
      validCount,
      invalidCount,
      errors,
      errorsTruncated: invalidCount > errors.length,
      repeatedRows: fingerprinter.repeats,
      fileSha256: file.digest(),
      bytes: file.bytes,
      separator,
      headers,
    };
  } finally {
    await csv.return({ separator, lineCount: 0 });
  }
}

/**
 * Drive readImport, handing each batch to `writeBatch` (awaited, in order). Resolves with the summary
 * when every row was valid; otherwise rejects with ImportRowsInvalid after reading the whole file, so
 * calling it inside a transaction callback rolls the transaction back. Batches stop being written once
 * a bad row is seen (they would be rolled back anyway).
 */
export async function runImport(
  stream: ReadableStream<Uint8Array>,
  options: ReadImportOptions,
  writeBatch: (lines: ImportedLine[]) => Promise<void> | void,
): Promise<ImportSummary> {
  const lines = readImport(stream, { stopBatchesAfterError: true, ...options });
  for (;;) {
    const step = await lines.next();
    if (step.done) {
      if (step.value.invalidCount > 0) throw new ImportRowsInvalid(step.value);
      return step.value;
    }
    await writeBatch(step.value);
  }
}
