// Preloaded by `bun test` (bunfig.toml). An unexpected console.error is a failing test
// (CONVENTIONS.md §17): it turns into a thrown error at the call site.
const originalError = console.error;
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`Unexpected console.error: ${args.map(String).join(' ').slice(0, 500)}`);
};
