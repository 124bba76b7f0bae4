import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIsStale } from './build-if-stale.ts';

const dir = mkdtempSync(join(tmpdir(), 'build-stale-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a file with a fixed modification time (seconds since the epoch), never the clock's. */
function file(path: string, seconds: number) {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), 'x');
  utimesSync(join(dir, path), seconds, seconds);
}

describe('buildIsStale', () => {
  test('no complete build (no stamp) is stale', () => {
    file('src/pages/index.astro', 1_000);
    expect(buildIsStale(dir)).toBe(true);
  });

  test('a build newer than every input is up to date', () => {
    file('dist/csp-hashes.json', 2_000);
    expect(buildIsStale(dir)).toBe(false);
  });

  test('a test file changed after the build does not make it stale', () => {
    file('src/domain/total.test.ts', 3_000);
    expect(buildIsStale(dir)).toBe(false);
  });

  test('a source, static file or lockfile changed after the build makes it stale', () => {
    file('src/client/app.tsx', 3_000);
    expect(buildIsStale(dir)).toBe(true);
    file('dist/csp-hashes.json', 4_000);
    file('public/favicon.svg', 5_000);
    expect(buildIsStale(dir)).toBe(true);
    file('dist/csp-hashes.json', 6_000);
    file('package-lock.json', 7_000);
    expect(buildIsStale(dir)).toBe(true);
  });
});
