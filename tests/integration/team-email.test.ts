import { afterAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { teamInvites } from '../../db/schema/team.ts';
import { sha256Hex } from '../../src/domain/sha256.ts';
import { mailText, startFakeSmtp } from '../fakes/smtp.ts';
import { signUpFromInvite, uniqueEmail } from '../helpers/team.ts';
import { createTestApp } from '../helpers/test-app.ts';

const smtp = await startFakeSmtp();
afterAll(() => smtp.close());
const t = await createTestApp({
  smtp,
  now: () => new Date('2026-06-01T12:00:00Z'),
  env: {
    SMTP_URL: smtp.url('team', 'secret'),
    SMTP_FROM: 'ESG Pilot <team@example.com>',
    PUBLIC_URL: 'https://esg.example.com',
  },
});

describe('invitations with SMTP configured', () => {
  test('emails the link to the invited address and does not return it', async () => {
    const admin = await t.signUpCompany({ companyName: 'Mailed Ltd', firstName: 'Mary' });
    const email = uniqueEmail('mailed');
    const before = smtp.messages.length;
    const response = await t.call('POST', '/api/team/invites', {
      cookie: admin.cookie,
      body: { email, role: 'viewer' },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ delivery: 'emailed', link: null });
    expect((await t.call('GET', '/api/team', { cookie: admin.cookie })).json).toMatchObject({
      emailConfigured: true,
      resetLinksEmailed: true,
    });

    expect(smtp.messages).toHaveLength(before + 1);
    const mail = smtp.messages.at(-1)!;
    expect(mail).toMatchObject({ from: 'team@example.com', to: [email], auth: 'team:secret' });
    const body = mailText(mail);
    expect(body).toContain('Mary Lovelace invited you to join Mailed Ltd on ESG Pilot as a viewer');
    const token = /https:\/\/esg\.example\.com\/invite\?token=([a-z2-7]{32})/.exec(body)?.[1];
    expect(token).toBeDefined();
    const row = await t.db
      .select()
      .from(teamInvites)
      .where(eq(teamInvites.id, response.json.invite.id))
      .get();
    expect(row!.tokenHash).toBe(sha256Hex(token!));
    const joined = await signUpFromInvite(t, token!);
    expect(joined.user).toMatchObject({ email, companyName: 'Mailed Ltd', role: 'viewer' });
  });

  test('when the SMTP server refuses the recipient, returns the link once so it can be sent by hand', async () => {
    const admin = await t.signUpCompany();
    smtp.rejectRecipients = true;
    try {
      const response = await t.call('POST', '/api/team/invites', {
        cookie: admin.cookie,
        body: { email: uniqueEmail('refused') },
      });
      expect(response.status).toBe(201);
      expect(response.json.delivery).toBe('email_failed');
      expect(response.json.link).toMatch(/^https:\/\/esg\.example\.com\/invite\?token=[a-z2-7]{32}$/);
    } finally {
      smtp.rejectRecipients = false;
    }
  });
});
