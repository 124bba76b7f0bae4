// Two operations racing to refresh one source's rotating tokens (decision 033): a gate that holds
// the fake provider's next refresh answer, and the write another app process makes after winning.
import { eq } from 'drizzle-orm';
import { connectorConnections } from '../../db/schema/connectors.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { sealSecret } from '../../src/server/lib/secret-box.ts';
import type { createTestApp } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Holds the next refresh request at the fake: `arrived` once it is there, answered on `release()`. */
export function holdNextRefresh(fake: { beforeNextRefresh(hook: () => Promise<void>): void }) {
  let arrive = () => {};
  let release = () => {};
  const arrived = new Promise<void>((done) => {
    arrive = done;
  });
  const released = new Promise<void>((done) => {
    release = done;
  });
  fake.beforeNextRefresh(async () => {
    arrive();
    await released;
  });
  return { arrived, release };
}

/**
 * What another app process does after winning a refresh: seals its new pair and stores it (its
 * conditional write succeeded, so here it is a plain one).
 */
export async function storeAsAnotherProcess(t: TestApp, sourceId: string, credentials: unknown) {
  const sealed = await sealSecret(
    t.config,
    JSON.stringify(credentials),
    `data_source:${sourceId}`,
    createLogger('silent'),
  );
  await t.db
    .update(connectorConnections)
    .set({ sealedCredentials: sealed })
    .where(eq(connectorConnections.dataSourceId, sourceId));
}
