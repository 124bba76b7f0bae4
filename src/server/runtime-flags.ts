// How Bun runs the server: `--smol`, JavaScriptCore's small heap, which collects garbage sooner
// (decision 095), and the memory JavaScriptCore sizes its heaps for (decision 097). Without them a
// CSV import's reading and each upload's copies stay uncollected long enough to take the server
// past its memory budget (bench/notes/ledger-import.md). `npm start`, `serve` and `demo`
// (package.json) run the server with both; the browser tests and the benches start it with these,
// so they measure what runs (`serverProcess`).
export const SERVER_RUNTIME_FLAGS = ['--smol'] as const;

/**
 * JavaScriptCore lets each heap (the request thread's, each worker thread's) grow in proportion to
 * the machine's RAM before collecting it: on a 24 GiB machine an import thread's heap reached three
 * times its live objects. `forceRAMSize` replaces that RAM figure in every growth rule; it is not a
 * cap, a heap whose live objects need more still gets it (oven-sh/bun#34917, #34924, which maps
 * Node's `--max-old-space-size` onto it). 256 MiB, under the server's 300 MB budget (issue 20):
 * an import's two threads each grow a heap of their own, and at 300 MiB a million-line import
 * went past the budget (decision 099).
 */
export const SERVER_RUNTIME_ENV = { BUN_JSC_forceRAMSize: String(256 * 1024 * 1024) } as const;

/**
 * How a bench or a browser test starts the server (or a stand-in for it) as `npm start` runs it:
 * Bun's flags on the command line, the heaps' sizing in the environment, then the caller's own.
 */
export function serverProcess(
  script: string,
  args: readonly string[] = [],
  env: Record<string, string | undefined> = {},
): { cmd: string[]; env: Record<string, string | undefined> } {
  return {
    cmd: [process.execPath, ...SERVER_RUNTIME_FLAGS, script, ...args],
    env: { ...process.env, ...SERVER_RUNTIME_ENV, ...env },
  };
}
