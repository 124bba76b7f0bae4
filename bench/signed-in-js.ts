// Issue 20 item 2: the JavaScript a signed-in page loads before anyone touches it, read from the
// built HTML's module graph: every island's component and renderer (whatever its client:
// directive, since idle and visible islands of the shell still load during the first visit), the
// hydration scripts and modulepreload links, then every static import inside those modules.
// Dynamic `import()` is left out: it runs on a click or a later screen, not on first load.
// Sizes are the brotli copies scripts/precompress.ts writes, which the server sends (decision 063).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface PageScripts {
  page: string;
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
  const html = readFileSync(full, 'utf8');
  const entries = new Set<string>();
  const attributes =
    /(?:component-url|renderer-url|before-hydration-url)="(\/[^"]+\.js)"|<script[^>]*\bsrc="(\/[^"]+\.js)"|<link[^>]*rel="modulepreload"[^>]*href="(\/[^"]+\.js)"/g;
  for (const match of html.matchAll(attributes)) entries.add((match[1] ?? match[2] ?? match[3])!);
  const depthOf = new Map<string, number>();
  const queue = [...entries].map((path) => ({ path, depth: 1 }));
  while (queue.length > 0) {
    const { path, depth } = queue.shift()!;
    if ((depthOf.get(path) ?? 0) >= depth) continue;
    depthOf.set(path, depth);
    const file = join(dist, path);
    if (!existsSync(file)) throw new Error(`${htmlPath} references ${path}, which the build did not write`);
    for (const child of staticImports(readFileSync(file, 'utf8'))) {
      queue.push({ path: join(path, '..', child), depth: depth + 1 });
    }
  }
  let brotliBytes = 0;
  for (const path of depthOf.keys()) brotliBytes += transferredSize(join(dist, path));
  return {
    page: htmlPath,
    files: depthOf.size,
    brotliBytes,
    depth: Math.max(0, ...depthOf.values()),
  };
}

/** `import … from"./x.js"` and `import"./x.js"` as the minifier writes them; not `import(…)`. */
function staticImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    found.push(match[1]!);
  }
  return found;
}

/** The brotli copy when the build wrote one; files too small to compress go as they are. */
function transferredSize(file: string): number {
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
}
