import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  BRANDING_LOGO_PATH,
  MAX_LOGO_BYTES,
  UpdateBrandingSchema,
} from '../../../domain/contracts/branding.ts';
import type { AppEnv } from '../../context.ts';
import { authorize, requirePermission } from '../../lib/permissions.ts';
import { readUploadForm } from '../../lib/upload-form.ts';
import { validate } from '../../lib/validate.ts';
import { requireEntitlement } from '../billing/service.ts';
import { LOGO_FORM, logoTooLarge } from './logo.ts';
import { getBranding, readLogo, removeLogo, updateBranding, uploadLogo } from './service.ts';

/**
 * Report branding (docs/decisions/027-custom-branding.md): anyone in the company reads it; an
 * admin (`branding.manage`) of an Enterprise company changes it. The role is checked before the
 * body is read, the plan inside the service, before anything is stored.
 */
const read = requirePermission('data.read');
const manage = requirePermission('branding.manage');

/** 403 plan_required before the body is read: a Growth admin learns about the plan, not the colour. */
const enterprise = createMiddleware<AppEnv>(async (c, next) => {
  await requireEntitlement(authorize(c, 'branding.manage'), 'customBranding');
  await next();
});

export const brandingRoutes = new Hono<AppEnv>()
  .get('/company/branding', read, async (c) => c.json(await getBranding(authorize(c, 'data.read'))))
  .put('/company/branding', manage, enterprise, validate('json', UpdateBrandingSchema), async (c) =>
    c.json(await updateBranding(authorize(c, 'branding.manage'), c.req.valid('json'))),
  )
  .post('/company/branding/logo', manage, enterprise, async (c) => {
    const ctx = authorize(c, 'branding.manage');
    const { file } = await readUploadForm(c.req.raw, LOGO_FORM);
    return c.json(await uploadLogo(ctx, file));
  })
  .delete('/company/branding/logo', manage, enterprise, async (c) =>
    c.json(await removeLogo(authorize(c, 'branding.manage'))),
  )
  .get('/company/branding/logo', read, async (c) => {
    const logo = await readLogo(authorize(c, 'data.read'));
    // As the profile photo (photo-routes.ts): the versioned URL may be cached, any other revalidates.
    const current = c.req.query('v') === String(logo.version);
    return c.body(logo.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': logo.contentType,
      'Content-Length': String(logo.bytes.length),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': current ? 'private, max-age=31536000, immutable' : 'private, no-cache',
    });
  });

/** The upload guard's allowance for the logo path (app.ts): its own limit and words. */
export const logoUpload = {
  path: BRANDING_LOGO_PATH,
  maxFileBytes: MAX_LOGO_BYTES,
  tooLarge: logoTooLarge,
};
