/**
 * axe-core (WCAG 2.1 A/AA and best practice) on every page, signed out and signed in, at a laptop
 * width and a phone width, plus the feedback dialog: no serious or critical violation anywhere.
 */
import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations, startE2E } from './harness';
import { sidebar, WAIT_MS, waitForDashboard } from './helpers';

const e2e = startE2E();

interface PageCheck {
  path: string;
  /** Resolves once the page shows its real content (not a loading skeleton). */
  ready: (page: Page) => Promise<unknown>;
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { level: 1, name }).waitFor({ timeout: WAIT_MS });

const SIGNED_OUT: PageCheck[] = [
  { path: '/', ready: heading('AI-Powered ESG Reporting Made Simple for SMEs') },
  { path: '/login', ready: heading('Sign in to ESG Pilot') },
  { path: '/signup', ready: heading('Create your ESG Pilot account') },
  { path: '/forgot-password', ready: heading('Forgot your password?') },
  { path: '/reset-password', ready: heading('Choose a new password') },
  { path: '/confirm-signup?token=abc', ready: heading('Finish creating your account') },
  { path: '/terms-of-service', ready: heading('Terms of Service') },
  { path: '/privacy-policy', ready: heading('Privacy Policy') },
  { path: '/no-such-page', ready: heading('Page not found') },
  { path: '/shared#no-such-token', ready: heading('This link does not exist') },
];

/** Signed-in pages wait for the user menu (current user loaded) and their own data. */
const userLoaded = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('button', { name: /Erin Ellis/ })
    .waitFor({ timeout: WAIT_MS });

const SIGNED_IN: PageCheck[] = [
  { path: '/', ready: async (page) => Promise.all([userLoaded(page), waitForDashboard(page)]) },
  {
    path: '/support',
    ready: async (page) =>
      Promise.all([
        userLoaded(page),
        page.getByText("You haven't sent any feedback yet.").waitFor({ timeout: WAIT_MS }),
      ]),
  },
  {
    path: '/settings',
    ready: async (page) =>
      Promise.all([
        userLoaded(page),
        page.getByRole('textbox', { name: 'First name' }).waitFor({ timeout: WAIT_MS }),
      ]),
  },
  {
    path: '/marketplace',
    ready: async (page) =>
      Promise.all([
        userLoaded(page),
        page.getByRole('list', { name: 'Projects' }).waitFor({ timeout: WAIT_MS }),
        page.getByText("You haven't bought any carbon credits yet.").waitFor({ timeout: WAIT_MS }),
        page.getByText('Offsets still needed', { exact: true }).waitFor({ timeout: WAIT_MS }),
      ]),
  },
  {
    path: '/esg-wizard',
    ready: async (page) =>
      Promise.all([
        userLoaded(page),
        page.getByRole('button', { name: 'Initialize ESG Checklist' }).waitFor({ timeout: WAIT_MS }),
      ]),
  },
  {
    path: '/narrative-builder',
    ready: async (page) =>
      Promise.all([userLoaded(page), page.getByText('No narratives yet').waitFor({ timeout: WAIT_MS })]),
  },
  {
    path: '/export',
    ready: async (page) =>
      Promise.all([
        userLoaded(page),
        page.getByText('No reports yet.').waitFor({ timeout: WAIT_MS }),
        page.getByText('No filings yet.', { exact: false }).waitFor({ timeout: WAIT_MS }),
        page.getByRole('list', { name: 'Regulators' }).waitFor({ timeout: WAIT_MS }),
        // The generator's form loads after the page (decision 071).
        page.getByRole('button', { name: 'Generate report' }).waitFor({ timeout: WAIT_MS }),
      ]),
  },
  {
    path: '/requests',
    ready: async (page) =>
      Promise.all([
        userLoaded(page),
        page.getByText('No requests yet.', { exact: false }).waitFor({ timeout: WAIT_MS }),
      ]),
  },
  {
    path: '/terms-of-service',
    ready: async (page) => Promise.all([userLoaded(page), heading('Terms of Service')(page)]),
  },
  {
    path: '/privacy-policy',
    ready: async (page) => Promise.all([userLoaded(page), heading('Privacy Policy')(page)]),
  },
  { path: '/no-such-page', ready: heading('Page not found') },
];

/** Visits each page in turn and returns the violations found, keyed by path (empty when clean). */
async function scan(page: Page, checks: PageCheck[]) {
  const found: Record<string, string[]> = {};
  for (const { path, ready } of checks) {
    await page.goto(path);
    await ready(page);
    const violations = await seriousAccessibilityViolations(page);
    if (violations.length > 0) found[path] = violations;
  }
  return found;
}

const WIDTHS = [
  { label: '1280px', width: 1280, height: 900 },
  { label: '390px', width: 390, height: 844 },
];

for (const { label, width, height } of WIDTHS) {
  describe(`at ${label}`, () => {
    test('signed-out pages have no serious or critical accessibility violation', async () => {
      const { page } = await e2e.newPage({ width, height });
      expect(await scan(page, SIGNED_OUT)).toEqual({});
    });

    test('signed-in pages have no serious or critical accessibility violation', async () => {
      const { page } = await e2e.newPage({ width, height });
      await e2e.signUp(page);
      expect(await scan(page, SIGNED_IN)).toEqual({});
    });
  });
}

describe('open overlays', () => {
  test('the feedback dialog has no serious or critical accessibility violation', async () => {
    const { page } = await e2e.newPage({ width: 1280 });
    await e2e.signUp(page);
    await page.goto('/support');
    await userLoaded(page);
    await page.getByRole('main').getByRole('button', { name: 'Report Bug' }).click();
    await page.getByRole('dialog', { name: 'Report a Bug' }).waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  test('the mobile navigation drawer has no serious or critical accessibility violation', async () => {
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await e2e.signUp(page);
    await page.goto('/settings');
    await userLoaded(page);
    await page.getByRole('button', { name: 'Navigation menu' }).click();
    await sidebar(page).waitFor({ state: 'visible', timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
