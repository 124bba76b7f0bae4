import { expect } from 'bun:test';
import { type createTestApp, sessionCookieFrom } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const PASSWORD = 'correct horse battery';

export function uniqueEmail(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** The token of an invitation link `…/invite?token=…`. */
export function tokenFrom(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** POST /api/team/invites as `cookie`; expects 201 and a returned link (no SMTP). */
export async function invite(t: TestApp, cookie: string, email: string, role = 'member') {
  const response = await t.call('POST', '/api/team/invites', { cookie, body: { email, role } });
  expect(response.status).toBe(201);
  return {
    invite: response.json.invite,
    link: response.json.link as string,
    token: tokenFrom(response.json.link),
  };
}

/** Creates an account from an invitation; returns its session cookie and current user. */
export async function signUpFromInvite(t: TestApp, token: string, firstName = 'Grace') {
  const response = await t.call('POST', '/api/invites/signup', {
    body: { token, firstName, lastName: 'Hopper', password: PASSWORD },
  });
  expect(response.status).toBe(201);
  return { cookie: sessionCookieFrom(response.headers)!, user: response.json };
}

/** An admin's company with one more person in it, joined by invitation with `role`. */
export async function companyWithMember(t: TestApp, role = 'member') {
  const admin = await t.signUpCompany();
  const sent = await invite(t, admin.cookie, uniqueEmail(role), role);
  const member = await signUpFromInvite(t, sent.token);
  return { admin, member, invite: sent };
}
