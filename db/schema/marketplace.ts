import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies, users } from './auth.ts';
import { createdAt, timestamp } from './columns.ts';

/** spec §3 carbon offset project types. */
export const offsetProjectTypes = [
  'forestry',
  'renewable_energy',
  'methane_capture',
  'direct_air_capture',
  'blue_carbon',
] as const;

/** removal: CO2 taken out of the air and stored; avoidance: emissions prevented against a baseline. */
export const climateEffects = ['removal', 'avoidance'] as const;

/**
 * ordered: recorded with an invoice reference, no payment provider is connected, so credits are
 * not yet retired at the registry; retired: the registry retirement is confirmed.
 */
export const offsetOrderStatuses = ['ordered', 'retired'] as const;

/**
 * The marketplace catalogue: one global list (not per company), seeded from
 * db/reference/marketplace/catalogue.json and refreshed by POST /api/carbon-offsets/sync.
 */
export const offsetProjects = sqliteTable(
  'offset_projects',
  {
    /** The catalogue's own stable id (feeds name it), e.g. `illustrative-vcs-001`. */
    id: text().primaryKey(),
    name: text().notNull(),
    description: text().notNull(),
    location: text().notNull(),
    projectType: text({ enum: offsetProjectTypes }).notNull(),
    vintageYear: integer().notNull(),
    verificationStandard: text().notNull(),
    registry: text().notNull(),
    registryProjectId: text().notNull(),
    methodology: text().notNull(),
    climateEffect: text({ enum: climateEffects }).notNull(),
    permanenceNotes: text().notNull(),
    cobenefits: text({ mode: 'json' }).$type<string[]>().notNull(),
    imageUrl: text(),
    certificationUrl: text(),
    illustrative: integer({ mode: 'boolean' }).notNull().default(true),
    /** Credits (tCO2e) still for sale. Only a conditional UPDATE lowers it (purchase.ts). */
    availableCredits: integer().notNull(),
    /** US cents per tCO2e; orders keep their own copy, so a price change never rewrites one. */
    priceCents: integer().notNull(),
    /** The next serial number to hand out; bumped in the same UPDATE that takes the stock. */
    nextSerial: integer().notNull().default(1),
    /**
     * The order that last took stock, written by that same UPDATE: the order's INSERT in the same
     * batch only proceeds when it finds its own id here (purchase.ts), on libSQL and D1 alike.
     */
    lastOrderId: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [
    check('offset_projects_stock_not_negative', sql`${table.availableCredits} >= 0`),
    check('offset_projects_price_not_negative', sql`${table.priceCents} >= 0`),
  ],
);

/**
 * A company's purchase (order) of credits. Project name, registry ids, vintage, price, company and
 * buyer names are copied at purchase time so the order and its certificate never change later.
 */
export const offsetOrders = sqliteTable(
  'offset_orders',
  {
    /** The transaction id shown to the buyer. */
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    projectId: text()
      .notNull()
      .references(() => offsetProjects.id),
    projectName: text().notNull(),
    registry: text().notNull(),
    registryProjectId: text().notNull(),
    vintageYear: integer().notNull(),
    quantity: integer().notNull(),
    priceCents: integer().notNull(),
    totalCents: integer().notNull(),
    currency: text({ enum: ['USD'] })
      .notNull()
      .default('USD'),
    /** First and last serial number of the contiguous block (inclusive). */
    serialFrom: integer().notNull(),
    serialTo: integer().notNull(),
    claimYear: integer().notNull(),
    invoiceReference: text().notNull(),
    status: text({ enum: offsetOrderStatuses }).notNull().default('ordered'),
    companyName: text().notNull(),
    purchasedByName: text(),
    /** Copied from the project: the certificate says when the listing was only illustrative. */
    illustrative: integer({ mode: 'boolean' }).notNull(),
    /** `metadata.source` of the request (spec §7: 'marketplace'). */
    source: text(),
    createdAt: timestamp().notNull(),
    /**
     * When an admin recorded that the invoice was paid and the registry retirement completed
     * (POST /api/carbon-offsets/purchases/:id/retire); null while the order is only 'ordered'.
     */
    retiredAt: timestamp(),
    /** The admin who recorded the retirement; null before it, or once that user is deleted. */
    retiredBy: text().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('offset_orders_company_created_idx').on(table.companyId, table.createdAt),
    index('offset_orders_project_status_idx').on(table.projectId, table.status),
    uniqueIndex('offset_orders_project_serial_unique').on(table.projectId, table.serialFrom),
    uniqueIndex('offset_orders_invoice_unique').on(table.invoiceReference),
    check('offset_orders_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
