import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { startInBackgroundPriority } from './thread-priority.ts';

/** nice of a thread of this process: field 19 of /proc/self/task/<id>/stat (after the comm). */
function niceOf(id: string): number {
  const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

const threads = () => readdirSync('/proc/self/task');
const name = (id: string) => readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim();

describe.skipIf(process.platform !== 'linux')('startInBackgroundPriority', () => {
  test('the Worker thread it starts runs at nice 10; the threads that serve requests stay at 0', async () => {
    const before = new Set(threads());
    const worker = await startInBackgroundPriority(async () => {
      const started = new Worker(URL.createObjectURL(new Blob(['setInterval(() => {}, 1000);'])));
      // The thread exists once the worker has started running its script.
      await new Promise((resolve) => setTimeout(resolve, 200));
      return started;
    });
    try {
      const created = threads().filter((id) => !before.has(id) && name(id) === 'Worker');
      expect(created.length).toBeGreaterThan(0);
      for (const id of created) expect(niceOf(id)).toBe(10);
      expect(niceOf(String(process.pid))).toBe(0);
    } finally {
      worker.terminate();
    }
  });
});

describe.skipIf(process.platform !== 'linux')('runThisThreadInBackground', () => {
  test('lowers the thread that calls it, not the others', async () => {
    const before = new Set(threads());
    const module = JSON.stringify(new URL('./thread-priority.ts', import.meta.url).href);
    const source = `import { runThisThreadInBackground } from ${module};
await runThisThreadInBackground();
postMessage('lowered');
setInterval(() => {}, 1000);`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    try {
      await new Promise((resolve) => {
        worker.onmessage = resolve;
      });
      const created = threads().filter((id) => !before.has(id) && name(id) === 'Worker');
      expect(created.length).toBe(1);
      expect(niceOf(created[0]!)).toBe(10);
      expect(niceOf(String(process.pid))).toBe(0);
    } finally {
      worker.terminate();
    }
  });
});
