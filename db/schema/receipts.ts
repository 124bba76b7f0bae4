import { customType, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies, users } from './auth.ts';
import { createdAt, id } from './columns.ts';

/** Raw bytes as a Uint8Array on libSQL (ArrayBuffer) and D1 (array of numbers) alike, as in esg.ts. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array | ArrayBuffer | number[] }>({
  dataType: () => 'blob',
  toDriver: (value) => value,
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value)),
});

/**
 * A scanned receipt or bill, kept as the evidence of the ledger line made from it. `extracted`
 * is the JSON of what was read (src/domain/receipts/extract.ts) so a draft can be shown again;
 * the line itself is only written when a person confirms it. Bytes are in `receipt_file_chunks`.
 */
export const receiptFiles = sqliteTable(
  'receipt_files',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    /** Decided from the file's first bytes, never from its name or the browser's claim. */
    contentType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    /** 'ocr' (tesseract on an image) or 'pdf_text' (the PDF's own text layer). */
    textSource: text({ enum: ['ocr', 'pdf_text'] }).notNull(),
    extracted: text().notNull(),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('receipt_files_company_created_idx').on(table.companyId, table.createdAt)],
);

/** The bytes in order, at most 1 MB per row (D1 refuses a row above about 2 MB). */
export const receiptFileChunks = sqliteTable(
  'receipt_file_chunks',
  {
    receiptFileId: text()
      .notNull()
      .references(() => receiptFiles.id, { onDelete: 'cascade' }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    data: bytes().notNull(),
  },
  (table) => [primaryKey({ columns: [table.receiptFileId, table.seq] })],
);
