import { Hono } from 'hono';
import {
  CreateDataSourceSchema,
  DeleteDataSourceQuerySchema,
} from '../../../domain/contracts/data-sources.ts';
import type { AppEnv } from '../../context.ts';
import { authedContext, requireRole } from '../../lib/request.ts';
import { validate } from '../../lib/validate.ts';
import {
  ConnectorUnavailable,
  createDataSource,
  deleteDataSource,
  listDataSources,
  syncDataSource,
  testDataSource,
} from './service.ts';

/** 401/403 come before validation: a caller who may not write learns nothing about the body. */
const member = requireRole('member');

export const dataSourceRoutes = new Hono<AppEnv>()
  .get('/data-sources', async (c) => c.json(await listDataSources(authedContext(c, 'viewer'))))
  .post('/data-sources', member, validate('json', CreateDataSourceSchema), async (c) =>
    c.json(await createDataSource(authedContext(c, 'member'), c.req.valid('json')), 201),
  )
  .delete('/data-sources/:id', member, validate('query', DeleteDataSourceQuerySchema), async (c) => {
    const { keepLines } = c.req.valid('query');
    await deleteDataSource(authedContext(c, 'member'), c.req.param('id'), keepLines);
    return c.body(null, 204);
  })
  .post('/data-sources/:id/test', member, async (c) =>
    c.json(await testDataSource(authedContext(c, 'member'), c.req.param('id'))),
  )
  // 202: the sync runs as a job; GET /api/data-sources/:id/syncs tells how it went.
  .post('/data-sources/:id/sync', member, async (c) =>
    c.json(await syncDataSource(authedContext(c, 'member'), c.req.param('id')), 202),
  )
  // 501 Not Implemented is the honest answer for a connector that does not exist yet; HttpError
  // does not carry 5xx statuses, so it is answered here.
  .onError((error, c) => {
    if (error instanceof ConnectorUnavailable) {
      return c.json({ message: error.message, code: 'connector_unavailable' }, 501);
    }
    throw error;
  });
