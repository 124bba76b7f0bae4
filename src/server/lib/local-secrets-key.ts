// The SECRETS_KEY of a Bun process outside production when none is configured (decision 042):
// 32 random bytes kept in `secrets.key` beside the database file, created once and reused, so
// nothing is ever sealed with a key anyone could read in the source. Bun only (node:fs): the
// Worker has no file system and must be given SECRETS_KEY (secret-box.ts refuses to seal without).
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../config.ts';

export const LOCAL_SECRETS_KEY_FILE = 'secrets.key';

/** Where the key of a database lives: beside a `file:` database, else in ./data. */
export function localSecretsKeyPath(databaseUrl: string): string | null {
  if (databaseUrl === ':memory:' || databaseUrl === 'file::memory:' || databaseUrl.includes('mode=memory')) {
    return null;
  }
  if (databaseUrl.startsWith('file:')) {
    const path = databaseUrl.slice('file:'.length).split('?')[0] ?? '';
    return join(dirname(path), LOCAL_SECRETS_KEY_FILE);
  }
  return join('data', LOCAL_SECRETS_KEY_FILE);
}

const isKey = (text: string) =>
  Buffer.from(text.trim(), 'base64').length === 32 && /^[A-Za-z0-9+/]{43}=$/.test(text.trim());

/**
 * The key in `path`, created when absent: written to a private temporary file (mode 0600) and
 * hard-linked into place, which fails if another process got there first; then that process's
 * key is read, so two processes starting together agree on one key.
 */
export function readOrCreateSecretsKey(path: string): string {
  try {
    const existing = readFileSync(path, 'utf8');
    if (!isKey(existing)) throw new Error(`${path} does not hold a SECRETS_KEY (32 bytes in base64)`);
    return existing.trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  const key = randomBytes(32).toString('base64');
  const temporary = `${path}.${process.pid}.${crypto.randomUUID()}.tmp`;
  writeFileSync(temporary, `${key}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, path);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readOrCreateSecretsKey(path);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * `config` with a SECRETS_KEY: the configured one; else (outside production, which config refuses
 * without one) the database's local key file, or a key of this process alone for an in-memory
 * database, which forgets what it sealed when the process ends anyway.
 */
export function withLocalSecretsKey(config: Config): Config {
  if (config.SECRETS_KEY) return config;
  const path = localSecretsKeyPath(config.DATABASE_URL);
  const key = path ? readOrCreateSecretsKey(path) : randomBytes(32).toString('base64');
  return { ...config, SECRETS_KEY: key };
}
