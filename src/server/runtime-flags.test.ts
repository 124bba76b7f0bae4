import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_COMMAND_PREFIX } from './runtime-flags.ts';

const scripts = (
  JSON.parse(readFileSync(join(import.meta.dir, '../../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

describe('server runtime flags', () => {
  test('npm start, serve and demo run the server with them, as the benches and browser tests do', () => {
    const server = `${SERVER_COMMAND_PREFIX} src/server/entry-bun.ts`;
    expect(server).toBe('BUN_JSC_forceRAMSize=314572800 bun --smol src/server/entry-bun.ts');
    for (const name of ['start', 'serve', 'demo']) expect(scripts[name]).toContain(server);
  });
});
