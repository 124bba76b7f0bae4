import { describe, expect, test } from 'bun:test';
import { loadOnce, type OpenableControl } from './deferred-control';

const Control: OpenableControl = () => null;

describe('loadOnce', () => {
  test('downloads once however many triggers ask', async () => {
    let downloads = 0;
    const load = loadOnce(async () => {
      downloads += 1;
      return Control;
    });
    const [first, second] = await Promise.all([load(), load()]);
    expect(await load()).toBe(Control);
    expect(first).toBe(second);
    expect(downloads).toBe(1);
  });

  test('forgets a failed download so the next click tries again', async () => {
    let attempts = 0;
    const load = loadOnce(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return Control;
    });
    await expect(load()).rejects.toThrow('offline');
    expect(await load()).toBe(Control);
    expect(attempts).toBe(2);
  });
});
