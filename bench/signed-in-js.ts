// Issue 20 item 2: the JavaScript a signed-in page loads before anyone touches it, read from the
// built HTML's module graph (scripts/module-graph.ts). Sizes are the brotli copies
// scripts/precompress.ts writes, which the server sends (decision 063). bench/signed-in-load.ts
// counts the same in Chromium.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pageModuleGraph } from '../scripts/module-graph.ts';

export interface PageScripts {
  files: number;
  brotliBytes: number;
  /** Longest chain of static imports from the HTML (1 = loaded straight from the HTML). */
  depth: number;
}

/** The signed-in pages that load the most JavaScript (issue 20). */
export const HEAVIEST_SIGNED_IN_PAGES = [
  { name: 'dashboard', html: 'signed-in/index.html' },
  { name: 'KPI', html: 'kpi-dashboard/index.html' },
  { name: 'data sources', html: 'data-sources/index.html' },
] as const;

export function measurePageScripts(dist: string, htmlPath: string): PageScripts {
  const full = join(dist, htmlPath);
  if (!existsSync(full)) throw new Error(`dist/${htmlPath} is missing: run \`npm run build\` first`);
  const graph = pageModuleGraph(dist, readFileSync(full, 'utf8'));
  let brotliBytes = 0;
  for (const path of graph.keys()) brotliBytes += transferredSize(join(dist, path));
  return { files: graph.size, brotliBytes, depth: Math.max(0, ...graph.values()) };
}

/** The brotli copy when the build wrote one; files too small to compress go as they are. */
function transferredSize(file: string): number {
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
}
