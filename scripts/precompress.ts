// After `astro build`: write a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy of every
// text file of dist/, so the Bun server sends compressed bytes without compressing per request
// (issue 20 item 1; src/server/assets-bun.ts negotiates). A copy that saves nothing is not written.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The text types the server sends: pages, styles, scripts, JSON, SVG and XML. */
export const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|xml|txt|webmanifest)$/;

/** Below this a compressed copy saves less than a packet's worth. */
const MIN_BYTES = 256;

export function precompress(dir: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  const visit = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const file = join(path, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (COMPRESSIBLE.test(entry.name)) writeCopies(file, totals);
    }
  };
  visit(dir);
  return totals;
}

function writeCopies(file: string, totals: { files: number; bytes: number; brotliBytes: number }) {
  const raw = readFileSync(file);
  if (raw.length < MIN_BYTES) return;
  const brotli = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gzip = gzipSync(raw, { level: 9 });
  if (brotli.length < raw.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < raw.length) writeFileSync(`${file}.gz`, gzip);
  totals.files += 1;
  totals.bytes += raw.length;
  totals.brotliBytes += Math.min(brotli.length, raw.length);
}

if (import.meta.main) {
  const dist = join(import.meta.dir, '..', 'dist');
  const { files, bytes, brotliBytes } = precompress(dist);
  // The Worker's assets are compressed by Cloudflare: wrangler uploads none of the copies.
  writeFileSync(join(dist, '.assetsignore'), '*.br\n*.gz\n');
  console.info(`precompress: ${files} file(s), ${bytes} bytes → ${brotliBytes} bytes with brotli`);
}
