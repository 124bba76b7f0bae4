import { eq } from 'drizzle-orm';
import { users } from '../../../../db/schema/auth.ts';
import type { AuthedContext } from '../../context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { auditInsert } from '../audit/service.ts';
import { personalRecordQueries } from './export-records.ts';

/**
 * GET /api/gdpr/export-data (GDPR Art. 15 and 20): everything about the caller, as JSON, across
 * every company they belong to (the subject is the person, so rows are chosen by their user id and
 * email rather than by the current company). CONVENTIONS.md §9: the export names each field.
 */
export const EXPORT_FIELDS = {
  profile:
    'Your account: id, email, first and last name, photo URL, whether a password is set, last activity, the company you last chose (sign-in opens it), created and updated dates',
  photo: 'Your profile photo: format and size (the image is served by /api/auth/user/photo)',
  singleSignOn: 'Single sign-on identities linked to your account: provider and date linked',
  memberships: 'Companies you belong to: id, name, jurisdiction, your role, date joined',
  sessions:
    'Signed-in sessions: company, created, expiry, IP address, browser user agent (never the session token)',
  feedback: 'Feedback you sent: type, subject, message, reply-to email, status, our response, date',
  auditEntries: 'Audit log entries of actions you took: action, what it concerned, IP address, date',
  analytics: 'Usage analytics linked to you: visits (start, end), pages viewed, events with their data',
  apiKeys: 'API keys you created: name, role, visible prefix, created, last used, revoked (never the key)',
  invitations:
    'Team invitations you sent or that were sent to your email: email, role, dates (never the link token)',
  planChangeRequests: 'Plan changes you requested: from, to, status, date',
  files:
    'Files you uploaded or generated: receipts, ESG evidence, CSV imports and report files (name, size, date)',
  narratives: 'Narratives you wrote or edited: section, framework, year, status, text, dates',
  filings: 'Regulatory filings you submitted: report, regulator, type, status, confirmation number, package',
  offsetOrders: 'Carbon credit orders you placed or retired: project, quantity, total, buyer name, dates',
  esgAnswers: 'ESG Wizard answers you last changed: indicator, value, note, date',
  importAnswers:
    'Import answers you last gave (decision 049): what a site, category, variant or column in a file means, and the date',
  connectorAuthorisations: 'Connector authorisations you started that are still pending: provider, dates',
  authoredCounts:
    'How many ledger lines, recalculations, checklists and narrative versions name you as author',
} as const;

export interface PersonalDataExport {
  format: 'esg-pilot-personal-data/1';
  exportedAt: string;
  fields: typeof EXPORT_FIELDS;
  [section: string]: unknown;
}

export async function exportPersonalData(ctx: AuthedContext): Promise<PersonalDataExport> {
  const current = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, ctx.userId))
    .get();
  if (!current) throw unauthorized();
  const records = await readPersonalRecords(ctx, current.email);
  // Recorded as an access to personal data (who exported is already the entry's actor).
  await ctx.db.batch([
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'personal_data_exported',
      entityType: 'user',
      entityId: ctx.userId,
    }),
  ]);
  return {
    format: 'esg-pilot-personal-data/1',
    exportedAt: ctx.now().toISOString(),
    fields: EXPORT_FIELDS,
    ...exportSections(records),
  };
}

/** The sections of the export, one per kind of record, from personalRecordQueries' results in order. */
function exportSections(records: Awaited<ReturnType<typeof readPersonalRecords>>) {
  const [
    profile,
    photo,
    singleSignOn,
    memberships,
    sessions,
    feedback,
    auditEntries,
    analyticsSessions,
    pageViews,
    events,
    apiKeys,
    invitations,
    planChangeRequests,
    receipts,
    esgEvidence,
    csvImports,
    reports,
    narratives,
    filings,
    offsetOrders,
    esgAnswers,
    importAnswers,
    connectorAuthorisations,
    lines,
    recalculations,
    checklists,
    narrativeVersions,
  ] = records;
  return {
    profile: profile[0] ?? null,
    photo: photo[0] ?? null,
    singleSignOn,
    memberships,
    sessions,
    feedback,
    auditEntries,
    analytics: { sessions: analyticsSessions, pageViews, events },
    apiKeys,
    invitations,
    planChangeRequests,
    files: {
      receipts,
      esgEvidence,
      csvImports,
      reportFiles: reports.filter((report) => report.fileName !== null),
    },
    reports,
    narratives,
    filings,
    offsetOrders,
    esgAnswers,
    importAnswers,
    connectorAuthorisations,
    authoredCounts: {
      activityLines: lines[0]?.total ?? 0,
      recalculations: recalculations[0]?.total ?? 0,
      esgChecklists: checklists[0]?.total ?? 0,
      narrativeVersions: narrativeVersions[0]?.total ?? 0,
    },
  };
}

/** Every personal record of the caller, read in one batch so the export is one consistent snapshot. */
function readPersonalRecords(ctx: AuthedContext, email: string) {
  return ctx.db.batch(personalRecordQueries(ctx.db, ctx.userId, email));
}

/** `esg-pilot-data-export-2025-03-01T09-30-00Z.json`: a timestamp safe in every file system. */
export function exportFileName(now: Date): string {
  return `esg-pilot-data-export-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')}.json`;
}
