// The reading half of a CSV import (decision 068): read the upload (domain readImport) and
// calculate each row with the current factor library, in batches of new ledger lines. No
// database access: whoever runs it writes the batches (import-run.ts).
import { CATEGORY_LABELS, describeVariantChoices } from '../../../../domain/activity-import/choices.ts';
import type { UserColumnMapping } from '../../../../domain/activity-import/headers.ts';
import { readImport } from '../../../../domain/activity-import/import-plan.ts';
import type { ImportedActivityRow } from '../../../../domain/activity-import/rows.ts';
import type { ValueMappings } from '../../../../domain/activity-import/value-mappings.ts';
import { memo } from '../../../../domain/activity-import/vocabulary.ts';
import type { ActivityCategory } from '../../../../domain/emissions/types.ts';
import { calculateLine, LineCalculationError, type SiteLocation } from '../figures/calculation.ts';
import { lineFigures } from '../figures/line-figures.ts';
import type { NewLine } from '../lines/new-lines.ts';

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
  /** Most lines per yielded batch (one write, one transaction); a multiple of rowsPerRead. */
  linesPerBatch: number;
}

export interface PreparedSummary {
  rowCount: number;
  validCount: number;
  /** Bad rows, all counted; `errors` holds the first MAX_REPORTED_ERRORS, in line order. */
  errorCount: number;
  errors: { line: number; message: string }[];
}

/** Bytes a stream chunk of uploadStream holds (the CSV reader decodes 64 KiB at a time). */
const UPLOAD_CHUNK_BYTES = 64 * 1024;

/**
 * The upload's bytes as a stream of views into them, copying nothing (`new Blob([bytes])` copies
 * the whole upload once more; decision 087).
 */
export function uploadStream(bytes: ArrayBuffer): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) {
        controller.close();
        return;
      }
      const end = Math.min(bytes.byteLength, offset + UPLOAD_CHUNK_BYTES);
      controller.enqueue(new Uint8Array(bytes, offset, end - offset));
      offset = end;
    },
  });
}

/** Site names as the fingerprint compares them: NFC, case and spacing ignored. */
export const siteKey = (name: string) => name.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The upload's new lines, a batch at a time (none once a row was bad: nothing will be kept, but
 * every row is still checked so the answer lists every problem), then its summary.
 */
export async function* prepareImport(
  source: ReadableStream<Uint8Array>,
  options: PrepareImportOptions,
): AsyncGenerator<NewLine[], PreparedSummary> {
  const sites = new Map(options.sites);
  // By the name as written: a file names the same few sites on every row, and siteKey makes up to
  // four strings and a regular expression per call (decision 087).
  const siteNamed = memo((name: string) => sites.get(siteKey(name)));
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
  let lines: NewLine[] = [];
  let step = await reader.next();
  while (!step.done) {
    for (const { line, fingerprint, row } of step.value) {
      const site = siteNamed(row.site);
      if (!site) {
        rowError(line, noSiteMessage(row.site));
        continue;
      }
      const fields = lineFields(row);
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
      lines.push({
        ...fields,
        ...lineFigures(calculated),
        siteId: site.id,
        fingerprint,
      });
    }
    if (lines.length >= options.linesPerBatch) {
      yield badRows > 0 ? [] : lines;
      lines = [];
    }
    step = await reader.next();
  }
  if (lines.length > 0 && badRows === 0) yield lines;
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

/** What a CSV row says of its line: a file has no column for a supplier's factor, an instrument or evidence. */
function lineFields(row: ImportedActivityRow) {
  return {
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
