// The QuickBooks connector and its fake held to Intuit's data model (Finance.xsd, Report.xsd and
// their base types; decision 076): every entity the fake serves uses only field names the XSD
// gives its type, inherited ones included; every query the connector sends in a full sync names
// an entity of the model and filters and sorts on its properties, in the clause order of Intuit's
// select statement, and the fake refuses what Intuit refuses. A fake that drifts from Intuit, or a
// connector that sends something Intuit does not have, fails here.
import { afterAll, describe, expect, test } from 'bun:test';
import { loadQuickBooksSchema } from '../contracts/quickbooks-xsd.ts';
import { startFakeQuickBooks } from '../fakes/quickbooks.ts';
import { creditsQuickBooksData } from '../fakes/quickbooks-credits.ts';
import { type FakeQuickBooksData, sampleQuickBooksData } from '../fakes/quickbooks-data.ts';
import { preferencesOf, QUERYABLE, queryAnswer } from '../fakes/quickbooks-query.ts';
import { profitAndLoss } from '../fakes/quickbooks-report.ts';
import { quickBooksJourney } from '../helpers/quickbooks.ts';
import { createTestApp, TEST_SECRETS_KEY } from '../helpers/test-app.ts';

const schema = loadQuickBooksSchema();
const fake = startFakeQuickBooks(creditsQuickBooksData());
afterAll(() => fake.stop());
const t = await createTestApp({ env: { SECRETS_KEY: TEST_SECRETS_KEY, ...fake.env } });
await quickBooksJourney(t, fake).connected();
await t.runJobs();
const queries = [...new Set(fake.calls.flatMap((call) => (call.query ? [call.query] : [])))];

/** Each list of the fake's books and the XSD type of its entities. */
const ENTITIES: [keyof FakeQuickBooksData, string][] = [
  ['accounts', 'Account'],
  ['classes', 'Class'],
  ['departments', 'Department'],
  ['items', 'Item'],
  ['purchases', 'Purchase'],
  ['bills', 'Bill'],
  ['vendorCredits', 'VendorCredit'],
];

/** Intuit's select statement, clause by clause (Query operations and syntax). */
const SELECT =
  /^SELECT \* FROM (\w+)(?: WHERE (.+?))?(?: ORDERBY ([\w.]+))?(?: STARTPOSITION (\d+))?(?: MAXRESULTS (\d+))?$/;

describe('QuickBooks contract', () => {
  test('every entity the fake serves uses only the field names Finance.xsd gives its type', () => {
    for (const data of [sampleQuickBooksData(), creditsQuickBooksData()]) {
      for (const [list, type] of ENTITIES) {
        expect({ type, unknown: schema.unknownFields(type, data[list]) }).toEqual({ type, unknown: [] });
      }
      expect(schema.unknownFields('Preferences', preferencesOf(data))).toEqual([]);
    }
  });

  test('the ProfitAndLoss report the fake serves uses only Report.xsd’s names', () => {
    const report = profitAndLoss(sampleQuickBooksData(), '2024-01-01', '2025-12-31');
    expect(schema.unknownFields('Report', report)).toEqual([]);
  });

  test('the checker refuses a name Intuit does not define, nested ones too', () => {
    expect(schema.unknownFields('Account', [{ Id: '1', Name: 'Rent', Colour: 'red' }])).toEqual([
      '[0].Colour',
    ]);
    expect(schema.unknownFields('Bill', { Id: '1', Line: [{ Id: '1', Amount: 1, Tax: 2 }] })).toEqual([
      '.Line[0].Tax',
    ]);
    expect(schema.unknownFields('Bill', { VendorRef: { value: '1', name: 'x', label: 'y' } })).toEqual([
      '.VendorRef.label',
    ]);
  });

  test('every query of a full sync names an entity of the model and properties it has, in Intuit’s clause order', () => {
    expect(queries.length).toBeGreaterThanOrEqual(7);
    for (const query of queries) {
      const [, entity, where, orderBy, , max] = SELECT.exec(query) ?? [];
      expect({ query, entity: entity && schema.hasType(entity) }).toEqual({ query, entity: true });
      const fields = schema.fieldsOf(entity!);
      for (const condition of where ? where.split(' AND ') : []) {
        expect(fields).toContain(/^([\w]+)/.exec(condition)![1]!);
      }
      if (orderBy) expect(fields).toContain(orderBy.split('.')[0]!);
      expect(Number(max)).toBeLessThanOrEqual(1000);
      expect(queryAnswer(fake.data, query).status).toBe(200);
    }
  });

  test('the fake accepts only properties the model has, and refuses what Intuit refuses', async () => {
    for (const [entity, properties] of Object.entries(QUERYABLE)) {
      for (const property of properties) expect(schema.fieldsOf(entity)).toContain(property.split('.')[0]!);
    }
    const refused = [
      'SELECT * FROM Account ORDERBY Id WHERE Active IN (true, false)',
      "SELECT * FROM Account WHERE Active = true OR Name = 'Rent'",
      'SELECT * FROM Account STARTPOSITION 1 MAXRESULTS 1001',
      'SELECT * FROM Account MAXRESULTS 10 STARTPOSITION 1',
      'SELECT * FROM Purchase WHERE Active = true',
      'SELECT * FROM Bill ORDERBY Colour',
      'SELECT * FROM Preferences ORDERBY Id',
      'SELECT * FROM Account STARTPOSITION 0',
    ];
    for (const query of refused) {
      const answer = queryAnswer(fake.data, query);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      expect((await answer.json()).Fault.type).toBe('ValidationFault');
    }
  });
});
