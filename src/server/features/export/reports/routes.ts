import { Hono } from 'hono';
import { GenerateReportSchema, UpdateReportStatusSchema } from '../../../../domain/contracts/export.ts';
import type { AppEnv } from '../../../context.ts';
import { attachmentDisposition } from '../../../lib/file-name.ts';
import { authorize, requirePermission } from '../../../lib/permissions.ts';
import { validate } from '../../../lib/validate.ts';
import { streamFile } from './files.ts';
import { renderReadableXhtml, renderXbrlExport } from './render.ts';
import {
  finalizeReport,
  getReadableReportSnapshot,
  getReport,
  getReportFile,
  getXbrlExportSnapshot,
  listReports,
  requestReport,
} from './service.ts';

/** 401/403 come before validation: a caller who may not write learns nothing about the body. */
const edit = requirePermission('reports.edit');
const read = requirePermission('data.read');

const download = (fileName: string, contentType: string, size: number) => ({
  // Text formats are UTF-8 (CSV with a BOM): say so, so a download never guesses another charset.
  'Content-Type':
    contentType.startsWith('text/') && !contentType.includes('charset')
      ? `${contentType}; charset=utf-8`
      : contentType,
  'Content-Length': String(size),
  'Content-Disposition': attachmentDisposition(fileName),
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'private, no-store',
});

export const reportRoutes = new Hono<AppEnv>()
  .get('/reports', read, async (c) => c.json(await listReports(authorize(c, 'data.read'))))
  .post('/reports/generate', edit, validate('json', GenerateReportSchema), async (c) =>
    c.json(await requestReport(authorize(c, 'reports.edit'), c.req.valid('json')), 202),
  )
  .get('/reports/:id', read, async (c) =>
    c.json(await getReport(authorize(c, 'data.read'), c.req.param('id'))),
  )
  .get('/reports/:id/file', read, async (c) => {
    const ctx = authorize(c, 'data.read');
    const id = c.req.param('id');
    const file = await getReportFile(ctx, id);
    return c.body(
      streamFile(ctx.db, ctx.companyId, id),
      200,
      download(file.fileName, file.contentType, file.size),
    );
  })
  // The readable XHTML beside a CSRD report's .xbri package (issue 18): opens in any browser.
  .get('/reports/:id/xhtml', read, async (c) => {
    const ctx = authorize(c, 'data.read');
    const rendered = renderReadableXhtml(await getReadableReportSnapshot(ctx, c.req.param('id')));
    return c.body(
      rendered.bytes as Uint8Array<ArrayBuffer>,
      200,
      download(rendered.fileName, rendered.contentType, rendered.bytes.length),
    );
  })
  .put('/reports/:id/status', edit, validate('json', UpdateReportStatusSchema), async (c) =>
    c.json(await finalizeReport(authorize(c, 'reports.edit'), c.req.param('id'))),
  )
  // spec §7: no body, JSON content type; answers the file, or a JSON error whose message is shown.
  .post('/reports/:id/xbrl', requirePermission('reports.export'), async (c) => {
    const ctx = authorize(c, 'reports.export');
    const rendered = await renderXbrlExport(await getXbrlExportSnapshot(ctx, c.req.param('id')));
    return c.body(
      rendered.bytes as Uint8Array<ArrayBuffer>,
      200,
      download(rendered.fileName, rendered.contentType, rendered.bytes.length),
    );
  });
