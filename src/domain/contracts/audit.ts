import { z } from 'zod';
import { text } from './text.ts';

/** spec §9: the Audit Log tab shows at most 10 entries at a time (the default page size). */
export const AUDIT_PAGE_SIZE = 10;
/** The largest page an API caller may ask for. */
export const AUDIT_MAX_PAGE_SIZE = 100;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2025-01-31')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Enter a real date');

const optionalText = text('Filter', { max: 100 })
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * GET /api/audit-logs query: page (1-based), page size and filters; dates are UTC days, both
 * inclusive. The answer is the page's entries as a list; the total and the next page's address
 * come in headers (decision 054).
 */
export const AuditLogQuerySchema = z
  .object({
    page: z.coerce.number().int('Page must be a whole number').min(1).max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int('Page size must be a whole number')
      .min(1)
      .max(AUDIT_MAX_PAGE_SIZE, `Page size is at most ${AUDIT_MAX_PAGE_SIZE}`)
      .default(AUDIT_PAGE_SIZE),
    action: optionalText,
    entityType: optionalText,
    userId: optionalText,
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The start date must be on or before the end date',
    path: ['from'],
  });
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

/** spec §3 (id, action, entityType, createdAt) plus who, where and what it touched. */
export const AuditLogEntrySchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  createdAt: z.string(),
  /** The actor's name while their account exists; null for the system or a deleted user. */
  actorName: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

/** GET /api/audit-logs/filters: the values the filters offer (actions and entity types seen, members). */
export const AuditLogFiltersSchema = z.object({
  actions: z.array(z.string()),
  entityTypes: z.array(z.string()),
  users: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AuditLogFilters = z.infer<typeof AuditLogFiltersSchema>;

/** Headers of a GET /api/audit-logs answer: entries matching the filters, and the page links. */
export const AUDIT_TOTAL_HEADER = 'X-Total-Count';

export const AuditVerificationSchema = z.object({
  valid: z.boolean(),
  entriesChecked: z.number().int(),
  /** Positions present in the log now (after retention removed older ones). */
  firstSeq: z.number().int().nullable(),
  lastSeq: z.number().int().nullable(),
  /** The chain starts after `anchorSeq` (entries up to it were removed by the 1-year retention). */
  anchorSeq: z.number().int(),
  sealedSeq: z.number().int(),
  problem: z
    .object({
      kind: z.enum(['altered', 'missing', 'broken_link', 'checkpoint_mismatch']),
      seq: z.number().int(),
      message: z.string(),
    })
    .nullable(),
  /**
   * The signed checkpoint the log was checked against (decision 043): from the checkpoint file
   * outside the database when there is one, else the signed head; null before the first seal.
   */
  checkpoint: z
    .object({ seq: z.number().int(), signedAt: z.string(), source: z.enum(['file', 'database']) })
    .nullable(),
  verifiedAt: z.string(),
});
export type AuditVerification = z.infer<typeof AuditVerificationSchema>;
