// `npm start` serves within 1 s (issue 20 item 6): the renderers of files (pdf-lib and its fonts,
// the OCR engine) load on their first use, not with the server. Loaded at start they were a third
// of it (bench/notes/ledger-import.md, "What the server loads at start"). The server's modules are
// imported as src/server/entry-bun.ts imports them, in a process of their own: this test process
// may have loaded anything.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ENTRY = join(import.meta.dir, 'entry-bun.ts');
/** Packages a request may need, never the start. */
const LOADED_ON_FIRST_USE = ['pdf-lib', '@pdf-lib/fontkit', 'tesseract.js'];

/** The packages loaded by importing everything entry-bun.ts imports (without running it). */
function packagesLoadedAtStart(): string[] {
  const specifiers = [...readFileSync(ENTRY, 'utf8').matchAll(/^import .* from '([^']+)';$/gm)].map(
    ([, specifier]) => specifier!,
  );
  const script = `
    for (const specifier of ${JSON.stringify(specifiers)}) await import(specifier);
    const names = Object.keys(require.cache).map((path) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(path)?.[1]);
    console.log(JSON.stringify([...new Set(names.filter(Boolean))]));
  `;
  const run = Bun.spawnSync([process.execPath, '-e', script], { cwd: import.meta.dir });
  if (run.exitCode !== 0) throw new Error(run.stderr.toString());
  return JSON.parse(run.stdout.toString().trim().split('\n').at(-1)!);
}

describe('the server at start', () => {
  test('loads no renderer of files: they load on their first use', () => {
    const loaded = packagesLoadedAtStart();
    // The walk saw the server: its framework and database client are there.
    expect(loaded).toEqual(expect.arrayContaining(['hono', '@libsql/client']));
    expect(loaded.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual([]);
  });
});
