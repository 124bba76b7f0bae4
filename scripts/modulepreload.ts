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
  // Largest first: on a slow network the framework's transfer is the longest, so it takes the
  // first of the browser's six connections while the small files share the rest (decision 070).
  const size = (path: string) => statSync(join(dist, path)).size;
  const modules = [...graph.keys()].sort((a, b) => size(b) - size(a));
  const links = modules.map((path) => `<link rel="modulepreload" href="${path}">`).join('');
  writeFileSync(file, html.replace('</head>', `${links}</head>`));
  totals.pages += 1;
  totals.links += modules.length;
}

if (import.meta.main) {
  const { pages, links } = addModulePreloads(join(import.meta.dir, '..', 'dist'));
  console.info(`modulepreload: ${links} hint(s) in ${pages} page(s)`);
}
