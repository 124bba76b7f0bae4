// How much pixel data a PNG logo unpacks to, measured with a cap. The header's size is checked
// first (server/lib/image-header.ts), but a decoder that inflates the whole IDAT stream (pdf-lib's
// embedPng does) is not bounded by it: a 100 × 100 image whose IDAT inflates to hundreds of
// megabytes is a valid zlib stream in a small file. So the stream is inflated here in small
// pieces, counting, and the count stops as soon as it passes what the header allows; the upload
// and every report's cover ask first (decision 039, follow-ups).
import { Unzlib } from 'fflate';

const PNG_SIGNATURE_LENGTH = 8;
/** Compressed bytes per inflate step: deflate's largest ratio (about 1032:1) keeps one step's output near 1 MB. */
export const INFLATE_STEP_BYTES = 1024;

/** PNG §11.2.2: channels per colour type, and the bit depths each allows. */
const COLOUR_TYPES: Record<number, { channels: number; depths: readonly number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] }, // greyscale
  2: { channels: 3, depths: [8, 16] }, // truecolour
  3: { channels: 1, depths: [1, 2, 4, 8] }, // indexed
  4: { channels: 2, depths: [8, 16] }, // greyscale with alpha
  6: { channels: 4, depths: [8, 16] }, // truecolour with alpha
};

/** PNG §8.2 Adam7: each pass's first column and row, and its steps across and down. */
const ADAM7_PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

interface PngLayout {
  width: number;
  height: number;
  bitsPerPixel: number;
  interlaced: boolean;
}

/**
 * The size of the filtered image data the header implies (PNG §7.2, §8.2): each row is one filter
 * byte and its pixels rounded up to whole bytes; an interlaced image is seven smaller images, an
 * empty pass contributing nothing.
 */
export function expectedPngDataBytes(layout: PngLayout): number {
  const rowBytes = (width: number) => 1 + Math.ceil((width * layout.bitsPerPixel) / 8);
  if (!layout.interlaced) return layout.height * rowBytes(layout.width);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7_PASSES) {
    const passWidth = Math.ceil(Math.max(0, layout.width - x0) / dx);
    const passHeight = Math.ceil(Math.max(0, layout.height - y0) / dy);
    if (passWidth > 0 && passHeight > 0) total += passHeight * rowBytes(passWidth);
  }
  return total;
}

export interface PngDataMeasure {
  /** What the header implies. */
  expectedBytes: number;
  /** What was inflated before stopping: at most one step past `expectedBytes`. */
  inflatedBytes: number;
  /** The IDAT stream unpacks to no more than the header implies. */
  fits: boolean;
}

/**
 * Reads IHDR and walks the chunks, inflating the IDAT data as it comes, and stops once more than
 * the header implies has come out. Null when the file is no well-formed PNG (unknown colour type
 * or bit depth, a chunk longer than the file, no IDAT, a broken zlib stream).
 */
export function measurePngData(bytes: Uint8Array): PngDataMeasure | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < PNG_SIGNATURE_LENGTH + 25 || chunkType(bytes, 12) !== 'IHDR') return null;
  const colour = COLOUR_TYPES[bytes[25]!];
  const bitDepth = bytes[24]!;
  const interlace = bytes[28]!;
  if (!colour?.depths.includes(bitDepth) || interlace > 1) return null;
  const expectedBytes = expectedPngDataBytes({
    width: view.getUint32(16),
    height: view.getUint32(20),
    bitsPerPixel: colour.channels * bitDepth,
    interlaced: interlace === 1,
  });

  let inflatedBytes = 0;
  let sawData = false;
  const stream = new Unzlib((data) => {
    inflatedBytes += data.length;
  });
  try {
    for (let offset = PNG_SIGNATURE_LENGTH; offset + 12 <= bytes.length; ) {
      const length = view.getUint32(offset);
      const dataStart = offset + 8;
      if (dataStart + length + 4 > bytes.length) return null;
      const type = chunkType(bytes, offset + 4);
      if (type === 'IEND') break;
      if (type === 'IDAT') {
        sawData = true;
        for (let at = dataStart; at < dataStart + length; at += INFLATE_STEP_BYTES) {
          stream.push(bytes.subarray(at, Math.min(at + INFLATE_STEP_BYTES, dataStart + length)));
          if (inflatedBytes > expectedBytes) return { expectedBytes, inflatedBytes, fits: false };
        }
      }
      offset = dataStart + length + 4;
    }
  } catch {
    return null; // fflate throws on a broken stream
  }
  return sawData ? { expectedBytes, inflatedBytes, fits: true } : null;
}

const chunkType = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
