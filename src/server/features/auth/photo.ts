import { and, eq } from 'drizzle-orm';
import { memberships, users } from '../../../../db/schema/auth.ts';
import { userPhotos } from '../../../../db/schema/auth-photo.ts';
import type { CurrentUser } from '../../../domain/contracts/auth.ts';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_DIMENSION,
  MIN_PHOTO_DIMENSION,
  PHOTO_FIELD,
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  userPhotoUrl,
} from '../../../domain/contracts/auth-photo.ts';
import type { AuthedContext } from '../../context.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { readImageHeader } from '../../lib/image-header.ts';
import { auditInsert } from '../audit/service.ts';
import { getCurrentUser } from './service.ts';
import { forgetCachedSessions } from './session.ts';

export const photoTooLarge = () => new HttpError(413, PHOTO_TOO_LARGE_MESSAGE, 'payload_too_large');

const photoFieldError = (message: string, status: 400 | 422 = 422) =>
  new HttpError(status, message, 'validation_failed', {
    formErrors: [],
    fieldErrors: { [PHOTO_FIELD]: [message] },
  });

/**
 * Settings → Profile "Change photo". The browser has already cropped the picture square and
 * re-encoded it; the server trusts none of that: the type comes from the magic bytes, the size
 * from the header, and a photo that is not square or is out of bounds is refused. Stored in
 * user_photos; users.profileImageUrl points at the versioned read URL.
 */
export async function uploadPhoto(ctx: AuthedContext, file: File): Promise<CurrentUser> {
  if (file.size > MAX_PHOTO_BYTES) throw photoTooLarge();
  if (file.size === 0) throw photoFieldError('The photo file is empty', 400);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const header = readImageHeader(bytes);
  // GIF is read by the header module (receipts take it) but is no photo format here.
  if (!header || header.contentType === 'image/gif') {
    throw new HttpError(415, PHOTO_TYPE_MESSAGE, 'unsupported_media_type');
  }
  const { width, height, contentType } = header;
  if (width !== height) throw photoFieldError(`The photo must be square (it is ${width}×${height} pixels)`);
  if (width > MAX_PHOTO_DIMENSION || width < MIN_PHOTO_DIMENSION) {
    throw photoFieldError(
      `The photo must be between ${MIN_PHOTO_DIMENSION} and ${MAX_PHOTO_DIMENSION} pixels wide (it is ${width})`,
    );
  }
  const now = ctx.now();
  const row = { contentType, bytes, width, height, updatedAt: now };
  await ctx.db.batch([
    ctx.db
      .insert(userPhotos)
      .values({ userId: ctx.userId, ...row })
      .onConflictDoUpdate({ target: userPhotos.userId, set: row }),
    ctx.db
      .update(users)
      .set({ profileImageUrl: userPhotoUrl(ctx.userId, now.getTime()), updatedAt: now })
      .where(eq(users.id, ctx.userId)),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'profile_photo_updated',
      entityType: 'user',
      entityId: ctx.userId,
    }),
  ]);
  // Cached sessions carry profileImageUrl (session.ts): none may answer the old one.
  forgetCachedSessions(ctx.db);
  return getCurrentUser(ctx);
}

export async function removePhoto(ctx: AuthedContext): Promise<CurrentUser> {
  const now = ctx.now();
  await ctx.db.batch([
    ctx.db.delete(userPhotos).where(eq(userPhotos.userId, ctx.userId)),
    ctx.db.update(users).set({ profileImageUrl: null, updatedAt: now }).where(eq(users.id, ctx.userId)),
    auditInsert(ctx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      action: 'profile_photo_removed',
      entityType: 'user',
      entityId: ctx.userId,
    }),
  ]);
  forgetCachedSessions(ctx.db);
  return getCurrentUser(ctx);
}

/**
 * A photo for a signed-in member of the same company: the inner join on the caller's company
 * makes another company's user (or a missing one) the same 404.
 */
export async function readPhoto(ctx: AuthedContext, userId: string) {
  const row = await ctx.db
    .select({ contentType: userPhotos.contentType, bytes: userPhotos.bytes, updatedAt: userPhotos.updatedAt })
    .from(userPhotos)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, userPhotos.userId), eq(memberships.companyId, ctx.companyId)),
    )
    .where(eq(userPhotos.userId, userId))
    .get();
  if (!row) throw notFound('Photo');
  return { contentType: row.contentType, bytes: row.bytes, version: row.updatedAt.getTime() };
}
