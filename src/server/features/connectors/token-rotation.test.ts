// The rotation rules on their own (decision 033): a provider that rotates refresh tokens, in
// memory, and a source's store, in memory. The wire-level races are in
// tests/integration/connectors-*-race.test.ts.
import { describe, expect, test } from 'bun:test';
import { recordWaitsForFile } from '../../../../tests/helpers/waits.ts';
import { type RotationRules, renewCredentials } from './token-rotation.ts';
import { GrantRefusedError, type StoredSource } from './types.ts';

interface Pair {
  accessToken: string;
  refreshToken: string;
  fresh: boolean;
}

const waited = recordWaitsForFile();

/** A provider whose refresh tokens work once: each refresh issues the next pair. */
function rotatingProvider(now = () => new Date('2026-11-26T10:00:00Z')) {
  let serial = 0;
  const live = new Set(['r0']);
  const presented: string[] = [];
  const rules: RotationRules<Pair> = {
    async refresh(current) {
      presented.push(current.refreshToken);
      if (!live.delete(current.refreshToken)) throw new GrantRefusedError('connect again');
      serial++;
      live.add(`r${serial}`);
      return { accessToken: `a${serial}`, refreshToken: `r${serial}`, fresh: true };
    },
    parse: (value) => value as Pair,
    isFresh: (pair) => pair.fresh,
    now,
  };
  return { rules, presented };
}

/** A source's row in memory; `sealed` is a version number, as sealing never repeats its text. */
function memoryStore(key: string, initial: Pair | null) {
  let row = initial ? { value: initial, sealed: 's0' } : null;
  let version = 0;
  const source = (sealed: string | null): StoredSource => ({
    key,
    sealed,
    read: async () => row,
    replace: async (expected, next) => {
      if (!row || row.sealed !== expected) return null;
      row = { value: next as Pair, sealed: `s${++version}` };
      return row.sealed;
    },
  });
  return { source, row: () => row, write: (value: Pair) => (row = { value, sealed: `s${++version}` }) };
}

const first: Pair = { accessToken: 'a0', refreshToken: 'r0', fresh: false };

describe('renewing rotating credentials', () => {
  test('concurrent renewals of one source share one refresh and its stored sealed text', async () => {
    const provider = rotatingProvider();
    const store = memoryStore('source-1', first);
    const [one, two] = [store.source('s0'), store.source('s0')];
    const renewed = await Promise.all([
      renewCredentials(one, first, provider.rules),
      renewCredentials(two, first, provider.rules),
    ]);
    expect(renewed.map((pair) => pair.refreshToken)).toEqual(['r1', 'r1']);
    expect(provider.presented).toEqual(['r0']);
    expect(store.row()?.value.refreshToken).toBe('r1');
    expect([one.sealed, two.sealed]).toEqual([store.row()!.sealed, store.row()!.sealed]);
  });

  test('after the source is deleted, a holder of the replaced token takes this process’s new pair', async () => {
    const provider = rotatingProvider();
    const store = memoryStore('source-2', first);
    await renewCredentials(store.source('s0'), first, provider.rules);
    // A revocation read `first` before the delete, and runs after it: nothing is stored any more.
    const gone = memoryStore('source-2', null);
    const pair = await renewCredentials(gone.source(null), first, provider.rules);
    expect(pair.refreshToken).toBe('r1');
    expect(provider.presented).toEqual(['r0']);
  });

  test('a stored pair that is no longer this operation’s is never overwritten', async () => {
    const provider = rotatingProvider();
    const store = memoryStore('source-3', first);
    const held = store.source('s0');
    const reconnected: Pair = { accessToken: 'x', refreshToken: 'rx', fresh: true };
    const refresh = provider.rules.refresh;
    const rules = {
      ...provider.rules,
      // The person reconnects while the provider is answering this refresh.
      refresh: async (pair: Pair) => refresh(pair).finally(() => store.write(reconnected)),
    };
    expect((await renewCredentials(held, first, rules)).refreshToken).toBe('r1');
    expect(store.row()?.value).toEqual(reconnected);
    expect(held.sealed).toBeNull();
  });

  test('a refusal of the refresh token that is stored is final', async () => {
    const provider = rotatingProvider();
    const revoked: Pair = { accessToken: 'a9', refreshToken: 'r9', fresh: false };
    const store = memoryStore('source-4', revoked);
    const refused = await renewCredentials(store.source('s0'), revoked, provider.rules).catch((e) => e);
    expect(refused).toBeInstanceOf(GrantRefusedError);
    expect(store.row()?.value).toEqual(revoked);
    // Once for a winner in another process to store its pair, then final.
    expect(waited).toEqual([1000]);
  });

  test('a rotation is forgotten once Xero’s 30-minute grace for the replaced token has passed', async () => {
    let now = new Date('2026-11-26T10:00:00Z');
    const clock = () => now;
    const provider = rotatingProvider(clock);
    await renewCredentials(memoryStore('source-5', first).source('s0'), first, provider.rules);
    now = new Date(now.getTime() + 31 * 60 * 1000);
    // Any later rotation in this process sweeps what it remembers.
    await renewCredentials(memoryStore('source-6', first).source('s0'), first, rotatingProvider(clock).rules);
    // The source is deleted; a revocation still holds the token replaced 31 minutes ago.
    const gone = memoryStore('source-5', null);
    const refused = await renewCredentials(gone.source(null), first, provider.rules).catch((e) => e);
    expect(refused).toBeInstanceOf(GrantRefusedError);
    expect(provider.presented).toEqual(['r0', 'r0']);
  });
});
