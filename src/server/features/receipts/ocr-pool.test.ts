// The pool's failure handling with the real tesseract.js engine (decision 039): an engine whose
// thread dies, or that is still reading at the time limit, is replaced, the scan answers 422 and
// the next scan is read by a fresh engine. Gates, not clocks: the time limit is injected.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { pngImage } from '../../../../tests/fixtures/images/encode.ts';
import { HttpError } from '../../lib/errors.ts';
import { OcrPool, SLOW_IMAGE_MESSAGE, type TimeLimit, UNREADABLE_IMAGE_MESSAGE } from './ocr-pool.ts';

/** The worker threads tesseract.js starts, as the process announces them (Node's 'worker' event). */
const threads: { terminate(): Promise<number> }[] = [];
const remember = (thread: { terminate(): Promise<number> }) => threads.push(thread);

/** A time limit a test expires by hand: `nextLimit()` resolves with the next scan's, once it starts. */
let announceLimit: (expire: () => void) => void = () => {};
const nextLimit = () =>
  new Promise<() => void>((resolve) => {
    announceLimit = resolve;
  });
const gatedLimit: TimeLimit = () => {
  let expire = () => {};
  const expired = new Promise<void>((resolve) => {
    expire = resolve;
  });
  announceLimit(expire);
  return { expired, cancel: () => {} };
};

const pool = new OcrPool(1, gatedLimit);
const blank = pngImage(120, 40, [255, 255, 255]);

beforeAll(() => {
  process.on('worker', remember);
});
afterAll(async () => {
  process.off('worker', remember);
  await pool.close();
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  const { status, code, message } = error as HttpError;
  return { status, code, message };
}

describe('OCR pool failures', () => {
  test('answers 422 for an image the engine cannot decode and reads the next one on a new engine', async () => {
    await pool.warm();
    const before = threads.length;
    expect(await refusal(pool.recognize(blank.slice(0, 33)))).toEqual({
      status: 422,
      code: 'unreadable_image',
      message: UNREADABLE_IMAGE_MESSAGE,
    });
    expect(await pool.recognize(blank)).toBeString();
    expect(threads.length).toBe(before + 1);
    expect(pool.liveEngines).toBe(1);
  }, 30_000);

  test('answers 422 when the engine thread dies during a scan, and the next scan works', async () => {
    await pool.warm();
    const scanning = pool.recognize(blank);
    await threads.at(-1)!.terminate();
    expect((await refusal(scanning)).code).toBe('unreadable_image');
    expect(await pool.recognize(blank)).toBeString();
    expect(pool.liveEngines).toBe(1);
  }, 30_000);

  test('replaces an idle engine whose thread has exited before the next scan', async () => {
    await pool.warm();
    const before = threads.length;
    await threads.at(-1)!.terminate();
    expect(await pool.recognize(blank)).toBeString();
    expect(threads.length).toBe(before + 1);
  }, 30_000);

  test('stops a scan still running at its time limit with 422, and the next scan works', async () => {
    await pool.warm();
    const started = nextLimit();
    const scanning = pool.recognize(blank);
    (await started)();
    expect(await refusal(scanning)).toEqual({
      status: 422,
      code: 'image_too_slow',
      message: SLOW_IMAGE_MESSAGE,
    });
    expect(await pool.recognize(blank)).toBeString();
    expect(pool.liveEngines).toBe(1);
  }, 30_000);
});
