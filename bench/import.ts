// CSV import: a 100,000-row file through the real HTTP endpoint (Bun.serve, multipart upload)
// on a fresh database file. The server runs in a child process (this file with `--serve`), so
// its peak resident memory (Linux VmHWM) is the server's own, not the client's copy of the file.
// Budget: under 5 s from sending to the answer, under 300 MB. Prints nothing; bench/run.ts reports.
import { readFileSync, writeFileSync } from 'node:fs';
import { serveChildApp, signUpBenchUser, startChildApp } from './child-app.ts';

export const IMPORT_ROWS = 100_000;

export const SITES = ['Bristol bakery', 'Lyon shop', 'Leeds depot', 'London office'];
/** A realistic mix of what SMEs import: bills, fuel cards, travel, waste, spend. */
const ROWS: ((i: number, date: string, site: string) => string)[] = [
  (i, date, site) => `${date},${site},electricity,,${800 + (i % 4000)},kWh,,,MPAN ${i}`,
  (i, date, site) => `${date},${site},natural_gas,,${500 + (i % 9000)}.5,kWh,,,MPRN ${i}`,
  (i, date, site) => `${date},${site},diesel,,${20 + (i % 80)},litres,,,"Fuel card, INV ${i}"`,
  (i, date, site) => `${date},${site},flight,short_haul_economy,${400 + (i % 2000)},passenger_km,,,TRIP-${i}`,
  (i, date, site) => `${date},${site},hotel,GB,${1 + (i % 4)},room_night,,,TRIP-${i}`,
  (i, date, site) => `${date},${site},water,,${1 + (i % 50)},m3,,,WB-${i}`,
  (i, date, site) => `${date},${site},waste,food_landfill,${10 + (i % 400)},kg,,,WTN-${i}`,
  (i, date, site) => `${date},${site},purchased_goods,541611,,,${100 + (i % 5000)}.00,GBP,INV-${i}`,
];

/**
 * The benchmark file: every row distinct, dated across 2025, four sites (one in France). Files of
 * different `first` rows share no row (bench/import-million.ts imports ten of them).
 */
export function importCsv(rows = IMPORT_ROWS, first = 0): string {
  const lines = ['date,site,category,variant,quantity,unit,spend,currency,reference'];
  for (let i = first; i < first + rows; i++) {
    const date = `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    lines.push(ROWS[i % ROWS.length]!(i, date, SITES[i % SITES.length]!));
  }
  return `${lines.join('\n')}\n`;
}

/** Peak resident set of a process (Linux /proc), in MB; NaN where /proc is missing. */
export function peakRssMB(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Starts a new high-water mark from the current resident set (Linux clear_refs "5"). */
export function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux: the peak then includes start-up.
  }
}

export async function benchImport(): Promise<{ seconds: number; peakRssMB: number }> {
  const { child, origin } = await startChildApp(import.meta.path);
  try {
    const headers = { Origin: origin, Cookie: await signUpBenchUser(origin, 'import-bench@example.com') };
    for (const [index, name] of SITES.entries()) {
      await fetch(`${origin}/api/sites`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, country: index === 1 ? 'FR' : 'GB' }),
      });
    }
    const form = new FormData();
    form.append('file', new File([importCsv()], 'bench.csv', { type: 'text/csv' }));
    // Forget the peak of what came before (argon2id at sign-up alone takes 64 MiB): from here on,
    // VmHWM is the import's own high-water mark (Linux: clear_refs "5" resets it).
    resetPeak(child.pid);
    const started = performance.now();
    const response = await fetch(`${origin}/api/activities/import`, { method: 'POST', headers, body: form });
    const answer = (await response.json()) as { imported?: number };
    const seconds = (performance.now() - started) / 1000;
    if (response.status !== 201 || answer.imported !== IMPORT_ROWS) {
      throw new Error(`import bench: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
    }
    return { seconds, peakRssMB: peakRssMB(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await child.exited;
  }
}

if (import.meta.main && process.argv.includes('--serve')) await serveChildApp({ name: 'import' });
