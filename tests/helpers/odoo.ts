// Shared steps of the Odoo connector integration tests.
import { expect } from 'bun:test';
import type { startFakeOdoo } from '../fakes/odoo.ts';
import { addSite } from './ledger.ts';
import type { createTestApp } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type FakeOdoo = ReturnType<typeof startFakeOdoo>;

/** A new company with a site in France, connected to `fake` with its credentials, first sync run. */
export async function syncedOdooCompany(t: TestApp, fake: FakeOdoo, name?: string) {
  const company = await t.signUpCompany();
  await addSite(t, company.cookie, 'Head office', 'FR');
  const connect = await t.call('POST', '/api/integrations/odoo/connect', {
    cookie: company.cookie,
    body: {
      baseUrl: fake.url,
      database: fake.data.database,
      username: fake.data.login,
      apiKey: fake.data.apiKey,
      ...(name === undefined ? {} : { name }),
    },
  });
  expect(connect.status).toBe(201);
  await t.runJobs();
  return { ...company, sourceId: connect.json.id as string };
}
