// The Xero connector and its fake held to Xero's own OpenAPI documents (issue 23, decision 075):
// every request the connector makes in a full sync is an operation of xero_accounting.yaml with
// only the query parameters it declares, filters on fields and values its schemas define, under a
// scope its `security` names; and every answer the fake gave validates, closed to undeclared
// fields, against the operation's response schema. A fake that drifts from Xero, or a connector
// that sends or reads something Xero does not have, fails here.
import { afterAll, describe, expect, test } from 'bun:test';
import { XERO_ENDPOINT_SCOPES, xeroScopes } from '../../src/server/features/connectors/xero/xero-scopes.ts';
import { loadXeroContract } from '../contracts/xero-openapi.ts';
import { startFakeXero } from '../fakes/xero.ts';
import { creditsXeroData } from '../fakes/xero-credits.ts';
import { addSite } from '../helpers/ledger.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';
import { companySources, connectXero, storedCredentials } from '../helpers/xero.ts';

const accounting = loadXeroContract('xero_accounting.yaml');
const identity = loadXeroContract('xero-identity.yaml');
const fake = startFakeXero(creditsXeroData());
afterAll(() => fake.stop());
const t = await createTestApp({
  env: { SECRETS_KEY: TEST_SECRETS_KEY, ...fake.env },
  now: () => new Date('2025-07-01T09:00:00Z'),
});

const company = await t.signUpCompany();
await addSite(t, company.cookie, 'Head office');
await connectXero(t, company.cookie, 'Bakery books');
const [source] = await companySources(t, company.user.companyId);
await t.runJobs();
const credentials = await storedCredentials(t, source!.id);
const calls = [
  ...new Map(fake.calls.map((call) => [JSON.stringify([call.path, call.query]), call])).values(),
];

/** The entity schema a list endpoint's `where` filters. */
const ENTITY: Record<string, string> = {
  '/Invoices': 'Invoice',
  '/BankTransactions': 'BankTransaction',
  '/CreditNotes': 'CreditNote',
};

async function replay(path: string, query: Record<string, string>, host = `${fake.url}/api.xro/2.0`) {
  const url = new URL(`${host}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const answer = await fetch(url, {
    headers: { Authorization: `Bearer ${credentials.accessToken}`, 'xero-tenant-id': credentials.tenantId },
  });
  expect(answer.status).toBe(200);
  return answer.json();
}

describe('Xero contract', () => {
  test('a full sync calls only operations of the document, with the query parameters they declare', () => {
    expect(new Set(calls.map((call) => call.path))).toEqual(
      new Set([
        '/Organisation',
        '/Accounts',
        '/TrackingCategories',
        '/Invoices',
        '/BankTransactions',
        '/CreditNotes',
        '/Reports/ProfitAndLoss',
      ]),
    );
    for (const call of calls) {
      const declared = accounting.queryParameters(call.path);
      for (const name of Object.keys(call.query))
        expect(`${call.path}?${name}`).toBe(
          `${call.path}?${declared.find((p) => p === name) ?? '(undeclared)'}`,
        );
    }
  });

  test('every where clause filters on fields the entity has, with values its enums allow', () => {
    const schemas = accounting.document.components.schemas as Record<
      string,
      { properties: Record<string, { enum?: string[] }> }
    >;
    const filtered = calls.filter((call) => call.query.where);
    expect(filtered.length).toBeGreaterThan(0);
    for (const call of filtered) {
      const entity = schemas[ENTITY[call.path]!]!;
      for (const clause of call.query.where!.split(' AND ')) {
        const [, field, value] = /^(\w+)=="([^"]+)"$/.exec(clause) ?? [];
        expect(entity.properties[field!]?.enum ?? []).toContain(value!);
      }
    }
    for (const call of calls.filter((entry) => entry.query.Statuses)) {
      for (const status of call.query.Statuses!.split(','))
        expect(schemas.Invoice!.properties.Status!.enum).toContain(status);
    }
  });

  test('every answer the fake gave conforms to the operation’s response schema, closed to other fields', async () => {
    for (const call of calls) {
      expect({
        call: call.path,
        query: call.query,
        errors: accounting.check(call.path, await replay(call.path, call.query)),
      }).toEqual({
        call: call.path,
        query: call.query,
        errors: [],
      });
    }
    expect(identity.check('/Connections', await replay('/connections', {}, fake.url))).toEqual([]);
  });

  test('the validator refuses a field Xero does not define and a status outside its enum', () => {
    const payment = { Type: 'SPEND', Status: 'AUTHORISED', LineItems: [], BankAccount: { AccountID: 'a' } };
    expect(accounting.check('/BankTransactions', { BankTransactions: [payment] })).toEqual([]);
    expect(
      accounting.check('/BankTransactions', { BankTransactions: [{ ...payment, Colour: 'red' }] }),
    ).not.toEqual([]);
    expect(
      accounting.check('/BankTransactions', { BankTransactions: [{ ...payment, Status: 'CANCELLED' }] }),
    ).not.toEqual([]);
  });

  test('the broad scope the connector names for each endpoint is one the operation’s security accepts', () => {
    for (const [path, scope] of Object.entries(XERO_ENDPOINT_SCOPES))
      expect(accounting.scopes(path)).toContain(scope.broad);
    const known = accounting.allScopes();
    // openid, profile and email are the identity server's; offline_access asks for the refresh token.
    for (const scope of xeroScopes('broad').filter((name) => name !== 'offline_access'))
      expect(known).toContain(scope);
  });
});
