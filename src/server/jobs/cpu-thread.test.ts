import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { demoSnapshot } from '../../domain/reports/fixtures.ts';
import { MissingEntityIdentifierError } from '../../domain/reports/xbrl/entity.ts';
import { renderReportFile } from '../features/export/reports/render.ts';
import { runCpuTask, stopCpuThread, warmCpuThread } from './cpu-thread.ts';

// Loading the renderers in a fresh thread takes seconds on a busy machine: not what is tested.
beforeAll(async () => {
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
