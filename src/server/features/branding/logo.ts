import { measurePngData } from '../../../domain/branding/png-data.ts';
import {
  LOGO_CONTENT_TYPES,
  LOGO_FIELD,
  LOGO_TOO_LARGE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  type LogoContentType,
  MAX_LOGO_BYTES,
  MAX_LOGO_DIMENSION,
  MIN_LOGO_DIMENSION,
} from '../../../domain/contracts/branding.ts';
import { HttpError } from '../../lib/errors.ts';
import { readImageHeader } from '../../lib/image-header.ts';

export const logoTooLarge = () => new HttpError(413, LOGO_TOO_LARGE_MESSAGE, 'payload_too_large');

const logoFieldError = (message: string, status: 400 | 422 = 422) =>
  new HttpError(status, message, 'validation_failed', {
    formErrors: [],
    fieldErrors: { [LOGO_FIELD]: [message] },
  });

export interface CheckedLogo {
  contentType: LogoContentType;
  bytes: Uint8Array;
  width: number;
  height: number;
}

const isLogoType = (type: string): type is LogoContentType =>
  (LOGO_CONTENT_TYPES as readonly string[]).includes(type);

/** multipart/form-data with the logo in the field `logo`, as the profile photo. */
export const LOGO_FORM = { field: LOGO_FIELD, noun: 'the logo', missingMessage: 'Choose a logo to upload' };

/**
 * The uploaded logo, checked as the profile photo is (lib/image-header.ts: type from the magic bytes,
 * pixel size from the header; the name and the declared type are not trusted), but PNG and JPEG
 * only, and finally handed to pdf-lib: a file it cannot embed would fail every report later, so it
 * is refused now, in words, instead. pdf-lib's embedPng inflates a PNG's whole IDAT stream, here
 * and in every report, so that stream is first measured against the header's size with a cap
 * (domain/branding/png-data.ts); embedJpg reads the frame header only and copies the JPEG as it is.
 */
export async function checkLogo(file: File): Promise<CheckedLogo> {
  if (file.size > MAX_LOGO_BYTES) throw logoTooLarge();
  if (file.size === 0) throw logoFieldError('The logo file is empty', 400);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const header = readImageHeader(bytes);
  if (!header || !isLogoType(header.contentType)) {
    throw new HttpError(415, LOGO_TYPE_MESSAGE, 'unsupported_media_type');
  }
  const { width, height } = header;
  const outOfBounds = (side: number) => side > MAX_LOGO_DIMENSION || side < MIN_LOGO_DIMENSION;
  if (outOfBounds(width) || outOfBounds(height)) {
    throw logoFieldError(
      `The logo must be between ${MIN_LOGO_DIMENSION} and ${MAX_LOGO_DIMENSION} pixels on each side (it is ${width}×${height})`,
    );
  }
  const unreadable = () =>
    logoFieldError(
      `The logo could not be read as a ${header.contentType === 'image/png' ? 'PNG' : 'JPEG'} image`,
    );
  if (header.contentType === 'image/png') {
    const data = measurePngData(bytes);
    if (!data) throw unreadable();
    if (!data.fits) {
      throw logoFieldError(
        `The logo's image data is larger than a ${width}×${height} picture can hold. Save it again from an image editor and upload that file`,
      );
    }
  }
  // pdf-lib loads on the first logo, not with the server (bench/notes/ledger-import.md, "What
  // the server loads at start").
  const { PDFDocument } = await import('pdf-lib');
  try {
    const doc = await PDFDocument.create();
    if (header.contentType === 'image/png') await doc.embedPng(bytes);
    else await doc.embedJpg(bytes);
  } catch {
    throw unreadable();
  }
  return { contentType: header.contentType, bytes, width, height };
}
