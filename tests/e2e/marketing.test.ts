/**
 * Public pages in a real browser: the landing page (calls to action, no React, waitlist, skip
 * link), the legal pages with and without a session, and the 404 page.
 */
import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { startE2E } from './harness';
import { expectFocused, focusedElement, sidebar, WAIT_MS, waitForPath, waitForToast } from './helpers';

const e2e = startE2E();

/** Buttons of the landing page named by spec §2; each is a link to /api/login. */
const CALLS_TO_ACTION = [
  'Login',
  'Get Started',
  'Start Free Trial - No Credit Card',
  'Choose Starter',
  'Choose Growth',
  'Choose Enterprise',
  // Mid-page ('From Weeks to Minutes') and final ('Join the ESG Revolution') calls to action.
  'Start Your Free Trial',
  'Get Started Free',
];

async function openLanding(width?: number) {
  const { page, context } = await e2e.newPage(width ? { width } : undefined);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  return { page, context };
}

describe('landing page', () => {
  test('every call to action links to /api/login', async () => {
    const { page } = await openLanding();
    for (const name of CALLS_TO_ACTION) {
      const link = page.getByRole('link', { name, exact: true });
      expect({ name, count: await link.count() }).toEqual({ name, count: 1 });
      expect({ name, href: await link.getAttribute('href') }).toEqual({ name, href: '/api/login' });
    }
    // The sections the calls to action belong to are there.
    for (const heading of [
      'AI-Powered ESG Reporting Made Simple for SMEs',
      'From Weeks to Minutes',
      'Join the ESG Revolution',
    ]) {
      await page.getByRole('heading', { name: heading }).waitFor({ timeout: WAIT_MS });
    }
    expect(await page.getByText('Most Popular', { exact: true }).isVisible()).toBe(true);
    // Footer links to the legal pages.
    const legal = page.getByRole('navigation', { name: 'Legal' });
    expect(await legal.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    expect(await legal.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/terms-of-service',
    );
  });

  test('clicking Login goes through /api/login and ends on the sign-in page', async () => {
    const { page } = await openLanding();
    const redirects: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) redirects.push(new URL(request.url()).pathname);
    });
    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await waitForPath(page, '/login');
    expect(redirects).toContain('/api/login');
    await page.getByRole('heading', { name: 'Sign in to ESG Pilot' }).waitFor({ timeout: WAIT_MS });
  });

  test('loads no React: no island and no script but the small waitlist one', async () => {
    const { page } = await e2e.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'load' });
    expect(await page.locator('astro-island').count()).toBe(0);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/_astro\/index\.astro_astro_type_script_index_0_lang\.[\w-]+\.js$/);
    const scriptTags = await page.locator('script').evaluateAll((elements) =>
      elements.map((element) => ({
        src: element.getAttribute('src'),
        inline: element.textContent?.length ?? 0,
      })),
    );
    expect(scriptTags).toEqual([{ src: scripts[0]!, inline: 0 }]);
    // 'Small': the whole script stays a few kilobytes (React alone is well over 100 kB).
    const size = await page.evaluate(async (src) => (await (await fetch(src)).text()).length, scripts[0]!);
    expect(size).toBeLessThan(10_000);
    expect(await page.evaluate(() => 'React' in window || '__REACT_DEVTOOLS_GLOBAL_HOOK__' in window)).toBe(
      false,
    );
  });

  test('keyboard: the first Tab reaches the skip link and Enter moves focus to the main content', async () => {
    const { page } = await openLanding();
    await page.keyboard.press('Tab');
    expect(await focusedElement(page)).toMatchObject({ tag: 'a', text: 'Skip to content' });
    expect(await page.getByRole('link', { name: 'Skip to content' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'main', undefined, { timeout: WAIT_MS });
    expect(await focusedElement(page)).toMatchObject({ tag: 'main', id: 'main' });
  });
});

describe('waitlist form', () => {
  const joinButton = (page: Page) => page.getByRole('button', { name: /^(Join Waitlist|Joining\.\.\.)$/ });

  test('an empty submit shows the Email Required toast and stores nothing', async () => {
    const { page } = await openLanding();
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await waitForToast(page, 'Email Required', 'Please enter your email address to join the waitlist.');
    expect(await page.evaluate(() => localStorage.getItem('esg-waitlist'))).toBeNull();
    // Focus goes back to the field so the person can type the address.
    await expectFocused(page, { tag: 'input', id: 'waitlist-email' });
  });

  test('a valid email shows Joining... while saving, then Success!, clears the field and stores the entry', async () => {
    const { page } = await openLanding();
    const email = page.getByRole('textbox', { name: 'Join the early access list' });
    await email.fill('  ada@example.com ');
    // Record every state the button goes through (the submitting state lasts one frame).
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('#waitlist-form button[type="submit"]')!;
      const seen: { disabled: boolean; text: string }[] = [];
      (window as unknown as { buttonStates: typeof seen }).buttonStates = seen;
      new MutationObserver(() => {
        seen.push({ disabled: button.disabled, text: button.textContent?.trim() ?? '' });
      }).observe(button, { attributes: true, childList: true, characterData: true, subtree: true });
    });
    const before = Date.now();
    await joinButton(page).click();
    await waitForToast(
      page,
      'Success!',
      "You've been added to our early access list. We'll notify you when the product is available.",
    );
    const states = await page.evaluate(
      () => (window as unknown as { buttonStates: { disabled: boolean; text: string }[] }).buttonStates,
    );
    expect(states).toContainEqual({ disabled: true, text: 'Joining...' });
    // Back to idle: enabled, original label, empty field.
    expect(await joinButton(page).textContent()).toBe('Join Waitlist');
    expect(await joinButton(page).isEnabled()).toBe(true);
    expect(await email.inputValue()).toBe('');

    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('esg-waitlist'))) ?? 'null');
    expect(stored).toEqual([
      { email: 'ada@example.com', timestamp: expect.any(String), source: 'landing_hero' },
    ]);
    const timestamp = stored[0].timestamp as string;
    expect(new Date(timestamp).toISOString()).toBe(timestamp);
    expect(Math.abs(Date.parse(timestamp) - before)).toBeLessThan(60_000);
  });
});

describe('legal pages', () => {
  const LEGAL = [
    {
      path: '/terms-of-service',
      heading: 'Terms of Service',
      text: 'You must be at least 16 years old to use the service.',
    },
    {
      path: '/privacy-policy',
      heading: 'Privacy Policy',
      text: 'ESG Pilot is a business service and is not for people under 16.',
    },
  ];
  const RETENTION = [
    'Until you delete your account, or after 3 years of inactivity',
    '7 years',
    'Anonymised after 2 years',
    '1 year',
  ];

  test('signed out, they show the text without the app shell', async () => {
    const { page } = await e2e.newPage();
    for (const { path, heading, text } of LEGAL) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: WAIT_MS });
      expect(await page.getByText('Last updated: November 26, 2026').isVisible()).toBe(true);
      expect(await page.getByText(text, { exact: false }).first().isVisible()).toBe(true);
      expect(await sidebar(page).count()).toBe(0);
      expect(await page.getByText('Dashboard Overview').count()).toBe(0);
      expect(await page.locator('astro-island').count()).toBe(0);
      // Visitors get the Login / Get Started buttons of the public header.
      expect(await page.getByRole('link', { name: 'Login', exact: true }).isVisible()).toBe(true);
    }
    // The retention periods of spec §2 "Legal pages" are stated in the privacy policy.
    const main = page.getByRole('main');
    for (const period of RETENTION) {
      expect({ period, visible: await main.getByText(period, { exact: true }).first().isVisible() }).toEqual({
        period,
        visible: true,
      });
    }
  });

  test('signed in, they show the sidebar and header shell around the same text', async () => {
    const { page } = await e2e.newPage({ width: 1440 });
    await e2e.signUp(page);
    for (const { path, heading, text } of LEGAL) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: WAIT_MS });
      await sidebar(page).waitFor({ timeout: WAIT_MS });
      expect(await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).isVisible()).toBe(
        true,
      );
      expect(await page.getByRole('banner').getByText('Dashboard Overview').isVisible()).toBe(true);
      await page
        .getByRole('banner')
        .getByRole('button', { name: /Erin Ellis/ })
        .waitFor({ timeout: WAIT_MS });
      expect(await page.getByText('Last updated: November 26, 2026').isVisible()).toBe(true);
      expect(await page.getByText(text, { exact: false }).first().isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
    }
  });
});

describe('404', () => {
  test('an unknown path answers 404 with the not-found page', async () => {
    const { page } = await e2e.newPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  test('the build folder of the signed-in pages is not reachable, signed out or in', async () => {
    const { page } = await e2e.newPage();
    for (const path of ['/signed-in/', '/signed-in', '/signed-in/terms-of-service']) {
      const response = await page.goto(path);
      expect({ path, status: response?.status() }).toEqual({ path, status: 404 });
    }
    await e2e.signUp(page);
    const response = await page.goto('/signed-in/');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ timeout: WAIT_MS });
  });
});
