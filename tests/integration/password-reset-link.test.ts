import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { memberships, passwordResetTokens } from '../../db/schema/auth.ts';
import { sha256Hex } from '../../src/domain/sha256.ts';
import { companyWithMember, invite } from '../helpers/team.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

// No SMTP: the admin of the company issues the link (decision 045).
const t = await createTestApp();
const NEW_PASSWORD = 'chosen after the reset';

const issue = (cookie: string, membershipId: string) =>
  t.call('POST', `/api/team/members/${membershipId}/reset-link`, { cookie });

async function membershipOf(userId: string, companyId: string) {
  const rows = await t.db.select().from(memberships).where(eq(memberships.userId, userId)).all();
  return rows.find((row) => row.companyId === companyId)!.id;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('POST /api/team/members/{id}/reset-link without SMTP', () => {
  test('gives an admin a one-time link for a member, stored hashed and audited; the link works like an emailed one', async () => {
    const { admin, member } = await companyWithMember(t, 'member');
    const membershipId = await membershipOf(member.user.id, admin.user.companyId);
    const response = await issue(admin.cookie, membershipId);
    expect(response.status).toBe(201);
    expect(response.json.link).toMatch(new RegExp(`^${ORIGIN}/reset-password\\?token=[a-z2-7]{32}$`));
    const token = tokenOf(response.json.link);
    const stored = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, member.user.id));
    expect(stored.map((row) => [row.tokenHash, row.issuedBy])).toEqual([[sha256Hex(token), admin.user.id]]);
    expect(response.json.expiresAt).toBe(stored[0]!.expiresAt.toISOString());
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'password_reset_link_issued'))
      .all();
    expect(audit.map((row) => [row.companyId, row.userId, row.entityId])).toEqual([
      [admin.user.companyId, admin.user.id, member.user.id],
    ]);

    const reset = await t.call('POST', '/api/auth/password/reset', {
      body: { token, password: NEW_PASSWORD },
    });
    expect(reset.status).toBe(204);
    expect((await t.call('GET', '/api/auth/user', { cookie: member.cookie })).status).toBe(401);
    const signedIn = await t.call('POST', '/api/auth/signin', {
      body: { email: member.user.email, password: NEW_PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    expect(
      (await t.call('POST', '/api/auth/password/reset', { body: { token, password: 'one more passphrase' } }))
        .status,
    ).toBe(404);
  });

  test('is for admins only: a member gets 403 and no link is made', async () => {
    const { admin, member } = await companyWithMember(t, 'member');
    const adminMembership = await membershipOf(admin.user.id, admin.user.companyId);
    const response = await issue(member.cookie, adminMembership);
    expect(response.status).toBe(403);
    expect(
      await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, admin.user.id)),
    ).toEqual([]);
  });

  test("another company's membership answers 404, like a missing id", async () => {
    const first = await companyWithMember(t, 'member');
    const other = await t.signUpCompany();
    const membershipId = await membershipOf(first.member.user.id, first.admin.user.companyId);
    const response = await issue(other.cookie, membershipId);
    expect(response.status).toBe(404);
    expect((await issue(other.cookie, crypto.randomUUID())).status).toBe(404);
    expect(
      await t.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, first.member.user.id)),
    ).toEqual([]);
  });

  test('is refused for the admin themself, who changes their password in Settings → Profile', async () => {
    const admin = await t.signUpCompany();
    const response = await issue(admin.cookie, await membershipOf(admin.user.id, admin.user.companyId));
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('own_account');
  });

  test('is refused for a person who also belongs to another company', async () => {
    const { admin, member } = await companyWithMember(t, 'viewer');
    const elsewhere = await t.signUpCompany();
    const sent = await invite(t, elsewhere.cookie, member.user.email);
    const accepted = await t.call('POST', '/api/invites/accept', {
      cookie: member.cookie,
      body: { token: sent.token },
    });
    expect(accepted.status).toBe(200);
    const response = await issue(admin.cookie, await membershipOf(member.user.id, admin.user.companyId));
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('member_of_other_company');
  });

  test('a second link replaces the first', async () => {
    const { admin, member } = await companyWithMember(t, 'member');
    const membershipId = await membershipOf(member.user.id, admin.user.companyId);
    const first = tokenOf((await issue(admin.cookie, membershipId)).json.link);
    const second = tokenOf((await issue(admin.cookie, membershipId)).json.link);
    expect((await t.call('POST', '/api/auth/password/reset/check', { body: { token: first } })).status).toBe(
      404,
    );
    expect(
      (await t.call('POST', '/api/auth/password/reset/check', { body: { token: second } })).json.email,
    ).toBe(member.user.email);
  });
});

describe('Settings → Team offers the reset link whenever reset links cannot be emailed', () => {
  test('with SMTP but no PUBLIC_URL, invitations are emailed and the admin still issues reset links', async () => {
    // Nothing is sent in this test: SMTP only has to be configured (decision 045).
    const smtpOnly = await createTestApp({
      env: { SMTP_URL: 'smtp://127.0.0.1:9', SMTP_FROM: 'ESG Pilot <team@example.com>' },
    });
    const { admin, member } = await companyWithMember(smtpOnly, 'member');
    const team = await smtpOnly.call('GET', '/api/team', { cookie: admin.cookie });
    expect(team.json).toMatchObject({ emailConfigured: true, resetLinksEmailed: false });
    const membershipId = (await smtpOnly.db.select().from(memberships).all()).find(
      (row) => row.userId === member.user.id,
    )!.id;
    const issued = await smtpOnly.call('POST', `/api/team/members/${membershipId}/reset-link`, {
      cookie: admin.cookie,
    });
    expect(issued.status).toBe(201);
  });

  test('without SMTP, neither invitations nor reset links are emailed', async () => {
    const { admin } = await companyWithMember(t, 'member');
    const team = await t.call('GET', '/api/team', { cookie: admin.cookie });
    expect(team.json).toMatchObject({ emailConfigured: false, resetLinksEmailed: false });
  });
});
