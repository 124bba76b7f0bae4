import { Hono } from 'hono';
import { MAX_PHOTO_BYTES, PHOTO_FIELD, PHOTO_UPLOAD_PATH } from '../../../domain/contracts/auth-photo.ts';
import type { AppEnv } from '../../context.ts';
import { requireRole } from '../../lib/request.ts';
import { readUploadForm } from '../../lib/upload-form.ts';
import { browserSessionContext } from '../api-keys/service.ts';
import { photoTooLarge, readPhoto, removePhoto, uploadPhoto } from './photo.ts';

const signedIn = requireRole('viewer');

/** multipart/form-data with the picture in the field `photo`. */
const PHOTO_FORM = { field: PHOTO_FIELD, noun: 'the photo', missingMessage: 'Choose a photo to upload' };

export const photoRoutes = new Hono<AppEnv>()
  .post('/auth/user/photo', signedIn, async (c) => {
    const ctx = browserSessionContext(c);
    const { file } = await readUploadForm(c.req.raw, PHOTO_FORM);
    return c.json(await uploadPhoto(ctx, file));
  })
  .delete('/auth/user/photo', signedIn, async (c) => c.json(await removePhoto(browserSessionContext(c))))
  .get('/users/:id/photo', signedIn, async (c) => {
    const photo = await readPhoto(browserSessionContext(c), c.req.param('id'));
    // The URL names its version (?v=): that exact version may stay in this browser's cache; any
    // other URL revalidates. `private`: a shared cache must never keep someone's face.
    const current = c.req.query('v') === String(photo.version);
    return c.body(photo.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': photo.contentType,
      'Content-Length': String(photo.bytes.length),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': current ? 'private, max-age=31536000, immutable' : 'private, no-cache',
    });
  });

/** The upload guard's allowance for the photo path (app.ts): its own limit and words. */
export const photoUpload = {
  path: PHOTO_UPLOAD_PATH,
  maxFileBytes: MAX_PHOTO_BYTES,
  tooLarge: photoTooLarge,
};
