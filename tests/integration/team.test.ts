import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { companies, memberships, sessions } from '../../db/schema/auth.ts';
import { teamInvites } from '../../db/schema/team.ts';
import { entitlementRefusal } from '../../src/domain/account/plans.ts';
import { companyWithMember, invite, signUpFromInvite, uniqueEmail } from '../helpers/team.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp({ now: () => new Date('2026-04-01T09:00:00Z') });

async function auditActions(companyId: string) {
  const rows = await t.db
    .select({ action: auditLogs.action })
    .from(auditLogs)
    .where(eq(auditLogs.companyId, companyId))
    .orderBy(auditLogs.seq);
  return rows.map((row) => row.action);
}

describe('GET /api/team', () => {
  test('lists the real members with name, email, role and joined date, and pending invitations', async () => {
    const { admin, member, invite: sent } = await companyWithMember(t, 'member');
    const pending = await invite(t, admin.cookie, uniqueEmail('pending'), 'viewer');
    const response = await t.call('GET', '/api/team', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      canManage: true,
      maxUsers: null,
      plan: 'growth',
      planName: 'Growth',
    });
    expect(response.json.members).toEqual([
      {
        id: expect.any(String),
        userId: admin.user.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: admin.user.email,
        role: 'admin',
        joinedAt: '2026-04-01T09:00:00.000Z',
        isYou: true,
      },
      expect.objectContaining({ userId: member.user.id, firstName: 'Grace', role: 'member', isYou: false }),
    ]);
    // The accepted invitation is no longer pending; the other one is, with its expiry.
    expect(response.json.invites).toEqual([{ ...pending.invite, expiresAt: '2026-04-08T09:00:00.000Z' }]);
    expect(response.json.invites.map((row: { id: string }) => row.id)).not.toContain(sent.invite.id);
  });

  test('lets members and viewers read the list but not manage it; refuses the signed-out', async () => {
    const { member } = await companyWithMember(t, 'viewer');
    const response = await t.call('GET', '/api/team', { cookie: member.cookie });
    expect(response.status).toBe(200);
    expect(response.json.canManage).toBe(false);
    expect(response.json.members).toHaveLength(2);
    expect((await t.call('GET', '/api/team')).status).toBe(401);
  });
});

describe('POST /api/team/invites', () => {
  test('rejects a bad email or role with field messages and stores nothing', async () => {
    const admin = await t.signUpCompany();
    const bad = await t.call('POST', '/api/team/invites', {
      cookie: admin.cookie,
      body: { email: 'not-an-email', role: 'owner' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.details.fieldErrors).sort()).toEqual(['email', 'role']);
    const missing = await t.call('POST', '/api/team/invites', { cookie: admin.cookie, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.details.fieldErrors.email).toEqual(['Email is required']);
    const rows = await t.db.select().from(teamInvites).where(eq(teamInvites.companyId, admin.user.companyId));
    expect(rows).toEqual([]);
  });

  test('defaults the role to member, lower-cases the address and audits the invitation', async () => {
    const admin = await t.signUpCompany();
    const response = await t.call('POST', '/api/team/invites', {
      cookie: admin.cookie,
      body: { email: '  New.Person@Example.COM ' },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      invite: { email: 'new.person@example.com', role: 'member', expiresAt: '2026-04-08T09:00:00.000Z' },
      delivery: 'not_configured',
      link: expect.stringMatching(/^http:\/\/localhost\/invite\?token=[a-z2-7]{32}$/),
    });
    expect(await auditActions(admin.user.companyId)).toEqual(['account_created', 'team_invite_created']);
  });

  test('refuses to invite someone who is already a member (409)', async () => {
    const { admin, member } = await companyWithMember(t);
    for (const email of [member.user.email, admin.user.email.toUpperCase()]) {
      const response = await t.call('POST', '/api/team/invites', { cookie: admin.cookie, body: { email } });
      expect(response.status).toBe(409);
      expect(response.json.message).toBe(`${email.toLowerCase()} is already a member of this company.`);
    }
  });

  test('replaces a pending invitation to the same address: only the newest link works', async () => {
    const admin = await t.signUpCompany();
    const email = uniqueEmail('twice');
    const first = await invite(t, admin.cookie, email, 'viewer');
    const second = await invite(t, admin.cookie, email, 'admin');
    const team = await t.call('GET', '/api/team', { cookie: admin.cookie });
    expect(team.json.invites).toEqual([second.invite]);
    const old = await t.call('POST', '/api/invites/lookup', { body: { token: first.token } });
    expect(old.json.status).toBe('revoked');
    expect(await auditActions(admin.user.companyId)).toEqual([
      'account_created',
      'team_invite_created',
      'team_invite_revoked',
      'team_invite_created',
    ]);
  });

  test('on the Starter plan (1 user) refuses to invite anyone: 403 plan_required', async () => {
    const admin = await t.signUpCompany();
    await t.db.update(companies).set({ plan: 'starter' }).where(eq(companies.id, admin.user.companyId));
    const response = await t.call('POST', '/api/team/invites', {
      cookie: admin.cookie,
      body: { email: uniqueEmail('starter') },
    });
    expect(response.status).toBe(403);
    expect(response.json).toEqual({
      message: entitlementRefusal('starter', 'unlimitedUsers'),
      code: 'plan_required',
    });
    const rows = await t.db.select().from(teamInvites).where(eq(teamInvites.companyId, admin.user.companyId));
    expect(rows).toEqual([]);
  });
});

describe('admin-only calls', () => {
  test('members and viewers get 403 on every change, whatever the body', async () => {
    for (const role of ['member', 'viewer']) {
      const { admin, member } = await companyWithMember(t, role);
      const pending = await invite(t, admin.cookie, uniqueEmail('x'));
      const team = await t.call('GET', '/api/team', { cookie: admin.cookie });
      const adminRow = team.json.members.find((row: { isYou: boolean }) => row.isYou);
      const calls: [string, string, unknown][] = [
        ['POST', '/api/team/invites', { email: uniqueEmail('y'), role: 'admin' }],
        ['POST', '/api/team/invites', { email: 'bad' }],
        ['DELETE', `/api/team/invites/${pending.invite.id}`, undefined],
        ['PATCH', `/api/team/members/${adminRow.id}`, { role: 'viewer' }],
        ['DELETE', `/api/team/members/${adminRow.id}`, undefined],
      ];
      for (const [method, path, body] of calls) {
        const response = await t.call(method, path, { cookie: member.cookie, body });
        expect({ role, method, path, status: response.status }).toEqual({ role, method, path, status: 403 });
      }
    }
  });
});

describe('DELETE /api/team/invites/{id}', () => {
  test('revokes a pending invitation, erases its address, and the link stops working', async () => {
    const admin = await t.signUpCompany();
    const sent = await invite(t, admin.cookie, uniqueEmail('revoke'));
    const response = await t.call('DELETE', `/api/team/invites/${sent.invite.id}`, { cookie: admin.cookie });
    expect(response.status).toBe(204);
    const row = await t.db.select().from(teamInvites).where(eq(teamInvites.id, sent.invite.id)).get();
    expect(row).toMatchObject({ email: '', revokedAt: new Date('2026-04-01T09:00:00Z') });
    const again = await t.call('DELETE', `/api/team/invites/${sent.invite.id}`, { cookie: admin.cookie });
    expect(again.status).toBe(404);
    const join = await t.call('POST', '/api/invites/signup', {
      body: { token: sent.token, firstName: 'A', lastName: 'B', password: 'long enough pw' },
    });
    expect(join.status).toBe(409);
    expect(join.json.code).toBe('invite_revoked');
  });
});

describe('PATCH /api/team/members/{id}', () => {
  test('changes a role; the member’s very next request carries it; audited', async () => {
    const { admin, member } = await companyWithMember(t, 'member');
    const team = await t.call('GET', '/api/team', { cookie: admin.cookie });
    const row = team.json.members.find((entry: { userId: string }) => entry.userId === member.user.id);
    const response = await t.call('PATCH', `/api/team/members/${row.id}`, {
      cookie: admin.cookie,
      body: { role: 'viewer' },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id: row.id, role: 'viewer', isYou: false });
    expect((await t.call('GET', '/api/auth/user', { cookie: member.cookie })).json.role).toBe('viewer');
    expect((await auditActions(admin.user.companyId)).at(-1)).toBe('member_role_changed');
    const invalid = await t.call('PATCH', `/api/team/members/${row.id}`, {
      cookie: admin.cookie,
      body: { role: 'owner' },
    });
    expect(invalid.status).toBe(400);
  });

  test('never leaves the company without an admin (409 with a clear message)', async () => {
    const { admin, member } = await companyWithMember(t, 'admin');
    const team = await t.call('GET', '/api/team', { cookie: admin.cookie });
    const [mine, theirs] = team.json.members;
    // Two admins: one may step down.
    const down = await t.call('PATCH', `/api/team/members/${theirs.id}`, {
      cookie: admin.cookie,
      body: { role: 'member' },
    });
    expect(down.status).toBe(200);
    const last = await t.call('PATCH', `/api/team/members/${mine.id}`, {
      cookie: admin.cookie,
      body: { role: 'viewer' },
    });
    expect(last.status).toBe(409);
    expect(last.json.message).toBe(
      'This is the only admin of the company and cannot stop being one. Make another member an admin first.',
    );
    const remove = await t.call('DELETE', `/api/team/members/${mine.id}`, { cookie: admin.cookie });
    expect(remove.status).toBe(409);
    expect(remove.json.message).toBe(
      'This is the only admin of the company and cannot be removed. Make another member an admin first.',
    );
    expect((await t.call('GET', '/api/auth/user', { cookie: admin.cookie })).json.role).toBe('admin');
    expect((await t.call('GET', '/api/auth/user', { cookie: member.cookie })).json.role).toBe('member');
  });

  test('two admins demoting each other at once leave one admin', async () => {
    const { admin, member } = await companyWithMember(t, 'admin');
    const team = await t.call('GET', '/api/team', { cookie: admin.cookie });
    const [mine, theirs] = team.json.members;
    const results = await Promise.all([
      t.call('PATCH', `/api/team/members/${theirs.id}`, { cookie: admin.cookie, body: { role: 'member' } }),
      t.call('PATCH', `/api/team/members/${mine.id}`, { cookie: member.cookie, body: { role: 'member' } }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const admins = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.companyId, admin.user.companyId), eq(memberships.role, 'admin')));
    expect(admins).toHaveLength(1);
  });
});

describe('DELETE /api/team/members/{id}', () => {
  test('removes the member and ends their sessions in this company', async () => {
    const { admin, member } = await companyWithMember(t, 'member');
    const team = await t.call('GET', '/api/team', { cookie: admin.cookie });
    const row = team.json.members.find((entry: { userId: string }) => entry.userId === member.user.id);
    const response = await t.call('DELETE', `/api/team/members/${row.id}`, { cookie: admin.cookie });
    expect(response.status).toBe(204);
    expect((await t.call('GET', '/api/team', { cookie: member.cookie })).status).toBe(401);
    const left = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, member.user.id), eq(sessions.companyId, admin.user.companyId)));
    expect(left).toEqual([]);
    expect((await auditActions(admin.user.companyId)).at(-1)).toBe('member_removed');
    const after = await t.call('GET', '/api/team', { cookie: admin.cookie });
    expect(after.json.members).toHaveLength(1);
  });
});

describe('tenant isolation', () => {
  test("another company's member and invitation ids answer 404 and change nothing", async () => {
    const a = await companyWithMember(t, 'member');
    const pending = await invite(t, a.admin.cookie, uniqueEmail('iso'));
    const b = await t.signUpCompany();
    const team = await t.call('GET', '/api/team', { cookie: a.admin.cookie });
    const memberRow = team.json.members.find(
      (entry: { userId: string }) => entry.userId === a.member.user.id,
    );
    const calls: [string, string, unknown][] = [
      ['PATCH', `/api/team/members/${memberRow.id}`, { role: 'admin' }],
      ['DELETE', `/api/team/members/${memberRow.id}`, undefined],
      ['DELETE', `/api/team/invites/${pending.invite.id}`, undefined],
      ['PATCH', `/api/team/members/${crypto.randomUUID()}`, { role: 'admin' }],
    ];
    for (const [method, path, body] of calls) {
      const response = await t.call(method, path, { cookie: b.cookie, body });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
    const after = await t.call('GET', '/api/team', { cookie: a.admin.cookie });
    expect(after.json).toEqual(team.json);
    const bTeam = await t.call('GET', '/api/team', { cookie: b.cookie });
    expect(bTeam.json.members.map((row: { userId: string }) => row.userId)).toEqual([b.user.id]);
    expect(bTeam.json.invites).toEqual([]);
  });
});

describe('Starter plan limit on acceptance', () => {
  test('an invitation sent on Growth cannot be accepted once the company is on Starter', async () => {
    const admin = await t.signUpCompany();
    const sent = await invite(t, admin.cookie, uniqueEmail('late'));
    await t.db.update(companies).set({ plan: 'starter' }).where(eq(companies.id, admin.user.companyId));
    const response = await t.call('POST', '/api/invites/signup', {
      body: { token: sent.token, firstName: 'Late', lastName: 'Comer', password: 'long enough pw' },
    });
    expect(response.status).toBe(403);
    expect(response.json.code).toBe('plan_required');
    const members = await t.db
      .select()
      .from(memberships)
      .where(eq(memberships.companyId, admin.user.companyId));
    expect(members).toHaveLength(1);
    const lookup = await t.call('POST', '/api/invites/lookup', { body: { token: sent.token } });
    expect(lookup.json.status).toBe('pending');
    // Back on Growth, the same link still works.
    await t.db.update(companies).set({ plan: 'growth' }).where(eq(companies.id, admin.user.companyId));
    await signUpFromInvite(t, sent.token);
  });
});
