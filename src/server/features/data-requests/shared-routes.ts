import { Hono } from 'hono';
import { SharedPackFormatSchema } from '../../../domain/contracts/data-requests.ts';
import type { AppEnv } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { attachmentDisposition } from '../../lib/file-name.ts';
import { serviceContext } from '../../lib/request.ts';
import { downloadSharedPack, getSharedPack } from './shares.ts';
import { listJwks } from './signing-keys.ts';

/** Frozen and secret: never cached by a browser or a proxy. */
const NO_STORE = { 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' };

/**
 * The public side of shared packs (decision 078): no account. A malformed token answers 404 like
 * an unknown one, after the same per-IP rate limit (shares.ts).
 */
export const sharedPackRoutes = new Hono<AppEnv>()
  .get('/shared/:token', async (c) => {
    const pack = await getSharedPack(serviceContext(c), c.req.param('token'));
    return c.json(pack, 200, NO_STORE);
  })
  .get('/shared/:token/download/:format', async (c) => {
    const format = SharedPackFormatSchema.safeParse(c.req.param('format'));
    if (!format.success) throw notFound('Download');
    const file = await downloadSharedPack(serviceContext(c), c.req.param('token'), format.data);
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      ...NO_STORE,
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.length),
      'Content-Disposition': attachmentDisposition(file.fileName),
    });
  });

/** GET /.well-known/jwks.json: the instance's public signing keys, old ones included (RFC 7517, RFC 8037). */
export const jwksRoutes = new Hono<AppEnv>().get('/.well-known/jwks.json', async (c) =>
  c.json(await listJwks(serviceContext(c)), 200, { 'Cache-Control': 'public, max-age=300' }),
);
