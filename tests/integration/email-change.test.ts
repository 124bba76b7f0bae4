import { afterAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { emailChangeRequests, memberships, users } from '../../db/schema/auth.ts';
import { teamInvites } from '../../db/schema/team.ts';
import { sha256Hex } from '../../src/domain/sha256.ts';
import { mailText, startFakeSmtp } from '../fakes/smtp.ts';
import { signUpFromInvite, uniqueEmail } from '../helpers/team.ts';
import { createTestApp } from '../helpers/test-app.ts';

const smtp = await startFakeSmtp();
afterAll(() => smtp.close());
let clock = new Date('2026-06-01T12:00:00Z');
const t = await createTestApp({
  smtp,
  now: () => clock,
  env: {
    SMTP_URL: smtp.url('mail', 'secret'),
    SMTP_FROM: 'ESG Pilot <pilot@example.com>',
    PUBLIC_URL: 'https://esg.example.com',
  },
});
const hour = 60 * 60 * 1000;

/** The newest message sent to `address`, and the token of the link it carries, if any. */
function mailTo(address: string) {
  const mail = smtp.messages.findLast((message) => message.to.includes(address));
  const body = mailText(mail);
  const token = /https:\/\/esg\.example\.com\/(?:confirm-email|invite)\?token=([a-z2-7]{32})/.exec(body)?.[1];
  return { mail, body, token };
}

async function askForEmail(cookie: string, user: { firstName: string; lastName: string }, email: string) {
  const me = (await t.call('GET', '/api/auth/user', { cookie })).json;
  return t.call('PUT', '/api/auth/user', {
    cookie,
    body: { ...user, email, companyName: me.companyName, jurisdiction: me.jurisdiction },
  });
}

const confirm = (token: string, cookie?: string) =>
  t.call('POST', '/api/auth/email-change/confirm', { cookie, body: { token } });

const storedEmail = async (userId: string) =>
  (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get())!.email;

const signIn = (email: string, password: string) =>
  t.call('POST', '/api/auth/signin', { body: { email, password } });

describe('changing the sign-in email', () => {
  test('a new address waits for its link: until it is opened, the old one signs in, shows and is stored', async () => {
    const { cookie, user, password } = await t.signUpCompany({ firstName: 'Mae' });
    const newEmail = uniqueEmail('mae-new');
    const response = await askForEmail(cookie, { firstName: 'Maya', lastName: 'Jemison' }, newEmail);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ email: user.email, firstName: 'Maya' });
    expect(response.json.emailChange).toEqual({
      newEmail,
      expiresAt: new Date(clock.getTime() + 24 * hour).toISOString(),
      message: `We sent a confirmation link to ${newEmail}. Your email changes when you open it.`,
    });
    expect(await storedEmail(user.id)).toBe(user.email);
    expect((await t.call('GET', '/api/auth/user', { cookie })).json.email).toBe(user.email);
    expect((await t.call('GET', '/api/auth/email-change', { cookie })).json).toEqual({
      pending: { newEmail, expiresAt: response.json.emailChange.expiresAt },
    });
    expect((await signIn(user.email, password)).status).toBe(200);
    expect((await signIn(newEmail, password)).status).toBe(401);

    const { mail, body, token } = mailTo(newEmail);
    expect(mail).toMatchObject({ from: 'pilot@example.com', to: [newEmail] });
    expect(body).toContain('If you did not ask for this, ignore this email');
    const row = await t.db
      .select()
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.userId, user.id))
      .get();
    expect(row!.tokenHash).toBe(sha256Hex(token!));
    expect(JSON.stringify(row)).not.toContain(token!);

    // Opened on another device, signed out: the token alone proves the inbox.
    const confirmed = await confirm(token!);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ email: newEmail });
    expect(await storedEmail(user.id)).toBe(newEmail);
    expect((await t.call('GET', '/api/auth/user', { cookie })).json.email).toBe(newEmail);
    expect((await t.call('GET', '/api/auth/email-change', { cookie })).json).toEqual({ pending: null });
    expect((await signIn(newEmail, password)).status).toBe(200);
    expect((await signIn(user.email, password)).status).toBe(401);
    expect(mailTo(user.email).body).toContain(`now signs in with ${newEmail} instead of this address`);
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.userId, user.id))
      .all();
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['profile_updated', 'email_change_requested', 'email_changed']),
    );
  });

  test('answers a taken address exactly like a free one, and refuses it only when the link is opened', async () => {
    const owner = await t.signUpCompany();
    const asker = await t.signUpCompany();
    const free = uniqueEmail('free');
    const names = { firstName: 'Ada', lastName: 'Lovelace' };
    const taken = await askForEmail(asker.cookie, names, owner.user.email);
    const fresh = await askForEmail(asker.cookie, names, free);
    const shape = (response: typeof taken, address: string) => ({
      status: response.status,
      json: JSON.parse(JSON.stringify(response.json).replaceAll(address, '<address>')),
    });
    expect(shape(taken, owner.user.email)).toEqual(shape(fresh, free));
    expect(taken.status).toBe(200);
    // Both sent the same email: the owner of the taken address got a link too.
    expect(mailTo(owner.user.email).token).toBeDefined();
    expect(mailTo(free).token).toBeDefined();

    // The second request replaced the first: the link to the taken address no longer works.
    expect((await confirm(mailTo(owner.user.email).token!)).status).toBe(404);
    // Ask again for the taken address, then open its link: refused, nothing changes.
    await askForEmail(asker.cookie, names, owner.user.email);
    const refused = await confirm(mailTo(owner.user.email).token!);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain('Your email was not changed');
    expect(await storedEmail(asker.user.id)).toBe(asker.user.email);
    expect(await storedEmail(owner.user.id)).toBe(owner.user.email);
    expect((await t.call('GET', '/api/auth/email-change', { cookie: asker.cookie })).json.pending).toBeNull();
  });

  test('a link works once and expires after 24 hours', async () => {
    const first = await t.signUpCompany();
    const once = uniqueEmail('once');
    await askForEmail(first.cookie, { firstName: 'A', lastName: 'B' }, once);
    const token = mailTo(once).token!;
    expect((await confirm(token)).status).toBe(200);
    const again = await confirm(token);
    expect(again.status).toBe(404);
    expect(again.json.message).toContain('not valid or has expired');

    const second = await t.signUpCompany();
    const late = uniqueEmail('late');
    await askForEmail(second.cookie, { firstName: 'A', lastName: 'B' }, late);
    clock = new Date(clock.getTime() + 24 * hour);
    expect(
      (await t.call('GET', '/api/auth/email-change', { cookie: second.cookie })).json.pending,
    ).toBeNull();
    expect((await confirm(mailTo(late).token!)).status).toBe(404);
    expect(await storedEmail(second.user.id)).toBe(second.user.email);
  });

  test('cancelling removes the pending change, and its link then changes nothing', async () => {
    const { cookie, user } = await t.signUpCompany();
    const address = uniqueEmail('cancelled');
    await askForEmail(cookie, { firstName: 'A', lastName: 'B' }, address);
    const cancelled = await t.call('DELETE', '/api/auth/email-change', { cookie });
    expect(cancelled.status).toBe(204);
    expect((await t.call('GET', '/api/auth/email-change', { cookie })).json.pending).toBeNull();
    expect((await confirm(mailTo(address).token!)).status).toBe(404);
    expect(await storedEmail(user.id)).toBe(user.email);
  });

  test('when the confirmation email cannot be sent, says so and changes nothing', async () => {
    const { cookie, user } = await t.signUpCompany();
    smtp.rejectRecipients = true;
    try {
      const response = await askForEmail(
        cookie,
        { firstName: 'Changed', lastName: 'B' },
        uniqueEmail('bounce'),
      );
      expect(response.status).toBe(422);
      expect(response.json.code).toBe('email_not_sent');
      expect(response.json.message).toContain('Nothing was changed');
    } finally {
      smtp.rejectRecipients = false;
    }
    const stored = await t.db.select().from(users).where(eq(users.id, user.id)).get();
    expect(stored).toMatchObject({ email: user.email, firstName: 'Ada' });
    expect(
      await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, user.id)).get(),
    ).toBeUndefined();
  });
});

describe('limits', () => {
  test('a person can ask for a new address ten times in the window; the next is refused and sends nothing', async () => {
    const { cookie, user } = await t.signUpCompany();
    for (let attempt = 1; attempt <= t.config.AUTH_RATE_LIMIT_PER_EMAIL; attempt += 1) {
      const response = await askForEmail(
        cookie,
        { firstName: 'A', lastName: 'B' },
        uniqueEmail(`try${attempt}`),
      );
      expect(response.status).toBe(200);
    }
    const sentBefore = smtp.messages.length;
    const refused = await askForEmail(cookie, { firstName: 'A', lastName: 'B' }, uniqueEmail('one-too-many'));
    expect(refused.status).toBe(429);
    expect(smtp.messages.length).toBe(sentBefore);
    expect(await storedEmail(user.id)).toBe(user.email);
  });
});

describe('invitations are bound to the confirmed address', () => {
  test('an outsider holding the link cannot join by asking for the invitee’s email', async () => {
    const admin = await t.signUpCompany({ companyName: 'Target Ltd' });
    const invitee = uniqueEmail('invitee');
    const sent = await t.call('POST', '/api/team/invites', {
      cookie: admin.cookie,
      body: { email: invitee, role: 'admin' },
    });
    expect(sent.status).toBe(201);
    const inviteToken = mailTo(invitee).token!;

    const outsider = await t.signUpCompany({ companyName: 'Outsider Ltd' });
    const asked = await askForEmail(outsider.cookie, { firstName: 'Mallory', lastName: 'X' }, invitee);
    expect(asked.status).toBe(200);
    expect(await storedEmail(outsider.user.id)).toBe(outsider.user.email);

    const accepted = await t.call('POST', '/api/invites/accept', {
      cookie: outsider.cookie,
      body: { token: inviteToken },
    });
    expect(accepted.status).toBe(403);
    expect(accepted.json.message).toContain(`This invitation was sent to ${invitee}`);
    const joined = await t.db
      .select()
      .from(memberships)
      .where(eq(memberships.companyId, admin.user.companyId))
      .all();
    expect(joined.map((row) => row.userId)).toEqual([admin.user.id]);

    // The invitation is still the invitee's to use.
    const invite = await t.db.select().from(teamInvites).where(eq(teamInvites.id, sent.json.invite.id)).get();
    expect(invite).toMatchObject({ acceptedAt: null, email: invitee });
    const real = await signUpFromInvite(t, inviteToken);
    expect(real.user).toMatchObject({ email: invitee, companyName: 'Target Ltd', role: 'admin' });
  });
});
