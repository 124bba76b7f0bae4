// How Bun runs the server (decision 095): `--smol`, JavaScriptCore's small heap, which collects
// garbage sooner. Without it a CSV import's reading and each upload's copies stay uncollected long
// enough to take the server past its memory budget (bench/notes/ledger-import.md). `npm start`,
// `serve` and `demo` (package.json) pass the same flags; the browser tests and the benches start
// the server with these, so they measure what runs.
export const SERVER_RUNTIME_FLAGS = ['--smol'] as const;
