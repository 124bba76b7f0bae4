import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies, plans, users } from './auth.ts';
import { createdAt, id } from './columns.ts';

/** A request to change plan, recorded because no payment provider is reachable (issue 9). */
export const planChangeRequests = sqliteTable(
  'plan_change_requests',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestedBy: text().references(() => users.id, { onDelete: 'set null' }),
    fromPlan: text({ enum: plans }).notNull(),
    toPlan: text({ enum: plans }).notNull(),
    status: text({ enum: ['requested', 'applied', 'cancelled'] })
      .notNull()
      .default('requested'),
    createdAt: createdAt(),
  },
  (table) => [index('plan_change_requests_company_idx').on(table.companyId, table.createdAt)],
);
