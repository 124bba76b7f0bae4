import { Hono } from 'hono';
import { CreateApiKeySchema } from '../../../domain/contracts/api-keys.ts';
import { buildOpenApiDocument } from '../../../domain/openapi/document.ts';
import type { AppEnv } from '../../context.ts';
import { requireRole } from '../../lib/request.ts';
import { validate } from '../../lib/validate.ts';
import { createApiKey, listApiKeys, regenerateApiKey, revokeApiKey } from './service.ts';
import { browserSessionContext } from './session-only.ts';

/** 401/403 come before validation: a caller who may not write learns nothing about the body. */
const signedIn = requireRole('viewer');

/** Built once: the document depends only on the contracts compiled into this build. */
let openApiJson: string | null = null;

export const apiKeyRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) => {
    openApiJson ??= JSON.stringify(buildOpenApiDocument());
    c.header('Content-Type', 'application/json; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(openApiJson);
  })
  .get('/api-keys', signedIn, async (c) => c.json(await listApiKeys(browserSessionContext(c))))
  .post('/api-keys', signedIn, validate('json', CreateApiKeySchema), async (c) =>
    c.json(await createApiKey(browserSessionContext(c), c.req.valid('json')), 201),
  )
  .post('/api-keys/:id/regenerate', signedIn, async (c) =>
    c.json(await regenerateApiKey(browserSessionContext(c), c.req.param('id'))),
  )
  .delete('/api-keys/:id', signedIn, async (c) => {
    await revokeApiKey(browserSessionContext(c), c.req.param('id'));
    return c.body(null, 204);
  });
