import { Hono } from 'hono';
import { SaveSiteSchema } from '../../../../domain/contracts/ledger.ts';
import type { AppEnv } from '../../../context.ts';
import { authorize, requirePermission } from '../../../lib/permissions.ts';
import { validate } from '../../../lib/validate.ts';
import { createSite, deleteSite, listSites, updateSite } from './service.ts';

/** 401/403 come before validation: a caller who may not write learns nothing about the body. */
const edit = requirePermission('data.edit');

export const siteRoutes = new Hono<AppEnv>()
  .get('/sites', requirePermission('data.read'), async (c) =>
    c.json(await listSites(authorize(c, 'data.read'))),
  )
  .post('/sites', edit, validate('json', SaveSiteSchema), async (c) =>
    c.json(await createSite(authorize(c, 'data.edit'), c.req.valid('json')), 201),
  )
  .put('/sites/:id', edit, validate('json', SaveSiteSchema), async (c) =>
    c.json(await updateSite(authorize(c, 'data.edit'), c.req.param('id'), c.req.valid('json'))),
  )
  .delete('/sites/:id', edit, async (c) => {
    await deleteSite(authorize(c, 'data.edit'), c.req.param('id'));
    return c.body(null, 204);
  });
