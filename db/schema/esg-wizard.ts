import {
  customType,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { companies, jurisdictions, users } from './auth.ts';
import { createdAt, id, timestamp } from './columns.ts';

/**
 * Raw bytes as a Uint8Array. Drizzle's own `blob({ mode: 'buffer' })` needs Node's Buffer, which
 * the Worker does not have (no nodejs_compat); libSQL reads BLOBs back as an ArrayBuffer and D1 as
 * an array of numbers, so both are accepted.
 */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array | ArrayBuffer | number[] }>({
  dataType: () => 'blob',
  toDriver: (value) => value,
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value)),
});

/**
 * A company's ESG checklist for one jurisdiction (ESG Wizard step 2). The indicator list itself is
 * the rule pack (src/domain/esg/rule-packs); the row records which pack version it was set up with
 * and whether the CSRD/VSME Comprehensive module is included.
 */
export const esgChecklists = sqliteTable(
  'esg_checklists',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jurisdiction: text({ enum: jurisdictions }).notNull(),
    rulePackVersion: text().notNull(),
    includeComprehensive: integer({ mode: 'boolean' }).notNull().default(false),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [
    uniqueIndex('esg_checklists_company_jurisdiction_unique').on(table.companyId, table.jurisdiction),
  ],
);

/**
 * What a person entered for an indicator. Ledger-backed indicators have no stored copy of the
 * ledger figure (it is computed when read, so it never goes stale): a row with origin `manual`
 * on such an indicator is an override.
 * `origin`: `initial` = created empty by initialisation or holding only a note (the ledger figure
 * applies where there is one); `manual` = a person's value, possibly '' (toggled off).
 */
export const esgAnswers = sqliteTable(
  'esg_answers',
  {
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jurisdiction: text({ enum: jurisdictions }).notNull(),
    indicator: text().notNull(),
    value: text().notNull().default(''),
    origin: text({ enum: ['initial', 'manual'] })
      .notNull()
      .default('initial'),
    note: text(),
    /** Null until a person changes the value or note (and when that person is deleted). */
    updatedBy: text().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.jurisdiction, table.indicator] })],
);

/** A file attached to an indicator as evidence. Its bytes are in `esg_evidence_chunks`. */
export const esgEvidence = sqliteTable(
  'esg_evidence',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jurisdiction: text({ enum: jurisdictions }).notNull(),
    indicator: text().notNull(),
    fileName: text().notNull(),
    /** Decided from the file's first bytes, never from its name or the browser's claim. */
    contentType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('esg_evidence_company_jurisdiction_idx').on(table.companyId, table.jurisdiction, table.createdAt),
  ],
);

/**
 * The bytes of an evidence file in order, at most 1 MB per row: D1 refuses a row or BLOB above
 * about 2 MB, and the product runs on libSQL and D1 alike.
 */
export const esgEvidenceChunks = sqliteTable(
  'esg_evidence_chunks',
  {
    evidenceId: text()
      .notNull()
      .references(() => esgEvidence.id, { onDelete: 'cascade' }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    data: bytes().notNull(),
  },
  (table) => [primaryKey({ columns: [table.evidenceId, table.seq] })],
);
