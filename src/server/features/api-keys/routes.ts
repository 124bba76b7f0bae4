import { type Context, Hono } from 'hono';
import { minimumRole } from '../../../domain/account/permissions.ts';
import { CreateApiKeySchema } from '../../../domain/contracts/api-keys.ts';
import { buildOpenApiDocument } from '../../../domain/openapi/document.ts';
import type { AppEnv } from '../../context.ts';
import { requirePermission } from '../../lib/permissions.ts';
import { validate } from '../../lib/validate.ts';
import { createApiKey, listApiKeys, regenerateApiKey, revokeApiKey } from './service.ts';
import { browserSessionContext } from './session-only.ts';

/**
 * Managing API keys is an admin's (`apiKeys.manage`, docs/decisions/019-roles.md): 401/403 come
 * before validation, so a caller who may not manage keys learns nothing about the body it sent.
 */
const manageKeys = requirePermission('apiKeys.manage');

/** The handler's own check, next to the middleware: an admin, in a browser session (never a key). */
const keyManager = (c: Context<AppEnv>) => browserSessionContext(c, minimumRole('apiKeys.manage'));

/** Built once: the document depends only on the contracts compiled into this build. */
let openApiJson: string | null = null;

export const apiKeyRoutes = new Hono<AppEnv>()
  // Public: the description of the API, no company data (tests/integration/roles.test.ts).
  .get('/openapi.json', (c) => {
    openApiJson ??= JSON.stringify(buildOpenApiDocument());
    c.header('Content-Type', 'application/json; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(openApiJson);
  })
  .get('/api-keys', manageKeys, async (c) => c.json(await listApiKeys(keyManager(c))))
  .post('/api-keys', manageKeys, validate('json', CreateApiKeySchema), async (c) =>
    c.json(await createApiKey(keyManager(c), c.req.valid('json')), 201),
  )
  .post('/api-keys/:id/regenerate', manageKeys, async (c) =>
    c.json(await regenerateApiKey(keyManager(c), c.req.param('id'))),
  )
  .delete('/api-keys/:id', manageKeys, async (c) => {
    await revokeApiKey(keyManager(c), c.req.param('id'));
    return c.body(null, 204);
  });
