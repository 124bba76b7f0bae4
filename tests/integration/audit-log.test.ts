import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { companies, users } from '../../db/schema/auth.ts';
import { addMember } from '../helpers/people.ts';
import { createTestApp } from '../helpers/test-app.ts';

let clock = new Date('2025-03-01T09:00:00Z');
const t = await createTestApp({ now: () => clock });

/** Each call moves the clock a minute on so entries have distinct, ordered times. */
async function feedbackAs(cookie: string, subject: string) {
  clock = new Date(clock.getTime() + 60_000);
  const response = await t.call('POST', '/api/support/feedback', { cookie, body: { subject, message: 'm' } });
  expect(response.status).toBe(201);
  return response.json.id as string;
}

describe('GET /api/audit-logs', () => {
  test('answers a list of the company entries newest first, ten per page, with actor name, ip and entity; the total and the page links are headers', async () => {
    const admin = await t.signUpCompany({ firstName: 'Ada', lastName: 'Byron' });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await feedbackAs(admin.cookie, `Note ${i}`));

    const first = await t.call('GET', '/api/audit-logs', { cookie: admin.cookie });
    expect(first.status).toBe(200);
    expect(Array.isArray(first.json)).toBe(true);
    // 12 feedback entries + account_created at sign-up.
    expect(first.headers.get('X-Total-Count')).toBe('13');
    expect(first.headers.get('Link')).toBe(
      '</api/audit-logs?page=1>; rel="first", </api/audit-logs?page=2>; rel="next", </api/audit-logs?page=2>; rel="last"',
    );
    expect(first.json).toHaveLength(10);
    expect(first.json[0]).toMatchObject({
      action: 'feedback_submitted',
      entityType: 'feedback',
      entityId: ids[11],
      actorName: 'Ada Byron',
      seq: 13,
    });
    expect(Object.keys(first.json[0]).sort()).toEqual(
      ['action', 'actorName', 'createdAt', 'entityId', 'entityType', 'id', 'ip', 'seq'].sort(),
    );
    const seqs = first.json.map((entry: { seq: number }) => entry.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));

    const second = await t.call('GET', '/api/audit-logs?page=2', { cookie: admin.cookie });
    expect(second.json.map((entry: { seq: number }) => entry.seq)).toEqual([3, 2, 1]);
    expect(second.json[2]).toMatchObject({ action: 'account_created', entityType: 'user' });
    expect(second.headers.get('X-Total-Count')).toBe('13');
    expect(second.headers.get('Link')).toBe(
      '</api/audit-logs?page=1>; rel="first", </api/audit-logs?page=1>; rel="prev", </api/audit-logs?page=2>; rel="last"',
    );
    const filters = await t.call('GET', '/api/audit-logs/filters', { cookie: admin.cookie });
    expect(filters.json.actions).toEqual(['account_created', 'feedback_submitted']);
    expect(filters.json.users).toEqual([{ id: admin.user.id, name: 'Ada Byron' }]);
  });

  test('pages by pageSize and keeps the filters in the Link header; a page size above 100 is a 400', async () => {
    const admin = await t.signUpCompany();
    for (let i = 0; i < 4; i++) await feedbackAs(admin.cookie, `Note ${i}`);
    const page = await t.call('GET', '/api/audit-logs?entityType=feedback&pageSize=3&page=1', {
      cookie: admin.cookie,
    });
    expect(page.json).toHaveLength(3);
    expect(page.headers.get('X-Total-Count')).toBe('4');
    expect(page.headers.get('Link')).toContain(
      '</api/audit-logs?entityType=feedback&pageSize=3&page=2>; rel="next"',
    );
    const rest = await t.call('GET', '/api/audit-logs?entityType=feedback&pageSize=3&page=2', {
      cookie: admin.cookie,
    });
    expect(rest.json).toHaveLength(1);
    expect(rest.headers.get('Link')).not.toContain('rel="next"');
    // Everything on one page: no Link header at all.
    const all = await t.call('GET', '/api/audit-logs?pageSize=100', { cookie: admin.cookie });
    expect(all.json).toHaveLength(5);
    expect(all.headers.get('Link')).toBeNull();
    expect((await t.call('GET', '/api/audit-logs?pageSize=101', { cookie: admin.cookie })).status).toBe(400);
    expect((await t.call('GET', '/api/audit-logs?pageSize=0', { cookie: admin.cookie })).status).toBe(400);
  });

  test('filters by action, entity type, user and date range (UTC days, inclusive)', async () => {
    clock = new Date('2025-04-10T23:30:00Z');
    const admin = await t.signUpCompany();
    const company = admin.user.companyId as string;
    const member = await addMember(t.db, company, 'member', { firstName: 'Mae', lastName: 'Jemison' });
    clock = new Date('2025-04-11T08:00:00Z');
    await feedbackAs(member.cookie, 'From the member');
    clock = new Date('2025-04-12T08:00:00Z');
    await feedbackAs(admin.cookie, 'From the admin');

    const byAction = await t.call('GET', '/api/audit-logs?action=account_created', { cookie: admin.cookie });
    expect(byAction.json.map((entry: { action: string }) => entry.action)).toEqual(['account_created']);
    const byType = await t.call('GET', '/api/audit-logs?entityType=feedback', { cookie: admin.cookie });
    expect(byType.headers.get('X-Total-Count')).toBe('2');
    const byUser = await t.call('GET', `/api/audit-logs?userId=${member.userId}`, { cookie: admin.cookie });
    expect(byUser.json).toMatchObject([{ actorName: 'Mae Jemison', action: 'feedback_submitted' }]);
    const oneDay = await t.call('GET', '/api/audit-logs?from=2025-04-11&to=2025-04-11', {
      cookie: admin.cookie,
    });
    expect(oneDay.json).toMatchObject([{ actorName: 'Mae Jemison' }]);
    const fromDay = await t.call('GET', '/api/audit-logs?from=2025-04-11', { cookie: admin.cookie });
    expect(fromDay.headers.get('X-Total-Count')).toBe('2');
    const upTo = await t.call('GET', '/api/audit-logs?to=2025-04-10', { cookie: admin.cookie });
    expect(upTo.json).toMatchObject([{ action: 'account_created' }]);

    const backwards = await t.call('GET', '/api/audit-logs?from=2025-04-12&to=2025-04-11', {
      cookie: admin.cookie,
    });
    expect(backwards.status).toBe(400);
    const badDate = await t.call('GET', '/api/audit-logs?from=yesterday', { cookie: admin.cookie });
    expect(badDate.status).toBe(400);
    const badPage = await t.call('GET', '/api/audit-logs?page=0', { cookie: admin.cookie });
    expect(badPage.status).toBe(400);
  });

  test('shows no name for an actor whose account is gone', async () => {
    const admin = await t.signUpCompany();
    const member = await addMember(t.db, admin.user.companyId, 'member');
    await feedbackAs(member.cookie, 'Bye');
    await t.db.delete(users).where(eq(users.id, member.userId));
    const list = await t.call('GET', '/api/audit-logs?entityType=feedback', { cookie: admin.cookie });
    expect(list.json).toMatchObject([{ action: 'feedback_submitted', actorName: null }]);
  });

  test('is for admins only: members and viewers get 403, visitors 401', async () => {
    const admin = await t.signUpCompany();
    const member = await addMember(t.db, admin.user.companyId, 'member');
    const viewer = await addMember(t.db, admin.user.companyId, 'viewer');
    for (const path of ['/api/audit-logs', '/api/audit-logs/filters', '/api/audit-logs/verify']) {
      expect((await t.call('GET', path, { cookie: member.cookie })).status).toBe(403);
      expect((await t.call('GET', path, { cookie: viewer.cookie })).status).toBe(403);
      expect((await t.call('GET', path)).status).toBe(401);
    }
  });

  test('needs a plan with the audit log', async () => {
    const admin = await t.signUpCompany();
    await t.db.update(companies).set({ plan: 'starter' }).where(eq(companies.id, admin.user.companyId));
    for (const path of ['/api/audit-logs', '/api/audit-logs/filters', '/api/audit-logs/verify']) {
      const response = await t.call('GET', path, { cookie: admin.cookie });
      expect(response.status).toBe(403);
      expect(response.json.code).toBe('plan_required');
      expect(response.json.message).toContain('Growth');
    }
    await t.db.update(companies).set({ plan: 'enterprise' }).where(eq(companies.id, admin.user.companyId));
    expect((await t.call('GET', '/api/audit-logs', { cookie: admin.cookie })).status).toBe(200);
  });

  test("never shows another company's entries, even when asked for its user", async () => {
    const a = await t.signUpCompany();
    const b = await t.signUpCompany();
    await feedbackAs(a.cookie, 'Only in A');
    const list = await t.call('GET', '/api/audit-logs', { cookie: b.cookie });
    expect(list.headers.get('X-Total-Count')).toBe('1');
    const bIds = new Set(list.json.map((entry: { id: string }) => entry.id));
    const aRows = await t.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, a.user.companyId));
    expect(aRows.some((row) => bIds.has(row.id))).toBe(false);
    const asking = await t.call('GET', `/api/audit-logs?userId=${a.user.id}`, { cookie: b.cookie });
    expect(asking.json).toEqual([]);
    expect(asking.headers.get('X-Total-Count')).toBe('0');
    const filters = await t.call('GET', '/api/audit-logs/filters', { cookie: b.cookie });
    expect(filters.json.users.map((user: { id: string }) => user.id)).toEqual([b.user.id]);
  });

  test('no route edits or deletes an entry', async () => {
    const admin = await t.signUpCompany();
    const [entry] = await t.db.select().from(auditLogs).where(eq(auditLogs.companyId, admin.user.companyId));
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      for (const path of ['/api/audit-logs', `/api/audit-logs/${entry!.id}`, '/api/audit-logs/verify']) {
        const response = await t.call(method, path, { cookie: admin.cookie, body: { action: 'rewritten' } });
        expect([404, 405]).toContain(response.status);
      }
    }
    const [after] = await t.db.select().from(auditLogs).where(eq(auditLogs.id, entry!.id));
    expect(after).toEqual(entry);
  });
});
