import { afterAll, beforeAll } from 'bun:test';
import { demoSnapshot } from '../../src/domain/reports/fixtures.ts';
import { runCpuTask, stopCpuThread, warmCpuThread } from '../../src/server/jobs/cpu-thread.ts';

/**
 * For files whose jobs render reports: loads the renderers into the CPU thread before the tests
 * (seconds on a busy machine, which is not what they test) and stops the thread after.
 */
export function warmRenderThreadForFile(): void {
  beforeAll(async () => {
    warmCpuThread();
    await runCpuTask('report.render', demoSnapshot({ format: 'csv' }));
  }, 60_000);
  afterAll(() => stopCpuThread());
}
