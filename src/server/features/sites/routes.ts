import { Hono } from 'hono';
import { SaveSiteSchema } from '../../../domain/contracts/ledger.ts';
import type { AppEnv } from '../../context.ts';
import { authedContext, requireRole } from '../../lib/request.ts';
import { validate } from '../../lib/validate.ts';
import { createSite, deleteSite, listSites, updateSite } from './service.ts';

/** 401/403 come before validation: a caller who may not write learns nothing about the body. */
const member = requireRole('member');

export const siteRoutes = new Hono<AppEnv>()
  .get('/sites', async (c) => c.json(await listSites(authedContext(c, 'viewer'))))
  .post('/sites', member, validate('json', SaveSiteSchema), async (c) =>
    c.json(await createSite(authedContext(c, 'member'), c.req.valid('json')), 201),
  )
  .put('/sites/:id', member, validate('json', SaveSiteSchema), async (c) =>
    c.json(await updateSite(authedContext(c, 'member'), c.req.param('id'), c.req.valid('json'))),
  )
  .delete('/sites/:id', member, async (c) => {
    await deleteSite(authedContext(c, 'member'), c.req.param('id'));
    return c.body(null, 204);
  });
