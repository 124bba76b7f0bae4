import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies } from './auth.ts';
import { createdAt, id, timestamp } from './columns.ts';

/**
 * Job statuses. `queued`: waiting for `run_after` (a first try or a retry after a failure).
 * `running`: claimed by the runner named in `locked_by` until `lease_until`; a lease that expired
 * means that runner died, and the job is claimed again. `succeeded` / `failed` are final.
 */
export const jobStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** Background work (report generation, filing, …) claimed by workers/runner.ts (decision 013). */
export const jobs = sqliteTable(
  'jobs',
  {
    id: id(),
    /** Which handler runs it (src/server/jobs/handlers.ts `JOB_HANDLERS`). */
    kind: text().notNull(),
    /** Null for work that belongs to no company (e.g. catalogue maintenance). */
    companyId: text().references(() => companies.id, { onDelete: 'cascade' }),
    payload: text({ mode: 'json' }).$type<unknown>().notNull(),
    status: text({ enum: jobStatuses }).notNull().default('queued'),
    /** Claims so far, the current one included (a crashed attempt counts). */
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    /** Not claimed before this instant (first run, or the backoff after a failure). */
    runAfter: timestamp().notNull(),
    leaseUntil: timestamp(),
    lockedBy: text(),
    /** The handler's return value, once succeeded. */
    result: text({ mode: 'json' }).$type<unknown>(),
    /** The last failure reason, person-readable; kept after a later success for the record. */
    error: text(),
    /** With `kind`, makes enqueueing idempotent: a second job with the same key is not added. */
    dedupeKey: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [
    index('jobs_status_run_after_idx').on(table.status, table.runAfter),
    uniqueIndex('jobs_kind_dedupe_key_idx').on(table.kind, table.dedupeKey),
  ],
);
