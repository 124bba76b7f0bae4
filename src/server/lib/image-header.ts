// What an uploaded image is and how large, read from its first bytes only: the formats' own
// headers (PNG §11.2.2 IHDR; JPEG ITU T.81 §B.2.2 frame header in a SOFn segment; GIF89a §18 logical
// screen and §20 image descriptor; WebP container spec: VP8X canvas size, VP8 key frame header, VP8L
// image header). The name and the declared type are not trusted, and nothing here decodes pixels:
// every feature that takes an image (profile photo, branding logo, receipt scanning) asks this
// module for the size and refuses what is too large before any decoder sees it (decision 039).

export type ImageContentType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

export interface ImageHeader {
  contentType: ImageContentType;
  width: number;
  height: number;
}

/** The largest image a feature agrees to decode: total pixels and the longest side. */
export interface PixelBudget {
  maxPixels: number;
  maxSide: number;
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format from the magic bytes alone, or null for anything else. */
export function imageContentType(bytes: Uint8Array): ImageContentType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  return null;
}

/**
 * Type and pixel size from the header; null when the type is unknown or the header is broken or
 * cut short (a zero side counts as broken: no format allows one here).
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const contentType = imageContentType(bytes);
  if (!contentType) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = SIZE_READERS[contentType](bytes, view);
  if (!size || size.width < 1 || size.height < 1) return null;
  return { contentType, ...size };
}

/** Whether an image of this size stays inside the budget (both sides and the pixel count). */
export function fitsPixelBudget(size: { width: number; height: number }, budget: PixelBudget): boolean {
  return (
    size.width <= budget.maxSide &&
    size.height <= budget.maxSide &&
    size.width * size.height <= budget.maxPixels
  );
}

type Size = { width: number; height: number } | null;

const SIZE_READERS: Record<ImageContentType, (bytes: Uint8Array, view: DataView) => Size> = {
  'image/png': pngSize,
  'image/jpeg': (_bytes, view) => jpegSize(view),
  'image/webp': webpSize,
  'image/gif': gifSize,
};

/** The first chunk must be IHDR (13 bytes): width and height as big-endian 32-bit integers. */
function pngSize(bytes: Uint8Array, view: DataView): Size {
  if (bytes.length < 24 || view.getUint32(8) !== 13 || !startsWith(bytes, ascii('IHDR'), 12)) return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Walks the marker segments up to the first start-of-frame (SOF0–SOF15 except DHT, JPG, DAC). */
function jpegSize(view: DataView): Size {
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    if (view.getUint8(offset) !== 0xff) return null;
    const marker = view.getUint8(offset + 1);
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before any frame
    const length = view.getUint16(offset + 2);
    if (length < 2) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 9 > view.byteLength) return null;
      // A height of 0 defers to a later DNL segment; no receipt or photo needs that, so it reads as 0.
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

function webpSize(bytes: Uint8Array, view: DataView): Size {
  if (bytes.length < 30) return null;
  const uint24 = (at: number) =>
    view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getUint8(at + 2) << 16);
  if (startsWith(bytes, ascii('VP8X'), 12)) return { width: uint24(24) + 1, height: uint24(27) + 1 };
  if (startsWith(bytes, ascii('VP8 '), 12)) {
    // Key frame start code 9d 01 2a, then 14-bit width and height (2 scale bits above each).
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (startsWith(bytes, ascii('VP8L'), 12)) {
    if (view.getUint8(20) !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/**
 * The logical screen, grown to the first frame's extent: a frame may reach past the screen it is
 * drawn on, and decoders allocate for the frame. No frame before the end of the bytes reads as
 * broken, so a GIF cut after its header is refused here rather than by the decoder.
 */
function gifSize(bytes: Uint8Array, view: DataView): Size {
  if (bytes.length < 13) return null;
  const screen = { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  const flags = view.getUint8(10);
  let offset = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  while (offset < bytes.length) {
    const block = view.getUint8(offset);
    if (block === 0x2c) {
      if (offset + 9 > bytes.length) return null;
      const left = view.getUint16(offset + 1, true);
      const top = view.getUint16(offset + 3, true);
      const width = view.getUint16(offset + 5, true);
      const height = view.getUint16(offset + 7, true);
      if (width === 0 || height === 0) return null;
      return {
        width: Math.max(screen.width, left + width),
        height: Math.max(screen.height, top + height),
      };
    }
    if (block !== 0x21) return null; // only extensions may come before the first frame
    offset += 2; // introducer and label, then data sub-blocks up to a zero-length one
    while (offset < bytes.length && view.getUint8(offset) !== 0) offset += 1 + view.getUint8(offset);
    offset += 1;
  }
  return null;
}
