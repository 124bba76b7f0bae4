// Operator action, once after upgrading to decision 043: rewrites the local database file without
// its free space (VACUUM) and empties the write-ahead log. Rows deleted before `secure_delete` was
// on can still sit in free pages and free space inside pages; erasures from now on zero what they
// delete, so this is not needed again. VACUUM holds the database for about a second per 100 MB
// (bench note in decision 043): run it at a quiet time.
// Usage: bun scripts/compact-database.ts   (reads DATABASE_URL like the server)
import { localLibsqlClient, truncateWriteAheadLog } from '../db/client.ts';
import { bootstrap } from '../src/server/start.ts';

const { db, client, localReader } = await bootstrap();
try {
  const local = localLibsqlClient(db);
  if (!local) {
    console.error('DATABASE_URL is not a local file: Turso and D1 keep their pages on their side.');
    process.exitCode = 2;
  } else {
    await local.execute('VACUUM');
    const log = await truncateWriteAheadLog(db);
    console.info(
      log === 'truncated'
        ? 'Database compacted and write-ahead log emptied.'
        : 'Database compacted; another process was reading, so part of the write-ahead log remains: run again when it is idle.',
    );
  }
} finally {
  client.close();
  localReader?.close();
}
