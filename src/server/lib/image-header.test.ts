import { describe, expect, test } from 'bun:test';
import { gifHeader, jpegHeader, pngImage, webpHeader } from '../../../tests/fixtures/images/encode.ts';
import { fitsPixelBudget, readImageHeader } from './image-header.ts';

describe('image header', () => {
  test('reads type and size of a PNG from IHDR', () => {
    expect(readImageHeader(pngImage(64, 48))).toEqual({ contentType: 'image/png', width: 64, height: 48 });
  });

  test('finds a JPEG frame header after other segments, baseline or progressive', () => {
    expect(readImageHeader(jpegHeader(512, 512))).toEqual({
      contentType: 'image/jpeg',
      width: 512,
      height: 512,
    });
    expect(readImageHeader(jpegHeader(300, 200, 0xc2))).toEqual({
      contentType: 'image/jpeg',
      width: 300,
      height: 200,
    });
  });

  test('reads the canvas size of an extended WebP', () => {
    expect(readImageHeader(webpHeader(1024, 1024))).toEqual({
      contentType: 'image/webp',
      width: 1024,
      height: 1024,
    });
  });

  test('reads lossy (VP8) and lossless (VP8L) WebP frame headers', () => {
    const lossy = new Uint8Array(30);
    lossy.set(new TextEncoder().encode('RIFF'), 0);
    lossy.set(new TextEncoder().encode('WEBPVP8 '), 8);
    lossy.set([0x9d, 0x01, 0x2a, 0x00, 0x02, 0x00, 0x02], 23); // 512 × 512
    expect(readImageHeader(lossy)).toEqual({ contentType: 'image/webp', width: 512, height: 512 });
    const lossless = new Uint8Array(30);
    lossless.set(new TextEncoder().encode('RIFF'), 0);
    lossless.set(new TextEncoder().encode('WEBPVP8L'), 8);
    lossless[20] = 0x2f;
    new DataView(lossless.buffer).setUint32(21, (99 << 14) | 199, true); // 200 × 100
    expect(readImageHeader(lossless)).toEqual({ contentType: 'image/webp', width: 200, height: 100 });
  });

  test('reads a GIF from its first image descriptor, past extensions and the colour table', () => {
    expect(readImageHeader(gifHeader(640, 480))).toEqual({
      contentType: 'image/gif',
      width: 640,
      height: 480,
    });
    // Global colour table of 2 entries (flags 0x80), a graphic control extension, then a frame
    // that reaches past the 10 × 10 screen: the frame's extent counts.
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('GIF89a'),
      10,
      0,
      10,
      0,
      0x80,
      0,
      0,
      0,
      0,
      0,
      255,
      255,
      255,
      0x21,
      0xf9,
      4,
      0,
      0,
      0,
      0,
      0,
      0x2c,
      5,
      0,
      0,
      0,
      0x20,
      0x4e,
      3,
      0,
      0,
    ]);
    expect(readImageHeader(bytes)).toEqual({ contentType: 'image/gif', width: 20_005, height: 10 });
  });

  test('refuses other formats and broken or cut-short headers', () => {
    expect(readImageHeader(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageHeader(pngImage(10, 10).subarray(0, 20))).toBeNull();
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(readImageHeader(new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000'))).toBeNull();
    expect(readImageHeader(gifHeader(640, 480).subarray(0, 16))).toBeNull();
    expect(readImageHeader(webpHeader(100, 100).subarray(0, 20))).toBeNull();
  });

  test('refuses a zero width or height, which no decoder can allocate', () => {
    expect(readImageHeader(pngImage(1, 1).fill(0, 16, 20))).toBeNull();
    expect(readImageHeader(jpegHeader(0, 100))).toBeNull();
    expect(readImageHeader(gifHeader(0, 0))).toBeNull();
  });

  test('reads a size the header claims without decoding anything', () => {
    const claimed = pngImage(1, 1);
    new DataView(claimed.buffer).setUint32(16, 20_000);
    new DataView(claimed.buffer).setUint32(20, 20_000);
    expect(readImageHeader(claimed)).toEqual({ contentType: 'image/png', width: 20_000, height: 20_000 });
  });
});

describe('pixel budget', () => {
  const budget = { maxPixels: 25_000_000, maxSide: 12_000 };
  test('accepts an image within both the pixel count and the longest side', () => {
    expect(fitsPixelBudget({ width: 5712, height: 4284 }, budget)).toBe(true);
    expect(fitsPixelBudget({ width: 945, height: 12_000 }, budget)).toBe(true);
  });
  test('refuses too many pixels, or one side too long even when the count is small', () => {
    expect(fitsPixelBudget({ width: 20_000, height: 20_000 }, budget)).toBe(false);
    expect(fitsPixelBudget({ width: 6000, height: 4500 }, budget)).toBe(false);
    expect(fitsPixelBudget({ width: 12_001, height: 10 }, budget)).toBe(false);
  });
});
