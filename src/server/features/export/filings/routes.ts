import { Hono } from 'hono';
import { SubmitFilingSchema } from '../../../../domain/contracts/export.ts';
import type { AppEnv } from '../../../context.ts';
import { authorize, requirePermission } from '../../../lib/permissions.ts';
import { validate } from '../../../lib/validate.ts';
import { listFilings, listRegulators, readFilingPackage, submitFiling } from './service.ts';

/** 401/403 come before validation: a caller who may not file learns nothing about the body. */
const submit = requirePermission('filing.submit');
const read = requirePermission('data.read');

/** spec §7 /api/regulatory/*: regulators of a jurisdiction, filing (admins only), filings. */
export const filingRoutes = new Hono<AppEnv>()
  .get('/regulatory/regulators', read, (c) => {
    const ctx = authorize(c, 'data.read');
    // spec §7: the caller's jurisdiction, US when none is known.
    return c.json(listRegulators(c.var.currentUser?.jurisdiction ?? 'US', ctx.now()));
  })
  .get('/regulatory/regulators/:jurisdiction', read, (c) => {
    const ctx = authorize(c, 'data.read');
    return c.json(listRegulators(c.req.param('jurisdiction'), ctx.now()));
  })
  .post('/regulatory/submit', submit, validate('json', SubmitFilingSchema), async (c) =>
    c.json(await submitFiling(authorize(c, 'filing.submit'), c.req.valid('json')), 201),
  )
  .get('/regulatory/filings', read, async (c) => c.json(await listFilings(authorize(c, 'data.read'))))
  .get('/regulatory/filings/:id/package', read, async (c) => {
    const file = await readFilingPackage(authorize(c, 'data.read'), c.req.param('id'));
    return c.body(file.body, 200, {
      'Content-Type': 'application/zip',
      'Content-Length': String(file.size),
      // The name is ours and plain ASCII (`filing-GB-CH-2025-1a2b3c4d.zip`).
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    });
  });
