import { describe, expect, test } from 'bun:test';
import { createTestApp } from '../helpers/test-app.ts';

// Behind a proxy (TRUST_PROXY), X-Forwarded-For names the caller's address: each test picks its own.
// Each attempt verifies an argon2id hash: the spray tests use a small per-email failure limit.
const t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
const spray = await createTestApp({ env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_FAILURES_PER_EMAIL: '4' } });
const SLOW = 30_000;

function signIn(email: string, password: string, ip: string, app = t) {
  return app.call('POST', '/api/auth/signin', {
    body: { email, password },
    headers: { 'X-Forwarded-For': ip },
  });
}

describe('sign-in throttling that a stranger cannot use against the owner', () => {
  test(
    'eleven failures from rotating addresses do not lock the owner out of their own address',
    async () => {
      const owner = await t.signUpCompany();
      for (let index = 0; index < 11; index++) {
        expect((await signIn(owner.user.email, 'not the password', `203.0.113.${index + 1}`)).status).toBe(
          401,
        );
      }
      expect((await signIn(owner.user.email, owner.password, '198.51.100.7')).status).toBe(200);
    },
    SLOW,
  );

  test(
    'one address trying one account is stopped after AUTH_RATE_LIMIT_PER_EMAIL attempts, others are not',
    async () => {
      const owner = await t.signUpCompany();
      const statuses: number[] = [];
      for (let index = 0; index < 11; index++) {
        statuses.push((await signIn(owner.user.email, 'not the password', '203.0.113.200')).status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses[10]).toBe(429);
      // Even the right password from that address waits; from the owner's address it works.
      expect((await signIn(owner.user.email, owner.password, '203.0.113.200')).status).toBe(429);
      expect((await signIn(owner.user.email, owner.password, '198.51.100.8')).status).toBe(200);
    },
    SLOW,
  );

  test(
    'spraying one account from many addresses is slowed once the failures per email are used up',
    async () => {
      const owner = await spray.signUpCompany();
      for (let index = 0; index < 4; index++) {
        const status = (await signIn(owner.user.email, 'not the password', `192.0.2.${index + 1}`, spray))
          .status;
        expect(status).toBe(401);
      }
      const refused = await signIn(owner.user.email, 'not the password', '192.0.2.100', spray);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // A new address does not get to try the password either, even the right one.
      expect((await signIn(owner.user.email, owner.password, '192.0.2.101', spray)).status).toBe(429);
      // An unknown email answers the same way once sprayed, so the limit reveals no account.
      for (let index = 0; index < 4; index++) {
        await signIn('nobody-here@example.com', 'not the password', `192.0.2.${index + 1}`, spray);
      }
      expect((await signIn('nobody-here@example.com', 'x', '192.0.2.102', spray)).status).toBe(429);
    },
    SLOW,
  );

  test(
    'an address the owner signed in from before is exempt from the per-email failure limit',
    async () => {
      const owner = await spray.signUpCompany();
      const home = '198.51.100.50';
      expect((await signIn(owner.user.email, owner.password, home, spray)).status).toBe(200);
      for (let index = 0; index < 5; index++) {
        await signIn(owner.user.email, 'not the password', `192.0.2.${index + 1}`, spray);
      }
      expect((await signIn(owner.user.email, owner.password, '192.0.2.150', spray)).status).toBe(429);
      expect((await signIn(owner.user.email, owner.password, home, spray)).status).toBe(200);
      // Exempt from the spray limit only: a wrong password from home is still wrong.
      expect((await signIn(owner.user.email, 'not the password', home, spray)).status).toBe(401);
    },
    SLOW,
  );

  test(
    'the address an owner signed up from is known from the start',
    async () => {
      const email = `fresh-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const signedUp = await spray.call('POST', '/api/auth/signup', {
        body: { firstName: 'A', lastName: 'B', email, password: 'a long passphrase', companyName: 'C' },
        headers: { 'X-Forwarded-For': '198.51.100.60' },
      });
      expect(signedUp.status).toBe(201);
      for (let index = 0; index < 5; index++) {
        await signIn(email, 'not the password', `192.0.2.${index + 1}`, spray);
      }
      expect((await signIn(email, 'a long passphrase', '192.0.2.160', spray)).status).toBe(429);
      expect((await signIn(email, 'a long passphrase', '198.51.100.60', spray)).status).toBe(200);
    },
    SLOW,
  );
});
