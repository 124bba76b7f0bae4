import { Hono } from 'hono';
import { PurchaseRequestSchema } from '../../../domain/contracts/marketplace.ts';
import type { AppEnv } from '../../context.ts';
import { authedContext, requireRole } from '../../lib/request.ts';
import { validate } from '../../lib/validate.ts';
import { getCertificate } from './certificate.ts';
import { FeedUnavailableError } from './feed.ts';
import { purchaseOffsets } from './purchase.ts';
import { retireOffsets } from './retire.ts';
import { calculateNeutralization, getOffsetStats, listProjects, listPurchases } from './service.ts';
import { syncOffsetCatalogue } from './sync.ts';

/** 401/403 come before validation: a caller who may not write learns nothing about the body. */
const member = requireRole('member');

export const offsetRoutes = new Hono<AppEnv>()
  .get('/carbon-offsets/projects', async (c) => c.json(await listProjects(authedContext(c, 'viewer'))))
  .get('/carbon-offsets/stats', async (c) => c.json(await getOffsetStats(authedContext(c, 'viewer'))))
  .get('/carbon-offsets/calculate', async (c) =>
    c.json(await calculateNeutralization(authedContext(c, 'viewer'))),
  )
  .post('/carbon-offsets/sync', async (c) => {
    const ctx = authedContext(c, 'member');
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
  .post('/carbon-offsets/purchase', member, validate('json', PurchaseRequestSchema), async (c) =>
    c.json(await purchaseOffsets(authedContext(c, 'member'), c.req.valid('json')), 201),
  )
  .get('/carbon-offsets/purchases', async (c) => c.json(await listPurchases(authedContext(c, 'viewer'))))
  // Admins only: it records that the invoice was paid and the registry retirement completed.
  .post('/carbon-offsets/purchases/:id/retire', async (c) =>
    c.json(await retireOffsets(authedContext(c, 'admin'), c.req.param('id'))),
  )
  .get('/carbon-offsets/purchases/:id/certificate', async (c) => {
    const { fileName, bytes } = await getCertificate(authedContext(c, 'viewer'), c.req.param('id'));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });
