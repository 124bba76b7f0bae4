// A feature reaches another feature only through its public surface: `service.ts`, `routes.ts` or a
// contract in src/domain/contracts (issue 21 item 3, decision 080). Biome's noRestrictedImports
// matches import strings, not "another feature's folder", so this test walks the imports instead.
// It began with a list of exceptions, today's reaches into inner files; none is left, so no list.
import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const ROOT = join(import.meta.dir, '..');
const FEATURES = 'src/server/features';
const PUBLIC_FILES = new Set(['service.ts', 'routes.ts']);
const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The top folder under features/ is the feature (ledger/lines and ledger/import are one feature). */
function featureOf(path: string): string {
  return relative(FEATURES, path).split('/')[0]!;
}

/** Every import from one feature into another, as "<importing feature> -> <imported file>". */
function crossFeatureImports(): string[] {
  const imports = new Set<string>();
  for (const file of sourceFiles(FEATURES)) {
    for (const [, specifier] of readFileSync(join(ROOT, file), 'utf8').matchAll(SPECIFIER)) {
      const target = normalize(join(dirname(file), specifier!));
      if (!target.startsWith(`${FEATURES}/`)) continue;
      if (featureOf(target) === featureOf(file)) continue;
      imports.add(`${featureOf(file)} -> ${relative(FEATURES, target)}`);
    }
  }
  return [...imports].sort();
}

const isPublic = (reach: string) => PUBLIC_FILES.has(reach.split('/').pop()!);

describe('feature boundaries', () => {
  const imports = crossFeatureImports();

  test('a feature imports only another feature’s service.ts or routes.ts', () => {
    expect(imports.filter((reach) => !isPublic(reach))).toEqual([]);
  });

  test('the walk sees the features it guards', () => {
    // A moved folder or a changed import style must not make the test pass by seeing nothing.
    expect(sourceFiles(FEATURES).length).toBeGreaterThan(100);
    expect(imports.filter(isPublic).length).toBeGreaterThan(20);
  });
});
