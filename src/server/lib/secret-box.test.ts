import { describe, expect, test } from 'bun:test';
import { openSecret, SecretBoxError, sealSecret } from './secret-box.ts';

const config = { SECRETS_KEY: 'dGVzdC1vbmx5LXNlY3JldHMta2V5LTMyLWJ5dGVzISE=' };
const other = { SECRETS_KEY: 'YW5vdGhlci10ZXN0LWtleS1vZi0zMi1ieXRlcy4uLi4=' };

describe('secret box', () => {
  test('opens what it sealed, and seals the same text differently each time', async () => {
    const sealed = await sealSecret(config, 'api-key-123', 'data_source:a');
    expect(sealed).toMatch(/^v1:[\w-]{16}:[\w-]+$/);
    expect(sealed).not.toContain('api-key-123');
    expect(await openSecret(config, sealed, 'data_source:a')).toBe('api-key-123');
    expect(await sealSecret(config, 'api-key-123', 'data_source:a')).not.toBe(sealed);
  });

  test('refuses an altered ciphertext', async () => {
    const sealed = await sealSecret(config, 'api-key-123', 'data_source:a');
    const last = sealed.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`;
    await expect(openSecret(config, tampered, 'data_source:a')).rejects.toBeInstanceOf(SecretBoxError);
  });

  test('refuses another key, another row and an unknown format', async () => {
    const sealed = await sealSecret(config, 'api-key-123', 'data_source:a');
    await expect(openSecret(other, sealed, 'data_source:a')).rejects.toBeInstanceOf(SecretBoxError);
    await expect(openSecret(config, sealed, 'data_source:b')).rejects.toBeInstanceOf(SecretBoxError);
    await expect(openSecret(config, 'plain text', 'data_source:a')).rejects.toThrow('not in a known format');
  });
});

describe('SECRETS_KEY configuration', () => {
  test('production refuses to start without a key, and a key must be 32 bytes', async () => {
    const { ConfigError, loadConfig } = await import('../config.ts');
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY: required in production/);
    expect(() => loadConfig({ SECRETS_KEY: 'c2hvcnQ=' })).toThrow(/SECRETS_KEY: must be 32 bytes/);
    expect(loadConfig({ APP_ENV: 'production', SECRETS_KEY: config.SECRETS_KEY }).SECRETS_KEY).toBe(
      config.SECRETS_KEY,
    );
  });
});
