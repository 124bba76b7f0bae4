// `npm start` and `npm run bench`: build the pages only when a build input is newer than the last
// complete build, so a second start serves at once (issue 20 item 6). Make's rule, on mtimes: the
// build's last output, dist/csp-hashes.json (scripts/csp-hashes.ts writes it after `astro build`,
// which empties dist/ first), stands for the whole build; a failed build leaves no stamp.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dir, '..');

/** What `astro build` reads: the source tree, static files, and the config and lockfile. */
const INPUT_DIRS = ['src', 'public'];
const INPUT_FILES = [
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/csp-hashes.ts',
  'scripts/module-graph.ts',
  'scripts/modulepreload.ts',
];
const STAMP = join('dist', 'csp-hashes.json');

/** Newest modification time among the build inputs under `dir`, in ms; tests are not inputs. */
export function newestInput(dir: string): number {
  let newest = 0;
  const visit = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) visit(child);
      else if (!entry.name.includes('.test.')) newest = Math.max(newest, statSync(child).mtimeMs);
    }
  };
  for (const name of INPUT_DIRS) {
    if (exists(join(dir, name))) visit(join(dir, name));
  }
  for (const name of INPUT_FILES) {
    if (exists(join(dir, name))) newest = Math.max(newest, statSync(join(dir, name)).mtimeMs);
  }
  return newest;
}

/** True when there is no complete build or an input changed after it. */
export function buildIsStale(dir: string): boolean {
  const stamp = join(dir, STAMP);
  if (!exists(stamp)) return true;
  return newestInput(dir) > statSync(stamp).mtimeMs;
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

if (import.meta.main) {
  if (buildIsStale(root)) {
    const build = Bun.spawnSync([process.execPath, 'run', 'build'], {
      cwd: root,
      stdout: 'inherit',
      stderr: 'inherit',
    });
    if (build.exitCode !== 0) process.exit(build.exitCode ?? 1);
  } else {
    console.info('dist/ is up to date with src/ and public/: serving the existing build');
  }
}
