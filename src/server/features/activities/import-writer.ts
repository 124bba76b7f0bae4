// Writes a CSV import's batches on a thread of its own when the database is a local libSQL file
// (decision 035). The local driver executes synchronously: on the main thread, reading and
// calculating the next batch would wait for every write. With the writer thread, the main thread
// prepares batch n+1 while batch n is written, on the second core. A remote database (Turso, D1)
// is written asynchronously anyway: there `openImportWriter` answers null and the import writes
// through ctx.db.batch.
//
// Each write is one transaction on the thread's own connection, as a batch is on the app's; the
// pending-import rule (emissions/visibility.ts) keeps the lines invisible until the import ends.

/** A statement as Drizzle renders it (`toSQL()`). */
export interface RenderedStatement {
  sql: string;
  params: unknown[];
}

export type WriterRequest =
  | { type: 'open'; path: string }
  | { type: 'write'; id: number; statements: RenderedStatement[] }
  | { type: 'close'; id: number };

export type WriterReply =
  | { type: 'written'; id: number }
  | { type: 'failed'; id: number; message: string }
  | { type: 'closed'; id: number };

export interface ImportWriter {
  /** Writes the statements in one transaction; resolves once committed. */
  write(statements: RenderedStatement[]): Promise<void>;
  /** Closes the connection and ends the thread (after the writes already sent). */
  close(): Promise<void>;
}

/** The part of the Web Worker API used here (the Worker build's types have no Worker). */
interface ThreadHandle {
  postMessage(message: WriterRequest): void;
  terminate(): void;
  onmessage: ((event: { data: WriterReply }) => void) | null;
  onerror: ((event: { message: string }) => void) | null;
}
type ThreadConstructor = new (url: string) => ThreadHandle;

const runtime = globalThis as { Bun?: unknown; Worker?: ThreadConstructor };
const ThreadClass = runtime.Bun !== undefined ? runtime.Worker : undefined;

/** The writer for a local database file, or null (remote database, in-memory, no threads). */
export function openImportWriter(databaseUrl: string): ImportWriter | null {
  if (!ThreadClass || !databaseUrl.startsWith('file:')) return null;
  const path = databaseUrl.slice('file:'.length);
  if (path === '' || path.includes(':memory:')) return null;
  const thread = new ThreadClass(new URL('./import-writer-worker.ts', import.meta.url).href);
  const waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let nextId = 1;
  let failure: Error | null = null;
  const failAll = (error: Error) => {
    failure = error;
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  thread.onmessage = ({ data }) => {
    const entry = waiting.get(data.id);
    if (!entry) return;
    waiting.delete(data.id);
    if (data.type === 'failed') entry.reject(new Error(`import write failed: ${data.message}`));
    else entry.resolve();
  };
  thread.onerror = (event) => failAll(new Error(`import writer thread failed: ${event.message}`));
  const send = (request: (id: number) => WriterRequest) => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    const done = new Promise<void>((resolve, reject) => waiting.set(id, { resolve, reject }));
    thread.postMessage(request(id));
    return done;
  };
  thread.postMessage({ type: 'open', path });
  let closed = false;
  return {
    write: (statements) => send((id) => ({ type: 'write', id, statements })),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await send((id) => ({ type: 'close', id }));
      } finally {
        thread.terminate();
      }
    },
  };
}
