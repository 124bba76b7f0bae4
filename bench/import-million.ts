// Import at a million lines (issue 20 item 4): ten files of 100,000 distinct rows imported one
// after the other into one company through the real HTTP endpoint, the server in a child process
// (bench/child-app.ts). Figures: each file's time, the tenth against the first (linearity), the
// server's peak resident memory over the ten, the ledger's bytes per line on disk and the total.
// Budgets: the tenth file within 1.3× of the first, ≤ 500 bytes per line, < 300 MB, ≤ 30 s.
// Each file's server CPU and bytes written are printed beside its time: on a loaded machine they
// say whether the ledger's size or the load made a file slower (bench/notes/ledger-import.md).
// Heavy (about half a minute): `bun bench/import-million.ts` alone, or `npm run bench`.
import { Database } from 'bun:sqlite';
import { readFileSync } from 'node:fs';
import { serveChildApp, signUpBenchUser, startChildApp } from './child-app.ts';
import { IMPORT_ROWS, importCsv, peakRssMB, resetPeak, SITES } from './import.ts';

export const MILLION_FILES = 10;

/** Pages in use (the write-ahead log's included: SQLite reads the newest version) in bytes. */
function databaseBytes(path: string): number {
  const database = new Database(path, { readonly: true });
  try {
    const pragma = (name: string) => Number(Object.values(database.query(`PRAGMA ${name}`).get()!)[0]);
    return (pragma('page_count') - pragma('freelist_count')) * pragma('page_size');
  } finally {
    database.close();
  }
}

/**
 * The server's CPU seconds (user + system; Linux counts them in USER_HZ, 100 a second) and the
 * bytes it has written to storage (`write_bytes`, MB), from /proc; NaN elsewhere. On a shared
 * machine a file's CPU and writes move far less with the load than its wall time.
 */
function serverWork(pid: number): { cpuSeconds: number; writtenMB: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const io = /^write_bytes: (\d+)/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
    return { cpuSeconds: (Number(stat[11]) + Number(stat[12])) / 100, writtenMB: Number(io?.[1]) / 1e6 };
  } catch {
    return { cpuSeconds: Number.NaN, writtenMB: Number.NaN };
  }
}

export interface MillionImport {
  fileSeconds: number[];
  /** Each file's server CPU (s) and bytes written to storage (MB): the write-ahead log and its checkpoints. */
  fileCpuSeconds: number[];
  fileWrittenMB: number[];
  totalSeconds: number;
  /** The tenth file's time over the first's. */
  linearity: number;
  /** The same for the server's CPU. */
  cpuLinearity: number;
  bytesPerLine: number;
  peakRssMB: number;
}

export async function benchImportMillion(): Promise<MillionImport> {
  const { child, origin, databasePath } = await startChildApp(import.meta.path);
  try {
    const headers = { Origin: origin, Cookie: await signUpBenchUser(origin, 'million-bench@example.com') };
    for (const [index, name] of SITES.entries()) {
      await fetch(`${origin}/api/sites`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, country: index === 1 ? 'FR' : 'GB' }),
      });
    }
    const emptyBytes = databaseBytes(databasePath);
    resetPeak(child.pid);
    const fileSeconds: number[] = [];
    const fileCpuSeconds: number[] = [];
    const fileWrittenMB: number[] = [];
    for (let file = 0; file < MILLION_FILES; file++) {
      const form = new FormData();
      const csv = importCsv(IMPORT_ROWS, file * IMPORT_ROWS);
      form.append('file', new File([csv], `bench-${file}.csv`, { type: 'text/csv' }));
      const before = serverWork(child.pid);
      const started = performance.now();
      const response = await fetch(`${origin}/api/activities/import`, {
        method: 'POST',
        headers,
        body: form,
      });
      const answer = (await response.json()) as { imported?: number };
      fileSeconds.push((performance.now() - started) / 1000);
      const after = serverWork(child.pid);
      fileCpuSeconds.push(after.cpuSeconds - before.cpuSeconds);
      fileWrittenMB.push(after.writtenMB - before.writtenMB);
      if (response.status !== 201 || answer.imported !== IMPORT_ROWS) {
        throw new Error(
          `million bench, file ${file}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`,
        );
      }
    }
    const lines = MILLION_FILES * IMPORT_ROWS;
    return {
      fileSeconds,
      fileCpuSeconds,
      fileWrittenMB,
      totalSeconds: fileSeconds.reduce((sum, seconds) => sum + seconds, 0),
      linearity: fileSeconds.at(-1)! / fileSeconds[0]!,
      cpuLinearity: fileCpuSeconds.at(-1)! / fileCpuSeconds[0]!,
      bytesPerLine: (databaseBytes(databasePath) - emptyBytes) / lines,
      peakRssMB: peakRssMB(child.pid),
    };
  } finally {
    child.kill('SIGTERM');
    await child.exited;
  }
}

if (import.meta.main) {
  if (process.argv.includes('--serve')) await serveChildApp({ name: 'import-million' });
  else process.stdout.write(`${JSON.stringify(await benchImportMillion(), null, 1)}\n`);
}
