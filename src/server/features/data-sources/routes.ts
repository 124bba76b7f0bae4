import { Hono } from 'hono';
import {
  CreateDataSourceSchema,
  DeleteDataSourceQuerySchema,
} from '../../../domain/contracts/data-sources.ts';
import type { AppEnv } from '../../context.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
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
const manage = requirePermission('sources.manage');

export const dataSourceRoutes = new Hono<AppEnv>()
  .get('/data-sources', requirePermission('data.read'), async (c) =>
    c.json(await listDataSources(authorize(c, 'data.read'))),
  )
  .post('/data-sources', manage, validate('json', CreateDataSourceSchema), async (c) =>
    c.json(await createDataSource(authorize(c, 'sources.manage'), c.req.valid('json')), 201),
  )
  .delete(
    '/data-sources/:id',
    requirePermission('sources.delete'),
    validate('query', DeleteDataSourceQuerySchema),
    async (c) => {
      const { keepLines } = c.req.valid('query');
      // 200 with the provider's part (decision 029): whether its access was revoked too.
      return c.json(await deleteDataSource(authorize(c, 'sources.delete'), c.req.param('id'), keepLines));
    },
  )
  .post('/data-sources/:id/test', manage, async (c) =>
    c.json(await testDataSource(authorize(c, 'sources.manage'), c.req.param('id'))),
  )
  // 202: the sync runs as a job; GET /api/data-sources/:id/syncs tells how it went.
  .post('/data-sources/:id/sync', manage, async (c) =>
    c.json(await syncDataSource(authorize(c, 'sources.manage'), c.req.param('id')), 202),
  )
  // 501 Not Implemented is the honest answer for a connector that does not exist yet; HttpError
  // does not carry 5xx statuses, so it is answered here.
  .onError((error, c) => {
    if (error instanceof ConnectorUnavailable) {
      return c.json({ message: error.message, code: 'connector_unavailable' }, 501);
    }
    throw error;
  });
