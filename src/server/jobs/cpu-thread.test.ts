import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { demoSnapshot } from '../../domain/reports/fixtures.ts';
import { MissingEntityIdentifierError } from '../../domain/reports/xbrl/entity.ts';
import { renderReportFile } from '../features/export/reports/render.ts';
import { runCpuTask, stopCpuThread, warmCpuThread } from './cpu-thread.ts';

// Loading the renderers in a fresh thread takes seconds on a busy machine: not what is tested.
const threadIds = () => (process.platform === 'linux' ? readdirSync('/proc/self/task') : []);
let threadsBefore = new Set<string>();
beforeAll(async () => {
  // A test file run before this one in the same process may have started the thread already (the
  // ledger's reads use it too): start a fresh one, so the thread measured below is the new one.
  stopCpuThread();
  threadsBefore = new Set(threadIds());
  warmCpuThread();
  await runCpuTask('report.render', demoSnapshot({ format: 'csv' }));
}, 60_000);
afterAll(() => stopCpuThread());

describe('runCpuTask (Bun Worker thread)', () => {
  test('renders the same PDF bytes in the thread as inline', async () => {
    const snapshot = demoSnapshot({ format: 'pdf' });
    const [threaded, inline] = await Promise.all([
      runCpuTask('report.render', snapshot),
      renderReportFile(snapshot),
    ]);
    expect(threaded.fileName).toBe(inline.fileName);
    expect(threaded.contentType).toBe('application/pdf');
    expect(threaded.bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(threaded.bytes).equals(Buffer.from(inline.bytes))).toBe(true);
  });

  test('a renderer refusal comes back as the same error class, so the job can explain it', async () => {
    const snapshot = demoSnapshot({ format: 'xbrl', framework: 'csrd' });
    snapshot.company.identifier = null;
    await expect(runCpuTask('report.render', snapshot)).rejects.toBeInstanceOf(MissingEntityIdentifierError);
  });

  test('the event loop keeps answering while a render runs in the thread', async () => {
    const renders = Array.from({ length: 3 }, () =>
      runCpuTask('report.render', demoSnapshot({ format: 'pdf' })),
    );
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await Promise.all(renders);
    clearInterval(timer);
    // Rendering inline would block the loop for the whole render; in the thread, timers keep firing.
    expect(ticks).toBeGreaterThan(3);
  });
});

describe.skipIf(process.platform !== 'linux')('the CPU thread', () => {
  /** nice of a thread: field 19 of /proc/self/task/<id>/stat (after the comm). */
  const niceOf = (id: string) => {
    const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  };
  const isWorker = (id: string) => readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim() === 'Worker';

  test('runs at nice 10, below the thread that answers requests', () => {
    const started = threadIds().filter((id) => !threadsBefore.has(id) && isWorker(id));
    expect(started.length).toBeGreaterThan(0);
    for (const id of started) expect(niceOf(id)).toBe(10);
    expect(niceOf(String(process.pid))).toBe(0);
  });
});
