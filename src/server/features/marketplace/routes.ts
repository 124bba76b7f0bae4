import { Hono } from 'hono';
import { YearQuerySchema } from '../../../domain/contracts/ledger.ts';
import { PurchaseRequestSchema } from '../../../domain/contracts/marketplace.ts';
import type { AppEnv } from '../../context.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { validate } from '../../lib/validate.ts';
import { FeedUnavailableError } from './feed.ts';
import { purchaseOffsets } from './purchase.ts';
import { retireOffsets } from './retire.ts';
import { calculateNeutralization, getOffsetStats, listProjects, listPurchases } from './service.ts';
import { syncOffsetCatalogue } from './sync.ts';

/** 401/403 come before validation: a caller who may not write learns nothing about the body. */
const read = requirePermission('data.read');

export const offsetRoutes = new Hono<AppEnv>()
  .get('/carbon-offsets/projects', read, async (c) => c.json(await listProjects(authorize(c, 'data.read'))))
  .get('/carbon-offsets/stats', read, async (c) => c.json(await getOffsetStats(authorize(c, 'data.read'))))
  .get('/carbon-offsets/calculate', read, validate('query', YearQuerySchema), async (c) =>
    c.json(await calculateNeutralization(authorize(c, 'data.read'), c.req.valid('query').year)),
  )
  .post('/carbon-offsets/sync', requirePermission('offsets.sync'), async (c) => {
    const ctx = authorize(c, 'offsets.sync');
    try {
      return c.json(await syncOffsetCatalogue(ctx));
    } catch (error) {
      // The feed is another service: its failure is a bad gateway, with the reason in plain words.
      if (error instanceof FeedUnavailableError) {
        ctx.log.warn('offset feed unavailable', { reason: error.message });
        return c.json({ message: error.message, code: 'feed_unavailable' }, 502);
      }
      throw error;
    }
  })
  .post(
    '/carbon-offsets/purchase',
    requirePermission('offsets.purchase'),
    validate('json', PurchaseRequestSchema),
    async (c) => c.json(await purchaseOffsets(authorize(c, 'offsets.purchase'), c.req.valid('json')), 201),
  )
  .get('/carbon-offsets/purchases', read, async (c) => c.json(await listPurchases(authorize(c, 'data.read'))))
  // Admins only: it records that the invoice was paid and the registry retirement completed.
  .post('/carbon-offsets/purchases/:id/retire', requirePermission('offsets.retire'), async (c) =>
    c.json(await retireOffsets(authorize(c, 'offsets.retire'), c.req.param('id'))),
  )
  .get('/carbon-offsets/purchases/:id/certificate', read, async (c) => {
    // The certificate's renderer (pdf-lib) loads on the first certificate, not with the server.
    const { getCertificate } = await import('./certificate.ts');
    const { fileName, bytes } = await getCertificate(authorize(c, 'data.read'), c.req.param('id'));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });
