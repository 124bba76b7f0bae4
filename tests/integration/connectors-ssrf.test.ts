import { afterAll, describe, expect, test } from 'bun:test';
import { sampleOdooData, startFakeOdoo } from '../fakes/odoo.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';

// The SSRF guard as production runs it (CONNECTOR_ALLOW_PRIVATE_NETWORK off): a typed Odoo URL
// that points at this machine or a private network is refused before any request leaves.
const t = await createTestApp({
  env: {
    SECRETS_KEY: TEST_SECRETS_KEY,
    CONNECTOR_ALLOW_PRIVATE_NETWORK: 'false',
  },
});
const fake = startFakeOdoo(sampleOdooData());
afterAll(() => fake.stop());

describe('Odoo server URL on a private network', () => {
  test.each([fake.url, 'http://169.254.169.254', 'http://10.0.0.8:8069', 'http://localhost:8069'])(
    'refuses %s with a readable reason and stores nothing',
    async (baseUrl) => {
      const { cookie } = await t.signUpCompany();
      const response = await t.call('POST', '/api/integrations/odoo/connect', {
        cookie,
        body: { baseUrl, database: 'acme', username: 'admin', apiKey: 'key', name: 'Books' },
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.json.message).toContain('private or local network');
      expect((await t.call('GET', '/api/data-sources', { cookie })).json).toEqual([]);
    },
  );

  test('the fake saw no request at all', () => {
    expect(fake.calls).toEqual([]);
  });
});
