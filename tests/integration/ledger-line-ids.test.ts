// A ledger line's public id (decision 092): the decimal text of its integer id, for every line; a
// line written before that decision is still reached by the UUID it had (legacy_id), which old
// links and audit rows carry. Either id reaches only the caller's own company's line.
import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { activityLines } from '../../db/schema/ledger.ts';
import { addLine, addSite } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

async function companyWithLine() {
  const owner = await t.signUpCompany();
  const siteId = await addSite(t, owner.cookie, 'Bakery');
  const line = await addLine(t, owner.cookie, { siteId, category: 'diesel', quantity: 100, unit: 'litres' });
  return { owner, siteId, line };
}

/** A line as the migration leaves one written before it: its old UUID in legacy_id. */
async function makeLegacy(lineId: string) {
  const uuid = crypto.randomUUID();
  await t.db
    .update(activityLines)
    .set({ legacyId: uuid })
    .where(eq(activityLines.id, Number(lineId)));
  return uuid;
}

const auditedIds = async (companyId: string, action: string) =>
  (
    await t.db
      .select({ entityId: auditLogs.entityId })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, companyId), eq(auditLogs.action, action)))
  ).map((row) => row.entityId);

describe('ledger line ids', () => {
  test('a line entered by hand answers a decimal id that edits and deletes it, and its audit rows name it', async () => {
    const { owner, line } = await companyWithLine();
    expect(line.id).toMatch(/^[1-9][0-9]*$/);
    expect(await auditedIds(owner.user.companyId, 'activity_created')).toEqual([line.id]);

    const edited = await t.call('PUT', `/api/activities/${line.id}`, {
      cookie: owner.cookie,
      body: { quantity: 250 },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ id: line.id, quantity: 250 });
    const listed = await t.call('GET', '/api/activities', { cookie: owner.cookie });
    expect(listed.json.items.map((item: { id: string }) => item.id)).toEqual([line.id]);

    expect((await t.call('DELETE', `/api/activities/${line.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect(await auditedIds(owner.user.companyId, 'activity_updated')).toEqual([line.id]);
    expect(await auditedIds(owner.user.companyId, 'activity_deleted')).toEqual([line.id]);
    expect((await t.call('DELETE', `/api/activities/${line.id}`, { cookie: owner.cookie })).status).toBe(404);
  });

  test('a line written before answers its decimal id and is still edited and deleted by its old UUID', async () => {
    const { owner, line } = await companyWithLine();
    const uuid = await makeLegacy(line.id);
    const listed = await t.call('GET', '/api/activities', { cookie: owner.cookie });
    expect(listed.json.items.map((item: { id: string }) => item.id)).toEqual([line.id]);

    const edited = await t.call('PUT', `/api/activities/${uuid}`, {
      cookie: owner.cookie,
      body: { quantity: 300 },
    });
    expect(edited.status).toBe(200);
    // Answered, and audited, by its public id whichever id the request named it by.
    expect(edited.json).toMatchObject({ id: line.id, quantity: 300 });
    expect(await auditedIds(owner.user.companyId, 'activity_updated')).toEqual([line.id]);

    expect((await t.call('DELETE', `/api/activities/${uuid}`, { cookie: owner.cookie })).status).toBe(204);
    expect(await auditedIds(owner.user.companyId, 'activity_deleted')).toEqual([line.id]);
    expect((await t.call('DELETE', `/api/activities/${line.id}`, { cookie: owner.cookie })).status).toBe(404);
  });

  test("another company's line is a 404 by either id, exactly like a missing one, and is left as it was", async () => {
    const a = await companyWithLine();
    const uuid = await makeLegacy(a.line.id);
    const b = await companyWithLine();
    for (const id of [a.line.id, uuid]) {
      const edited = await t.call('PUT', `/api/activities/${id}`, {
        cookie: b.owner.cookie,
        body: { quantity: 1 },
      });
      expect(edited.status).toBe(404);
      const deleted = await t.call('DELETE', `/api/activities/${id}`, { cookie: b.owner.cookie });
      expect(deleted.status).toBe(404);
    }
    const missing = await t.call('DELETE', `/api/activities/${crypto.randomUUID()}`, {
      cookie: b.owner.cookie,
    });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual(
      (await t.call('DELETE', `/api/activities/${uuid}`, { cookie: b.owner.cookie })).json,
    );
    const listed = await t.call('GET', '/api/activities', { cookie: a.owner.cookie });
    expect(listed.json.items).toEqual([a.line]);
  });

  test('an id that is neither a decimal id nor a UUID of a line is a 404', async () => {
    const { owner, line } = await companyWithLine();
    for (const id of [`0${line.id}`, `${line.id}.0`, '-1', '99999999999999999999', 'not-an-id'])
      expect((await t.call('DELETE', `/api/activities/${id}`, { cookie: owner.cookie })).status).toBe(404);
    const listed = await t.call('GET', '/api/activities', { cookie: owner.cookie });
    expect(listed.json.items).toEqual([line]);
  });
});
