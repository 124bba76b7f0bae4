/**
 * Settings → Profile "Change photo" (spec §2, §3 profileImageUrl). The browser crops the chosen
 * picture to a square and re-encodes it at `PHOTO_OUTPUT_SIZE`; the server checks the result.
 */
/** 1 MiB: a 512 px WebP is ~50 KB; the bound stays under D1's ~2 MB row limit (decision 020). */
export const MAX_PHOTO_BYTES = 1024 * 1024;
export const MAX_PHOTO_DIMENSION = 1024;
export const MIN_PHOTO_DIMENSION = 32;
export const PHOTO_OUTPUT_SIZE = 512;
/** The largest original the browser agrees to decode for cropping (phone cameras stay below). */
export const MAX_PHOTO_SOURCE_BYTES = 20 * 1024 * 1024;

export const PHOTO_TOO_LARGE_MESSAGE = 'The photo must be 1 MB or smaller';
export const PHOTO_TYPE_MESSAGE = 'The photo must be a PNG, JPEG or WebP image';
export const PHOTO_FIELD = 'photo';
export const PHOTO_UPLOAD_PATH = '/api/auth/user/photo';

/** Where a user's photo is read; `v` changes with each upload, so browsers may cache each version. */
export function userPhotoUrl(userId: string, version: number): string {
  return `/api/users/${encodeURIComponent(userId)}/photo?v=${version}`;
}
