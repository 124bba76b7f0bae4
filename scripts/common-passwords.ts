// Rebuilds src/domain/account/common-passwords/list.json from SecLists'
// Passwords/Common-Credentials/10-million-password-list-top-100000.txt (or the top-1000000 file:
// only its first 100,000 lines are read, which are the same list). See that folder's README.md.
//
//   bun scripts/common-passwords.ts path/to/10-million-password-list-top-1000000.txt
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PASSWORD_MIN_LENGTH } from '../src/domain/account/password-policy.ts';

const TOP = 100_000;
const source = process.argv[2];
if (!source) {
  console.error('usage: bun scripts/common-passwords.ts <10-million-password-list-top-N.txt>');
  process.exit(1);
}

const seen = new Set<string>();
for (const line of readFileSync(source, 'utf8').split('\n').slice(0, TOP)) {
  const entry = line.replace(/\r$/, '').toLowerCase();
  // Shorter entries are refused by the length rule already; keeping them would only add weight.
  if ([...entry].length >= PASSWORD_MIN_LENGTH) seen.add(entry);
}
const target = join(import.meta.dir, '../src/domain/account/common-passwords/list.json');
writeFileSync(target, `${JSON.stringify([...seen], null, 1).replace(/\n /g, '\n  ')}\n`);
console.info(`${seen.size} entries written to ${target}`);
