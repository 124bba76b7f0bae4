import {
  customType,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { companies, users } from './auth.ts';
import { createdAt, id, timestamp } from './columns.ts';

/**
 * Raw bytes as a Uint8Array, as `esg_evidence_chunks` stores them: libSQL reads a BLOB back as an
 * ArrayBuffer and D1 as an array of numbers; Drizzle's `blob({ mode: 'buffer' })` needs Node's
 * Buffer, which the Worker lacks.
 */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array | ArrayBuffer | number[] }>({
  dataType: () => 'blob',
  toDriver: (value) => value,
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value)),
});

export const reportFormats = ['pdf', 'xbrl', 'csv'] as const;
export const reportFrameworks = ['gri', 'sasb', 'tcfd', 'csrd', 'secr'] as const;
/** spec §4: draft → final (a person) → submitted → filed (the filing feature). */
export const reportStatuses = ['draft', 'final', 'submitted', 'filed'] as const;
/** The generation job: queued → running → succeeded | failed. */
export const reportGenerations = ['queued', 'running', 'succeeded', 'failed'] as const;

/**
 * A generated report (Export & Filing). `snapshot` is the frozen ReportSnapshot JSON
 * (src/domain/reports/snapshot.ts) built when the report was requested; the file is rendered from
 * it alone, so rendering it again gives the same bytes. The file's bytes are in `report_files`.
 * `email_delivery`: null (not asked), 'sent', 'not_configured' (no SMTP_URL) or 'failed'.
 */
export const reports = sqliteTable(
  'reports',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    format: text({ enum: reportFormats }).notNull().default('pdf'),
    framework: text({ enum: reportFrameworks }).notNull(),
    /** `YYYY` or `YYYY-qN`. */
    period: text().notNull(),
    jurisdiction: text().notNull(),
    /**
     * The company's nth report of this framework and period, any format (decision 059): reports
     * of the same title are told apart, and unique so two requests at once cannot share one.
     */
    version: integer().notNull().default(1),
    status: text({ enum: reportStatuses }).notNull().default('draft'),
    generation: text({ enum: reportGenerations }).notNull().default('queued'),
    /** Why generation failed, in plain words. */
    generationError: text(),
    snapshot: text().notNull(),
    /** Whether the requester asked for the file by email (delivery.email). */
    emailRequested: integer({ mode: 'boolean' }).notNull().default(false),
    fileName: text(),
    contentType: text(),
    size: integer(),
    sha256: text(),
    emailDelivery: text({ enum: ['sent', 'not_configured', 'failed'] }),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finalizedAt: timestamp(),
    updatedAt: createdAt(),
  },
  (table) => [
    index('reports_company_created_idx').on(table.companyId, table.createdAt),
    uniqueIndex('reports_company_version_idx').on(
      table.companyId,
      table.framework,
      table.period,
      table.version,
    ),
  ],
);

/**
 * The rendered file's bytes in order, at most 1 MB per row: D1 refuses a row or BLOB above about
 * 2 MB (the same rule as `esg_evidence_chunks`).
 */
export const reportFiles = sqliteTable(
  'report_files',
  {
    reportId: text()
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    data: bytes().notNull(),
  },
  (table) => [primaryKey({ columns: [table.reportId, table.seq] })],
);
