import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import {
  LOCAL_SECRETS_KEY_FILE,
  localSecretsKeyPath,
  readOrCreateSecretsKey,
  withLocalSecretsKey,
} from './local-secrets-key.ts';
import { openSecret, SecretsKeyMissing, sealSecret } from './secret-box.ts';

const folder = mkdtempSync(join(tmpdir(), 'esg-secrets-key-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('local SECRETS_KEY outside production (decision 042)', () => {
  test('is created once beside the database file, private to its owner, and reused on the next start', async () => {
    const url = `file:${join(folder, 'first', 'esg.db')}`;
    const first = withLocalSecretsKey(loadConfig({ DATABASE_URL: url }));
    const path = join(folder, 'first', LOCAL_SECRETS_KEY_FILE);
    expect(localSecretsKeyPath(url)).toBe(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(Buffer.from(first.SECRETS_KEY!, 'base64')).toHaveLength(32);

    const sealed = await sealSecret(first, 'api-key-123', 'data_source:a');
    const restarted = withLocalSecretsKey(loadConfig({ DATABASE_URL: url }));
    expect(restarted.SECRETS_KEY).toBe(first.SECRETS_KEY!);
    expect(await openSecret(restarted, sealed, 'data_source:a')).toBe('api-key-123');
  });

  test('two databases get two different keys, and a configured key is used as it is', () => {
    const a = withLocalSecretsKey(loadConfig({ DATABASE_URL: `file:${join(folder, 'a', 'esg.db')}` }));
    const b = withLocalSecretsKey(loadConfig({ DATABASE_URL: `file:${join(folder, 'b', 'esg.db')}` }));
    expect(a.SECRETS_KEY).not.toBe(b.SECRETS_KEY!);
    const configured = 'dGVzdC1vbmx5LXNlY3JldHMta2V5LTMyLWJ5dGVzISE=';
    const withKey = withLocalSecretsKey(
      loadConfig({ DATABASE_URL: `file:${join(folder, 'c', 'esg.db')}`, SECRETS_KEY: configured }),
    );
    expect(withKey.SECRETS_KEY).toBe(configured);
    expect(existsSync(join(folder, 'c', LOCAL_SECRETS_KEY_FILE))).toBe(false);
  });

  test('an in-memory database gets a key of its own process, written nowhere', () => {
    const one = withLocalSecretsKey(loadConfig({ DATABASE_URL: ':memory:' }));
    const two = withLocalSecretsKey(loadConfig({ DATABASE_URL: ':memory:' }));
    expect(Buffer.from(one.SECRETS_KEY!, 'base64')).toHaveLength(32);
    expect(one.SECRETS_KEY).not.toBe(two.SECRETS_KEY!);
    expect(localSecretsKeyPath(':memory:')).toBeNull();
  });

  test('a key another process wrote first is the one used', () => {
    const path = join(folder, 'raced', LOCAL_SECRETS_KEY_FILE);
    const winner = readOrCreateSecretsKey(path);
    expect(readOrCreateSecretsKey(path)).toBe(winner);
    expect(readFileSync(path, 'utf8').trim()).toBe(winner);
  });

  test('a key file that does not hold a key stops the start with the reason', () => {
    const path = join(folder, 'broken', LOCAL_SECRETS_KEY_FILE);
    readOrCreateSecretsKey(path);
    writeFileSync(path, 'not a key');
    expect(() => readOrCreateSecretsKey(path)).toThrow('does not hold a SECRETS_KEY');
  });

  test('without any key (a Worker not given one) nothing is sealed: 503 "not configured"', async () => {
    const refused = sealSecret({ SECRETS_KEY: undefined }, 'api-key-123', 'data_source:a');
    await expect(refused).rejects.toBeInstanceOf(SecretsKeyMissing);
    await expect(refused).rejects.toMatchObject({ status: 503, code: 'not_configured' });
    await expect(openSecret({ SECRETS_KEY: undefined }, 'v1:a:b', 'data_source:a')).rejects.toBeInstanceOf(
      SecretsKeyMissing,
    );
  });
});
