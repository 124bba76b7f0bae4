import type { Config } from '../../config.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AuditCheckpoint } from './checkpoint.ts';

/**
 * The checkpoint file (decision 043): on Bun with a database file, each seal appends one JSON line
 * to `audit-checkpoints/<company id>.jsonl` in the database's folder, which no SQL statement can
 * reach. In the Worker (no file system) and on Turso there is no such file: the signed head in the
 * database, the report packages and the log stream carry the checkpoint.
 *
 * node:fs is loaded through a variable specifier, only under Bun, so the Worker's bundle never
 * contains it (as src/server/lib/mailer.ts does with nodemailer).
 */

/** What the last line may take; a line is about 250 bytes. */
const TAIL_BYTES = 4096;

interface FsPromises {
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  appendFile(path: string, data: string): Promise<void>;
  open(
    path: string,
    flags: string,
  ): Promise<{
    stat(): Promise<{ size: number }>;
    read(
      buffer: Uint8Array,
      offset: number,
      length: number,
      position: number,
    ): Promise<{ bytesRead: number }>;
    close(): Promise<void>;
  }>;
}

/** The folder next to a `file:` database, or null where there is no local file. */
export function checkpointFolder(config: Pick<Config, 'DATABASE_URL'>): string | null {
  if (typeof (globalThis as { Bun?: unknown }).Bun === 'undefined') return null;
  if (!config.DATABASE_URL.startsWith('file:')) return null;
  const path = config.DATABASE_URL.slice('file:'.length);
  if (path === '' || path.includes(':memory:')) return null;
  const slash = path.lastIndexOf('/');
  return `${slash >= 0 ? path.slice(0, slash) : '.'}/audit-checkpoints`;
}

function fileFor(folder: string, companyId: string): string | null {
  return /^[\w-]+$/.test(companyId) ? `${folder}/${companyId}.jsonl` : null;
}

async function loadFs(): Promise<FsPromises> {
  const specifier = 'node:fs/promises';
  return (await import(/* @vite-ignore */ specifier)) as FsPromises;
}

/** Appends the checkpoint; a failure is logged, never fails the seal (the database holds it too). */
export async function appendCheckpointLine(
  config: Pick<Config, 'DATABASE_URL'>,
  point: AuditCheckpoint,
  log?: Logger,
): Promise<void> {
  const folder = checkpointFolder(config);
  const file = folder && fileFor(folder, point.companyId);
  if (!folder || !file) return;
  try {
    const fs = await loadFs();
    await fs.mkdir(folder, { recursive: true });
    await fs.appendFile(file, `${JSON.stringify(point)}\n`);
  } catch (error) {
    log?.error('audit checkpoint not written to its file', {
      companyId: point.companyId,
      seq: point.seq,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

function parseCheckpoint(line: string): AuditCheckpoint | null {
  try {
    const value = JSON.parse(line) as Partial<AuditCheckpoint>;
    if (
      typeof value.companyId === 'string' &&
      typeof value.seq === 'number' &&
      typeof value.chainHash === 'string' &&
      typeof value.signedAt === 'string' &&
      typeof value.signature === 'string'
    ) {
      return value as AuditCheckpoint;
    }
  } catch {
    // A torn last line (a crash while appending): the line before it counts.
  }
  return null;
}

/** The company's latest checkpoint in its file; null without a file or a readable line. */
export async function readLatestCheckpointLine(
  config: Pick<Config, 'DATABASE_URL'>,
  companyId: string,
): Promise<AuditCheckpoint | null> {
  const folder = checkpointFolder(config);
  const file = folder && fileFor(folder, companyId);
  if (!file) return null;
  const fs = await loadFs();
  let handle: Awaited<ReturnType<FsPromises['open']>>;
  try {
    handle = await fs.open(file, 'r');
  } catch {
    return null;
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, TAIL_BYTES);
    const buffer = new Uint8Array(length);
    await handle.read(buffer, 0, length, size - length);
    const lines = new TextDecoder().decode(buffer).split('\n').reverse();
    for (const line of lines) {
      const point = line.trim() ? parseCheckpoint(line) : null;
      if (point && point.companyId === companyId) return point;
    }
    return null;
  } finally {
    await handle.close();
  }
}
