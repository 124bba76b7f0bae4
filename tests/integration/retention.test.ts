import { describe, expect, test } from 'bun:test';
import { and, asc, eq } from 'drizzle-orm';
import { analyticsEvents, analyticsPageViews, analyticsSessions } from '../../db/schema/analytics.ts';
import { auditChainHeads, auditLogs } from '../../db/schema/audit.ts';
import {
  companies,
  emailChangeRequests,
  passwordResetTokens,
  pendingSignups,
  users,
} from '../../db/schema/auth.ts';
import { enqueueRecurringJobs } from '../../src/server/jobs/recurring.ts';
import { addMember } from '../helpers/people.ts';
import { createTestApp, sessionCookieFrom } from '../helpers/test-app.ts';

const DAY = 86_400_000;
let clock = new Date('2021-01-10T12:00:00Z');
const t = await createTestApp({ now: () => clock });
const advance = (days: number) => {
  clock = new Date(clock.getTime() + days * DAY);
};

/** Runs the daily retention job (and the seal job) the way production does: enqueue, then drain. */
async function runRetention() {
  await enqueueRecurringJobs(t.db, clock);
  await t.runJobs();
}

async function signIn(email: string, password: string) {
  const response = await t.call('POST', '/api/auth/signin', { body: { email, password } });
  expect(response.status).toBe(200);
  return sessionCookieFrom(response.headers)!;
}

async function feedback(cookie: string, subject: string) {
  const response = await t.call('POST', '/api/support/feedback', { cookie, body: { subject, message: 'm' } });
  expect(response.status).toBe(201);
}

describe('audit logs: kept one year', () => {
  test('removes entries older than a year from the start of the chain and verification still passes', async () => {
    clock = new Date('2022-01-01T00:00:00Z');
    const admin = await t.signUpCompany();
    const companyId = admin.user.companyId as string;
    await feedback(admin.cookie, 'old 1');
    await feedback(admin.cookie, 'old 2');
    advance(200);
    // Sessions last 30 days: each visit signs in again.
    await feedback(await signIn(admin.user.email, admin.password), 'middle');
    advance(200);
    const cookie = await signIn(admin.user.email, admin.password);
    await feedback(cookie, 'recent');

    await runRetention();
    const rows = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.companyId, companyId))
      .orderBy(asc(auditLogs.seq));
    // account_created, old 1, old 2 (400 days ago) are gone; the last 200 days stay.
    expect(rows.map((row) => row.action)).toEqual([
      'signed_in',
      'feedback_submitted',
      'signed_in',
      'feedback_submitted',
    ]);
    expect(rows[0]!.seq).toBe(4);
    const head = await t.db
      .select()
      .from(auditChainHeads)
      .where(eq(auditChainHeads.companyId, companyId))
      .get();
    expect(head!.anchorSeq).toBe(3);
    const verification = await t.call('GET', '/api/audit-logs/verify', { cookie });
    expect(verification.json).toMatchObject({ valid: true, anchorSeq: 3, firstSeq: 4, entriesChecked: 4 });
    // verify itself wrote no entry; the list shows what is left.
    const list = await t.call('GET', '/api/audit-logs', { cookie });
    expect(list.headers.get('X-Total-Count')).toBe('4');

    // Running again the same day changes nothing.
    await runRetention();
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.companyId, companyId))).toHaveLength(4);
  });

  test('keeps a tampered old entry and everything after it', async () => {
    clock = new Date('2022-06-01T00:00:00Z');
    const admin = await t.signUpCompany();
    const companyId = admin.user.companyId as string;
    await feedback(admin.cookie, 'a');
    await feedback(admin.cookie, 'b');
    await runRetention();
    await t.db
      .update(auditLogs)
      .set({ action: 'rewritten' })
      .where(and(eq(auditLogs.companyId, companyId), eq(auditLogs.seq, 2)));
    advance(400);
    await runRetention();
    const rows = await t.db
      .select({ seq: auditLogs.seq })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, companyId));
    expect(rows.map((row) => row.seq).sort()).toEqual([2, 3]);
    const head = await t.db
      .select()
      .from(auditChainHeads)
      .where(eq(auditChainHeads.companyId, companyId))
      .get();
    expect(head!.anchorSeq).toBe(1);
  });
});

describe('analytics: pseudonymised after two years', () => {
  test('replaces the user id of old rows with one pseudonym per person and leaves recent rows', async () => {
    clock = new Date('2023-01-01T00:00:00Z');
    const { user } = await t.signUpCompany();
    const old = crypto.randomUUID();
    const recent = crypto.randomUUID();
    const oldAt = clock;
    const recentAt = new Date(clock.getTime() + 400 * DAY);
    await t.db.batch([
      t.db
        .insert(analyticsSessions)
        .values({ id: old, companyId: user.companyId, userId: user.id, startedAt: oldAt }),
      t.db
        .insert(analyticsPageViews)
        .values({ sessionId: old, companyId: user.companyId, userId: user.id, page: '/', createdAt: oldAt }),
      t.db.insert(analyticsEvents).values({
        sessionId: old,
        companyId: user.companyId,
        userId: user.id,
        eventName: 'wizard_started',
        createdAt: oldAt,
      }),
      t.db
        .insert(analyticsSessions)
        .values({ id: recent, companyId: user.companyId, userId: user.id, startedAt: recentAt }),
      t.db.insert(analyticsEvents).values({
        sessionId: recent,
        companyId: user.companyId,
        userId: user.id,
        eventName: 'wizard_completed',
        createdAt: recentAt,
      }),
    ]);
    advance(2 * 365 + 2);
    await runRetention();

    const [oldSession] = await t.db.select().from(analyticsSessions).where(eq(analyticsSessions.id, old));
    expect(oldSession!.userId).toStartWith('pseudonym:');
    expect(oldSession!.pseudonymisedAt).toEqual(clock);
    const [view] = await t.db.select().from(analyticsPageViews).where(eq(analyticsPageViews.sessionId, old));
    const [event] = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, old));
    expect(view!.userId).toBe(oldSession!.userId);
    expect(event!.userId).toBe(oldSession!.userId);
    const [recentSession] = await t.db
      .select()
      .from(analyticsSessions)
      .where(eq(analyticsSessions.id, recent));
    expect(recentSession).toMatchObject({ userId: user.id, pseudonymisedAt: null });
    const [recentEvent] = await t.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.sessionId, recent));
    expect(recentEvent!.userId).toBe(user.id);

    // Idempotent: a second run finds nothing left to replace.
    await runRetention();
    const [again] = await t.db.select().from(analyticsSessions).where(eq(analyticsSessions.id, old));
    expect(again!.userId).toBe(oldSession!.userId);
    expect(await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, user.id))).toHaveLength(
      1,
    );
  });
});

describe('accounts: deleted after three years without activity', () => {
  test('keeps last activity fresh at most once a day', async () => {
    clock = new Date('2024-02-01T08:00:00Z');
    const { cookie, user } = await t.signUpCompany();
    const lastActive = async () =>
      (await t.db.select({ at: users.lastActiveAt }).from(users).where(eq(users.id, user.id)).get())!.at;
    expect(await lastActive()).toEqual(clock);
    const signedUpAt = clock;
    advance(0.5);
    expect((await t.call('GET', '/api/auth/user', { cookie })).status).toBe(200);
    expect(await lastActive()).toEqual(signedUpAt);
    advance(0.6);
    expect((await t.call('GET', '/api/auth/user', { cookie })).status).toBe(200);
    expect(await lastActive()).toEqual(clock);
  });

  test('deletes inactive accounts with the same erasure, keeps active ones and the last admin of a company in use', async () => {
    clock = new Date('2019-03-01T00:00:00Z');
    const inactive = await t.signUpCompany();
    const active = await t.signUpCompany();
    const busy = await t.signUpCompany({ companyName: 'Busy Co' });
    advance(3 * 365 - 30);
    // `active` signs in; `busy` gains a colleague who is active.
    await signIn(active.user.email, active.password);
    const colleague = await addMember(t.db, busy.user.companyId, 'member', {}, clock);
    await t.db.update(users).set({ lastActiveAt: clock }).where(eq(users.id, colleague.userId));
    advance(31 + 1);
    await runRetention();

    const remaining = new Set((await t.db.select({ id: users.id }).from(users)).map((row) => row.id));
    expect(remaining.has(inactive.user.id)).toBe(false);
    expect(await t.db.select().from(companies).where(eq(companies.id, inactive.user.companyId))).toEqual([]);
    expect(remaining.has(active.user.id)).toBe(true);
    // The inactive last admin of Busy Co is kept: the company is in use and needs an admin.
    expect(remaining.has(busy.user.id)).toBe(true);
    expect(remaining.has(colleague.userId)).toBe(true);
  });
});

describe('single-use links: removed once expired', () => {
  test('drops never-used sign-up, email-change and reset links past their expiry and keeps live ones', async () => {
    clock = new Date('2024-06-01T00:00:00Z');
    const owner = await t.signUpCompany();
    const other = await t.signUpCompany();
    const link = (userId: string, hours: number) => ({
      userId,
      tokenHash: crypto.randomUUID(),
      expiresAt: new Date(clock.getTime() + hours * 3_600_000),
    });
    await t.db.insert(passwordResetTokens).values([link(owner.user.id, 1), link(other.user.id, 48)]);
    await t.db.insert(emailChangeRequests).values([
      { ...link(owner.user.id, 24), newEmail: 'expired.change@example.com' },
      { ...link(other.user.id, 72), newEmail: 'live.change@example.com' },
    ]);
    const signup = (email: string, hours: number) => ({
      email,
      tokenHash: crypto.randomUUID(),
      passwordHash: 'not a real hash',
      firstName: 'Never',
      lastName: 'Confirmed',
      companyName: `${email} Ltd`,
      expiresAt: new Date(clock.getTime() + hours * 3_600_000),
    });
    await t.db
      .insert(pendingSignups)
      .values([signup('expired.signup@example.com', 24), signup('live.signup@example.com', 72)]);

    advance(2);
    await runRetention();

    expect(
      (await t.db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens)).map(
        (row) => row.userId,
      ),
    ).toEqual([other.user.id]);
    expect(
      (await t.db.select({ newEmail: emailChangeRequests.newEmail }).from(emailChangeRequests)).map(
        (row) => row.newEmail,
      ),
    ).toEqual(['live.change@example.com']);
    expect(
      (await t.db.select({ email: pendingSignups.email }).from(pendingSignups)).map((row) => row.email),
    ).toEqual(['live.signup@example.com']);
  });
});
