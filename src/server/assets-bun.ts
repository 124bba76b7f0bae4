import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { AssetStore } from './context.ts';

/** Serves the Astro build from disk (Bun). `csp-hashes.json` is written by scripts/csp-hashes.ts. */
export function createDiskAssetStore(distDir: string): AssetStore {
  const hashesFile = join(distDir, 'csp-hashes.json');
  const inlineScriptHashes: string[] = existsSync(hashesFile)
    ? JSON.parse(readFileSync(hashesFile, 'utf8'))
    : [];
  const root = normalize(distDir);
  return {
    inlineScriptHashes,
    async get(path) {
      const full = normalize(join(root, path));
      if (!full.startsWith(root)) return null;
      const file = Bun.file(full);
      if (!(await file.exists())) return null;
      return new Response(file, { headers: { 'Content-Type': file.type } });
    },
  };
}
