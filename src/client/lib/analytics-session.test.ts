import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { ANALYTICS_WARNINGS, SESSION_STORAGE_KEY, UsageAnalytics } from './analytics-session';

const globals = globalThis as Record<string, unknown>;
const saved = { window: globals.window, fetch: globals.fetch, navigator: globals.navigator };

interface Call {
  path: string;
  body: unknown;
}

/** A page in a tab: path, sessionStorage (kept across pages of the tab), fetch answers and beacons. */
function fakeTab() {
  const storage = new Map<string, string>();
  const calls: Call[] = [];
  const beacons: Array<{ url: string; body: unknown }> = [];
  const warnings: unknown[][] = [];
  let answer: (path: string) => Response = (path) =>
    path === '/api/analytics/sessions'
      ? Response.json(
          { sessionId: `s${calls.filter((call) => call.path === path).length - 1}` },
          { status: 201 },
        )
      : new Response(null, { status: 204 });
  function openPage(path: string) {
    const window = Object.assign(new EventTarget(), {
      location: { pathname: path },
      sessionStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
        removeItem: (key: string) => storage.delete(key),
      },
    });
    globals.window = window;
    return window;
  }
  globals.fetch = async (path: string, init: RequestInit) => {
    calls.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return answer(path);
  };
  globals.navigator = { sendBeacon: (url: string, body: unknown) => beacons.push({ url, body }) > 0 };
  console.warn = (...args: unknown[]) => warnings.push(args);
  return {
    storage,
    calls,
    beacons,
    warnings,
    openPage,
    answerWith: (next: (path: string) => Response) => {
      answer = next;
    },
  };
}

const originalWarn = console.warn;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
let tab: ReturnType<typeof fakeTab>;
beforeEach(() => {
  tab = fakeTab();
});
afterEach(() => {
  console.warn = originalWarn;
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete globals[key];
    else globals[key] = value;
  }
});

describe('usage analytics session', () => {
  test('the first page creates the tab session and reports its view; the next page reuses it', async () => {
    tab.openPage('/');
    const first = new UsageAnalytics();
    first.start();
    first.start(); // once per page, however many times it is asked
    await settle();
    expect(tab.storage.get(SESSION_STORAGE_KEY)).toBe('s0');
    await first.track('wizard_started', {});
    tab.openPage('/esg-wizard');
    const second = new UsageAnalytics();
    second.start();
    await second.sendPageView();
    expect(tab.calls).toEqual([
      { path: '/api/analytics/sessions', body: undefined },
      { path: '/api/analytics/page-view', body: { page: '/', sessionId: 's0' } },
      {
        path: '/api/analytics/events',
        body: { eventName: 'wizard_started', eventData: {}, sessionId: 's0' },
      },
      { path: '/api/analytics/page-view', body: { page: '/esg-wizard', sessionId: 's0' } },
      { path: '/api/analytics/page-view', body: { page: '/esg-wizard', sessionId: 's0' } },
    ]);
    expect(tab.warnings).toEqual([]);
  });

  test('pagehide ends the session with a beacon carrying an empty JSON object', async () => {
    const page = tab.openPage('/export');
    new UsageAnalytics().start();
    await settle();
    page.dispatchEvent(new Event('pagehide'));
    expect(tab.beacons).toEqual([{ url: '/api/analytics/sessions/s0/end', body: '{}' }]);
  });

  test('a session the server does not accept as ours (404) is replaced once, and the send repeated', async () => {
    tab.storage.set(SESSION_STORAGE_KEY, 'someone-elses');
    tab.openPage('/analytics');
    tab.answerWith((path) => {
      const body = tab.calls.at(-1)!.body as { sessionId?: string } | undefined;
      if (path === '/api/analytics/sessions') return Response.json({ sessionId: 'fresh' }, { status: 201 });
      return new Response(null, { status: body?.sessionId === 'someone-elses' ? 404 : 204 });
    });
    const analytics = new UsageAnalytics();
    analytics.start();
    await settle();
    await settle();
    expect(tab.calls.map((call) => [call.path, (call.body as { sessionId?: string })?.sessionId])).toEqual([
      ['/api/analytics/page-view', 'someone-elses'],
      ['/api/analytics/sessions', undefined],
      ['/api/analytics/page-view', 'fresh'],
    ]);
    expect(tab.storage.get(SESSION_STORAGE_KEY)).toBe('fresh');
    expect(tab.warnings).toEqual([]);
  });

  test('a 429 pauses sending for Retry-After seconds with one warning, then sending resumes', async () => {
    tab.storage.set(SESSION_STORAGE_KEY, 's1');
    tab.openPage('/');
    let limited = true;
    tab.answerWith(() =>
      limited
        ? new Response('{}', { status: 429, headers: { 'Retry-After': '30' } })
        : new Response(null, { status: 204 }),
    );
    let now = 1_000_000;
    const analytics = new UsageAnalytics(() => now);
    analytics.start();
    await settle();
    for (let i = 0; i < 20; i++) await analytics.track('wizard_started', {});
    expect(tab.calls).toHaveLength(1);
    expect(tab.warnings.map((warning) => warning[0])).toEqual([ANALYTICS_WARNINGS.pageView]);

    now += 29_000;
    await analytics.track('wizard_started', {});
    expect(tab.calls).toHaveLength(1);
    limited = false;
    now += 1_000;
    await analytics.track('wizard_completed', {});
    expect(tab.calls.map((call) => call.path)).toEqual(['/api/analytics/page-view', '/api/analytics/events']);
    expect(tab.warnings).toHaveLength(1);
  });

  test('failures only warn with the spec texts', async () => {
    tab.openPage('/');
    tab.answerWith(() => new Response('{"message":"down"}', { status: 503 }));
    const analytics = new UsageAnalytics();
    analytics.start();
    await settle();
    await analytics.track('wizard_completed', {});
    expect(tab.warnings.map((warning) => warning[0])).toEqual([
      ANALYTICS_WARNINGS.session,
      ANALYTICS_WARNINGS.notInitialized,
      ANALYTICS_WARNINGS.notInitialized,
    ]);
    expect(tab.storage.has(SESSION_STORAGE_KEY)).toBe(false);

    tab.warnings.length = 0;
    tab.storage.set(SESSION_STORAGE_KEY, 's9');
    const next = new UsageAnalytics();
    next.start();
    await settle();
    await next.track('report_exported', { format: 'pdf' });
    expect(tab.warnings.map((warning) => warning[0])).toEqual([
      ANALYTICS_WARNINGS.pageView,
      ANALYTICS_WARNINGS.event,
    ]);
  });

  test('an event on a page where analytics never started warns that there is no session', async () => {
    tab.openPage('/');
    await new UsageAnalytics().track('wizard_started', {});
    expect(tab.calls).toEqual([]);
    expect(tab.warnings).toEqual([[ANALYTICS_WARNINGS.notInitialized, 'wizard_started']]);
  });
});
