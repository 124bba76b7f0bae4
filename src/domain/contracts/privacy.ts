import { z } from 'zod';
import { text } from './text.ts';

/** What deleting the caller's account would do, shown in the confirmation dialog beforehand. */
export const AccountDeletionImpactSchema = z.object({
  /** Companies deleted with the account because the caller is their only member. */
  companiesDeleted: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Companies whose other members keep them. */
  companiesKept: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Set when the caller is the last admin of a company with other members: deletion is refused. */
  blockedReason: z.string().nullable(),
});
export type AccountDeletionImpact = z.infer<typeof AccountDeletionImpactSchema>;

/** GET /api/privacy/data-summary (spec §3 "Privacy data summary"). */
export const DataSummarySchema = z.object({
  personalData: z.object({
    connectedSources: z.number().int(),
    esgMetrics: z.number().int(),
    generatedReports: z.number().int(),
  }),
  rightsAvailable: z.array(z.string()),
  dataRetention: z.string(),
  profile: z.object({
    memberSince: z.string(),
    email: z.string(),
    name: z.string(),
    company: z.string(),
    jurisdiction: z.string(),
  }),
  accountDeletion: AccountDeletionImpactSchema,
});
export type DataSummary = z.infer<typeof DataSummarySchema>;

/** DELETE /api/gdpr/delete-account (spec §5: the understanding checkbox must be ticked). */
export const DeleteAccountSchema = z.object({
  confirmed: z.literal(true, { error: 'Confirm that you understand the account will be deleted' }),
  reason: text('Reason', {
    max: 1000,
    multiline: true,
    maxMessage: 'Reason must be at most 1000 characters',
  }).optional(),
});
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;

export const DeleteAccountResultSchema = z.object({
  deleted: z.literal(true),
  companiesDeleted: z.number().int(),
});
export type DeleteAccountResult = z.infer<typeof DeleteAccountResultSchema>;
