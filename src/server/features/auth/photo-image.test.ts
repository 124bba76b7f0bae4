import { describe, expect, test } from 'bun:test';
import { jpegHeader, pngImage, webpHeader } from '../../../../tests/fixtures/images/encode.ts';
import { readPhotoHeader } from './photo-image.ts';

describe('photo header', () => {
  test('reads type and size of a PNG from IHDR', () => {
    expect(readPhotoHeader(pngImage(64, 48))).toEqual({ contentType: 'image/png', width: 64, height: 48 });
  });

  test('finds a JPEG frame header after other segments, baseline or progressive', () => {
    expect(readPhotoHeader(jpegHeader(512, 512))).toEqual({
      contentType: 'image/jpeg',
      width: 512,
      height: 512,
    });
    expect(readPhotoHeader(jpegHeader(300, 200, 0xc2))).toEqual({
      contentType: 'image/jpeg',
      width: 300,
      height: 200,
    });
  });

  test('reads the canvas size of an extended WebP', () => {
    expect(readPhotoHeader(webpHeader(1024, 1024))).toEqual({
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
    expect(readPhotoHeader(lossy)).toEqual({ contentType: 'image/webp', width: 512, height: 512 });
    const lossless = new Uint8Array(30);
    lossless.set(new TextEncoder().encode('RIFF'), 0);
    lossless.set(new TextEncoder().encode('WEBPVP8L'), 8);
    lossless[20] = 0x2f;
    new DataView(lossless.buffer).setUint32(21, (99 << 14) | 199, true); // 200 × 100
    expect(readPhotoHeader(lossless)).toEqual({ contentType: 'image/webp', width: 200, height: 100 });
  });

  test('refuses other formats and broken headers', () => {
    expect(readPhotoHeader(new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000'))).toBeNull();
    expect(readPhotoHeader(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readPhotoHeader(pngImage(10, 10).subarray(0, 20))).toBeNull();
    expect(readPhotoHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });
});
