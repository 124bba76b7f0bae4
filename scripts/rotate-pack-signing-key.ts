// Operator action: retires the instance's current Ed25519 key for shared packs and makes a new
// one (decision 078). Retired keys stay in /.well-known/jwks.json, so every pack published before
// still verifies. Usage: bun scripts/rotate-pack-signing-key.ts (same environment as the server).
import { rotateSigningKey } from '../src/server/features/data-requests/signing-keys.ts';
import { HttpError } from '../src/server/lib/errors.ts';
import { bootstrap } from '../src/server/start.ts';

const { config, log, db, client, localReader } = await bootstrap();
try {
  const keyId = await rotateSigningKey({
    db,
    config,
    log,
    requestId: `rotate-pack-key-${crypto.randomUUID()}`,
    ip: null,
    now: () => new Date(),
  });
  console.info(`New pack signing key ${keyId}; earlier keys stay listed in /.well-known/jwks.json.`);
} catch (error) {
  console.error(error instanceof HttpError ? error.message : error);
  process.exitCode = 1;
} finally {
  client.close();
  localReader?.close();
}
