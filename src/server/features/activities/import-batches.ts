// The CPU half of a CSV import (decision 035): read the upload (domain readImport), calculate each
// row with the current factor library and turn every batch into the JSON payloads the ledger
// inserts. No database access, so it can run on the import thread (import-thread.ts) while the
// main thread writes the previous batch.
import type { UserColumnMapping } from '../../../domain/activity-import/headers.ts';
import { readImport } from '../../../domain/activity-import/import-plan.ts';
import { calculateLine, LineCalculationError, type SiteLocation } from '../emissions/calculation.ts';
import { uuidv7 } from '../emissions/ids.ts';
import { lineFigures } from '../emissions/line-figures.ts';
import { linePayloads, type NewLine } from '../emissions/line-payloads.ts';

/** Row problems kept in the answer (all are counted in errorCount). */
export const MAX_REPORTED_ERRORS = 1000;

export interface ImportSite extends SiteLocation {
  id: string;
}

export interface PrepareImportOptions {
  userMapping?: UserColumnMapping;
  /** The company's sites by siteKey(name). */
  sites: [key: string, site: ImportSite][];
  /** Valid rows per yielded batch (one write, one transaction). */
  rowsPerBatch: number;
}

/** One batch ready to write. Once any row was bad, batches carry no payloads (nothing is kept). */
export interface PreparedBatch {
  payloads: string[];
  lines: number;
}

export interface PreparedSummary {
  rowCount: number;
  validCount: number;
  fileSha256: string;
  /** Bad rows, all counted; `errors` holds the first MAX_REPORTED_ERRORS, in line order. */
  errorCount: number;
  errors: { line: number; message: string }[];
}

/** Site names as the fingerprint compares them: NFC, case and spacing ignored. */
export const siteKey = (name: string) => name.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

export async function* prepareImport(
  source: ReadableStream<Uint8Array>,
  options: PrepareImportOptions,
): AsyncGenerator<PreparedBatch, PreparedSummary> {
  const sites = new Map(options.sites);
  const errors: { line: number; message: string }[] = [];
  let badRows = 0;
  const rowError = (line: number, message: string) => {
    badRows++;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push({ line, message });
  };
  const reader = readImport(source, { userMapping: options.userMapping, batchSize: options.rowsPerBatch });
  let step = await reader.next();
  while (!step.done) {
    const lines: NewLine[] = [];
    for (const { line, fingerprint, row } of step.value) {
      const site = sites.get(siteKey(row.site));
      if (!site) {
        rowError(line, `Line ${line}: no site named "${row.site}"; add it under Sites first`);
        continue;
      }
      const fields = { ...row, supplierKgCO2ePerKWh: null, instrument: null, radiativeForcing: null };
      let calculated: ReturnType<typeof calculateLine>;
      try {
        calculated = calculateLine(fields, site);
      } catch (error) {
        if (!(error instanceof LineCalculationError)) throw error;
        rowError(line, `Line ${line}: ${error.message}`);
        continue;
      }
      // After the first bad row nothing more is written (it will all be discarded), but every row
      // is still checked so the answer lists every problem.
      if (badRows > 0) continue;
      lines.push({
        ...fields,
        ...lineFigures(calculated),
        id: uuidv7(),
        siteId: site.id,
        evidenceUrl: null,
        fingerprint,
      });
    }
    yield badRows > 0 ? { payloads: [], lines: 0 } : { payloads: linePayloads(lines), lines: lines.length };
    step = await reader.next();
  }
  const summary = step.value;
  for (const bad of summary.errors) for (const message of bad.errors) rowError(bad.line, message);
  badRows += summary.invalidCount - summary.errors.length;
  errors.sort((a, b) => a.line - b.line);
  return {
    rowCount: summary.rowCount,
    validCount: summary.validCount,
    fileSha256: summary.fileSha256,
    errorCount: badRows,
    errors,
  };
}
