import type { Db } from '../../db/client.ts';
import { analyticsEvents, analyticsPageViews, analyticsSessions } from '../../db/schema/analytics.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { esgEvidence } from '../../db/schema/esg-wizard.ts';
import { reports } from '../../db/schema/export-reports.ts';
import { activityImports } from '../../db/schema/ledger.ts';
import { narratives } from '../../db/schema/narratives.ts';
import { receiptFiles } from '../../db/schema/receipts.ts';
import { teamInvites } from '../../db/schema/team.ts';

/**
 * Rows that name a person as author, planted straight in the database for the export and
 * erasure tests (their own features have their own tests; here only the link to the person matters).
 */
export async function plantPersonalRecords(db: Db, companyId: string, userId: string, now: Date) {
  const sessionId = crypto.randomUUID();
  const ids = {
    sessionId,
    apiKeyId: crypto.randomUUID(),
    inviteId: crypto.randomUUID(),
    receiptId: crypto.randomUUID(),
    evidenceId: crypto.randomUUID(),
    importId: crypto.randomUUID(),
    reportId: crypto.randomUUID(),
    narrativeId: crypto.randomUUID(),
  };
  const hash = 'a'.repeat(64);
  await db.batch([
    db.insert(analyticsSessions).values({ id: sessionId, companyId, userId, startedAt: now }),
    db.insert(analyticsPageViews).values({ sessionId, companyId, userId, page: '/privacy', createdAt: now }),
    db.insert(analyticsEvents).values({
      sessionId,
      companyId,
      userId,
      eventName: 'report_exported',
      eventData: '{"format":"pdf"}',
      createdAt: now,
    }),
    db.insert(apiKeys).values({
      id: ids.apiKeyId,
      companyId,
      createdBy: userId,
      name: 'Planted key',
      role: 'member',
      prefix: 'esg_live_ab12',
      keyHash: `key-${ids.apiKeyId}`,
      createdAt: now,
    }),
    db.insert(teamInvites).values({
      id: ids.inviteId,
      companyId,
      email: 'invitee@example.com',
      role: 'viewer',
      tokenHash: `token-${ids.inviteId}`,
      invitedBy: userId,
      expiresAt: new Date(now.getTime() + 86_400_000),
      createdAt: now,
    }),
    db.insert(receiptFiles).values({
      id: ids.receiptId,
      companyId,
      fileName: 'fuel-receipt.jpg',
      contentType: 'image/jpeg',
      size: 2048,
      sha256: hash,
      textSource: 'ocr',
      extracted: '{}',
      createdBy: userId,
      createdAt: now,
    }),
    db.insert(esgEvidence).values({
      id: ids.evidenceId,
      companyId,
      jurisdiction: 'CSRD',
      indicator: 'ethics_training',
      fileName: 'training-register.pdf',
      contentType: 'application/pdf',
      size: 4096,
      sha256: hash,
      createdBy: userId,
      createdAt: now,
    }),
    db.insert(activityImports).values({
      id: ids.importId,
      companyId,
      fileName: 'ledger-2024.csv',
      fileSha256: hash,
      rowCount: 12,
      importedCount: 12,
      duplicateCount: 0,
      createdBy: userId,
      createdAt: now,
    }),
    db.insert(reports).values({
      id: ids.reportId,
      companyId,
      title: 'Planted GRI report',
      framework: 'gri',
      period: '2024',
      jurisdiction: 'CSRD',
      generation: 'succeeded',
      snapshot: '{}',
      fileName: 'planted-report.pdf',
      contentType: 'application/pdf',
      size: 8192,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(narratives).values({
      id: ids.narrativeId,
      companyId,
      section: 'environmental',
      framework: 'gri',
      year: 2024,
      content: 'Planted narrative text.',
      createdBy: userId,
      createdAt: now,
      updatedBy: userId,
      updatedAt: now,
    }),
  ]);
  return ids;
}
