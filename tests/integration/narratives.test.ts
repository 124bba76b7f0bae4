import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { narrativeVersions } from '../../db/schema/narratives.ts';
import { addLine, addSite, makeViewer } from '../helpers/ledger.ts';
import { readSseEvents } from '../helpers/sse.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

// No AI_API_KEY: generation uses the built-in writer, offline.
const t = await createTestApp();

const YEAR = 2025;
const manual = (content: string, extra: Record<string, unknown> = {}) => ({
  section: 'environmental',
  framework: 'gri',
  content,
  year: YEAR,
  ...extra,
});

async function create(cookie: string, content: string, extra: Record<string, unknown> = {}) {
  const response = await t.call('POST', '/api/narratives', { cookie, body: manual(content, extra) });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${response.text}`);
  return response.json;
}

async function actionsOf(companyId: string) {
  const rows = await t.db
    .select({ action: auditLogs.action })
    .from(auditLogs)
    .where(and(eq(auditLogs.companyId, companyId), eq(auditLogs.entityType, 'narrative')))
    .all();
  return rows.map((row) => row.action);
}

describe('narratives: validation and roles', () => {
  test('refuses blank content, a missing section or framework with readable messages', async () => {
    const { cookie } = await t.signUpCompany();
    const blank = await t.call('POST', '/api/narratives', { cookie, body: manual('   ') });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe('Please enter narrative content');
    const noContent = await t.call('POST', '/api/narratives', {
      cookie,
      body: { section: 'social', framework: 'gri' },
    });
    expect(noContent.json.message).toBe('Please enter narrative content');
    const noSection = await t.call('POST', '/api/narratives', {
      cookie,
      body: { framework: 'gri', content: 'Text' },
    });
    expect(noSection.status).toBe(400);
    expect(noSection.json.message).toBe('Choose a section');
    const badFramework = await t.call('POST', '/api/narratives', {
      cookie,
      body: { section: 'social', framework: 'esrs', content: 'Text' },
    });
    expect(badFramework.json.message).toBe('Choose a framework');
    const list = await t.call('GET', '/api/narratives?section=finance', { cookie });
    expect(list.status).toBe(400);
    expect(list.json.message).toBe('Choose a section');
    const generate = await t.call('POST', '/api/narratives/generate', { cookie, body: { framework: 'gri' } });
    expect(generate.status).toBe(400);
    expect(generate.json.message).toBe('Choose a section');
    const malformed = await t.call('POST', '/api/narratives', { cookie, body: '{"section":' });
    expect(malformed.status).toBe(400);
    expect((await t.call('GET', '/api/narratives', { cookie })).json).toEqual([]);
  });

  test('refuses an update with nothing to change and a restore of version 0', async () => {
    const { cookie } = await t.signUpCompany();
    const narrative = await create(cookie, 'Our people come first.');
    const empty = await t.call('PUT', `/api/narratives/${narrative.id}`, { cookie, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('Send content or a status');
    const blank = await t.call('PUT', `/api/narratives/${narrative.id}`, { cookie, body: { content: ' ' } });
    expect(blank.json.message).toBe('Please enter narrative content');
    const status = await t.call('PUT', `/api/narratives/${narrative.id}`, {
      cookie,
      body: { status: 'final' },
    });
    expect(status.status).toBe(400);
    const restore = await t.call('POST', `/api/narratives/${narrative.id}/restore`, {
      cookie,
      body: { version: 0 },
    });
    expect(restore.status).toBe(400);
  });

  test('a viewer reads and checks narratives but cannot generate, save, edit or restore', async () => {
    const owner = await t.signUpCompany();
    const narrative = await create(owner.cookie, 'Our people come first.');
    const viewer = await makeViewer(t, owner.user.companyId);
    expect((await t.call('GET', '/api/narratives', { cookie: viewer })).json).toHaveLength(1);
    expect((await t.call('GET', `/api/narratives/${narrative.id}/versions`, { cookie: viewer })).status).toBe(
      200,
    );
    const check = await t.call('POST', '/api/narratives/check', {
      cookie: viewer,
      body: { content: 'No numbers.' },
    });
    expect(check.status).toBe(200);
    const writes = [
      t.call('POST', '/api/narratives', { cookie: viewer, body: manual('Text') }),
      t.call('POST', '/api/narratives/generate', {
        cookie: viewer,
        body: { section: 'social', framework: 'gri' },
      }),
      t.call('PUT', `/api/narratives/${narrative.id}`, { cookie: viewer, body: { status: 'approved' } }),
      t.call('POST', `/api/narratives/${narrative.id}/restore`, { cookie: viewer, body: { version: 1 } }),
    ];
    for (const response of await Promise.all(writes)) expect(response.status).toBe(403);
  });

  test('answers 401 without a session', async () => {
    expect((await t.call('GET', '/api/narratives')).status).toBe(401);
    expect((await t.call('POST', '/api/narratives', { body: manual('Text') })).status).toBe(401);
  });
});

describe('narratives: status rules and versions (spec §4)', () => {
  test('a manual save is a draft, version 1, not AI generated; a saved AI draft stays a draft', async () => {
    const { cookie } = await t.signUpCompany();
    const written = await create(cookie, 'Our people come first.', { status: 'approved' });
    expect(written).toMatchObject({
      section: 'environmental',
      framework: 'gri',
      content: 'Our people come first.',
      status: 'draft',
      aiGenerated: false,
      version: 1,
      year: YEAR,
      confirmedNumbers: [],
      unsupportedNumbers: [],
      updatedBy: 'Ada Lovelace',
    });
    const generated = await create(cookie, 'A generated text.', { aiGenerated: true });
    expect(generated).toMatchObject({ status: 'draft', aiGenerated: true, version: 1 });
  });

  test('editing keeps the previous version and marks it reviewed; approving, restoring add versions', async () => {
    const { cookie, user } = await t.signUpCompany();
    const narrative = await create(cookie, 'First words.');
    const edited = await t.call('PUT', `/api/narratives/${narrative.id}`, {
      cookie,
      body: { content: 'Second words.' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      content: 'Second words.',
      status: 'reviewed',
      version: 2,
      aiGenerated: false,
    });

    const approved = await t.call('PUT', `/api/narratives/${narrative.id}`, {
      cookie,
      body: { status: 'approved' },
    });
    expect(approved.json).toMatchObject({ content: 'Second words.', status: 'approved', version: 3 });
    const again = await t.call('PUT', `/api/narratives/${narrative.id}`, {
      cookie,
      body: { status: 'approved' },
    });
    expect(again.json.version).toBe(3);

    const restored = await t.call('POST', `/api/narratives/${narrative.id}/restore`, {
      cookie,
      body: { version: 1 },
    });
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({ content: 'First words.', status: 'reviewed', version: 4 });

    const versions = await t.call('GET', `/api/narratives/${narrative.id}/versions`, { cookie });
    expect(
      versions.json.map((row: { version: number; status: string; content: string }) => [
        row.version,
        row.status,
        row.content,
      ]),
    ).toEqual([
      [4, 'reviewed', 'First words.'],
      [3, 'approved', 'Second words.'],
      [2, 'reviewed', 'Second words.'],
      [1, 'draft', 'First words.'],
    ]);
    expect(versions.json[0]).toMatchObject({
      aiGenerated: false,
      savedBy: 'Ada Lovelace',
      savedAt: expect.any(String),
    });

    const missing = await t.call('POST', `/api/narratives/${narrative.id}/restore`, {
      cookie,
      body: { version: 9 },
    });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Version not found');
    expect(await actionsOf(user.companyId)).toEqual([
      'narrative_created',
      'narrative_updated',
      'narrative_approved',
      'narrative_restored',
    ]);
  });

  test('editing an approved narrative sends it back to reviewed; saving the same text changes nothing', async () => {
    const { cookie } = await t.signUpCompany();
    const narrative = await create(cookie, 'Plain words.');
    await t.call('PUT', `/api/narratives/${narrative.id}`, { cookie, body: { status: 'approved' } });
    const same = await t.call('PUT', `/api/narratives/${narrative.id}`, {
      cookie,
      body: { content: 'Plain words.' },
    });
    expect(same.json).toMatchObject({ status: 'approved', version: 2 });
    const edited = await t.call('PUT', `/api/narratives/${narrative.id}`, {
      cookie,
      body: { content: 'Plainer words.' },
    });
    expect(edited.json).toMatchObject({ status: 'reviewed', version: 3 });
    const approvedWithEdit = await t.call('PUT', `/api/narratives/${narrative.id}`, {
      cookie,
      body: { content: 'Plainest words.', status: 'approved' },
    });
    expect(approvedWithEdit.json).toMatchObject({
      status: 'approved',
      version: 4,
      content: 'Plainest words.',
    });
  });

  test('lists the section asked for, most recently saved first', async () => {
    const { cookie } = await t.signUpCompany();
    const older = await create(cookie, 'Older environmental text.');
    await create(cookie, 'Social text.', { section: 'social' });
    const newer = await create(cookie, 'Newer environmental text.');
    await t.call('PUT', `/api/narratives/${older.id}`, { cookie, body: { content: 'Older, now edited.' } });
    const environmental = await t.call('GET', '/api/narratives?section=environmental', { cookie });
    expect(environmental.json.map((row: { id: string }) => row.id)).toEqual([older.id, newer.id]);
    const all = await t.call('GET', '/api/narratives', { cookie });
    expect(all.json).toHaveLength(3);
  });
});

describe('narratives: the number check blocks approval', () => {
  test('an unsupported number blocks approval until it is confirmed', async () => {
    const { cookie, user } = await t.signUpCompany();
    const narrative = await create(cookie, 'We planted 999 trees and cut waste by 87.25 per cent.');
    expect(narrative.unsupportedNumbers).toEqual([
      { text: '999', start: 11, end: 14 },
      { text: '87.25', start: 38, end: 43 },
    ]);
    const refused = await t.call('PUT', `/api/narratives/${narrative.id}`, {
      cookie,
      body: { status: 'approved' },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Check these numbers before approving: 999, 87.25');
    expect(refused.json.details.unsupportedNumbers).toHaveLength(2);

    const confirmed = await t.call('PUT', `/api/narratives/${narrative.id}`, {
      cookie,
      body: { confirmedNumbers: ['999'] },
    });
    expect(confirmed.json).toMatchObject({ status: 'draft', version: 1, confirmedNumbers: ['999'] });
    expect(confirmed.json.unsupportedNumbers.map((number: { text: string }) => number.text)).toEqual([
      '87.25',
    ]);

    const stillRefused = await t.call('PUT', `/api/narratives/${narrative.id}`, {
      cookie,
      body: { status: 'approved' },
    });
    expect(stillRefused.json.message).toBe('Check these numbers before approving: 87.25');
    const approved = await t.call('PUT', `/api/narratives/${narrative.id}`, {
      cookie,
      body: { status: 'approved', confirmedNumbers: ['999', '87.25'] },
    });
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ status: 'approved', unsupportedNumbers: [] });
    expect(await actionsOf(user.companyId)).toEqual([
      'narrative_created',
      'narrative_numbers_confirmed',
      'narrative_approved',
    ]);
  });

  test('an edit that removes the number lets the same save approve it', async () => {
    const { cookie } = await t.signUpCompany();
    const narrative = await create(cookie, 'We planted 999 trees.');
    const refused = await t.call('PUT', `/api/narratives/${narrative.id}`, {
      cookie,
      body: { content: 'We planted 1234 trees.', status: 'approved' },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Check these numbers before approving: 1234');
    const unchanged = await t.call('GET', '/api/narratives', { cookie });
    expect(unchanged.json[0]).toMatchObject({ content: 'We planted 999 trees.', version: 1 });
    const approved = await t.call('PUT', `/api/narratives/${narrative.id}`, {
      cookie,
      body: { content: 'We planted trees.', status: 'approved' },
    });
    expect(approved.json).toMatchObject({ status: 'approved', version: 2 });
  });

  test("figures from the company's own ledger are supported; the check call marks the rest", async () => {
    const { cookie } = await t.signUpCompany();
    const siteId = await addSite(t, cookie, 'Leeds workshop');
    await addLine(t, cookie, {
      siteId,
      category: 'electricity',
      quantity: 10000,
      unit: 'kWh',
      date: '2025-03-01',
    });
    const metrics = await t.call('GET', `/api/metrics/summary?year=${YEAR}&grain=yearly`, { cookie });
    const scope2 = (metrics.json.carbon.scope2Location.value as number).toFixed(2);
    const content = `Scope 2 emissions were ${scope2} tCO2e in ${YEAR}, from 10 MWh of electricity; 4321 is not ours.`;
    const check = await t.call('POST', '/api/narratives/check', { cookie, body: { content, year: YEAR } });
    expect(check.status).toBe(200);
    expect(check.json.unsupportedNumbers.map((number: { text: string }) => number.text)).toEqual(['4321']);
    const confirmed = await t.call('POST', '/api/narratives/check', {
      cookie,
      body: { content, year: YEAR, confirmedNumbers: ['4321'] },
    });
    expect(confirmed.json.unsupportedNumbers).toEqual([]);
  });
});

describe('narratives: tenant isolation', () => {
  test("another company's narrative answers 404 everywhere and never appears in its list", async () => {
    const a = await t.signUpCompany();
    const b = await t.signUpCompany();
    const narrative = await create(a.cookie, 'Company A text.');
    expect((await t.call('GET', '/api/narratives', { cookie: b.cookie })).json).toEqual([]);
    const calls = await Promise.all([
      t.call('PUT', `/api/narratives/${narrative.id}`, { cookie: b.cookie, body: { content: 'Hijacked' } }),
      t.call('PUT', `/api/narratives/${narrative.id}`, { cookie: b.cookie, body: { status: 'approved' } }),
      t.call('GET', `/api/narratives/${narrative.id}/versions`, { cookie: b.cookie }),
      t.call('POST', `/api/narratives/${narrative.id}/restore`, { cookie: b.cookie, body: { version: 1 } }),
      t.call('PUT', '/api/narratives/no-such-id', { cookie: a.cookie, body: { content: 'Text' } }),
    ]);
    for (const response of calls) {
      expect(response.status).toBe(404);
      expect(response.json.message).toBe('Narrative not found');
    }
    const versions = await t.db
      .select()
      .from(narrativeVersions)
      .where(eq(narrativeVersions.narrativeId, narrative.id));
    expect(versions).toHaveLength(1);
    expect((await t.call('GET', '/api/narratives', { cookie: a.cookie })).json[0].content).toBe(
      'Company A text.',
    );
  });
});

describe('narratives: generation with the built-in writer (no AI key)', () => {
  const sections = ['executive_summary', 'environmental', 'social', 'governance'] as const;
  const frameworks = ['gri', 'sasb', 'tcfd', 'csrd', 'secr'] as const;

  test('writes a non-empty draft for every section and framework, and audits it', async () => {
    const { cookie, user } = await t.signUpCompany();
    const siteId = await addSite(t, cookie, 'Leeds workshop');
    await addLine(t, cookie, {
      siteId,
      category: 'electricity',
      quantity: 10000,
      unit: 'kWh',
      date: '2025-03-01',
    });
    for (const section of sections) {
      for (const framework of frameworks) {
        const response = await t.call('POST', '/api/narratives/generate', {
          cookie,
          body: { section, framework, year: YEAR },
        });
        expect(response.status).toBe(200);
        expect(response.json).toMatchObject({ writer: 'built-in', model: null, year: YEAR });
        const words = response.json.content.split(/\s+/).filter(Boolean).length;
        expect(words).toBeGreaterThanOrEqual(200);
        expect(words).toBeLessThanOrEqual(400);
        expect(response.json.content).not.toMatch(/% complete|checklist is/i);
        if (framework === 'secr' || framework === 'csrd')
          expect(response.json.content).not.toMatch(/\bGRI\b/);
        expect(response.json.unsupportedNumbers).toEqual([]);
        expect(Array.isArray(response.json.missing)).toBe(true);
      }
    }
    expect(await actionsOf(user.companyId)).toEqual(
      Array(sections.length * frameworks.length).fill('narrative_generated'),
    );
    expect((await t.call('GET', '/api/narratives', { cookie })).json).toEqual([]);
  });

  test('a company with no data gets a draft that names what is missing, for its reporting year', async () => {
    const { cookie } = await t.signUpCompany();
    const generate = () =>
      t.call('POST', '/api/narratives/generate', {
        cookie,
        body: { section: 'environmental', framework: 'gri' },
      });
    const response = await generate();
    expect(response.status).toBe(200);
    // The one reporting year every screen shows (decision 086), not a default of its own.
    const automatic = (await t.call('GET', '/api/reporting-year', { cookie })).json;
    expect(response.json.year).toBe(automatic.year);
    expect(response.json.missing.length).toBeGreaterThan(0);
    expect(response.json.content.length).toBeGreaterThan(0);
    // The company saves another reporting year: drafts, saved narratives and the number check follow it.
    expect((await t.call('PUT', '/api/reporting-year', { cookie, body: { year: 2023 } })).status).toBe(200);
    expect((await generate()).json.year).toBe(2023);
    const saved = await t.call('POST', '/api/narratives', {
      cookie,
      body: { ...manual('Our year.'), year: undefined },
    });
    expect(saved.status).toBe(201);
    expect(saved.json.year).toBe(2023);
  });

  test('streams the draft paragraph by paragraph as server-sent events', async () => {
    const { cookie } = await t.signUpCompany();
    const response = await t.app.request(`${ORIGIN}/api/narratives/generate`, {
      method: 'POST',
      headers: {
        Origin: ORIGIN,
        'Sec-Fetch-Site': 'same-origin',
        Cookie: cookie,
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
      },
      body: JSON.stringify({ section: 'executive_summary', framework: 'tcfd', year: YEAR }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/event-stream');
    const events = await readSseEvents(response);
    const deltas = events.filter((item) => item.event === 'delta');
    const done = events.at(-1)!;
    expect(deltas.length).toBeGreaterThan(1);
    expect(done.event).toBe('done');
    expect(done.data.writer).toBe('built-in');
    expect(deltas.map((item) => item.data.text).join('')).toBe(done.data.content);
  });
});
