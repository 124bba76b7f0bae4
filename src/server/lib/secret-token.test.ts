import { describe, expect, test } from 'bun:test';
import { generateSecretToken, issueLinkToken, secretTokenHash } from './secret-token.ts';

describe('secret tokens', () => {
  test('are 160 random bits in lowercase base32, different each time', () => {
    const first = generateSecretToken();
    expect(first).toMatch(/^[a-z2-7]{32}$/);
    expect(generateSecretToken()).not.toBe(first);
  });

  test('are stored as their SHA-256 in hex, never as themselves', async () => {
    expect(await secretTokenHash('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  test('a link token comes with the hash to store and expires a lifetime after now', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const issued = await issueLinkToken(now, 60 * 60 * 1000);
    expect(issued.tokenHash).toBe(await secretTokenHash(issued.token));
    expect(issued.expiresAt.toISOString()).toBe('2026-11-25T13:00:00.000Z');
  });
});
