import { afterAll, beforeEach, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { DEFAULT_ANSWER, startFakeOpenAi } from '../fakes/openai-compatible.ts';
import { addSite } from '../helpers/ledger.ts';
import { readSseEvents } from '../helpers/sse.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';
import { recordWaitsForFile } from '../helpers/waits.ts';

const KEY = 'sk-test-secret-key-123456';
const fake = startFakeOpenAi();
const providerEnv = { AI_API_KEY: KEY, AI_BASE_URL: fake.url, AI_MODEL: 'fake-model' };
// A generous time limit, so a busy machine never turns a slow answer into a retry; the timeout test
// has an app of its own with a short one (a silent provider times out whatever the load).
const t = await createTestApp({ env: { ...providerEnv, AI_TIMEOUT_MS: '30000' } });
const quickTimeout = await createTestApp({ env: { ...providerEnv, AI_TIMEOUT_MS: '300' } });

// Waits between attempts are recorded, not spent, so the retry tests take milliseconds.
const waits = recordWaitsForFile();
beforeEach(() => {
  fake.reset();
});
afterAll(() => fake.stop());

const body = { section: 'environmental', framework: 'gri', year: 2025 };

const generate = (cookie: string, request: Record<string, unknown> = body) =>
  t.call('POST', '/api/narratives/generate', { cookie, body: request });

function generateStream(cookie: string, request: Record<string, unknown> = body) {
  return t.app.request(`${ORIGIN}/api/narratives/generate`, {
    method: 'POST',
    headers: {
      Origin: ORIGIN,
      'Sec-Fetch-Site': 'same-origin',
      Cookie: cookie,
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
    },
    body: JSON.stringify(request),
  });
}

describe('generation through an OpenAI-compatible provider', () => {
  test('answers the model text as JSON, sends the key and a prompt built from the facts', async () => {
    const { cookie, user } = await t.signUpCompany({ companyName: 'Acme Bakery Ltd' });
    fake.enqueue({ kind: 'answer', content: 'Acme Bakery kept its ovens efficient.' });
    const response = await generate(cookie);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      content: 'Acme Bakery kept its ovens efficient.',
      writer: 'openai-compatible',
      model: 'fake-model',
      unsupportedNumbers: [],
      missing: expect.any(Array),
      year: 2025,
    });
    const [request] = fake.requests();
    expect(fake.requests()).toHaveLength(1);
    expect(request!.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.body.model).toBe('fake-model');
    expect(request!.body.stream).toBeFalsy();
    expect(request!.body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(request!.prompt).toContain('Acme Bakery Ltd');
    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.companyId, user.companyId), eq(auditLogs.entityType, 'narrative')));
    expect(audit).toEqual([{ action: 'narrative_generated' }]);
  });

  test("the facts pack sent for company A holds A's sites and never company B's", async () => {
    const a = await t.signUpCompany({ companyName: 'Alpha Ovens' });
    const b = await t.signUpCompany({ companyName: 'Beta Brewery' });
    await addSite(t, a.cookie, 'Alpha Leeds kitchen');
    await addSite(t, b.cookie, 'Beta secret cellar', 'FR');
    expect((await generate(a.cookie, { ...body, section: 'executive_summary' })).status).toBe(200);
    const { prompt } = fake.requests()[0]!;
    expect(prompt).toContain('Alpha Ovens');
    expect(prompt).toContain('Alpha Leeds kitchen');
    expect(prompt).not.toContain('Beta');
    expect(prompt).not.toContain('secret cellar');
  });

  test('streams the chunks as they arrive, then the whole draft with its number check', async () => {
    const { cookie } = await t.signUpCompany();
    fake.enqueue({ kind: 'answer', content: 'unused', chunks: ['Our ', 'emissions ', 'were 999 tCO2e.'] });
    const response = await generateStream(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/event-stream');
    const events = await readSseEvents(response);
    expect(events).toEqual([
      { event: 'delta', data: { text: 'Our ' } },
      { event: 'delta', data: { text: 'emissions ' } },
      { event: 'delta', data: { text: 'were 999 tCO2e.' } },
      {
        event: 'done',
        data: {
          content: 'Our emissions were 999 tCO2e.',
          writer: 'openai-compatible',
          model: 'fake-model',
          unsupportedNumbers: [{ text: '999', start: 19, end: 22 }],
          missing: expect.any(Array),
          year: 2025,
        },
      },
    ]);
    expect(fake.requests()[0]!.body.stream).toBe(true);
  });

  test('a generated number that matches no fact blocks approval of the saved draft until confirmed', async () => {
    const { cookie } = await t.signUpCompany();
    fake.enqueue({ kind: 'answer', content: 'We reused 999 pallets.' });
    const generated = await generate(cookie);
    expect(generated.json.unsupportedNumbers.map((number: { text: string }) => number.text)).toEqual(['999']);
    const saved = await t.call('POST', '/api/narratives', {
      cookie,
      body: { ...body, content: generated.json.content, aiGenerated: true },
    });
    expect(saved.json).toMatchObject({ status: 'draft', aiGenerated: true });
    const refused = await t.call('PUT', `/api/narratives/${saved.json.id}`, {
      cookie,
      body: { status: 'approved' },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Check these numbers before approving: 999');
    const approved = await t.call('PUT', `/api/narratives/${saved.json.id}`, {
      cookie,
      body: { status: 'approved', confirmedNumbers: ['999'] },
    });
    expect(approved.json).toMatchObject({ status: 'approved', aiGenerated: true });
  });
});

describe('provider failures', () => {
  test('waits as long as Retry-After asks after a 429, then succeeds', async () => {
    const { cookie } = await t.signUpCompany();
    fake.enqueue({ kind: 'status', status: 429, retryAfter: '7' });
    const response = await generate(cookie);
    expect(response.status).toBe(200);
    expect(response.json.content).toBe(DEFAULT_ANSWER);
    expect(waits).toEqual([7000]);
    expect(fake.requests()).toHaveLength(2);
  });

  test('reads Retry-After given as an HTTP date', async () => {
    const { cookie } = await t.signUpCompany();
    fake.enqueue({ kind: 'status', status: 429, retryAfter: new Date(Date.now() + 5000).toUTCString() });
    expect((await generate(cookie)).status).toBe(200);
    expect(waits).toHaveLength(1);
    expect(waits[0]!).toBeGreaterThan(3000);
    expect(waits[0]!).toBeLessThanOrEqual(5000);
  });

  test('does not wait longer than 20 s: a longer Retry-After ends the request with a clear message', async () => {
    const { cookie } = await t.signUpCompany();
    fake.enqueue({ kind: 'status', status: 429, retryAfter: '120' });
    const response = await generate(cookie);
    expect(response.status).toBe(502);
    expect(response.json.message).toBe(
      'The AI provider is unavailable right now: it is limiting requests (429 on 1 attempt). Please try again later.',
    );
    expect(waits).toEqual([]);
  });

  test('retries a 500 after a backoff and succeeds', async () => {
    const { cookie } = await t.signUpCompany();
    fake.enqueue({ kind: 'status', status: 500 });
    const response = await generate(cookie);
    expect(response.status).toBe(200);
    expect(waits).toEqual([1000]);
    expect(fake.requests()).toHaveLength(2);
  });

  test('gives up after 3 attempts at a provider that keeps failing: 502 with a clear message', async () => {
    const { cookie, user } = await t.signUpCompany();
    fake.setDefault({ kind: 'status', status: 503 });
    const response = await generate(cookie);
    expect(response.status).toBe(502);
    expect(response.json).toEqual({
      message:
        'The AI provider is unavailable right now: it answered 503 on 3 attempts. Please try again later.',
      code: 'ai_provider_unavailable',
    });
    expect(waits).toEqual([1000, 2000]);
    expect(fake.requests()).toHaveLength(3);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.companyId, user.companyId));
    expect(audit.map((row) => row.action)).not.toContain('narrative_generated');
  });

  test('a provider that does not answer within AI_TIMEOUT_MS times out after 3 attempts: 504', async () => {
    const { cookie } = await quickTimeout.signUpCompany();
    fake.setDefault({ kind: 'silent' });
    const response = await quickTimeout.call('POST', '/api/narratives/generate', { cookie, body });
    expect(response.status).toBe(504);
    expect(response.json).toEqual({
      message: 'The AI provider did not answer within 0.3 seconds (3 attempts). Please try again later.',
      code: 'ai_provider_timeout',
    });
    expect(fake.requests()).toHaveLength(3);
  });

  test('a refusal is a 502 naming the reason, without retrying', async () => {
    const { cookie } = await t.signUpCompany();
    fake.enqueue({ kind: 'refusal', refusal: "I can't help with that." });
    const response = await generate(cookie);
    expect(response.status).toBe(502);
    expect(response.json).toEqual({
      message: "The AI provider refused the request: I can't help with that.",
      code: 'ai_provider_refused',
    });
    expect(fake.requests()).toHaveLength(1);
  });

  test('the content filter and a rejected key are refusals too, and the key never appears', async () => {
    const { cookie } = await t.signUpCompany();
    fake.enqueue({ kind: 'content-filter' });
    const filtered = await generate(cookie);
    expect(filtered.status).toBe(502);
    expect(filtered.json.message).toBe(
      'The AI provider refused the request: its content filter stopped the answer',
    );

    fake.enqueue({ kind: 'status', status: 401, message: `Incorrect API key provided: ${KEY}.` });
    const rejected = await generate(cookie);
    expect(rejected.status).toBe(502);
    expect(rejected.json.message).toBe(
      'The AI provider refused the request: the API key was not accepted (check AI_API_KEY).',
    );

    fake.enqueue({ kind: 'status', status: 400, message: `Bad parameter for key ${KEY}` });
    const bad = await generate(cookie);
    expect(bad.status).toBe(502);
    expect(bad.json.message).toBe('The AI provider refused the request: Bad parameter for key [key hidden]');
    expect(fake.requests()).toHaveLength(3);
    for (const response of [filtered, rejected, bad]) expect(response.text).not.toContain('secret-key');
  });

  test('a stream refused before its first chunk is an ordinary 502 answer, not a stream', async () => {
    const { cookie } = await t.signUpCompany();
    fake.enqueue({ kind: 'refusal', refusal: 'No.' });
    const response = await generateStream(cookie);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      message: 'The AI provider refused the request: No.',
      code: 'ai_provider_refused',
    });
  });

  test('a stream retries a 429 before its first chunk, then streams', async () => {
    const { cookie } = await t.signUpCompany();
    fake.enqueue({ kind: 'status', status: 429, retryAfterMs: '1500' }, { kind: 'answer', content: 'Fine.' });
    const events = await readSseEvents(await generateStream(cookie));
    expect(events.map((item) => item.event)).toEqual(['delta', 'done']);
    expect(waits).toEqual([1500]);
  });

  test('a stream that breaks mid-way ends with an error event after the chunks it had', async () => {
    const { cookie } = await t.signUpCompany();
    fake.enqueue({ kind: 'break', chunks: ['First part. ', 'Second part.'] });
    const response = await generateStream(cookie);
    expect(response.status).toBe(200);
    const events = await readSseEvents(response);
    expect(events.slice(0, 2)).toEqual([
      { event: 'delta', data: { text: 'First part. ' } },
      { event: 'delta', data: { text: 'Second part.' } },
    ]);
    expect(events[2]).toEqual({
      event: 'error',
      data: {
        message:
          'The AI provider stopped with an error: The server had an error while processing your request.',
      },
    });
    expect(events).toHaveLength(3);
    expect(fake.requests()).toHaveLength(1);
  });
});

describe('an unreachable provider', () => {
  test('answers 502 naming the address setting after 3 attempts', async () => {
    // Port 1 on the loopback refuses connections at once.
    const offline = await createTestApp({ env: { AI_API_KEY: KEY, AI_BASE_URL: 'http://127.0.0.1:1/v1' } });
    const { cookie } = await offline.signUpCompany();
    const response = await offline.call('POST', '/api/narratives/generate', { cookie, body });
    expect(response.status).toBe(502);
    expect(response.json).toEqual({
      message:
        'Could not reach the AI provider (3 attempts). Check AI_BASE_URL and that the server is running.',
      code: 'ai_provider_unreachable',
    });
    expect(waits).toEqual([1000, 2000]);
  });
});
