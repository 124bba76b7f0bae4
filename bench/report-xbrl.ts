// Inline XBRL report package of the demo snapshot. Budget: under 200 ms. Median of ten renders
// after two warm-up renders. Prints nothing; bench/run.ts reports.
import { demoSnapshot } from '../src/domain/reports/fixtures.ts';
import { renderInlineXbrl } from '../src/domain/reports/xbrl/inline-xbrl.ts';

export async function benchInlineXbrl(samples = 10): Promise<{ ms: number }> {
  const snapshot = demoSnapshot({ format: 'xbrl' });
  for (let warmUp = 0; warmUp < 2; warmUp++) await renderInlineXbrl(snapshot);
  const timings: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const started = performance.now();
    await renderInlineXbrl(snapshot);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const middle = Math.floor(timings.length / 2);
  const ms = timings.length % 2 === 0 ? (timings[middle - 1]! + timings[middle]!) / 2 : timings[middle]!;
  return { ms };
}
