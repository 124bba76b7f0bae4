// Type of dist/csp-hashes.json (written by scripts/csp-hashes.ts after `astro build`), which the
// Worker entry bundles. Lets `tsc -p tsconfig.worker.json` run before the pages are built; when the
// file exists TypeScript reads it instead.
declare module '*/dist/csp-hashes.json' {
  const inlineScriptHashes: readonly string[];
  export default inlineScriptHashes;
}
