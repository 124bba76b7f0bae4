import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_RUNTIME_ENV, SERVER_RUNTIME_FLAGS } from './runtime-flags.ts';

const scripts = (
  JSON.parse(readFileSync(join(import.meta.dir, '../../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

describe('server runtime flags', () => {
  test('npm start, serve and demo run the server with them, as the benches and browser tests do', () => {
    // The environment written before the command, as a POSIX shell (npm's on Linux and macOS) takes it.
    const environment = Object.entries(SERVER_RUNTIME_ENV).map(([name, value]) => `${name}=${value}`);
    const server = [...environment, 'bun', ...SERVER_RUNTIME_FLAGS, 'src/server/entry-bun.ts'].join(' ');
    expect(server).toBe('BUN_JSC_forceRAMSize=268435456 bun --smol src/server/entry-bun.ts');
    for (const name of ['start', 'serve', 'demo']) expect(scripts[name]).toContain(server);
  });
});
