/**
 * Accounts in a real browser: sign-up and sign-in through the forms, sign-out from the user menu,
 * a wrong password, the keyboard-only sign-in, and what happens when the session disappears.
 */
import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { SESSION_LOSS_REDIRECT_MS } from '../../src/client/lib/session-loss.ts';
import { seriousAccessibilityViolations, startE2E } from './harness';
import {
  focusedElement,
  notifications,
  userMenuTrigger,
  WAIT_MS,
  waitForDashboard,
  waitForPath,
  waitForToast,
} from './helpers';

const e2e = startE2E();

const uniqueEmail = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('sign-up, sign-out and sign-in', () => {
  test('sign-up through the form lands on the dashboard; Log out returns to the landing page and ends the session', async () => {
    const { page } = await e2e.newPage({ width: 1440 });
    const email = uniqueEmail('signup');
    await page.goto('/signup');
    await page.getByRole('textbox', { name: 'First name' }).fill('Priya');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Shah');
    await page.getByRole('textbox', { name: 'Work email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a long enough password');
    await page.getByRole('textbox', { name: 'Company name' }).fill('Shah Ceramics');
    await page.getByRole('combobox', { name: 'Reporting jurisdiction' }).selectOption('SECR');
    await page.getByRole('button', { name: 'Create account' }).click();

    await waitForPath(page, '/');
    await waitForDashboard(page);
    // The first visit after sign-up (decision 054).
    expect(await page.getByRole('heading', { name: 'Welcome, Priya' }).isVisible()).toBe(true);
    expect(await page.getByText('Get started with your ESG reporting').isVisible()).toBe(true);
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    await activity.getByText(/^account created$/i).waitFor({ timeout: WAIT_MS });
    // The session really is the new account.
    const user = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
    expect(user).toMatchObject({
      email,
      firstName: 'Priya',
      lastName: 'Shah',
      companyName: 'Shah Ceramics',
      jurisdiction: 'SECR',
    });

    await userMenuTrigger(page, /Priya Shah/).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/');
    await page
      .getByRole('heading', { name: 'AI-Powered ESG Reporting Made Simple for SMEs' })
      .waitFor({ timeout: WAIT_MS });
    expect(await page.locator('astro-island').count()).toBe(0);
    const after = await page.request.get('/api/auth/user');
    expect(after.status()).toBe(401);
  });

  test('a link to /api/logout keeps the session until the page’s Log out button is pressed', async () => {
    const { page } = await e2e.newPage();
    await e2e.signUp(page);
    await page.goto('/api/logout');
    await page.getByRole('heading', { name: 'Log out of ESG Pilot?' }).waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
    await page.getByRole('button', { name: 'Log out' }).click();
    await waitForPath(page, '/');
    await page
      .getByRole('heading', { name: 'AI-Powered ESG Reporting Made Simple for SMEs' })
      .waitFor({ timeout: WAIT_MS });
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('sign-in through the form with an existing account lands on the dashboard', async () => {
    const { page, context } = await e2e.newPage();
    const { email, password } = await e2e.signUp(page);
    await context.clearCookies();
    await signInThroughForm(page, email, password);
    await waitForPath(page, '/');
    await waitForDashboard(page);
    expect(await page.getByRole('heading', { name: 'Welcome back, Erin' }).isVisible()).toBe(true);
    await userMenuTrigger(page, /Erin Ellis/).waitFor({ timeout: WAIT_MS });
  });

  test("a wrong password shows the server's message and stays on the sign-in page", async () => {
    const { page, context } = await e2e.newPage();
    const { email } = await e2e.signUp(page);
    await context.clearCookies();
    await signInThroughForm(page, email, 'not the right password');
    const alert = page.locator('#form-alert');
    await alert.getByText('Email or password is incorrect').waitFor({ timeout: WAIT_MS });
    expect(new URL(page.url()).pathname).toBe('/login');
    // The button is usable again for a second try.
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).toBe(true);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('keyboard only: the sign-in form can be filled in and submitted without a pointer', async () => {
    const { page, context } = await e2e.newPage();
    const { email, password } = await e2e.signUp(page);
    await context.clearCookies();
    await page.goto('/login');
    // Tab from the top of the page to the email field.
    for (let presses = 0; presses < 20 && (await focusedElement(page)).id !== 'email'; presses++) {
      await page.keyboard.press('Tab');
    }
    expect(await focusedElement(page)).toMatchObject({ id: 'email' });
    await page.keyboard.type(email);
    for (let presses = 0; presses < 5 && (await focusedElement(page)).id !== 'password'; presses++) {
      await page.keyboard.press('Tab');
    }
    expect(await focusedElement(page)).toMatchObject({ id: 'password' });
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/');
    await waitForDashboard(page);
  });
});

describe('session loss', () => {
  /**
   * The toast of spec §2, then /api/login → /login once the page's clock (installed by the test
   * before the page loads) has run SESSION_LOSS_REDIRECT_MS: the test moves it, and never measures
   * how long a busy machine took.
   */
  async function expectSessionLossRedirect(page: Page) {
    await waitForToast(page, 'Unauthorized', 'You are logged out. Logging in again...');
    const region = notifications(page);
    expect(await region.getByText('Unauthorized', { exact: true }).isVisible()).toBe(true);
    await page.clock.runFor(SESSION_LOSS_REDIRECT_MS);
    await waitForPath(page, '/login', { waitUntil: 'commit' });
  }

  test('reloading a signed-in page after the cookie is gone shows Unauthorized and goes to sign in', async () => {
    const { page, context } = await e2e.newPage();
    await e2e.signUp(page);
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(new URL(request.url()).pathname);
    });
    await page.clock.install();
    await page.goto('/settings');
    await userMenuTrigger(page, /Erin Ellis/).waitFor({ timeout: WAIT_MS });
    await context.clearCookies();
    await page.reload();
    await expectSessionLossRedirect(page);
    expect(navigations).toContain('/api/login');
    await page.getByRole('heading', { name: 'Sign in to ESG Pilot' }).waitFor({ timeout: WAIT_MS });
  });

  test('navigating to /support after the cookie is gone shows Unauthorized and goes to sign in', async () => {
    const { page, context } = await e2e.newPage();
    await e2e.signUp(page);
    await page.clock.install();
    await page.goto('/');
    await waitForDashboard(page);
    await context.clearCookies();
    await page.goto('/support');
    await expectSessionLossRedirect(page);
  });
});
