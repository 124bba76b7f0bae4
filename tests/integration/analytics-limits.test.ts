// Analytics writes are bounded per session, signed in or not (issue 19 item 4, decision 042): a
// script can no longer write thousands of page views a second. The app's clock is injected.
import { describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { analyticsEvents, analyticsPageViews } from '../../db/schema/analytics.ts';
import {
  SESSIONS_LIMIT_MESSAGE,
  SESSIONS_PER_USER_PER_HOUR,
  WRITES_PER_SESSION_PER_MINUTE,
} from '../../src/server/features/analytics/tracking.ts';
import { createTestApp } from '../helpers/test-app.ts';

let clock = new Date('2026-03-18T12:00:00Z');
const t = await createTestApp({ now: () => clock, env: { TRUST_PROXY: 'true' } });

async function newSession(cookie?: string, headers?: Record<string, string>) {
  const response = await t.call('POST', '/api/analytics/sessions', { cookie, headers });
  expect(response.status).toBe(201);
  return response.json.sessionId as string;
}

const storedWrites = async (sessionId: string) => {
  const [views] = await t.db
    .select({ n: count() })
    .from(analyticsPageViews)
    .where(eq(analyticsPageViews.sessionId, sessionId));
  const [events] = await t.db
    .select({ n: count() })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.sessionId, sessionId));
  return views!.n + events!.n;
};

describe('analytics write limits', () => {
  test('a signed-in session may write 60 page views and events a minute; the next is 429 with Retry-After and not stored', async () => {
    const { cookie } = await t.signUpCompany();
    const sessionId = await newSession(cookie);
    for (let i = 0; i < WRITES_PER_SESSION_PER_MINUTE; i++) {
      const body =
        i % 2 === 0
          ? { sessionId, page: `/page-${i}` }
          : { sessionId, eventName: 'wizard_started', eventData: {} };
      const path = i % 2 === 0 ? '/api/analytics/page-view' : '/api/analytics/events';
      expect((await t.call('POST', path, { cookie, body })).status).toBe(204);
    }
    clock = new Date(clock.getTime() + 20_000);
    const refused = await t.call('POST', '/api/analytics/page-view', {
      cookie,
      body: { sessionId, page: '/x' },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('40');
    const event = await t.call('POST', '/api/analytics/events', {
      cookie,
      body: { sessionId, eventName: 'wizard_completed', eventData: {} },
    });
    expect(event.status).toBe(429);
    expect(await storedWrites(sessionId)).toBe(WRITES_PER_SESSION_PER_MINUTE);

    // Another session is counted apart, and the next minute the first writes again.
    const other = await newSession(cookie);
    expect(
      (await t.call('POST', '/api/analytics/page-view', { cookie, body: { sessionId: other, page: '/' } }))
        .status,
    ).toBe(204);
    clock = new Date(clock.getTime() + 40_000);
    expect(
      (await t.call('POST', '/api/analytics/page-view', { cookie, body: { sessionId, page: '/' } })).status,
    ).toBe(204);
  });

  test('a visitor session is bounded the same way', async () => {
    const headers = { 'X-Forwarded-For': '198.51.100.7' };
    const sessionId = await newSession(undefined, headers);
    for (let i = 0; i < WRITES_PER_SESSION_PER_MINUTE; i++) {
      await t.call('POST', '/api/analytics/page-view', { headers, body: { sessionId, page: '/' } });
    }
    const refused = await t.call('POST', '/api/analytics/page-view', {
      headers,
      body: { sessionId, page: '/' },
    });
    expect(refused.status).toBe(429);
  });

  test('a signed-in person cannot get round the limit by opening sessions without end, and the 429 says analytics sessions were limited', async () => {
    const { cookie } = await t.signUpCompany();
    for (let i = 0; i < SESSIONS_PER_USER_PER_HOUR; i++) await newSession(cookie);
    const refused = await t.call('POST', '/api/analytics/sessions', { cookie });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Not the sign-in forms' "Too many attempts": no attempt of the person's was counted.
    expect(refused.json.message).toBe(SESSIONS_LIMIT_MESSAGE);
  });
});
