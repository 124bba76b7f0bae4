import { describe, expect, test } from 'bun:test';
import { and, eq, sql } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { companies, memberships, users } from '../../db/schema/auth.ts';
import { teamInvites } from '../../db/schema/team.ts';
import { sha256Hex } from '../../src/domain/sha256.ts';
import { invite, PASSWORD, signUpFromInvite, uniqueEmail } from '../helpers/team.ts';
import { createTestApp, sessionCookieFrom } from '../helpers/test-app.ts';

let clock = new Date('2026-05-04T08:00:00Z');
const t = await createTestApp({ now: () => clock });
const day = 24 * 60 * 60 * 1000;

const lookup = (token: string) => t.call('POST', '/api/invites/lookup', { body: { token } });
const accept = (cookie: string, token: string) =>
  t.call('POST', '/api/invites/accept', { cookie, body: { token } });

describe('POST /api/invites/lookup (public)', () => {
  test('names the company, the role and the inviter’s first name', async () => {
    const admin = await t.signUpCompany({ companyName: 'Helix Labs', firstName: 'Rosalind' });
    const email = uniqueEmail('look');
    const sent = await invite(t, admin.cookie, email, 'viewer');
    const response = await lookup(sent.token);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      status: 'pending',
      companyName: 'Helix Labs',
      role: 'viewer',
      inviterFirstName: 'Rosalind',
      email,
      expiresAt: '2026-05-11T08:00:00.000Z',
      accountExists: false,
    });
  });

  test('an unknown token is 404; a malformed one is 400', async () => {
    const unknown = await lookup('a'.repeat(32));
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(
      'This invitation link is not valid. Ask an admin of the company for a new one.',
    );
    expect((await lookup('short')).status).toBe(400);
  });

  test('stores only the SHA-256 of the token, never the token itself', async () => {
    const admin = await t.signUpCompany();
    const sent = await invite(t, admin.cookie, uniqueEmail('hash'));
    const row = await t.db.select().from(teamInvites).where(eq(teamInvites.id, sent.invite.id)).get();
    expect(row!.tokenHash).toBe(sha256Hex(sent.token));
    expect(JSON.stringify(row)).not.toContain(sent.token);
    const dump = await t.db.all<Record<string, unknown>>(sql`select * from team_invites`);
    expect(JSON.stringify(dump)).not.toContain(sent.token);
  });
});

describe('POST /api/invites/signup', () => {
  test('creates an account for the invited address that joins the company, not a new one', async () => {
    const admin = await t.signUpCompany({ companyName: 'Joinery Co' });
    const email = uniqueEmail('new');
    const sent = await invite(t, admin.cookie, email, 'viewer');
    const companiesBefore = (await t.db.select().from(companies)).length;
    const joined = await signUpFromInvite(t, sent.token);
    expect(joined.user).toMatchObject({
      email,
      firstName: 'Grace',
      companyId: admin.user.companyId,
      companyName: 'Joinery Co',
      role: 'viewer',
    });
    expect((await t.db.select().from(companies)).length).toBe(companiesBefore);
    const row = await t.db.select().from(teamInvites).where(eq(teamInvites.id, sent.invite.id)).get();
    expect(row).toMatchObject({ acceptedBy: joined.user.id, email: '' });
    const actions = await t.db
      .select({ action: auditLogs.action, userId: auditLogs.userId })
      .from(auditLogs)
      .where(eq(auditLogs.companyId, admin.user.companyId))
      .orderBy(auditLogs.seq);
    expect(actions.slice(-2)).toEqual([
      { action: 'account_created', userId: joined.user.id },
      { action: 'team_invite_accepted', userId: joined.user.id },
    ]);
    // The password works for a later sign-in, which lands in the same company.
    const signIn = await t.call('POST', '/api/auth/signin', { body: { email, password: PASSWORD } });
    expect(signIn.json.companyId).toBe(admin.user.companyId);
  });

  test('validates names and password, and refuses an address that already has an account', async () => {
    const admin = await t.signUpCompany();
    const other = await t.signUpCompany();
    const sent = await invite(t, admin.cookie, other.user.email);
    const bad = await t.call('POST', '/api/invites/signup', {
      body: { token: sent.token, firstName: ' ', lastName: '', password: 'short' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.details.fieldErrors).sort()).toEqual(['firstName', 'lastName', 'password']);
    expect((await lookup(sent.token)).json.accountExists).toBe(true);
    const taken = await t.call('POST', '/api/invites/signup', {
      body: { token: sent.token, firstName: 'A', lastName: 'B', password: PASSWORD },
    });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(
      'An account with this email already exists. Sign in to accept the invitation.',
    );
  });

  test('is single use: two sign-ups with one link at once give one account and one 409', async () => {
    const admin = await t.signUpCompany();
    const email = uniqueEmail('race');
    const sent = await invite(t, admin.cookie, email);
    const body = { token: sent.token, firstName: 'Race', lastName: 'Condition', password: PASSWORD };
    const results = await Promise.all([
      t.call('POST', '/api/invites/signup', { body }),
      t.call('POST', '/api/invites/signup', { body }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    const members = await t.db
      .select()
      .from(memberships)
      .where(eq(memberships.companyId, admin.user.companyId));
    expect(members).toHaveLength(2);
    const again = await t.call('POST', '/api/invites/signup', { body: { ...body, firstName: 'Again' } });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      code: 'invite_used',
      message: 'This invitation has already been used.',
    });
  });
});

describe('expiry', () => {
  test('a link works for 7 days, then says it has expired and leaves the pending list', async () => {
    const admin = await t.signUpCompany();
    const sent = await invite(t, admin.cookie, uniqueEmail('late'));
    clock = new Date(clock.getTime() + 7 * day);
    try {
      expect((await lookup(sent.token)).json.status).toBe('expired');
      expect((await lookup(sent.token)).json.email).toBe('');
      const response = await t.call('POST', '/api/invites/signup', {
        body: { token: sent.token, firstName: 'A', lastName: 'B', password: PASSWORD },
      });
      expect(response.status).toBe(409);
      expect(response.json).toMatchObject({
        code: 'invite_expired',
        message: 'This invitation has expired. Ask an admin of the company for a new one.',
      });
      expect((await t.call('GET', '/api/team', { cookie: admin.cookie })).json.invites).toEqual([]);
      // The next invitation erases the expired one's address (data minimisation).
      await invite(t, admin.cookie, uniqueEmail('next'));
      const row = await t.db.select().from(teamInvites).where(eq(teamInvites.id, sent.invite.id)).get();
      expect(row!.email).toBe('');
    } finally {
      clock = new Date(clock.getTime() - 7 * day);
    }
  });
});

describe('POST /api/invites/accept (signed in)', () => {
  test('joins the company with the invited role and moves the session there with a new token', async () => {
    const host = await t.signUpCompany({ companyName: 'Host Ltd' });
    const guest = await t.signUpCompany({ companyName: 'Guest Ltd' });
    const sent = await invite(t, host.cookie, guest.user.email, 'member');
    const response = await accept(guest.cookie, sent.token);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      companyId: host.user.companyId,
      companyName: 'Host Ltd',
      role: 'member',
    });
    const cookie = sessionCookieFrom(response.headers)!;
    expect(cookie).not.toBe(guest.cookie);
    expect((await t.call('GET', '/api/auth/user', { cookie: guest.cookie })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/user', { cookie })).json.companyName).toBe('Host Ltd');
    // Still a member of their own company.
    const own = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, guest.user.id), eq(memberships.companyId, guest.user.companyId)))
      .get();
    expect(own?.role).toBe('admin');
    // Accepting again: the link is used.
    expect((await accept(cookie, sent.token)).json.code).toBe('invite_used');
  });

  test('refuses a signed-in person whose address is not the invited one (403), and the signed-out (401)', async () => {
    const host = await t.signUpCompany();
    const stranger = await t.signUpCompany();
    const email = uniqueEmail('someone');
    const sent = await invite(t, host.cookie, email);
    const response = await accept(stranger.cookie, sent.token);
    expect(response.status).toBe(403);
    expect(response.json.message).toBe(
      `This invitation was sent to ${email}. Sign in with that address to accept it.`,
    );
    expect((await t.call('POST', '/api/invites/accept', { body: { token: sent.token } })).status).toBe(401);
    expect((await lookup(sent.token)).json.status).toBe('pending');
  });

  test('two accepts of one link at once make one membership', async () => {
    const host = await t.signUpCompany();
    const guest = await t.signUpCompany();
    const sent = await invite(t, host.cookie, guest.user.email);
    const second = await t.call('POST', '/api/auth/signin', {
      body: { email: guest.user.email, password: PASSWORD },
    });
    const secondCookie = sessionCookieFrom(second.headers)!;
    const results = await Promise.all([accept(guest.cookie, sent.token), accept(secondCookie, sent.token)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const rows = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, guest.user.id), eq(memberships.companyId, host.user.companyId)));
    expect(rows).toHaveLength(1);
  });
});

describe('sign-in with several companies', () => {
  test('lands in the most recently joined company', async () => {
    const host = await t.signUpCompany({ companyName: 'Newer Co' });
    const guest = await t.signUpCompany({ companyName: 'Older Co' });
    const sent = await invite(t, host.cookie, guest.user.email);
    clock = new Date(clock.getTime() + 60_000);
    try {
      expect((await accept(guest.cookie, sent.token)).status).toBe(200);
      const signIn = await t.call('POST', '/api/auth/signin', {
        body: { email: guest.user.email, password: PASSWORD },
      });
      expect(signIn.json.companyName).toBe('Newer Co');
    } finally {
      clock = new Date(clock.getTime() - 60_000);
    }
  });
});

describe('the claim guard', () => {
  test('a batch whose claim did not match inserts no membership and aborts as a whole', async () => {
    const { insertMembershipFromClaim, guardFailure } = await import(
      '../../src/server/features/team/guards.ts'
    );
    const host = await t.signUpCompany();
    const first = await t.signUpCompany();
    const second = await t.signUpCompany();
    const sent = await invite(t, host.cookie, uniqueEmail('claimed'));
    // Someone else's claim landed first.
    await t.db
      .update(teamInvites)
      .set({ acceptedAt: clock, acceptedBy: first.user.id })
      .where(eq(teamInvites.id, sent.invite.id));
    const attempt = t.db.batch([
      t.db.update(users).set({ firstName: 'Changed' }).where(eq(users.id, second.user.id)),
      insertMembershipFromClaim(t.db, {
        membershipId: crypto.randomUUID(),
        inviteId: sent.invite.id,
        userId: second.user.id,
        companyId: host.user.companyId,
        now: clock,
      }),
    ]);
    const error = await attempt.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(guardFailure(error)).toBe('invite_taken');
    const user = await t.db.select().from(users).where(eq(users.id, second.user.id)).get();
    expect(user!.firstName).toBe('Ada');
  });
});
