/**
 * The dashboard's panels below a phone's first view render after the first paint (decision 082):
 * when the browser is next idle, or sooner when scrolled near or when the person presses Tab.
 * The idle path is held behind a gate here (the page's requestIdleCallback queues its callbacks
 * until the test releases them), so each way of reaching the panels is proved on its own.
 */
import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { expectFocused, focusedElement, WAIT_MS, waitForDashboard } from './helpers.ts';

const e2e = startE2E();

const PHONE = { width: 390, height: 844 };

/** Holds every idle callback of the page until `releaseIdleCallbacks` runs them. */
async function holdIdleCallbacks(page: Page) {
  await page.addInitScript(() => {
    const held: IdleRequestCallback[] = [];
    const gate = window as unknown as { releaseIdleCallbacks: () => void };
    window.requestIdleCallback = (callback) => held.push(callback);
    window.cancelIdleCallback = () => undefined;
    gate.releaseIdleCallbacks = () => {
      for (const callback of held.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
    };
  });
}

async function openDashboard(page: Page) {
  await e2e.signUp(page);
  await page.goto('/');
  await waitForDashboard(page);
}

const recommendations = (page: Page) => page.getByRole('region', { name: 'Recommendations' });
const credits = (page: Page) => page.getByRole('region', { name: 'Carbon credits (reported separately)' });
const recentActivity = (page: Page) => page.getByRole('region', { name: 'Recent Activity' });

describe('dashboard panels below the first screen (decision 082)', () => {
  test('render when scrolled to, with nothing rendered for them before', async () => {
    const { page } = await e2e.newPage(PHONE);
    await holdIdleCallbacks(page);
    await openDashboard(page);
    // The first screen is there; the panels more than a quarter screen below it are not yet.
    await page.getByRole('region', { name: 'Summary' }).waitFor({ timeout: WAIT_MS });
    expect(await recentActivity(page).count()).toBe(0);
    expect(await recommendations(page).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.mouse.wheel(0, PHONE.height);
    await recentActivity(page)
      .getByText(/^account created$/i)
      .waitFor({ timeout: WAIT_MS });
    await page.mouse.wheel(0, PHONE.height * 2);
    await recommendations(page)
      .getByRole('heading', { name: 'Bring in your activity data' })
      .waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 30_000);

  test('render when reached by keyboard, and Tab walks into them', async () => {
    const { page } = await e2e.newPage(PHONE);
    await holdIdleCallbacks(page);
    await openDashboard(page);
    expect(await recommendations(page).count()).toBe(0);

    // Tab from the top of the page until the first recommendation's link has focus (or give up).
    for (let presses = 0; presses < 60; presses++) {
      await page.keyboard.press('Tab');
      if ((await focusedElement(page)).text === 'Add data') break;
    }
    await expectFocused(page, { tag: 'a', text: 'Add data' });
    expect(await recommendations(page).getByRole('link', { name: 'Add data' }).count()).toBe(1);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  }, 30_000);

  test('render once the browser is idle after the first paint, without scrolling or keys', async () => {
    const { page } = await e2e.newPage(PHONE);
    await holdIdleCallbacks(page);
    await openDashboard(page);
    expect(await recommendations(page).count()).toBe(0);

    await page.evaluate(() =>
      (window as unknown as { releaseIdleCallbacks: () => void }).releaseIdleCallbacks(),
    );
    // Find-in-page and a screen reader's headings list now see the whole page.
    await recommendations(page).waitFor({ state: 'attached', timeout: WAIT_MS });
    await credits(page).waitFor({ state: 'attached', timeout: WAIT_MS });
    await recentActivity(page).waitFor({ state: 'attached', timeout: WAIT_MS });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 30_000);
});
