import { describe, expect, test } from 'bun:test';
import type { z } from 'zod';
import { PUBLIC_OPERATIONS, type PublicOperation } from '../../src/domain/openapi/operations.ts';
import { callWithKey, createKey } from '../helpers/api-keys.ts';
import { addLine, addSite } from '../helpers/ledger.ts';
import { createTestApp } from '../helpers/test-app.ts';

const t = await createTestApp();

/** `/api/sites/{id}` → Hono's `/api/sites/:id`. */
const honoPath = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1');

/** Values for the required query parameters of documented reads. */
const REQUIRED_QUERY: Record<string, string> = { '/api/esg/progress': '?jurisdiction=CSRD' };

function responseSchema(operation: PublicOperation): z.ZodType | null {
  const json = operation.response.json;
  if (!json) return null;
  if ('listOf' in json) return json.listOf.schema.array();
  if ('nullable' in json) return json.nullable.schema.nullable();
  return json.schema;
}

describe('OpenAPI document', () => {
  test('is public OpenAPI 3.1 with the bearer scheme, a summary and responses on every operation', async () => {
    const response = await t.call('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    const document = response.json;
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.schemas.Error.properties).toHaveProperty('message');
    expect(document.components.schemas.Error.properties).toHaveProperty('code');
    let operations = 0;
    for (const [path, methods] of Object.entries<Record<string, Record<string, unknown>>>(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        expect({ path, method, summary: typeof operation.summary }).toEqual({
          path,
          method,
          summary: 'string',
        });
        expect(Object.keys(operation.responses as object).length).toBeGreaterThan(0);
        for (const name of path.match(/\{([^}]+)\}/g) ?? []) {
          const parameters = operation.parameters as { name: string; in: string }[];
          expect(parameters).toContainEqual(expect.objectContaining({ name: name.slice(1, -1), in: 'path' }));
        }
      }
    }
    expect(operations).toBe(PUBLIC_OPERATIONS.length);
    // Every reference points at a published component.
    for (const [, kind, name] of response.text.matchAll(/"#\/components\/(schemas|responses)\/([^"]+)"/g)) {
      expect(document.components[kind!]).toHaveProperty(name!);
    }
  });

  test('documents only real routes of the app, so it cannot drift from them', () => {
    const routes = new Set(
      t.app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`),
    );
    const missing = PUBLIC_OPERATIONS.map(
      (operation) => `${operation.method.toUpperCase()} ${honoPath(operation.path)}`,
    ).filter((route) => !routes.has(route));
    expect(missing).toEqual([]);
  });

  test('every documented read answers with the documented shape when called with a key', async () => {
    const { cookie } = await t.signUpCompany();
    const siteId = await addSite(t, cookie, 'Depot');
    await addLine(t, cookie, { siteId, category: 'diesel', quantity: 100, unit: 'litre' });
    const { secret } = await createKey(t, cookie);
    const reads = PUBLIC_OPERATIONS.filter(
      (operation) => operation.method === 'get' && !operation.pathParams,
    );
    expect(reads.length).toBeGreaterThan(10);
    for (const operation of reads) {
      const response = await callWithKey(
        t,
        'GET',
        operation.path + (REQUIRED_QUERY[operation.path] ?? ''),
        secret,
      );
      expect({ path: operation.path, status: response.status }).toEqual({
        path: operation.path,
        status: operation.response.status,
      });
      const schema = responseSchema(operation);
      const parsed = schema?.safeParse(response.json);
      expect({ path: operation.path, issues: parsed?.success ? [] : parsed?.error.issues }).toEqual({
        path: operation.path,
        issues: [],
      });
    }
  });

  test('every request-body example is valid for its schema', () => {
    for (const operation of PUBLIC_OPERATIONS.filter((candidate) => candidate.body)) {
      const parsed = operation.body!.schema.safeParse(operation.body!.example);
      expect({ operation: operation.operationId, success: parsed.success }).toEqual({
        operation: operation.operationId,
        success: true,
      });
    }
  });

  test('the documented minimum role holds: a viewer key is refused every member operation', async () => {
    const owner = await t.signUpCompany();
    const { secret } = await createKey(t, owner.cookie, { name: 'Viewer key', role: 'viewer' });
    const writes = PUBLIC_OPERATIONS.filter((operation) => operation.minimumRole === 'member');
    expect(writes.length).toBeGreaterThan(3);
    for (const operation of writes) {
      const path = operation.path.replace(/\{[^}]+\}/g, 'some-id');
      const response = await callWithKey(t, operation.method.toUpperCase(), path, secret, { body: {} });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
    }
  });
});
