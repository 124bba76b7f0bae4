// After `npm install`: adds lock entries for other platforms' optional native builds that the
// registry mirror of this workplace does not carry (see docs/decisions/007-lockfile-platforms.md).
// `npm ci` refuses a lock that lacks an optional dependency a package declares, even one it
// would skip on this platform. Each entry carries the os/cpu its name states, so npm skips it
// without fetching anything on any other machine.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const lockPath = join(import.meta.dir, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages: Record<string, Record<string, unknown>> = lock.packages;

/** Platform words in native-build package names (napi-rs, esbuild and workerd conventions). */
const osWords: Record<string, string> = {
  android: 'android',
  darwin: 'darwin',
  linux: 'linux',
  win32: 'win32',
  windows: 'win32',
  freebsd: 'freebsd',
  wasm32: 'wasip1',
};
const cpuWords: Record<string, string> = {
  arm64: 'arm64',
  x64: 'x64',
  '64': 'x64',
  arm: 'arm',
  wasm32: 'wasm32',
};

function platformOf(name: string): { os: string[]; cpu: string[]; libc?: string[] } | null {
  const words = name.split('/').pop()!.split('-');
  const os = words.map((word) => osWords[word]).find(Boolean);
  const cpu = words.map((word) => cpuWords[word]).find(Boolean);
  if (!os || !cpu) return null;
  if (os === 'wasip1') return { os: [], cpu: ['wasm32'] };
  const libc = words.includes('musl')
    ? ['musl']
    : words.includes('gnu') || words.includes('gnueabihf')
      ? ['glibc']
      : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  const optional = entry.optionalDependencies as Record<string, string> | undefined;
  if (!path || !optional) continue;
  for (const [name, version] of Object.entries(optional)) {
    const key = `node_modules/${name}`;
    if (packages[key] || packages[`${path}/node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    packages[key] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(platform.os.length ? { os: platform.os } : {}),
      cpu: platform.cpu,
      ...(platform.libc ? { libc: platform.libc } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.info(`complete-lockfile: ${added} entr${added === 1 ? 'y' : 'ies'} added`);
