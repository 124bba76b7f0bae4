import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import catalogue from '../../db/reference/marketplace/catalogue.json' with { type: 'json' };
import { auditLogs } from '../../db/schema/audit.ts';
import { offsetProjects } from '../../db/schema/marketplace.ts';
import { loadConfig } from '../../src/server/config.ts';
import { MAX_FEED_BYTES } from '../../src/server/features/marketplace/feed.ts';
import { startFakeOffsetFeed } from '../fakes/offset-feed.ts';
import { startRawHttpServer } from '../fakes/raw-http.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { projectStock } from './marketplace-fixtures.ts';

const feed = startFakeOffsetFeed();
const t = await createTestApp({ now: () => new Date('2025-06-15T10:00:00Z') });
const folder = mkdtempSync(join(tmpdir(), 'offset-feed-'));
afterAll(() => {
  feed.stop();
  rmSync(folder, { recursive: true, force: true });
});

const owner = await t.signUpCompany();
const bundled = catalogue.projects;
const record = (id: string) => ({ ...bundled.find((p) => p.id === id)! });

/** Points the running app's CARBON_OFFSET_FEED somewhere else (the config object is the app's). */
async function syncFrom(source: string) {
  t.config.CARBON_OFFSET_FEED = source;
  return t.call('POST', '/api/carbon-offsets/sync', { cookie: owner.cookie });
}

const projectRow = (id: string) =>
  t.db
    .select({
      name: offsetProjects.name,
      priceCents: offsetProjects.priceCents,
      stock: offsetProjects.availableCredits,
    })
    .from(offsetProjects)
    .where(eq(offsetProjects.id, id))
    .get();

describe('POST /api/carbon-offsets/sync', () => {
  test('from the bundled catalogue (the default) changes nothing on a seeded database', async () => {
    const response = await syncFrom('db/reference/marketplace/catalogue.json');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      source: 'bundled illustrative catalogue (db/reference/marketplace/catalogue.json)',
      added: [],
      updated: [],
      unchanged: 10,
      rejected: [],
      heldBack: [],
    });
  });

  test('applies valid records over HTTP and reports each malformed one with its index', async () => {
    const fresh = {
      ...record('illustrative-vcs-001'),
      id: 'feed-new-001',
      name: 'Feed Project',
      registryProjectId: 'FEED-NEW-001',
      pricePerTon: 12.5,
      illustrative: false,
    };
    const repriced = { ...record('illustrative-gs-001'), pricePerTon: '7.05', description: 'New text' };
    feed.setDocument({
      projects: [
        fresh,
        { ...record('illustrative-vcs-002'), name: '' },
        repriced,
        { ...record('illustrative-acr-001'), pricePerTon: 'twelve' },
        record('illustrative-puro-001'),
        { ...record('illustrative-acr-002'), projectType: 'coal' },
        'not an object',
        { ...fresh, name: 'Same id again' },
        { ...record('illustrative-vcs-003'), availableCredits: -5 },
      ],
    });
    const before = feed.requestCount();
    const response = await syncFrom(feed.url());
    expect(response.status).toBe(200);
    expect(feed.requestCount()).toBe(before + 1);
    expect(response.json).toMatchObject({
      source: feed.url(),
      added: ['feed-new-001'],
      updated: ['illustrative-gs-001'],
      unchanged: 1,
      heldBack: [],
    });
    expect(
      response.json.rejected.map((r: { record: number; id: string | null }) => [r.record, r.id]),
    ).toEqual([
      [1, 'illustrative-vcs-002'],
      [3, 'illustrative-acr-001'],
      [5, 'illustrative-acr-002'],
      [6, null],
      [7, 'feed-new-001'],
      [8, 'illustrative-vcs-003'],
    ]);
    const messages = response.json.rejected.map((r: { message: string }) => r.message);
    expect(messages[0]).toBe('name: must not be empty');
    expect(messages[1]).toBe('pricePerTon: must be a price in dollars with at most 2 decimals');
    expect(messages[2]).toStartWith('projectType: ');
    expect(messages[4]).toBe('id feed-new-001 appears more than once in the feed');
    expect(messages[5]).toStartWith('availableCredits: ');

    expect(await projectRow('feed-new-001')).toEqual({ name: 'Feed Project', priceCents: 1250, stock: 4200 });
    expect(await projectRow('illustrative-gs-001')).toMatchObject({ priceCents: 705 });
    // Refused records change nothing.
    expect(await projectRow('illustrative-vcs-002')).toMatchObject({
      name: record('illustrative-vcs-002').name,
    });
    expect(await projectRow('illustrative-acr-001')).toMatchObject({ priceCents: 940 });
    const listed = await t.call('GET', '/api/carbon-offsets/projects', { cookie: owner.cookie });
    expect(listed.json.find((p: { id: string }) => p.id === 'feed-new-001')).toMatchObject({
      pricePerTon: '12.50',
      illustrative: false,
    });
    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(
        sql`${auditLogs.companyId} = ${owner.user.companyId} AND ${auditLogs.action} = 'offset_catalogue_synced'`,
      );
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  test('holds back a stock cut below the credits ordered and not yet retired', async () => {
    const id = 'illustrative-puro-002';
    const buyer = await t.signUpCompany();
    const bought = await t.call('POST', '/api/carbon-offsets/purchase', {
      cookie: buyer.cookie,
      body: { projectId: id, quantity: 15 },
    });
    expect(bought.status).toBe(201);
    expect(bought.json.purchase.pricePerTon).toBe('595.00');
    const stockAfterPurchase = (await projectStock(t, id)).availableCredits;
    expect(stockAfterPurchase).toBe(385);

    // 10 is below the 15 on order: the cut is held back, the price change still applies.
    feed.setDocument([{ ...record(id), availableCredits: 10, pricePerTon: '500.00' }]);
    const cut = await syncFrom(feed.url());
    expect(cut.status).toBe(200);
    expect(cut.json.heldBack).toEqual([
      {
        id,
        message: `The feed lists 10 credits but 15 are ordered and not yet retired; stock kept at ${stockAfterPurchase}`,
      },
    ]);
    expect(cut.json.updated).toEqual([id]);
    expect(await projectRow(id)).toMatchObject({ stock: stockAfterPurchase, priceCents: 50000 });

    // A stock at or above what is on order applies; the stored order keeps its price.
    feed.setDocument([{ ...record(id), availableCredits: 15, pricePerTon: '500.00' }]);
    const applied = await syncFrom(feed.url());
    expect(applied.json).toMatchObject({ updated: [id], unchanged: 0, heldBack: [] });
    expect((await projectStock(t, id)).availableCredits).toBe(15);
    const history = await t.call('GET', '/api/carbon-offsets/purchases', { cookie: buyer.cookie });
    expect(history.json[0]).toMatchObject({ pricePerTon: '595.00', total: '8925.00' });
  });

  test('reads a JSON file named by CARBON_OFFSET_FEED', async () => {
    const path = join(folder, 'feed.json');
    writeFileSync(
      path,
      JSON.stringify([{ ...record('illustrative-vcs-004'), location: 'Pembrokeshire, Wales' }]),
    );
    const response = await syncFrom(path);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ source: path, updated: ['illustrative-vcs-004'], rejected: [] });
  });

  test('answers 502 with a clear message when the feed is unreachable, failing or not JSON', async () => {
    const closed = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('') });
    const closedUrl = `http://127.0.0.1:${closed.port}/feed.json`;
    closed.stop(true);
    const cases: [string, string][] = [
      [closedUrl, `The offset feed at ${closedUrl} could not be reached`],
      [feed.url('/down.json'), `The offset feed at ${feed.url('/down.json')} answered HTTP 503`],
      [feed.url('/broken.json'), `The offset feed at ${feed.url('/broken.json')} did not return JSON`],
      [join(folder, 'missing.json'), `The offset feed file ${join(folder, 'missing.json')} does not exist`],
    ];
    for (const [source, message] of cases) {
      const response = await syncFrom(source);
      expect(response.status).toBe(502);
      expect(response.json).toEqual({ message, code: 'feed_unavailable' });
    }
    feed.setDocument({ items: [] });
    const notAList = await syncFrom(feed.url());
    expect(notAList.status).toBe(502);
    expect(notAList.json.message).toBe(
      'The offset feed is not a list of projects (an array or { "projects": [...] })',
    );
  });
});

describe('an oversized feed', () => {
  const syncAudits = async () =>
    (
      await t.db
        .select({ count: sql<number>`count(*)` })
        .from(auditLogs)
        .where(eq(auditLogs.action, 'offset_catalogue_synced'))
        .get()
    )?.count;

  const rawFeed = (head: string, total: number) => startRawHttpServer(head, total);

  test('is refused while it streams, when Content-Length is missing or claims more than 5 MB', async () => {
    // 300 MB on offer: the sync must stop reading near 5 MB instead of buffering it all.
    const endless = rawFeed(
      'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n[',
      300 * 1024 * 1024,
    );
    const auditsBefore = await syncAudits();
    const declared = rawFeed('HTTP/1.1 200 OK\r\nContent-Length: 314572800\r\n\r\n', 0);
    try {
      for (const feedUrl of [
        `http://127.0.0.1:${await endless.port}/feed.json`,
        `http://127.0.0.1:${await declared.port}/feed.json`,
      ]) {
        const response = await syncFrom(feedUrl);
        expect(response.status).toBe(502);
        expect(response.json).toEqual({
          message: `The offset feed at ${feedUrl} is larger than 5 MB`,
          code: 'feed_unavailable',
        });
      }
      // What the server pushed before the reader hung up: the limit plus socket buffers, not 300 MB.
      expect(endless.written()).toBeGreaterThan(MAX_FEED_BYTES);
      expect(endless.written()).toBeLessThan(MAX_FEED_BYTES + 32 * 1024 * 1024);
      expect(await syncAudits()).toBe(auditsBefore);
    } finally {
      endless.stop();
      declared.stop();
    }
  });
});

describe('CARBON_OFFSET_FEED', () => {
  test('defaults to the bundled catalogue and accepts only http(s) URLs or file paths', () => {
    expect(loadConfig({}).CARBON_OFFSET_FEED).toBe('db/reference/marketplace/catalogue.json');
    expect(
      loadConfig({ CARBON_OFFSET_FEED: 'https://feed.example.com/offsets.json' }).CARBON_OFFSET_FEED,
    ).toBe('https://feed.example.com/offsets.json');
    expect(() => loadConfig({ CARBON_OFFSET_FEED: 'ftp://feed.example.com/offsets.json' })).toThrow(
      'CARBON_OFFSET_FEED: must be an http(s) URL or a path to a JSON file',
    );
  });
});
