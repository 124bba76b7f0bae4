// One migration under test: a database migrated up to the step before it, rows written in the
// schema of that step, then the migration itself, as db/migrate.ts runs each file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import { migrationsFolder } from '../../db/migrate.ts';

const files = readdirSync(migrationsFolder)
  .filter((name) => name.endsWith('.sql'))
  .sort();

/** The migration files before the one `isTarget` names, and that one. */
export function migrationStep(isTarget: (name: string) => boolean): { before: string[]; target: string } {
  const index = files.findIndex(isTarget);
  if (index < 0) throw new Error('no such migration');
  return { before: files.slice(0, index), target: files[index]! };
}

/** Runs the migration files `names`, statement by statement. */
export async function applyMigrations(client: Client, names: readonly string[]): Promise<void> {
  for (const name of names) {
    for (const statement of readFileSync(join(migrationsFolder, name), 'utf8').split(
      '--> statement-breakpoint',
    )) {
      if (statement.trim()) await client.execute(statement);
    }
  }
}
