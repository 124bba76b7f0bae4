// The Odoo connector against Odoo 17, 18 and 19 (decision 074): the protocol chosen from the
// server's version, the access check each version offers, and a plan without the external API
// named as such rather than as a wrong login. Also the Odoo contract test (issue 23 item 5): the
// fake answers each version's routes and refuses parameters a method does not have.
import { afterAll, describe, expect, test } from 'bun:test';
import { PLAN_MESSAGE } from '../../src/server/features/connectors/odoo/odoo-refusal.ts';
import { type FakeOdooOptions, METHOD_PARAMETERS, sampleOdooData, startFakeOdoo } from '../fakes/odoo.ts';
import { syncedOdooCompany } from '../helpers/odoo.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';

const t = await createTestApp({ env: { SECRETS_KEY: TEST_SECRETS_KEY } });
const fakes: ReturnType<typeof startFakeOdoo>[] = [];
afterAll(() => {
  for (const fake of fakes) fake.stop();
});

function fakeOdoo(options: Partial<FakeOdooOptions>) {
  const fake = startFakeOdoo(sampleOdooData(), options);
  fakes.push(fake);
  return fake;
}

const connect = (fake: ReturnType<typeof startFakeOdoo>, cookie: string, apiKey = fake.data.apiKey) =>
  t.call('POST', '/api/integrations/odoo/connect', {
    cookie,
    body: { baseUrl: fake.url, database: fake.data.database, username: fake.data.login, apiKey },
  });

describe('Odoo versions', () => {
  for (const version of [17, 18, 19] as const) {
    test(`Odoo ${version}: connects, syncs the same books, uses no deprecated route or method`, async () => {
      const fake = fakeOdoo({ version });
      const company = await syncedOdooCompany(t, fake);
      const syncs = (
        await t.call('GET', `/api/data-sources/${company.sourceId}/syncs`, { cookie: company.cookie })
      ).json;
      expect(syncs[0]).toMatchObject({ status: 'succeeded', imported: 3 });
      expect(fake.deprecated).toEqual([]);
      // The contract: only ORM methods with the documented parameters (the fake refuses others).
      const methods = fake.calls.flatMap((call) => (call.modelMethod ? [call.modelMethod] : []));
      expect(methods.every((method) => method in METHOD_PARAMETERS)).toBe(true);
      const services = new Set(fake.calls.map((call) => call.service));
      expect(services.has('json2')).toBe(version >= 19);
      expect(services.has('object')).toBe(version < 19);
      const check = fake.calls.find((call) => call.modelMethod?.startsWith('check_access'))?.modelMethod;
      expect(check).toBe(version >= 18 ? 'check_access' : 'check_access_rights');
    });
  }

  test('Odoo 19: a wrong API key is a wrong login; a user without accounting access is told so', async () => {
    const fake = fakeOdoo({ version: 19 });
    const { cookie } = await t.signUpCompany();
    const wrong = await connect(fake, cookie, 'wrong-key');
    expect(wrong.status).toBe(422);
    expect(wrong.json.message).toBe('Odoo rejected the login: check the database name, username and API key');
    fake.setAccountingAccess(false);
    const denied = await connect(fake, cookie);
    expect(denied.status).toBe(422);
    expect(denied.json.message).toBe(
      'The Odoo user cannot read vendor bills: give it Accounting (Billing) read access',
    );
  });

  for (const version of [17, 19] as const) {
    test(`Odoo ${version} on a plan without the external API: the plan is named, not the login`, async () => {
      const fake = fakeOdoo({ version, plan: 'standard' });
      const { cookie } = await t.signUpCompany();
      const refused = await connect(fake, cookie);
      expect(refused.status).toBe(422);
      expect(refused.json.message).toBe(PLAN_MESSAGE);
      expect(refused.json.message).not.toContain('rejected the login');
    });
  }
});
