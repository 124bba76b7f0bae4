import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { companies, users } from './auth.ts';
import { createdAt } from './columns.ts';

/**
 * GHG Protocol Corporate Standard, chapter 3: the three ways of setting the organisational
 * boundary. operational_control: 100 % of operations the company (or a subsidiary) has full
 * authority to run; financial_control: 100 % of operations whose financial and operating policies
 * it directs for economic benefit; equity_share: each operation's emissions in proportion to the
 * company's share of its equity.
 */
export const consolidationApproaches = ['operational_control', 'financial_control', 'equity_share'] as const;

/**
 * The company's registry identifiers and reporting boundary (issue 18, decision 057). One row per
 * company, written by an admin; absent until first saved. Every column null = not recorded.
 */
export const companyProfiles = sqliteTable('company_profiles', {
  companyId: text()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** ISO 17442 Legal Entity Identifier, 20 capitals and digits, check digits verified. */
  lei: text(),
  /** Companies House number, 8 characters (e.g. 01234567, SC123456). */
  companyNumber: text(),
  consolidationApproach: text({ enum: consolidationApproaches }),
  /** Which entities and sites the report covers, in the company's words. */
  organisationalBoundary: text(),
  updatedBy: text().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: createdAt(),
});

export type ConsolidationApproach = (typeof consolidationApproaches)[number];
