import { describe, expect, test } from 'bun:test';
import { and, eq, isNotNull } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { reports } from '../../db/schema/export-reports.ts';
import { activityLines } from '../../db/schema/ledger.ts';
import { addLine, addSite, IMPORT_ROWS, importCsv, upload } from '../helpers/ledger.ts';
import { addMember } from '../helpers/people.ts';
import { plantPersonalRecords } from '../helpers/personal-records.ts';
import { createTestApp } from '../helpers/test-app.ts';

const clock = new Date('2025-06-15T08:30:05.123Z');
const t = await createTestApp({ now: () => clock });

describe('GET /api/privacy/data-summary', () => {
  test('answers the spec §3 shape with real counts of the company', async () => {
    const { cookie, user } = await t.signUpCompany({
      firstName: 'Rosalind',
      lastName: 'Franklin',
      companyName: 'Helix Ltd',
      jurisdiction: 'SECR',
    });
    const empty = await t.call('GET', '/api/privacy/data-summary', { cookie });
    expect(empty.status).toBe(200);
    expect(empty.json.personalData).toEqual({ connectedSources: 0, esgMetrics: 0, generatedReports: 0 });

    expect(
      (await t.call('POST', '/api/data-sources', { cookie, body: { type: 'csv', name: 'Ledger' } })).status,
    ).toBe(201);
    expect(
      (await t.call('POST', '/api/esg/initialize', { cookie, body: { jurisdiction: 'SECR' } })).status,
    ).toBe(200);
    const answer = await t.call('PUT', '/api/esg/progress', {
      cookie,
      body: { jurisdiction: 'SECR', indicator: 'reporting_methodology', value: 'GHG Protocol' },
    });
    expect(answer.status).toBe(200);
    await plantPersonalRecords(t.db, user.companyId, user.id, clock);

    const summary = await t.call('GET', '/api/privacy/data-summary', { cookie });
    expect(summary.json.personalData).toEqual({ connectedSources: 1, esgMetrics: 1, generatedReports: 1 });
    expect(summary.json.profile).toEqual({
      memberSince: clock.toISOString(),
      email: user.email,
      name: 'Rosalind Franklin',
      company: 'Helix Ltd',
      jurisdiction: 'SECR',
    });
    expect(summary.json.rightsAvailable.length).toBeGreaterThanOrEqual(4);
    expect(summary.json.dataRetention).toContain('3 years of inactivity');
    expect(summary.json.dataRetention).toContain('audit logs are kept for 1 year');
    expect(summary.json.accountDeletion).toEqual({
      companiesDeleted: [{ id: user.companyId, name: 'Helix Ltd' }],
      companiesKept: [],
      blockedReason: null,
    });
  });

  test('tells the last admin of a shared company that deletion needs another admin first', async () => {
    const admin = await t.signUpCompany({ companyName: 'Shared Co' });
    await addMember(t.db, admin.user.companyId, 'member');
    const summary = await t.call('GET', '/api/privacy/data-summary', { cookie: admin.cookie });
    expect(summary.json.accountDeletion.companiesKept).toEqual([
      { id: admin.user.companyId, name: 'Shared Co' },
    ]);
    expect(summary.json.accountDeletion.blockedReason).toContain('only admin of Shared Co');
  });

  test('counts only the caller company', async () => {
    const a = await t.signUpCompany();
    const b = await t.signUpCompany();
    await t.call('POST', '/api/data-sources', { cookie: a.cookie, body: { type: 'csv', name: 'A only' } });
    await t.db.insert(reports).values({
      companyId: a.user.companyId,
      title: 'A report',
      framework: 'gri',
      period: '2024',
      jurisdiction: 'CSRD',
      snapshot: '{}',
    });
    const summary = await t.call('GET', '/api/privacy/data-summary', { cookie: b.cookie });
    expect(summary.json.personalData).toEqual({ connectedSources: 0, esgMetrics: 0, generatedReports: 0 });
  });

  test('needs a session', async () => {
    expect((await t.call('GET', '/api/privacy/data-summary')).status).toBe(401);
    expect((await t.call('GET', '/api/gdpr/export-data')).status).toBe(401);
    expect((await t.call('DELETE', '/api/gdpr/delete-account', { body: { confirmed: true } })).status).toBe(
      401,
    );
  });
});

describe('GET /api/gdpr/export-data', () => {
  test('downloads a timestamped JSON file with every planted piece of personal data', async () => {
    const { cookie, user } = await t.signUpCompany({ firstName: 'Katherine', lastName: 'Johnson' });
    const feedback = await t.call('POST', '/api/support/feedback', {
      cookie,
      body: { type: 'feature', subject: 'Dark mode', message: 'Please', email: 'kj.reply@example.com' },
    });
    const planted = await plantPersonalRecords(t.db, user.companyId, user.id, clock);

    const response = await t.call('GET', '/api/gdpr/export-data', {
      cookie,
      headers: { 'User-Agent': 'ExportTest/1.0' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="esg-pilot-data-export-2025-06-15T08-30-05Z.json"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const data = response.json;
    expect(data.format).toBe('esg-pilot-personal-data/1');
    expect(Object.keys(data.fields).length).toBeGreaterThan(10);
    expect(data.profile).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Katherine',
      lastName: 'Johnson',
      hasPassword: true,
    });
    expect(data.memberships).toMatchObject([{ companyId: user.companyId, role: 'admin' }]);
    expect(data.sessions).toHaveLength(1);
    expect(Object.keys(data.sessions[0]).sort()).toEqual([
      'companyId',
      'createdAt',
      'expiresAt',
      'ip',
      'userAgent',
    ]);
    expect(data.feedback).toMatchObject([
      { id: feedback.json.id, subject: 'Dark mode', email: 'kj.reply@example.com' },
    ]);
    expect(data.auditEntries.map((entry: { action: string }) => entry.action)).toEqual([
      'account_created',
      'feedback_submitted',
    ]);
    expect(data.analytics.sessions).toMatchObject([{ id: planted.sessionId }]);
    expect(data.analytics.pageViews).toMatchObject([{ page: '/privacy' }]);
    expect(data.analytics.events).toMatchObject([{ eventName: 'report_exported' }]);
    expect(data.apiKeys).toMatchObject([
      { id: planted.apiKeyId, name: 'Planted key', prefix: 'esg_live_ab12' },
    ]);
    expect(data.invitations).toMatchObject([
      { id: planted.inviteId, email: 'invitee@example.com', sentByYou: true },
    ]);
    expect(data.files.receipts).toMatchObject([{ name: 'fuel-receipt.jpg', size: 2048 }]);
    expect(data.files.esgEvidence).toMatchObject([{ name: 'training-register.pdf', size: 4096 }]);
    expect(data.files.csvImports).toMatchObject([{ name: 'ledger-2024.csv' }]);
    expect(data.files.reportFiles).toMatchObject([
      { title: 'Planted GRI report', fileName: 'planted-report.pdf', size: 8192 },
    ]);
    expect(data.narratives).toMatchObject([
      { id: planted.narrativeId, content: 'Planted narrative text.', createdByYou: true },
    ]);

    // Never a secret: password hash, session id hash, key hash, invitation token hash.
    expect(response.text).not.toContain('argon2id');
    expect(response.text).not.toContain('pbkdf2');
    expect(response.text).not.toContain(`key-${planted.apiKeyId}`);
    expect(response.text).not.toContain(`token-${planted.inviteId}`);
    expect(response.text).not.toMatch(/"id":\s*"[0-9a-f]{64}"/);

    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'personal_data_exported'));
    expect(audit).toMatchObject([{ userId: user.id, companyId: user.companyId }]);
  });

  test("counts the ledger lines a person added by hand and those of their imports, and no colleague's", async () => {
    const owner = await t.signUpCompany();
    const siteId = await addSite(t, owner.cookie, 'Bristol bakery');
    await addSite(t, owner.cookie, 'Lyon shop', 'FR');
    const colleague = await addMember(t.db, owner.user.companyId, 'admin', { email: 'lines@example.com' });
    const imported = await upload(t, owner.cookie, importCsv(IMPORT_ROWS));
    expect(imported.status).toBe(201);
    await addLine(t, owner.cookie, { siteId, category: 'water', quantity: 12, unit: 'm3' });
    await addLine(t, colleague.cookie, { siteId, category: 'water', quantity: 3, unit: 'm3' });
    const importedAuthors = await t.db
      .select({ createdBy: activityLines.createdBy })
      .from(activityLines)
      .where(and(isNotNull(activityLines.importKey), eq(activityLines.source, 'csv')));
    expect(importedAuthors.length).toBeGreaterThanOrEqual(IMPORT_ROWS.length);
    expect(importedAuthors.every((line) => line.createdBy === null)).toBe(true);
    const mine = await t.call('GET', '/api/gdpr/export-data', { cookie: owner.cookie });
    // An imported line names no author of its own: its import does (decision 081, step 4).
    expect(mine.json.authoredCounts.activityLines).toBe(IMPORT_ROWS.length + 1);
    const theirs = await t.call('GET', '/api/gdpr/export-data', { cookie: colleague.cookie });
    expect(theirs.json.authoredCounts.activityLines).toBe(1);
  });

  test("holds nothing of a colleague's", async () => {
    const admin = await t.signUpCompany({ firstName: 'Dorothy', lastName: 'Vaughan' });
    const colleague = await addMember(t.db, admin.user.companyId, 'member', {
      email: 'colleague@example.com',
    });
    await t.call('POST', '/api/support/feedback', {
      cookie: colleague.cookie,
      body: { subject: 'Mine', message: 'm' },
    });
    await plantPersonalRecords(t.db, admin.user.companyId, colleague.userId, clock);
    const response = await t.call('GET', '/api/gdpr/export-data', { cookie: admin.cookie });
    expect(response.text).not.toContain('colleague@example.com');
    expect(response.text).not.toContain(colleague.userId);
    expect(response.json.feedback).toEqual([]);
    expect(response.json.files.receipts).toEqual([]);
    expect(response.json.analytics.events).toEqual([]);
  });
});
