// The ledger's long reads off the API's thread (issue 20 item 3, decision 065). A batch of Drizzle
// queries is turned into SQL here, run by the CPU thread on a read connection of its own
// (db/read-statements.ts), and its rows mapped back by each query's own Drizzle mapper, exactly as
// drizzle-orm/libsql's `batch` maps a libSQL answer. The caller gets what `db.batch` would give.
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../db/client.ts';
import type { ReadResult, ReadStatement } from '../../../db/read-statements.ts';
import { runCpuTask, warmCpuThread } from '../jobs/cpu-thread.ts';
import { hasThreads } from './worker-thread.ts';

/** The part of a Drizzle query (select or raw SQL) that `db.batch` itself uses. */
interface Prepared {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: { rows: unknown[] }, isFromBatch: boolean): unknown;
}
type Preparable = { _prepare(): Prepared };

export interface ReadThread {
  /** Like `db.batch` for reads: one transaction, each query's mapped answer in order. */
  batch(queries: readonly BatchItem<'sqlite'>[]): Promise<unknown[]>;
}

/**
 * A row as @libsql/client builds one (its `rowFromSql`): values by index (not enumerable) and by
 * column name (enumerable), with a length, so Drizzle's mappers read it the same way.
 */
function libsqlRow(columns: string[], values: unknown[]): unknown {
  const row: Record<string | number, unknown> = {};
  Object.defineProperty(row, 'length', { value: values.length });
  values.forEach((value, index) => {
    Object.defineProperty(row, index, { value });
    const name = columns[index]!;
    if (!Object.hasOwn(row, name)) {
      Object.defineProperty(row, name, { value, enumerable: true, configurable: true });
    }
  });
  return row;
}

/**
 * Runs read `queries` as one batch on the read thread where the context has one, else on the
 * app's connection (Turso, D1, memory databases): the same answers either way.
 */
export function readBatch<T extends readonly [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]>(
  ctx: { db: Db; readThread?: ReadThread | null },
  queries: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const answers = ctx.readThread ? ctx.readThread.batch(queries) : ctx.db.batch(queries);
  return answers as Promise<{ [K in keyof T]: Awaited<T[K]> }>;
}

/**
 * A read thread over the local libSQL file of `url`, or null where reads stay on the app's
 * connection: remote libSQL (Turso runs them on its servers), memory databases (another connection
 * cannot see them) and runtimes without threads (the Cloudflare Worker, D1).
 */
export function openReadThread(url: string): ReadThread | null {
  if (!url.startsWith('file:') || !hasThreads()) return null;
  const path = url.slice('file:'.length);
  if (path === '' || path.includes(':memory:')) return null;
  // The thread starts with the server, not in the first reader's wait; the report renderers load
  // on the first report (cpu-tasks.ts), so it holds little memory until then.
  warmCpuThread();
  return {
    async batch(queries) {
      const prepared = queries.map((query) => (query as unknown as Preparable)._prepare());
      const statements: ReadStatement[] = prepared.map((query) => {
        const { sql, params } = query.getQuery();
        return { sql, params };
      });
      const results: ReadResult[] = await runCpuTask('ledger.read', { path, statements });
      return results.map((result, index) =>
        prepared[index]!.mapResult(
          { rows: result.rows.map((values) => libsqlRow(result.columns, values)) },
          true,
        ),
      );
    },
  };
}
