// Start-up cost of the factor library: building it from the committed publisher files, the first
// seed of `emission_factors` on an empty database, and the seed on an existing one (new ids only).
// Runs in a child process so module state (the parsed library, the per-handle seed) starts cold,
// as at a server start. Budgets (decision 047): load + seed on an existing database < 300 ms,
// first seed (load included) < 2 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FactorLibraryBench {
  factors: number;
  loadMs: number;
  firstSeedMs: number;
  restartMs: number;
}

async function measure(): Promise<FactorLibraryBench> {
  const { createLibsqlDb } = await import('../db/client.ts');
  const { migrateDatabase } = await import('../db/migrate.ts');
  const dir = mkdtempSync(join(tmpdir(), 'factor-bench-'));
  try {
    const url = `file:${join(dir, 'bench.db')}`;
    const first = createLibsqlDb({ url });
    await migrateDatabase(first.db, first.client, url);
    const seed = await import('../db/reference/factors/seed.ts');
    let started = performance.now();
    const factors = seed.factorLibrary().factors.length;
    const loadMs = performance.now() - started;
    started = performance.now();
    await seed.insertMissingFactors(first.db);
    const firstSeedMs = performance.now() - started + loadMs;
    first.client.close();
    // A restart: a new process would parse the library again and find every id already stored.
    const again = createLibsqlDb({ url });
    started = performance.now();
    await seed.insertMissingFactors(again.db);
    const restartMs = performance.now() - started + loadMs;
    again.client.close();
    return { factors, loadMs, firstSeedMs, restartMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the measurement in a fresh Bun process and returns its figures. */
export async function benchFactorLibrary(): Promise<FactorLibraryBench> {
  const child = Bun.spawn([process.execPath, import.meta.path, '--child'], {
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const text = await new Response(child.stdout).text();
  if ((await child.exited) !== 0) throw new Error('factor library bench failed');
  return JSON.parse(text) as FactorLibraryBench;
}

if (import.meta.main && process.argv.includes('--child')) {
  process.stdout.write(JSON.stringify(await measure()));
}
