import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies, users } from './auth.ts';
import { createdAt, id } from './columns.ts';

/** Feedback types and statuses (spec §3, §9). */
export const feedbackTypes = ['support', 'bug', 'feature', 'other'] as const;
export const feedbackStatuses = ['open', 'in_progress', 'resolved', 'closed'] as const;

export const feedback = sqliteTable(
  'feedback',
  {
    id: id(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    type: text({ enum: feedbackTypes }).notNull().default('support'),
    subject: text().notNull(),
    message: text().notNull(),
    /** Optional reply-to address the person typed; their account email is used otherwise. */
    email: text(),
    status: text({ enum: feedbackStatuses }).notNull().default('open'),
    adminResponse: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [index('feedback_company_created_idx').on(table.companyId, table.createdAt)],
);
