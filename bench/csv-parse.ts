// CSV import throughput: a generated file streamed through readImport (never one big string), timed,
// with the heap sampled as it goes. Prints nothing; bench/run.ts reports the figures.
import { readImport } from '../src/domain/activity-import/import-plan.ts';

const SITES = ['London HQ', 'Leeds Depot', 'Bristol Office', 'Glasgow Warehouse'];
const LINES: ((i: number) => string)[] = [
  (i) =>
    `2025-01-01;2025-01-31;${SITES[i % 4]};electricity;;${1000 + (i % 9000)},5;kWh;;;measured;MPAN ${i};`,
  (i) =>
    `01/02/2025;;${SITES[i % 4]};natural_gas;;${(i % 7) + 1}.${String(i % 1000).padStart(3, '0')},25;kWh;;;measured;MPRN ${i};gross`,
  (i) => `2025-02;;${SITES[i % 4]};diesel;;${i % 500},0;litres;;;;"Fuel card; INV ${i}";`,
  (i) =>
    `2025-03-04;;${SITES[i % 4]};flight;long_haul_economy;${5000 + i};passenger_km;;;activity_average;"TRIP ""${i}""";`,
  (i) =>
    `2025-03-05;;${SITES[i % 4]};purchased_goods;541611;;;${(i % 90) + 1}.${String(i % 1000).padStart(3, '0')},00;GBP;;"INV ${i}\nsecond line";`,
];
const HEADER =
  'Date;Period end;Site;Category;Variant;Quantity;Unit;Spend;Currency;Data quality;Reference;Calorific basis\n';
const ROWS_PER_CHUNK = 1000;

function heapMB(): number {
  const usage = (
    globalThis as { process?: { memoryUsage?: () => { heapUsed: number } } }
  ).process?.memoryUsage?.();
  return usage ? usage.heapUsed / (1024 * 1024) : 0;
}

/** `onChunk` runs before each generated chunk (about 1,000 rows): the heap is sampled there. */
/** A semicolon-separated, decimal-comma CSV with BOM and LF lines (one quoted field spans two lines), generated chunk by chunk. */
function generatedCsv(rows: number, onChunk: () => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${HEADER}`));
    },
    pull(controller) {
      onChunk();
      if (next >= rows) {
        controller.close();
        return;
      }
      const end = Math.min(rows, next + ROWS_PER_CHUNK);
      let text = '';
      for (let i = next; i < end; i++) text += `${LINES[i % LINES.length]!(i)}\n`;
      next = end;
      controller.enqueue(encoder.encode(text));
    },
  });
}

export async function benchCsvParse(rows = 100_000): Promise<{ seconds: number; peakHeapMB: number }> {
  let peak = heapMB();
  const sample = () => {
    const now = heapMB();
    if (now > peak) peak = now;
  };
  const started = performance.now();
  const lines = readImport(generatedCsv(rows, sample), { maxBytes: Number.POSITIVE_INFINITY });
  let valid = 0;
  for (;;) {
    const step = await lines.next();
    if (step.done) {
      if (step.value.validCount !== rows || valid !== rows) {
        throw new Error(`benchCsvParse: expected ${rows} valid rows, got ${step.value.validCount}`);
      }
      break;
    }
    valid += step.value.length;
  }
  const seconds = (performance.now() - started) / 1000;
  sample();
  return { seconds, peakHeapMB: Math.round(peak * 10) / 10 };
}
