// Reads the accounting-export fixtures of tests/fixtures/accounting/ (unit tests only).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function accountingFixture(name: string): string {
  return readFileSync(join(import.meta.dir, '../../../../tests/fixtures/accounting', name), 'utf8');
}
