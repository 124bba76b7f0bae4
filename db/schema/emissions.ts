import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies, users } from './auth.ts';
import { createdAt, id, timestamp } from './columns.ts';

/**
 * A company's sites. The country (ISO 3166-1 alpha-2) chooses grid and hotel factors; `region`
 * narrows it where the library has sub-national factors (eGRID subregions such as US-CAMX).
 */
export const sites = sqliteTable(
  'sites',
  {
    id: id(),
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

/** Versioned factor library (db/seed/factors). Rows are inserted once and never changed. */
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
  },
  (table) => [index('activity_imports_company_idx').on(table.companyId)],
);

/**
 * The activity ledger: one line of measured or estimated activity. `fingerprint` (SHA-256 of the
 * normalised line) stops a re-imported row from being counted twice.
 */
export const activityLines = sqliteTable(
  'activity_lines',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    siteId: text()
      .notNull()
      .references(() => sites.id, { onDelete: 'restrict' }),
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
    importId: text().references(() => activityImports.id, { onDelete: 'set null' }),
    evidenceUrl: text(),
    reference: text(),
    dataQuality: text({
      enum: ['measured', 'supplier_specific', 'activity_average', 'spend_based'],
    }).notNull(),
    fingerprint: text().notNull(),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [
    uniqueIndex('activity_lines_company_fingerprint_unique').on(table.companyId, table.fingerprint),
    index('activity_lines_company_date_idx').on(table.companyId, table.date),
    // Covers the KPI energy and water sums without touching the table rows.
    index('activity_lines_company_category_idx').on(
      table.companyId,
      table.category,
      table.date,
      table.unit,
      table.instrument,
      table.quantity,
    ),
    // Rolling back or hiding an import in progress.
    index('activity_lines_import_idx').on(table.importId),
  ],
);

/**
 * Stored results of a line: one row per scope it contributes to, with the factor that made it.
 * Date and site are copied from the line so roll-ups need no join.
 */
export const emissionResults = sqliteTable(
  'emission_results',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    activityLineId: text()
      .notNull()
      .references(() => activityLines.id, { onDelete: 'cascade' }),
    siteId: text().notNull(),
    date: text().notNull(),
    category: text().notNull(),
    /** scope_1, scope_2_location, scope_2_market, scope_3, outside_scopes (memo, never in totals). */
    scope: text().notNull(),
    scope3Category: integer(),
    kgCO2e: real('kg_co2e').notNull(),
    factorId: text()
      .notNull()
      .references(() => emissionFactors.id),
    dataset: text().notNull(),
    activityQuantity: real().notNull(),
    activityUnit: text().notNull(),
    /** JSON array of calculation flags (fallbacks, conversions) shown beside the figure. */
    flags: text().notNull().default('[]'),
    calculatedAt: createdAt(),
  },
  (table) => [
    // Covering index for the KPI roll-ups (sum of kg by scope, category, month, dataset).
    index('emission_results_company_date_idx').on(
      table.companyId,
      table.date,
      table.scope,
      table.scope3Category,
      table.dataset,
      table.kgCO2e,
    ),
    index('emission_results_line_idx').on(table.activityLineId),
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
