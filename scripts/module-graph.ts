// The JavaScript a built page loads before anyone touches it: every island's component and
// renderer (whatever its client: directive, since idle and visible islands of the shell still load
// during the first visit), module scripts and modulepreload links, then every static import inside
// those modules. Dynamic `import()` is left out: it runs on a click or on scrolling, not on load.
// Used by scripts/modulepreload.ts (the hints) and bench/signed-in-js.ts (the budget).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Each module's path (as the HTML names it, e.g. /_astro/x.js) and its import depth from the HTML.
 * `onArrival` leaves out the own modules of islands that hydrate later (`client:idle`, `visible`,
 * `media`): what the page runs before the browser is idle (decision 070).
 */
export function pageModuleGraph(
  dist: string,
  html: string,
  options: { onArrival?: boolean } = {},
): Map<string, number> {
  const later = options.onArrival ? laterIslandModules(html) : new Set<string>();
  const entries = new Set<string>();
  const attributes =
    /(?:component-url|renderer-url|before-hydration-url)="(\/[^"]+\.js)"|<script[^>]*\bsrc="(\/[^"]+\.js)"|<link[^>]*rel="modulepreload"[^>]*href="(\/[^"]+\.js)"/g;
  for (const match of html.matchAll(attributes)) {
    const path = (match[1] ?? match[2] ?? match[3])!;
    if (!later.has(path)) entries.add(path);
  }
  const depthOf = new Map<string, number>();
  const queue = [...entries].map((path) => ({ path, depth: 1 }));
  while (queue.length > 0) {
    const { path, depth } = queue.shift()!;
    const known = depthOf.get(path);
    if (known !== undefined && known <= depth) continue;
    depthOf.set(path, depth);
    const file = join(dist, path);
    if (!existsSync(file)) throw new Error(`a page references ${path}, which the build did not write`);
    for (const child of staticImports(readFileSync(file, 'utf8'))) {
      queue.push({ path: join(path, '..', child), depth: depth + 1 });
    }
  }
  return depthOf;
}

/** The component modules of islands that hydrate when idle, visible or on a media query. */
function laterIslandModules(html: string): Set<string> {
  const later = new Set<string>();
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (!/\sclient="(idle|visible|media)"/.test(tag)) continue;
    const component = /component-url="(\/[^"]+\.js)"/.exec(tag)?.[1];
    if (component) later.add(component);
  }
  return later;
}

/** `import … from"./x.js"` and `import"./x.js"` as the minifier writes them; not `import(…)`. */
function staticImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    found.push(match[1]!);
  }
  return found;
}
