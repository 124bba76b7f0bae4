import { Hono } from 'hono';
import {
  OdooConnectSchema,
  UpdateAccountMappingsSchema,
  UpdateSiteMappingsSchema,
  XeroConnectSchema,
} from '../../../domain/contracts/data-sources.ts';
import type { AppEnv } from '../../context.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { authedContext, requireRole } from '../../lib/request.ts';
import { validate } from '../../lib/validate.ts';
import { ConnectorUnavailable, getDataSource } from '../data-sources/service.ts';
import { quickbooksRoutes } from './quickbooks/quickbooks-routes.ts';
import { listConnectorAvailability } from './registry.ts';
import { connectOdoo, listAccountMappings, listConnectorSyncs, updateAccountMappings } from './service.ts';
import { listSiteMappings, updateSiteMappings } from './site-mappings.ts';
import { requestOrigin, xeroCallback } from './xero/xero-callback.ts';
import { startXeroConnect } from './xero/xero-connect.ts';

const member = requireRole('member');

export const connectorRoutes = new Hono<AppEnv>()
  // QuickBooks' OAuth flow (decision 024); registered first, so it answers before the refusal below.
  .route('/', quickbooksRoutes)
  // Which connections this server can make, before anyone clicks Connect (decision 054).
  .get('/integrations', requirePermission('data.read'), (c) => {
    authorize(c, 'data.read');
    return c.json(listConnectorAvailability(c.var.deps.config));
  })
  .post('/integrations/odoo/connect', member, validate('json', OdooConnectSchema), async (c) => {
    const ctx = authedContext(c, 'member');
    const { id } = await connectOdoo(ctx, c.req.valid('json'));
    return c.json(await getDataSource(ctx, id), 201);
  })
  // Xero (decision 025): the browser POSTs, then navigates to authorizationUrl; Xero sends it back
  // to the callback, which always answers with a redirect to Data Sources.
  .post('/integrations/xero/connect', member, validate('json', XeroConnectSchema), async (c) => {
    const ctx = authedContext(c, 'member');
    return c.json(await startXeroConnect(ctx, c.req.valid('json'), requestOrigin(c)));
  })
  .get('/integrations/xero/callback', (c) => xeroCallback(c))
  .get('/data-sources/:id/syncs', async (c) =>
    c.json(await listConnectorSyncs(authedContext(c, 'viewer'), c.req.param('id'))),
  )
  .get('/data-sources/:id/mappings', async (c) =>
    c.json(await listAccountMappings(authedContext(c, 'viewer'), c.req.param('id'))),
  )
  .put('/data-sources/:id/mappings', member, validate('json', UpdateAccountMappingsSchema), async (c) =>
    c.json(await updateAccountMappings(authedContext(c, 'member'), c.req.param('id'), c.req.valid('json'))),
  )
  .get('/data-sources/:id/site-mappings', async (c) =>
    c.json(await listSiteMappings(authedContext(c, 'viewer'), c.req.param('id'))),
  )
  .put('/data-sources/:id/site-mappings', member, validate('json', UpdateSiteMappingsSchema), async (c) =>
    c.json(await updateSiteMappings(authedContext(c, 'member'), c.req.param('id'), c.req.valid('json'))),
  )
  .onError((error, c) => {
    if (error instanceof ConnectorUnavailable) {
      return c.json({ message: error.message, code: 'connector_unavailable' }, 501);
    }
    throw error;
  });
