// After `astro build`, before precompress: list every module a page loads on arrival as a
// <link rel="modulepreload"> in its <head>, so the browser fetches them all at once instead of
// discovering each chunk only after its importer arrived (a round trip a level; decision 064).
// Islands' own modules are listed too (Astro fetches them only when the island hydrates), except
// those of islands that hydrate when idle: they would take connections the screen needs first.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageModuleGraph } from './module-graph.ts';

export function addModulePreloads(dist: string): { pages: number; links: number } {
  const totals = { pages: 0, links: 0 };
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.html')) addToPage(dist, path, totals);
    }
  };
  visit(dist);
  return totals;
}

function addToPage(dist: string, file: string, totals: { pages: number; links: number }) {
  const html = readFileSync(file, 'utf8');
  if (html.includes('rel="modulepreload"')) return;
  const graph = pageModuleGraph(dist, html, { onArrival: true });
  if (graph.size === 0) return;
  // Over HTTP/1.1 the browser opens six connections and later hints wait for a free one. What
  // more of the arriving islands need goes first (the framework, the renderer, the bundler's
  // runtime), so no island waits behind another's own code (decision 082); then largest first,
  // since on a slow network the longest transfer should start earliest (decision 070).
  const size = (path: string) => statSync(join(dist, path)).size;
  const needs = islandsNeeding(dist, html);
  const modules = [...graph.keys()].sort(
    (a, b) => (needs.get(b) ?? 0) - (needs.get(a) ?? 0) || size(b) - size(a),
  );
  const links = modules.map((path) => `<link rel="modulepreload" href="${path}">`).join('');
  writeFileSync(file, html.replace('</head>', `${links}</head>`));
  totals.pages += 1;
  totals.links += modules.length;
}

/** For each module, how many of the islands that hydrate on arrival load it. */
function islandsNeeding(dist: string, html: string): Map<string, number> {
  const needs = new Map<string, number>();
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (/\sclient="(idle|visible|media)"/.test(tag)) continue;
    for (const path of pageModuleGraph(dist, tag).keys()) needs.set(path, (needs.get(path) ?? 0) + 1);
  }
  return needs;
}

if (import.meta.main) {
  const { pages, links } = addModulePreloads(join(import.meta.dir, '..', 'dist'));
  console.info(`modulepreload: ${links} hint(s) in ${pages} page(s)`);
}
