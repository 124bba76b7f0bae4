/**
 * Usage analytics in a real browser: one session per tab across page loads, a page view per load,
 * the pagehide beacon passing the CSRF check as Chromium sends it, a usage event from a real screen
 * action reaching the figures, the Analytics screen's cards, tabs and range switch, a visitor's
 * 'Analytics Unavailable' (no redirect), axe at 1440 px and 390 px.
 */
import { describe, expect, test } from 'bun:test';
import { createClient } from '@libsql/client';
import type { BrowserContext, Page } from 'playwright-core';
import { SESSION_LOSS_REDIRECT_MS, SESSION_LOSS_TOAST } from '../../src/client/lib/session-loss.ts';
import type { AnalyticsDashboard } from '../../src/domain/contracts/analytics.ts';
import { eventually } from '../helpers/eventually.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { notifications, sidebar, WAIT_MS, waitForDashboard, waitForToast } from './helpers.ts';

const e2e = startE2E();
const main = (page: Page) => page.getByRole('main');

interface AnalyticsCall {
  path: string;
  status: number;
  body: Record<string, unknown> | null;
}

/** Every analytics POST the browser context makes (beacons included), with its answer's status. */
function recordAnalyticsCalls(context: BrowserContext) {
  const calls: AnalyticsCall[] = [];
  context.on('requestfinished', async (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'POST' || !url.pathname.startsWith('/api/analytics/')) return;
    const response = await request.response();
    let body: Record<string, unknown> | null = null;
    try {
      body = request.postData() ? JSON.parse(request.postData()!) : null;
    } catch {
      body = null;
    }
    calls.push({
      path: url.pathname,
      status: response?.status() ?? 0,
      body,
    });
  });
  return calls;
}

/**
 * Waits until `check` holds (the browser sends analytics in the background, after the page has
 * settled); a failure names what was awaited.
 */
async function waitUntil(check: () => boolean | Promise<boolean>, what: string) {
  await eventually(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: 2 * WAIT_MS },
  );
}

/** The number of analytics calls to `path` so far. */
const callsTo = (calls: AnalyticsCall[], path: string) => calls.filter((call) => call.path === path).length;

async function figures(page: Page, days: number) {
  const response = await page.request.get(`/api/analytics/dashboard?days=${days}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as AnalyticsDashboard;
}

/** ended_at of an analytics session, straight from the server's database. */
async function endedAt(sessionId: string): Promise<number | null> {
  const client = createClient({ url: e2e.databaseUrl });
  try {
    const result = await client.execute({
      sql: 'SELECT ended_at FROM analytics_sessions WHERE id = ?',
      args: [sessionId],
    });
    return (result.rows[0]?.ended_at as number | null | undefined) ?? null;
  } finally {
    client.close();
  }
}

const card = (page: Page, title: string) =>
  main(page)
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** The Analytics journey takes ~20 s; the limit leaves room on a busy 2-core machine. */
const JOURNEY_TIMEOUT_MS = 90_000;

describe('usage analytics', () => {
  test(
    'a signed-in tab keeps one session across pages, reports each page, ends it by beacon and records a real screen action',
    async () => {
      const { page, context } = await e2e.newPage({ width: 1440, height: 900 });
      const calls = recordAnalyticsCalls(context);
      await e2e.signUp(page);
      await page.goto('/');
      await waitForDashboard(page);
      await sidebar(page).getByRole('link', { name: 'ESG Wizard', exact: true }).click();
      const initialise = main(page).getByRole('button', { name: 'Initialize ESG Checklist' });
      await initialise.waitFor({ timeout: 2 * WAIT_MS });
      await eventually(() => expect(callsTo(calls, '/api/analytics/page-view')).toBe(2), {
        timeout: 2 * WAIT_MS,
      });

      await initialise.click();
      await waitForToast(page, 'Success', 'ESG checklist initialized successfully');
      await eventually(() => expect(callsTo(calls, '/api/analytics/events')).toBe(2), {
        timeout: 2 * WAIT_MS,
      });

      const sessions = calls.filter((call) => call.path === '/api/analytics/sessions');
      expect(sessions.map((call) => call.status)).toEqual([201]);
      const sessionId = await page.evaluate(() => sessionStorage.getItem('esg-analytics-session'));
      expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(
        calls
          .filter((call) => call.path === '/api/analytics/page-view')
          .map((call) => [call.body, call.status]),
      ).toEqual([
        [{ page: '/', sessionId }, 204],
        [{ page: '/esg-wizard', sessionId }, 204],
      ]);
      // The two events are sent together: their calls finish in either order (a busy CI machine
      // reversed them once), so they are compared by name.
      const events = calls
        .filter((call) => call.path === '/api/analytics/events')
        .sort((a, b) => String(a.body?.eventName).localeCompare(String(b.body?.eventName)));
      expect(events.map((call) => [call.body, call.status])).toEqual([
        [{ eventName: 'wizard_started', eventData: {}, sessionId }, 204],
        [{ eventName: 'wizard_step_completed', eventData: { step: 1 }, sessionId }, 204],
      ]);

      const week = await figures(page, 7);
      expect(week.totalSessions).toBe(1);
      expect(week.totalUsers).toBe(1);
      expect(week.topEvents).toEqual([
        { eventName: 'wizard_started', count: 1 },
        { eventName: 'wizard_step_completed', count: 1 },
      ]);

      // The Analytics screen, from the sidebar: the third page view of the same session.
      await sidebar(page).getByRole('link', { name: 'Analytics', exact: true }).click();
      await card(page, 'Total Users').waitFor({ timeout: 2 * WAIT_MS });
      expect(await card(page, 'Total Users').textContent()).toContain('1People active in the last 30 days');
      expect(await card(page, 'Total Sessions').textContent()).toContain('1');
      expect(await card(page, 'Total Events').textContent()).toContain('2');
      expect(await card(page, 'Report Exports').textContent()).toContain('0');
      await waitUntil(
        () => calls.filter((call) => call.path === '/api/analytics/page-view').length === 3,
        'page view',
      );
      expect(calls.filter((call) => call.path === '/api/analytics/sessions')).toHaveLength(1);

      // Overview: the daily chart's table has one row per day of the range.
      const dailyTable = main(page).locator('table', {
        has: page.locator('caption', { hasText: /^Daily active users/ }),
      });
      expect(await dailyTable.locator('tbody tr').count()).toBe(30);
      expect(await main(page).getByText('ESG wizard completions').isVisible()).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Range switch: 7 days.
      await main(page).getByRole('combobox', { name: 'Time range' }).click();
      await page.getByRole('option', { name: 'Last 7 days' }).click();
      await main(page).getByText('People active in the last 7 days').waitFor({ timeout: WAIT_MS });
      await waitUntil(async () => (await dailyTable.locator('tbody tr').count()) === 7, 'the 7-day chart');

      // Conversion funnel: the wizard's start is 100% of visitors (highlighted), a data source 0%.
      await main(page).getByRole('tab', { name: 'Conversion Funnel' }).click();
      const step = (name: string) => main(page).getByRole('listitem').filter({ hasText: name });
      await step('Started the ESG wizard').waitFor({ timeout: WAIT_MS });
      const started = step('Started the ESG wizard').getByText('100% conversion');
      expect(await started.getAttribute('data-highlighted')).toBe('true');
      const connected = step('Connected a data source').getByText('0% conversion');
      expect(await connected.getAttribute('data-highlighted')).toBe('false');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Feature adoption: the wizard was started by the one active user, not completed.
      await main(page).getByRole('tab', { name: 'Feature Adoption' }).click();
      const wizard = main(page).getByRole('region', { name: 'ESG Wizard' });
      await wizard.waitFor({ timeout: WAIT_MS });
      expect(await wizard.textContent()).toContain('Started1Completed0');
      expect(await wizard.textContent()).toContain('0% of active users completed the wizard');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Top events: the bar chart's table and the ranked list.
      await main(page).getByRole('tab', { name: 'Top Events' }).click();
      const ranked = main(page).getByRole('tabpanel').getByRole('listitem');
      await ranked.first().waitFor({ timeout: WAIT_MS });
      expect(await ranked.allTextContents()).toEqual(['#1 Wizard started1', '#2 Wizard step completed1']);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Leaving the app: the pagehide beacon ends the session. Playwright does not report requests
      // sent while a page unloads, so the server's row is read. The beacon passes the CSRF check as
      // Chromium sends it (Sec-Fetch-Site: same-origin with an Origin header), or it would stay open.
      expect(await endedAt(sessionId!)).toBeNull();
      await page.goto('about:blank');
      await waitUntil(async () => (await endedAt(sessionId!)) !== null, 'the unload beacon');
    },
    JOURNEY_TIMEOUT_MS,
  );

  test('a visitor sees Analytics Unavailable, stays on the page, and gets an anonymous session', async () => {
    const { page, context } = await e2e.newPage({ width: 1440, height: 900 });
    const calls = recordAnalyticsCalls(context);
    // The page's timers run on a clock the test moves (it flows as real time until then).
    await page.clock.install();
    await page.goto('/analytics');
    await main(page)
      .getByRole('heading', { name: 'Analytics Unavailable' })
      .waitFor({ timeout: 2 * WAIT_MS });
    expect(await main(page).getByText('Unable to load analytics data').isVisible()).toBe(true);
    expect(await main(page).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    await waitUntil(() => calls.some((call) => call.path === '/api/analytics/page-view'), 'page view');
    expect(calls.map((call) => [call.path, call.status])).toEqual([
      ['/api/analytics/sessions', 201],
      ['/api/analytics/page-view', 204],
    ]);
    // No sign-in redirect: the signed-in pages announce a lost session, then leave after
    // SESSION_LOSS_REDIRECT_MS; the page's clock is run past that instead of waiting for it.
    await page.clock.runFor(2 * SESSION_LOSS_REDIRECT_MS);
    expect(await notifications(page).getByText(SESSION_LOSS_TOAST.title, { exact: true }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/analytics');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  test('at 390 px the screen fits the width and passes axe', async () => {
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await e2e.signUp(page);
    await page.goto('/analytics');
    await card(page, 'Total Users').waitFor({ timeout: 2 * WAIT_MS });
    for (const tab of ['Overview', 'Conversion Funnel', 'Feature Adoption', 'Top Events']) {
      await main(page).getByRole('tab', { name: tab }).click();
      await main(page).getByRole('tabpanel').waitFor({ timeout: WAIT_MS });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect({ tab, overflow }).toEqual({ tab, overflow: 0 });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }
  });
});
