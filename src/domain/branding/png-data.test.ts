import { describe, expect, test } from 'bun:test';
import { PDFDocument } from 'pdf-lib';
import { pngBomb, pngImage, pngOf } from '../../../tests/fixtures/images/encode.ts';
import { expectedPngDataBytes, INFLATE_STEP_BYTES, measurePngData } from './png-data.ts';

const MB = 1024 * 1024;

describe('the image data a PNG header implies', () => {
  test('is one filter byte per row plus the row’s pixels in whole bytes', () => {
    expect(expectedPngDataBytes({ width: 200, height: 80, bitsPerPixel: 24, interlaced: false })).toBe(
      80 * 601,
    );
    expect(expectedPngDataBytes({ width: 10, height: 3, bitsPerPixel: 1, interlaced: false })).toBe(3 * 3);
    expect(expectedPngDataBytes({ width: 5, height: 2, bitsPerPixel: 64, interlaced: false })).toBe(2 * 41);
  });

  test('sums the seven Adam7 passes when interlaced, an empty pass adding nothing', () => {
    // 8 × 8 greyscale: passes of 1×1, 1×1, 2×1, 2×2, 4×2, 4×4 and 8×4 pixels.
    expect(expectedPngDataBytes({ width: 8, height: 8, bitsPerPixel: 8, interlaced: true })).toBe(
      2 + 2 + 3 + 6 + 10 + 20 + 36,
    );
    // 1 × 1: only the first pass has a pixel.
    expect(expectedPngDataBytes({ width: 1, height: 1, bitsPerPixel: 24, interlaced: true })).toBe(4);
  });
});

describe('measuring a PNG’s image data', () => {
  test('a real image fits exactly, interlaced too (pdf-lib embeds both)', async () => {
    const plain = pngImage(200, 80);
    expect(measurePngData(plain)).toEqual({ expectedBytes: 80 * 601, inflatedBytes: 80 * 601, fits: true });
    const interlaced = pngOf(8, 8, new Uint8Array(79), { colourType: 0, interlace: 1 });
    expect(measurePngData(interlaced)).toEqual({ expectedBytes: 79, inflatedBytes: 79, fits: true });
    const doc = await PDFDocument.create();
    await doc.embedPng(plain);
    await doc.embedPng(interlaced);
  });

  test('stops a 100 × 100 bomb of 64 MB after about one step past the 30 KB its header allows', () => {
    const bomb = pngBomb(100, 100, 64 * MB);
    expect(bomb.length).toBeLessThan(256 * 1024);
    const measure = measurePngData(bomb);
    expect(measure?.fits).toBe(false);
    expect(measure?.expectedBytes).toBe(100 * 301);
    // One step of compressed input inflates to at most about 1032 times its size.
    expect(measure!.inflatedBytes).toBeLessThanOrEqual(100 * 301 + 1100 * INFLATE_STEP_BYTES);
  });

  test('is null for a PNG cut short, a broken stream or an impossible colour type and depth', () => {
    expect(measurePngData(pngImage(64, 64).slice(0, 40))).toBeNull();
    const broken = pngImage(64, 64);
    broken.fill(0xff, 41, 60); // inside the IDAT's zlib stream
    expect(measurePngData(broken)).toBeNull();
    expect(measurePngData(pngOf(4, 4, new Uint8Array(4 * 13), { colourType: 2, bitDepth: 4 }))).toBeNull();
    expect(measurePngData(pngOf(4, 4, new Uint8Array(4 * 13), { colourType: 5 }))).toBeNull();
  });
});
