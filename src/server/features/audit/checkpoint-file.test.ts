import { afterAll, describe, expect, test } from 'bun:test';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isCheckpointSigned, signCheckpoint } from './checkpoint.ts';
import { appendCheckpointLine, checkpointFolder, readLatestCheckpointLine } from './checkpoint-file.ts';

const folder = mkdtempSync(join(tmpdir(), 'esg-checkpoints-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const config = {
  DATABASE_URL: `file:${join(folder, 'esg.db')}`,
  SECRETS_KEY: btoa('checkpoint-test-key-of-32-bytes!'),
};

const point = async (seq: number) =>
  (await signCheckpoint(config, {
    companyId: 'company-1',
    seq,
    chainHash: 'ab'.repeat(32),
    signedAt: new Date(seq),
  }))!;

describe('checkpoint file (decision 043)', () => {
  test('lives next to a database file, and nowhere for memory or remote databases', () => {
    expect(checkpointFolder(config)).toBe(join(folder, 'audit-checkpoints'));
    expect(checkpointFolder({ DATABASE_URL: 'file::memory:' })).toBeNull();
    expect(checkpointFolder({ DATABASE_URL: 'libsql://example.turso.io' })).toBeNull();
  });

  test('reads back the last appended line; a line torn by a crash counts as absent', async () => {
    expect(await readLatestCheckpointLine(config, 'company-1')).toBeNull();
    await appendCheckpointLine(config, await point(1));
    await appendCheckpointLine(config, await point(2));
    appendFileSync(join(folder, 'audit-checkpoints', 'company-1.jsonl'), '{"companyId":"company-1","seq":3,');
    expect(await readLatestCheckpointLine(config, 'company-1')).toMatchObject({ seq: 2 });
    expect(await readLatestCheckpointLine(config, 'company-2')).toBeNull();
  });

  test('a signature holds only for the values it was made over, and only under the same key', async () => {
    const signed = await point(5);
    expect(await isCheckpointSigned(config, signed)).toBe(true);
    expect(await isCheckpointSigned(config, { ...signed, chainHash: 'cd'.repeat(32) })).toBe(false);
    expect(await isCheckpointSigned(config, { ...signed, signedAt: new Date(6).toISOString() })).toBe(false);
    const otherKey = { SECRETS_KEY: btoa('another-installation-key-32bytes') };
    expect(await isCheckpointSigned(otherKey, signed)).toBe(false);
    expect(await isCheckpointSigned(config, { ...signed, signature: 'not base64!' })).toBe(false);
  });

  test('without any key (a Worker without SECRETS_KEY) nothing is signed and nothing verifies', async () => {
    const keyless = { SECRETS_KEY: undefined };
    const unsigned = { companyId: 'company-1', seq: 1, chainHash: 'ab'.repeat(32), signedAt: new Date(1) };
    expect(await signCheckpoint(keyless, unsigned)).toBeNull();
    expect(await isCheckpointSigned(keyless, await point(1))).toBe(false);
  });
});
