import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageModuleGraph } from './module-graph.ts';
import { addModulePreloads } from './modulepreload.ts';

let dist: string;

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'module-graph-'));
  mkdirSync(join(dist, '_astro'));
  const files: Record<string, string> = {
    'client.js': 'import{t as e}from"./framework.js";export default e;',
    'framework.js': 'export const t=1;',
    'Screen.js':
      'import{t}from"./framework.js";import"./shared.js";const m=()=>import("./dialog.js");export default m;',
    'shared.js': 'import{t}from"./framework.js";export const s=t;',
    'dialog.js': 'import"./radix.js";export const d=1;',
    'radix.js': 'export const r=1;',
    'layout.js': 'import"./shared.js";',
    'Sidebar.js': 'import"./shared.js";import"./menu.js";export default 1;',
    'menu.js': 'export const m=1;',
    'Header.js': 'import{t}from"./framework.js";export default t;',
  };
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dist, '_astro', name), source);
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

const page = `<html><head><title>x</title></head><body>
<script type="module" src="/_astro/layout.js"></script>
<astro-island component-url="/_astro/Screen.js" renderer-url="/_astro/client.js"></astro-island>
</body></html>`;

describe('pageModuleGraph', () => {
  test('follows static imports from islands and module scripts, not dynamic import()', () => {
    const graph = pageModuleGraph(dist, page);
    expect(Object.fromEntries(graph)).toEqual({
      '/_astro/layout.js': 1,
      '/_astro/Screen.js': 1,
      '/_astro/client.js': 1,
      '/_astro/shared.js': 2,
      '/_astro/framework.js': 2,
    });
  });

  test('refuses a page that names a module the build did not write', () => {
    expect(() => pageModuleGraph(dist, '<script type="module" src="/_astro/gone.js"></script>')).toThrow(
      '/_astro/gone.js',
    );
  });
});

/** The page with a shell island that hydrates when the browser is idle. */
const pageWithIdleIsland = page.replace(
  '</body>',
  '<astro-island component-url="/_astro/Sidebar.js" renderer-url="/_astro/client.js" ssr client="idle"></astro-island></body>',
);

describe('pageModuleGraph on arrival', () => {
  test('counts an idle island in the page weight, but not among what runs on arrival', () => {
    expect([...pageModuleGraph(dist, pageWithIdleIsland).keys()]).toContain('/_astro/menu.js');
    const onArrival = pageModuleGraph(dist, pageWithIdleIsland, { onArrival: true });
    expect([...onArrival.keys()].sort()).toEqual([
      '/_astro/Screen.js',
      '/_astro/client.js',
      '/_astro/framework.js',
      '/_astro/layout.js',
      '/_astro/shared.js',
    ]);
  });
});

/** A second island that hydrates on arrival, as the header does on signed-in pages. */
const headerIsland =
  '<astro-island component-url="/_astro/Header.js" renderer-url="/_astro/client.js" ssr client="load"></astro-island>';

describe('addModulePreloads', () => {
  test('lists every module the page runs on arrival in its head, once, what more islands need first, then largest first', () => {
    writeFileSync(join(dist, 'index.html'), pageWithIdleIsland.replace('</body>', `${headerIsland}</body>`));
    expect(addModulePreloads(dist)).toEqual({ pages: 1, links: 6 });
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const hinted = [...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]!);
    const size = (path: string) => statSync(join(dist, path)).size;
    // Both islands load the framework and the renderer; the smaller Header.js does not wait behind them.
    expect(hinted.slice(0, 2).sort()).toEqual(['/_astro/client.js', '/_astro/framework.js']);
    const own = hinted.slice(2, 5);
    expect(own.sort()).toEqual(['/_astro/Header.js', '/_astro/Screen.js', '/_astro/shared.js']);
    expect(hinted.slice(2, 5).map(size)).toEqual(
      hinted
        .slice(2, 5)
        .map(size)
        .sort((a, b) => b - a),
    );
    // A module script outside every island comes last.
    expect(hinted.at(-1)).toBe('/_astro/layout.js');
    expect(hinted).not.toContain('/_astro/Sidebar.js');
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    // A second run (a rebuild of the same tree) adds nothing.
    expect(addModulePreloads(dist)).toEqual({ pages: 0, links: 0 });
  });
});
