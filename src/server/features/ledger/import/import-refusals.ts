// How the reader's refusals of a file (too large, not CSV, columns to map) become answers. Free of
// the database layer: the import's reading thread (import-read-worker.ts) uses it too.
import { CsvFormatError } from '../../../../domain/activity-import/csv-reader.ts';
import { IMPORT_FIELDS } from '../../../../domain/activity-import/headers.ts';
import { HeaderMappingRequired } from '../../../../domain/activity-import/import-plan.ts';
import { ImportTooLargeError } from '../../../../domain/activity-import/limits.ts';
import { HttpError } from '../../../lib/errors.ts';

/** The import is no longer this process's: another took it for abandoned (decision 042). */
export const importAbandoned = () =>
  new HttpError(
    409,
    'The import was stopped because it went quiet for too long. Nothing was imported; upload the file again.',
    'import_abandoned',
  );

export const fileTooLarge = () => new HttpError(413, new ImportTooLargeError().message, 'payload_too_large');

export function asHttpError(error: unknown): unknown {
  if (error instanceof HeaderMappingRequired) {
    return new HttpError(400, error.message, 'mapping_required', {
      unknownColumns: error.unknownColumns,
      missingFields: error.missingRequired,
      fields: [...IMPORT_FIELDS],
      columns: error.columns,
    });
  }
  if (error instanceof ImportTooLargeError) return fileTooLarge();
  if (error instanceof CsvFormatError) {
    return new HttpError(422, error.message, 'csv_format', {
      // The line travels beside the message, not in it twice (decision 049).
      errors: error.line ? [{ line: error.line, message: error.message.replace(/^Line \d+: /, '') }] : [],
    });
  }
  return error;
}
