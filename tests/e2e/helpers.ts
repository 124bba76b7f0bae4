import { expect } from 'bun:test';
import type { Locator, Page } from 'playwright-core';
import { eventually } from '../helpers/eventually.ts';
import { seriousAccessibilityViolations } from './harness.ts';

/** How long a journey waits for one thing to appear before it fails (well under the test timeout). */
export const WAIT_MS = 10_000;

/**
 * The notification area (the landing page's vanilla toaster and the app's Radix viewport are both
 * labelled 'Notifications (F8)'). Located by CSS rather than role: an open modal dialog marks the
 * rest of the page aria-hidden, and the toast is still on screen.
 */
export function notifications(page: Page): Locator {
  return page.locator('[aria-label="Notifications (F8)"]');
}

/** Waits for a toast with this title (and description, if given) to be visible. */
export async function waitForToast(page: Page, title: string, description?: string): Promise<void> {
  const region = notifications(page);
  await region.getByText(title, { exact: true }).first().waitFor({ state: 'visible', timeout: WAIT_MS });
  if (description) {
    await region
      .getByText(description, { exact: true })
      .first()
      .waitFor({ state: 'visible', timeout: WAIT_MS });
  }
}

/**
 * Waits until the browser is on this path (query and hash ignored). By default also waits for the
 * page's load event; `commit` returns as soon as the navigation has been answered.
 */
export async function waitForPath(
  page: Page,
  path: string,
  { timeout = WAIT_MS, waitUntil = 'load' }: { timeout?: number; waitUntil?: 'load' | 'commit' } = {},
): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout, waitUntil });
}

/** The signed-in shell's sidebar (the <aside> labelled 'Sidebar'). */
export function sidebar(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Sidebar' });
}

/**
 * The signed-in dashboard has loaded once its welcome banner is on screen: 'Welcome' on the
 * first visit after sign-up, 'Welcome back' afterwards (decision 054).
 */
export async function waitForDashboard(page: Page): Promise<void> {
  await page.getByRole('heading', { name: /^Welcome( back)?\b/ }).waitFor({ timeout: WAIT_MS });
}

/** The header's user menu trigger appears once the current user has loaded (a skeleton before). */
export function userMenuTrigger(page: Page, name: string | RegExp): Locator {
  return page.getByRole('banner').getByRole('button', { name });
}

/** Describes the element that has keyboard focus, for assertions. */
export function focusedElement(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      id: element?.id ?? '',
      text: element?.textContent?.trim() ?? '',
      role: element?.getAttribute('role') ?? '',
    };
  });
}

/**
 * Waits until the element with keyboard focus matches `expected`: scripts move focus a frame or
 * more after the key or click that causes it (Radix menus and dialogs, the drawer, toasts), so a
 * check the instant after fails on a busy machine. Fails with the last element seen.
 */
export async function expectFocused(
  page: Page,
  expected: Partial<Awaited<ReturnType<typeof focusedElement>>>,
) {
  await eventually(async () => expect(await focusedElement(page)).toMatchObject(expected), {
    timeout: WAIT_MS,
  });
}

/** The Settings sections (spec §2) a journey can open. */
export type SettingsTab = 'Profile' | 'Billing' | 'Team' | 'API Keys' | 'Audit Log';

/**
 * Opens /settings on this tab. Astro renders the tab list on the server, so a click that lands
 * before React has hydrated the island is lost; the Profile panel's "Change photo" button only
 * exists once the island has hydrated and loaded the user, so the click waits for it, and the
 * journey goes on once the tab is really selected.
 */
export async function openSettingsTab(page: Page, tab: SettingsTab): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Change photo' }).waitFor({ timeout: WAIT_MS });
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('tab', { name: tab, selected: true }).waitFor({ timeout: WAIT_MS });
}

/**
 * Data Sources: the activity cards (CSV import, sites, ledger) load when the person scrolls to the
 * "Activity data" section (decision 082), so a test scrolls there as a person would; the cards'
 * controls are then awaited like any other.
 */
export async function showActivityData(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Activity data', exact: true }).scrollIntoViewIfNeeded();
}

/**
 * The field's refusal as a screen reader meets it (decision 071): marked invalid, its message read
 * through aria-describedby, focus on it, and axe clean with the message shown.
 */
export async function expectFieldRefused(page: Page, control: Locator, message: string): Promise<void> {
  await control.page().getByText(message, { exact: true }).first().waitFor({ timeout: WAIT_MS });
  expect(await control.getAttribute('aria-invalid')).toBe('true');
  const described = await control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? ''),
  );
  expect(described).toContain(message);
  await expectFocused(page, { id: (await control.getAttribute('id')) ?? 'no id' });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}
