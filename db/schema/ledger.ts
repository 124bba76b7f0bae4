import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies, users } from './auth.ts';
import { createdAt, fingerprintBytes, id, ledgerKey, timestamp } from './columns.ts';

/**
 * A company's sites. The country (ISO 3166-1 alpha-2) chooses grid and hotel factors; `region`
 * narrows it where the library has sub-national factors (eGRID subregions such as US-CAMX).
 */
export const sites = sqliteTable(
  'sites',
  {
    id: id(),
    /** The site in the ledger's columns and indexes (decision 088). */
    ledgerKey: ledgerKey('sites'),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    country: text().notNull(),
    region: text(),
    postcode: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [uniqueIndex('sites_company_name_unique').on(table.companyId, table.name)],
);

/** Versioned factor library (db/reference/factors). Rows are inserted once and never changed. */
export const emissionFactors = sqliteTable(
  'emission_factors',
  {
    /** Source row id, e.g. `uk25-elec-grid`; derived earlier-year versions get their own id. */
    id: text().primaryKey(),
    dataset: text().notNull(),
    datasetYear: integer().notNull(),
    region: text().notNull(),
    activityKey: text().notNull(),
    activity: text().notNull(),
    unit: text().notNull(),
    kgCO2ePerUnit: real('kg_co2e_per_unit').notNull(),
    co2: real(),
    ch4: real(),
    n2o: real(),
    gwpBasis: text().notNull(),
    scope: text().notNull(),
    scope3Category: integer(),
    ghgCategory: text().notNull(),
    source: text().notNull(),
    sourceUrl: text().notNull(),
    notes: text().notNull(),
    loadedAt: createdAt(),
  },
  (table) => [index('emission_factors_activity_idx').on(table.activityKey, table.region, table.datasetYear)],
);

/**
 * Where activity comes from (spec §3 data source): csv imports, receipt scanning and connectors.
 * `status`: connecting (default), connected, error.
 */
export const dataSources = sqliteTable(
  'data_sources',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text({ enum: ['quickbooks', 'xero', 'shopify', 'odoo', 'csv', 'receipt_ocr'] }).notNull(),
    name: text().notNull(),
    status: text().notNull().default('connecting'),
    lastSyncAt: timestamp(),
    /** Non-secret settings as JSON; secrets never stored here in clear. */
    config: text().notNull().default('{}'),
    createdAt: createdAt(),
  },
  (table) => [index('data_sources_company_idx').on(table.companyId)],
);

/** One uploaded file. The same file twice is recognised by its SHA-256 and adds nothing. */
export const activityImports = sqliteTable(
  'activity_imports',
  {
    id: id(),
    /** The import in the ledger's columns and indexes (decision 088). */
    ledgerKey: ledgerKey('activity_imports'),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    dataSourceId: text().references(() => dataSources.id, { onDelete: 'set null' }),
    fileName: text().notNull(),
    fileSha256: text().notNull(),
    rowCount: integer().notNull(),
    importedCount: integer().notNull(),
    duplicateCount: integer().notNull(),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * While the import is pending: the process instance writing it and when that process last
     * said it is still at work. A pending import whose heartbeat is older than the lease was left
     * by a process that died; it is removed at start and before the next import (decision 042).
     * Null on completed imports and on imports written before this column.
     */
    ownerInstance: text(),
    heartbeatAt: integer({ mode: 'timestamp_ms' }),
  },
  (table) => [index('activity_imports_company_idx').on(table.companyId)],
);

/**
 * The activity ledger: one line of measured or estimated activity, with the stored result of its
 * calculation (decision 069). `fingerprint` (SHA-256 of the normalised line) stops a re-imported
 * row from being counted twice.
 *
 * The result lives on the line: `entries` holds each figure with the factor and dataset that made
 * it (the audit trail), and the kg columns hold their sums per scope and per scope 3 category, which
 * every roll-up reads through one covering index. A column is null when the line has no figure in
 * that scope (blank is not zero, emission-factors.md §4.12). Both are written together, from one
 * calculation (src/server/features/ledger/figures/line-figures.ts), and change only by an edit of the
 * line or an explicit recalculation.
 */
export const activityLines = sqliteTable(
  'activity_lines',
  {
    // The line's own id is SQLite's rowid (INTEGER PRIMARY KEY): no index of its own, where a UUID
    // took 37 bytes in the row and again in its index; AUTOINCREMENT so a deleted line's id is never
    // given to another line, since the id is public (links, audit rows). Decision 092.
    id: integer().primaryKey({ autoIncrement: true }),
    /** The UUID a line had before decision 092, which old links and audit rows name; null on newer lines. */
    legacyId: text(),
    // The company, site and import by their integer ledger keys, not their UUIDs: a few bytes
    // instead of 37 in the row and in every index below (decision 088). Services reach a line only
    // through its company's key (ledger-keys.ts).
    companyKey: integer()
      .notNull()
      .references(() => companies.ledgerKey, { onDelete: 'cascade' }),
    siteKey: integer()
      .notNull()
      .references(() => sites.ledgerKey, { onDelete: 'restrict' }),
    /** First day the activity covers, `YYYY-MM-DD`; `periodEnd` for bills covering a span. */
    date: text().notNull(),
    periodEnd: text(),
    category: text().notNull(),
    variant: text(),
    quantity: real(),
    unit: text(),
    spend: real(),
    currency: text(),
    calorificBasis: text({ enum: ['gross', 'net'] }),
    /** Market-based scope 2: the supplier's own factor, or a contractual instrument. */
    supplierKgCO2ePerKWh: real('supplier_kg_co2e_per_kwh'),
    instrument: text({ enum: ['renewable_tariff', 'certificate'] }),
    radiativeForcing: integer({ mode: 'boolean' }),
    /** manual, csv, receipt, or a connector name. */
    source: text().notNull(),
    dataSourceId: text().references(() => dataSources.id, { onDelete: 'set null' }),
    importKey: integer().references(() => activityImports.ledgerKey, { onDelete: 'set null' }),
    evidenceUrl: text(),
    reference: text(),
    dataQuality: text({
      enum: ['measured', 'supplier_specific', 'activity_average', 'spend_based'],
    }).notNull(),
    /** 16 bytes (hex in the code): a quarter of the hex text, in the row and the dedupe index (decisions 081, 094). */
    fingerprint: fingerprintBytes().notNull(),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    // The stored result (see above). outside_scopes is the memo item (biogenic CO2), never in totals.
    kgScope1: real('kg_scope_1'),
    kgScope2Location: real('kg_scope_2_location'),
    kgScope2Market: real('kg_scope_2_market'),
    kgScope3: real('kg_scope_3'),
    kgOutsideScopes: real('kg_outside_scopes'),
    // Scope 3 by GHG Protocol category (Corporate Value Chain Standard, 15 categories): a line can
    // fall in two (water supply is category 1, its treatment category 5).
    kgScope3Cat1: real('kg_scope_3_cat_1'),
    kgScope3Cat2: real('kg_scope_3_cat_2'),
    kgScope3Cat3: real('kg_scope_3_cat_3'),
    kgScope3Cat4: real('kg_scope_3_cat_4'),
    kgScope3Cat5: real('kg_scope_3_cat_5'),
    kgScope3Cat6: real('kg_scope_3_cat_6'),
    kgScope3Cat7: real('kg_scope_3_cat_7'),
    kgScope3Cat8: real('kg_scope_3_cat_8'),
    kgScope3Cat9: real('kg_scope_3_cat_9'),
    kgScope3Cat10: real('kg_scope_3_cat_10'),
    kgScope3Cat11: real('kg_scope_3_cat_11'),
    kgScope3Cat12: real('kg_scope_3_cat_12'),
    kgScope3Cat13: real('kg_scope_3_cat_13'),
    kgScope3Cat14: real('kg_scope_3_cat_14'),
    kgScope3Cat15: real('kg_scope_3_cat_15'),
    /** JSON array of the distinct datasets behind the entries, sorted (the KPI's source list). */
    datasets: text().notNull().default('[]'),
    /** JSON array of entries, each an array in its compact or full form (stored-entries.ts, decision 093). */
    entries: text().notNull().default('[]'),
    calculatedAt: createdAt(),
  },
  (table) => [
    // Dedupe: every fingerprint hashes the line's date (fingerprint.ts, connectors/sync.ts), so this
    // is unique per (company, fingerprint); keyed by date first, an import sorted by date writes it
    // in key order like the covering index below, instead of at random (decision 069).
    uniqueIndex('activity_lines_company_date_fingerprint_unique').on(
      table.companyKey,
      table.date,
      table.fingerprint,
    ),
    // Covers every roll-up (KPI, reports, recalculation totals, energy and water) without touching
    // the table rows; one date-ordered b-tree instead of three is what lets a 100,000-row import
    // approach its budget (decision 069). The KPI groups by (date, datasets, category, unit,
    // instrument), this order, so SQLite streams the groups instead of sorting 100,000 entries.
    // `import_key` right after the grouped columns: an import's lines go at the end of each group
    // (a new import has the highest key) instead of among the group's lines by quantity, so a
    // million-line ledger takes an import as cheaply as an empty one (decision 094).
    // `site_key` last: the regional figures (SECR's UK sites, a report's region) filter by site and
    // stay on this index instead of reading every line's row (decision 065).
    index('activity_lines_company_date_idx').on(
      table.companyKey,
      table.date,
      table.datasets,
      table.category,
      table.unit,
      table.instrument,
      table.importKey,
      table.quantity,
      table.kgScope1,
      table.kgScope2Location,
      table.kgScope2Market,
      table.kgScope3,
      table.kgOutsideScopes,
      table.kgScope3Cat1,
      table.kgScope3Cat2,
      table.kgScope3Cat3,
      table.kgScope3Cat4,
      table.kgScope3Cat5,
      table.kgScope3Cat6,
      table.kgScope3Cat7,
      table.kgScope3Cat8,
      table.kgScope3Cat9,
      table.kgScope3Cat10,
      table.kgScope3Cat11,
      table.kgScope3Cat12,
      table.kgScope3Cat13,
      table.kgScope3Cat14,
      table.kgScope3Cat15,
      table.siteKey,
    ),
    // A line named by its old UUID (decision 092); partial, so newer lines add no entry.
    uniqueIndex('activity_lines_legacy_id_unique')
      .on(table.legacyId)
      .where(sql`${table.legacyId} IS NOT NULL`),
    // Rolling back or hiding an import in progress.
    index('activity_lines_import_idx').on(table.importKey),
    // The lines written one at a time (receipts, hand entries) that the dashboard counts by source:
    // partial, so imported lines (nearly all of a big ledger) add no entry (decision 065).
    index('activity_lines_single_source_idx')
      .on(table.companyKey, table.source, table.createdAt)
      .where(sql`${table.importKey} IS NULL`),
    // The few fuel lines whose kWh need their CV basis or variant (energy-adjustments.ts, decision
    // 048): partial, so an import writes an entry only for such a line, and the energy totals read
    // them without visiting every fuel row of the year.
    index('activity_lines_energy_fix_idx')
      .on(table.companyKey, table.date)
      .where(sql`${table.calorificBasis} = 'net' OR ${table.variant} = 'distillate_no2'`),
  ],
);

/** An explicit, audited recalculation of a period with the current library (before/after kept). */
export const recalculations = sqliteTable('recalculations', {
  id: id(),
  companyId: text()
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  periodStart: text().notNull(),
  periodEnd: text().notNull(),
  /** JSON: kgCO2e per scope before and after. */
  before: text().notNull(),
  after: text().notNull(),
  linesRecalculated: integer().notNull(),
  createdBy: text().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Revenue and headcount per year, for intensity ratios. */
export const companyFinancials = sqliteTable(
  'company_financials',
  {
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    revenue: real(),
    currency: text(),
    employees: real(),
    /**
     * How `employees` was counted (VSME B1 24(e)(v) lets the company choose): headcount = people
     * at the reporting date; fte = full-time equivalents. Null = not recorded (rows before
     * decision 057), which XBRL tags as neither.
     */
    employeesBasis: text({ enum: ['headcount', 'fte'] }),
    updatedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.year] })],
);

/** A reduction target: `reductionPercent` below the base year's emissions by the target year. */
export const reductionTargets = sqliteTable('reduction_targets', {
  id: id(),
  companyId: text()
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  baseYear: integer().notNull(),
  targetYear: integer().notNull(),
  reductionPercent: real().notNull(),
  /** Which scopes the target covers: 1+2 (location-based) or 1+2+3. */
  coverage: text({ enum: ['scope_1_2', 'scope_1_2_3'] }).notNull(),
  createdAt: createdAt(),
});

/** Workforce figures per year for the Diversity & Inclusion tab (VSME B8, B10). */
export const workforceFigures = sqliteTable(
  'workforce_figures',
  {
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    headcountFemale: integer(),
    headcountMale: integer(),
    headcountOther: integer(),
    leadershipFemale: integer(),
    leadershipTotal: integer(),
    ageUnder30: integer(),
    age30To50: integer(),
    ageOver50: integer(),
    trainingHours: real(),
    updatedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.year] })],
);
