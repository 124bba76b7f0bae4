// Budget: the landing page ships no framework runtime, at most 15 KB gzip of JavaScript and at
// most 100 KB gzip in total for the first load (issue 2). Reads the built dist/index.html and
// every script, stylesheet, image and font it references.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface LandingWeight {
  javascriptGzip: number;
  totalGzip: number;
  files: { path: string; gzip: number }[];
  frameworkRuntime: string[];
}

export function measureLanding(dist: string): LandingWeight {
  const htmlPath = join(dist, 'index.html');
  if (!existsSync(htmlPath)) throw new Error('dist/index.html is missing: run `npm run build` first');
  const html = readFileSync(htmlPath, 'utf8');
  const files = [{ path: '/index.html', gzip: gzipSync(html).length }];
  let javascriptGzip = 0;
  const referenced = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="(\/[^"#?]+)"/g)) referenced.add(match[1]!);
  // Modules import their own chunks: follow static imports inside the JavaScript too.
  const queue = [...referenced].filter((path) => path.endsWith('.js'));
  while (queue.length > 0) {
    const path = queue.pop()!;
    const full = join(dist, path);
    if (!existsSync(full)) continue;
    for (const match of readFileSync(full, 'utf8').matchAll(
      /from\s*"(\.\/[^"]+\.js)"|import\s*"(\.\/[^"]+\.js)"/g,
    )) {
      const child = join(path, '..', (match[1] ?? match[2])!);
      if (!referenced.has(child)) {
        referenced.add(child);
        queue.push(child);
      }
    }
  }
  const frameworkRuntime: string[] = [];
  for (const path of referenced) {
    const full = join(dist, path);
    if (!existsSync(full) || !/\.(js|css|svg|png|jpg|webp|woff2?|ico)$/.test(path)) continue;
    const content = readFileSync(full);
    const gzip = gzipSync(content).length;
    files.push({ path, gzip });
    if (path.endsWith('.js')) {
      javascriptGzip += gzip;
      const text = content.toString('utf8');
      if (/react\.production|__SECRET_INTERNALS|react-dom|astro-island/.test(text))
        frameworkRuntime.push(path);
    }
  }
  if (/<astro-island/.test(html)) frameworkRuntime.push('/index.html (astro-island)');
  const totalGzip = files.reduce((sum, file) => sum + file.gzip, 0);
  return { javascriptGzip, totalGzip, files, frameworkRuntime };
}
