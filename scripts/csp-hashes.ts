// After `astro build`: collect the SHA-256 of every inline <script> Astro emitted (island
// hydration bootstrap), so the server's Content-Security-Policy can allow exactly those and
// nothing else — no 'unsafe-inline' (CSP Level 3, "hash-source").
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Digest } from '../src/domain/sha256.ts';

const dist = join(import.meta.dir, '..', 'dist');
const hashes = new Set<string>();

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith('.html')) yield path;
  }
}

const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
for await (const file of htmlFiles(dist)) {
  const html = await readFile(file, 'utf8');
  for (const match of html.matchAll(inlineScript)) {
    const body = match[1] ?? '';
    if (body.trim() === '' || /type=["']application\/(ld\+)?json["']/.test(match[0])) continue;
    hashes.add(`sha256-${Buffer.from(sha256Digest(body)).toString('base64')}`);
  }
}
const sorted = [...hashes].sort();
await writeFile(join(dist, 'csp-hashes.json'), `${JSON.stringify(sorted, null, 2)}\n`);
console.info(`csp-hashes: ${sorted.length} inline script hash(es) written to dist/csp-hashes.json`);
