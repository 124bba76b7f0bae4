import { createLibsqlDb } from '../../db/client.ts';
import { openLocalReader } from '../../db/local-reader.ts';
import { ensureDatabaseFolder, migrateDatabase } from '../../db/migrate.ts';
import { seedReferenceData } from '../../db/reference/seed.ts';
import { type Config, loadConfig } from './config.ts';
import { discardAbandonedImports } from './features/ledger/import/import-store.ts';
import { withLocalSecretsKey } from './lib/local-secrets-key.ts';
import { createProcessLogSink } from './lib/log-sink.ts';
import { createLogger } from './lib/logger.ts';

/** Config, logger and a migrated database: what every Bun process (server, runner, scripts) needs. */
export async function bootstrap(env: Record<string, string | undefined> = process.env) {
  const configured: Config = loadConfig(env);
  // JSON lines on stdout (warnings and errors on stderr), batched; never a file (decision 067).
  const log = createLogger(configured.LOG_LEVEL, { service: 'esg' }, createProcessLogSink().write);
  await ensureDatabaseFolder(configured.DATABASE_URL);
  // Outside production SECRETS_KEY may be unset: a random key kept beside the database then
  // seals connector credentials (decision 042).
  const config = withLocalSecretsKey(configured);
  if (!configured.SECRETS_KEY) log.info('SECRETS_KEY is not set: using the local key beside the database');
  const { db, client } = createLibsqlDb({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN });
  await migrateDatabase(db, client, config.DATABASE_URL);
  // The factor library's and the offset catalogue's new ids only: stored results keep the factors
  // they were made with. A start concern, never a request's (decision 083).
  await seedReferenceData(db);
  // Imports a killed process left pending, with their lines (decision 042).
  const discarded = await discardAbandonedImports(db, new Date());
  if (discarded > 0) log.info('abandoned imports removed', { count: discarded });
  const localReader = openLocalReader(config.DATABASE_URL);
  return { config, log, db, client, localReader };
}
