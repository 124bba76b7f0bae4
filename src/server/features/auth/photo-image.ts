// What a profile photo is and how large, read from its first bytes: the formats' own headers
// (PNG §11.2.2 IHDR; JPEG ITU T.81 §B.2.2 frame header in a SOFn segment; WebP container spec:
// VP8X canvas size, VP8 key frame header, VP8L image header). The name and the declared type are
// not trusted, and nothing here decodes pixels.

export type PhotoContentType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface PhotoHeader {
  contentType: PhotoContentType;
  width: number;
  height: number;
}

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format from the magic bytes alone, or null for anything else. */
export function photoContentType(bytes: Uint8Array): PhotoContentType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Type and pixel size from the header; null when the type is unknown or the header is broken. */
export function readPhotoHeader(bytes: Uint8Array): PhotoHeader | null {
  const contentType = photoContentType(bytes);
  if (!contentType) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size =
    contentType === 'image/png'
      ? pngSize(bytes, view)
      : contentType === 'image/jpeg'
        ? jpegSize(view)
        : webpSize(bytes, view);
  return size ? { contentType, ...size } : null;
}

type Size = { width: number; height: number } | null;

/** The first chunk must be IHDR: width and height as big-endian 32-bit integers. */
function pngSize(bytes: Uint8Array, view: DataView): Size {
  if (bytes.length < 24 || !startsWith(bytes, ascii('IHDR'), 12)) return null;
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
