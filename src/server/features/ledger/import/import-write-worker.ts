// Entry of the import's writing thread (import-thread.ts), which lives as long as the server: one
// connection to the ledger with this process's staging files attached (decision 099). For each
// slot handed over it runs the slot's write, then empties the slot, and answers.
//
// It loads no query builder and no factor library (the statements come built in each message):
// its memory counts against the server's budget.
import { serialiseError, type ThreadScope } from '../../../lib/worker-thread.ts';
import { openLedgerConnection, type SqliteFile } from '../lines/sqlite-file.ts';
import { attachStagingFiles } from './import-staging.ts';
import type { SlotWrite, WriteMessage } from './import-thread.ts';

declare const self: ThreadScope<SlotWrite, WriteMessage>;

/**
 * The connection to the file of the last import, kept for the next (decision 098): libsql frees a
 * prepared statement only when JavaScriptCore collects it, and a thread that ends is not collected
 * (oven-sh/bun#32912). Servers import into one file; a new file (tests) replaces the connection.
 */
let ledger: { path: string; file: SqliteFile } | undefined;

async function ledgerFile(path: string): Promise<SqliteFile> {
  if (ledger?.path !== path) {
    ledger?.file.close();
    ledger = undefined;
    const file = await openLedgerConnection(path);
    // The reading thread created them before it handed the first slot over.
    attachStagingFiles(file, path);
    ledger = { path, file };
  }
  return ledger.file;
}

/** Slots in the order they were handed over, one at a time. */
let turn: Promise<void> = Promise.resolve();
self.onmessage = ({ data }) => {
  turn = turn.then(() => writeSlot(data));
};

async function writeSlot({ slot, databasePath, write, stillOurs, empty }: SlotWrite) {
  try {
    const file = await ledgerFile(databasePath);
    let abandoned = false;
    try {
      // One statement, its own transaction (stagedLinesWrite, decision 096). It writes nothing
      // once another process has taken the import for abandoned (decision 042).
      if (write) abandoned = file.run(write) === 0 && !file.get(stillOurs);
    } finally {
      // Written or not, the slot's lines go: none outlives its import.
      file.run(empty);
    }
    self.postMessage({ type: abandoned ? 'abandoned' : 'written', slot });
  } catch (error) {
    self.postMessage({ type: 'failed', slot, error: serialiseError(error) });
  }
}
