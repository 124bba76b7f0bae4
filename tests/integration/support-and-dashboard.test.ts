import { describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { feedback } from '../../db/schema/support.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

describe('feedback', () => {
  test('stores feedback with its defaults and an audit row', async () => {
    const { cookie, user } = await t.signUpCompany();
    const response = await t.call('POST', '/api/support/feedback', {
      cookie,
      body: { type: 'bug', subject: '  Export button ', message: 'Nothing happens', email: 'Me@Example.com' },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      type: 'bug',
      subject: 'Export button',
      message: 'Nothing happens',
      email: 'me@example.com',
      status: 'open',
      adminResponse: null,
    });
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, response.json.id)).all();
    expect(audit).toMatchObject([{ action: 'feedback_submitted', entityType: 'feedback', userId: user.id }]);
  });

  test('defaults the type to support and omits an absent email', async () => {
    const { cookie } = await t.signUpCompany();
    const response = await t.call('POST', '/api/support/feedback', {
      cookie,
      body: { subject: 'Hi', message: 'Hello' },
    });
    expect(response.json).toMatchObject({ type: 'support', email: null });
  });

  test('needs a subject and a message, and writes nothing without them', async () => {
    const { cookie } = await t.signUpCompany();
    const before = (await t.db.select({ n: count() }).from(feedback).get())!.n;
    const response = await t.call('POST', '/api/support/feedback', {
      cookie,
      body: { type: 'praise', subject: '   ', message: '' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.json.details.fieldErrors).sort()).toEqual(['message', 'subject', 'type']);
    expect((await t.db.select({ n: count() }).from(feedback).get())!.n).toBe(before);
  });

  test('history shows the caller their own feedback, newest first, with our response', async () => {
    const { cookie } = await t.signUpCompany();
    const first = await t.call('POST', '/api/support/feedback', {
      cookie,
      body: { subject: 'First', message: 'm' },
    });
    await t.call('POST', '/api/support/feedback', { cookie, body: { subject: 'Second', message: 'm' } });
    await t.db
      .update(feedback)
      .set({ status: 'resolved', adminResponse: 'Fixed in 0.2' })
      .where(eq(feedback.id, first.json.id));
    const history = await t.call('GET', '/api/support/feedback', { cookie });
    expect(history.json.map((item: { subject: string }) => item.subject)).toEqual(['Second', 'First']);
    expect(history.json[1]).toMatchObject({ status: 'resolved', adminResponse: 'Fixed in 0.2' });
  });

  test('another company never sees it', async () => {
    const a = await t.signUpCompany();
    const b = await t.signUpCompany();
    await t.call('POST', '/api/support/feedback', {
      cookie: a.cookie,
      body: { subject: 'Private', message: 'm' },
    });
    const history = await t.call('GET', '/api/support/feedback', { cookie: b.cookie });
    expect(history.json).toEqual([]);
  });

  test('requires a session', async () => {
    expect((await t.call('GET', '/api/support/feedback')).status).toBe(401);
    expect(
      (await t.call('POST', '/api/support/feedback', { body: { subject: 's', message: 'm' } })).status,
    ).toBe(401);
  });
});

describe('dashboard overview', () => {
  test('shows true figures for a new company', async () => {
    const { cookie } = await t.signUpCompany();
    const response = await t.call('GET', '/api/dashboard/overview', { cookie });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      dataSources: [],
      complianceStatus: null,
      // Nothing recorded: "not recorded", never a figure of 0 on screen (decision 053).
      metrics: {
        carbonEmissions: 0,
        carbonEmissionsDetail: { value: 0, unit: 'tCO2e', recorded: false },
      },
      narratives: { totalSections: 4, approvedSections: 0, startedSections: 0 },
    });
    expect(response.json.metrics.carbonEmissionsDetail.year).toBe(response.json.reportingYear.year);
    expect(response.json.recentActivity).toMatchObject([{ action: 'account_created' }]);
  });

  test('lists the five latest actions of this company only, newest first', async () => {
    const a = await t.signUpCompany();
    const b = await t.signUpCompany();
    for (let index = 0; index < 6; index++) {
      await t.call('POST', '/api/support/feedback', {
        cookie: a.cookie,
        body: { subject: `s${index}`, message: 'm' },
      });
    }
    const response = await t.call('GET', '/api/dashboard/overview', { cookie: a.cookie });
    expect(response.json.recentActivity).toHaveLength(5);
    expect(
      response.json.recentActivity.every((item: { action: string }) => item.action === 'feedback_submitted'),
    ).toBe(true);
    const other = await t.call('GET', '/api/dashboard/overview', { cookie: b.cookie });
    expect(other.json.recentActivity.map((item: { action: string }) => item.action)).toEqual([
      'account_created',
    ]);
  });

  test('requires a session', async () => {
    expect((await t.call('GET', '/api/dashboard/overview')).status).toBe(401);
  });
});
