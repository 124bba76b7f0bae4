import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { AssetStore } from './context.ts';
import { type ContentEncoding, chooseEncoding } from './lib/accept-encoding.ts';

/** What the server knows of one file of the build; dist/ does not change while it serves. */
interface BuiltFile {
  path: string;
  type: string;
  etag: string;
  lastModified: string;
  /** The precompressed copies scripts/precompress.ts wrote beside it. */
  encodings: ContentEncoding[];
}

/**
 * Serves the Astro build from disk (Bun): the brotli or gzip copy written at build time when the
 * browser takes it (issue 20 item 1), with an ETag and Last-Modified so a revisit costs a 304.
 * `csp-hashes.json` is written by scripts/csp-hashes.ts.
 */
export function createDiskAssetStore(distDir: string): AssetStore {
  const hashesFile = join(distDir, 'csp-hashes.json');
  const inlineScriptHashes: string[] = existsSync(hashesFile)
    ? JSON.parse(readFileSync(hashesFile, 'utf8'))
    : [];
  const root = normalize(distDir);
  const known = new Map<string, BuiltFile>();
  // Only files that exist are remembered, so requests for made-up paths cannot grow the map.
  const lookUp = (full: string): BuiltFile | null => {
    const cached = known.get(full);
    if (cached) return cached;
    const file = describe(full);
    if (file) known.set(full, file);
    return file;
  };
  return {
    inlineScriptHashes,
    async get(path, request) {
      const full = normalize(join(root, path));
      if (!full.startsWith(root)) return null;
      const file = lookUp(full);
      if (!file) return null;
      const encoding = chooseEncoding(request.headers.get('Accept-Encoding'), file.encodings);
      const headers = new Headers({
        'Content-Type': file.type,
        // Each representation has its own tag (RFC 9110 §8.8.3): a cache must not mix them.
        ETag: encoding ? `"${file.etag}-${encoding}"` : `"${file.etag}"`,
        'Last-Modified': file.lastModified,
      });
      if (file.encodings.length > 0) headers.set('Vary', 'Accept-Encoding');
      if (encoding) headers.set('Content-Encoding', encoding);
      const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
      return new Response(Bun.file(`${file.path}${suffix}`), { headers });
    },
  };
}

function describe(full: string): BuiltFile | null {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(full);
  } catch {
    return null;
  }
  if (!stat.isFile()) return null;
  const encodings: ContentEncoding[] = [];
  if (existsSync(`${full}.br`)) encodings.push('br');
  if (existsSync(`${full}.gz`)) encodings.push('gzip');
  return {
    path: full,
    type: Bun.file(full).type,
    etag: `${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}`,
    lastModified: new Date(stat.mtimeMs).toUTCString(),
    encodings,
  };
}
