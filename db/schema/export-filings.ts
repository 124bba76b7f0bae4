import { sql } from 'drizzle-orm';
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
import { reports } from './export-reports.ts';

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

/**
 * spec §3 filing status. `pending`: recorded, not yet handed over; `submitted`: handed over (in the
 * sandbox: to the adapter's own validator); `accepted` / `rejected`: the outcome (final).
 */
export const filingStatuses = ['pending', 'submitted', 'accepted', 'rejected'] as const;

/**
 * A report filed with a regulator. No regulator accepts automated submissions from us, so every
 * filing is a sandbox filing (`sandbox` true): the package is built and validated exactly, and the
 * outcome comes from that validation, not from the body. `jurisdiction` is the regulator's region
 * (GB, EU, US). The package's bytes are in `regulatory_filing_packages`.
 */
export const regulatoryFilings = sqliteTable(
  'regulatory_filings',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    reportId: text()
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    /** The report's title when it was filed (a filed report's content never changes). */
    reportTitle: text().notNull(),
    regulatorCode: text().notNull(),
    filingType: text().notNull(),
    jurisdiction: text().notNull(),
    filingStatus: text({ enum: filingStatuses }).notNull().default('pending'),
    /** Why the filing was rejected, in plain words. */
    statusReason: text(),
    confirmationNumber: text().notNull(),
    sandbox: integer({ mode: 'boolean' }).notNull().default(true),
    packageFileName: text().notNull(),
    packageSize: integer().notNull(),
    packageSha256: text().notNull(),
    submittedAt: timestamp(),
    decidedAt: timestamp(),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [
    uniqueIndex('regulatory_filings_confirmation_unique').on(table.confirmationNumber),
    // One live filing per report: two concurrent submits cannot both file it (decision 003).
    uniqueIndex('regulatory_filings_live_report_unique')
      .on(table.reportId)
      .where(sql`filing_status in ('pending', 'submitted', 'accepted')`),
    index('regulatory_filings_company_created_idx').on(table.companyId, table.createdAt),
  ],
);

/** The package zip's bytes in order, at most 1 MB per row (D1 refuses rows above about 2 MB). */
export const regulatoryFilingPackages = sqliteTable(
  'regulatory_filing_packages',
  {
    filingId: text()
      .notNull()
      .references(() => regulatoryFilings.id, { onDelete: 'cascade' }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    data: bytes().notNull(),
  },
  (table) => [primaryKey({ columns: [table.filingId, table.seq] })],
);
