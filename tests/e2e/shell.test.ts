/**
 * The signed-in shell in a real browser: sidebar (desktop and mobile drawer), user menu, help
 * widget with the feedback dialog, the Support page's history, and Settings → Profile.
 */
import { describe, expect, test } from 'bun:test';
import type { Locator, Page } from 'playwright-core';
import { startE2E } from './harness';
import {
  expectFieldRefused,
  expectFocused,
  sidebar,
  userMenuTrigger,
  WAIT_MS,
  waitForDashboard,
  waitForToast,
} from './helpers';

const e2e = startE2E();

const NAV_ITEMS = [
  ['Dashboard', '/'],
  ['Data Sources', '/data-sources'],
  ['ESG Wizard', '/esg-wizard'],
  ['Narrative Builder', '/narrative-builder'],
  ['KPI Dashboard', '/kpi-dashboard'],
  ['Export & Filing', '/export'],
  ['Requests', '/requests'],
  ['Analytics', '/analytics'],
  ['Marketplace', '/marketplace'],
  ['Settings', '/settings'],
  ['Privacy', '/privacy'],
] as const;

async function signedInPage(options: { width?: number; height?: number } = {}) {
  const { page, context } = await e2e.newPage(options);
  const account = await e2e.signUp(page);
  return { page, context, ...account };
}

/** What the user menu trigger shows, read from its innermost texts: avatar initials, name, company. */
async function headerIdentity(trigger: Locator) {
  const [initials, name, company] = await trigger.locator('span:not(:has(span))').allTextContents();
  return { initials, name, company };
}

/** Names of the sidebar links that carry aria-current="page". */
async function currentNavItems(page: Page) {
  return sidebar(page)
    .locator('a[aria-current="page"]')
    .evaluateAll((links) => links.map((link) => link.textContent?.trim()));
}

describe('sidebar', () => {
  test('at 1440px it is always visible with every item, and marks the current page', async () => {
    const { page } = await signedInPage({ width: 1440 });
    await page.goto('/');
    await waitForDashboard(page);
    const nav = sidebar(page);
    expect(await nav.isVisible()).toBe(true);
    for (const [name, href] of NAV_ITEMS) {
      const link = nav.getByRole('link', { name, exact: true });
      expect({ name, href: await link.getAttribute('href'), visible: await link.isVisible() }).toEqual({
        name,
        href,
        visible: true,
      });
    }
    expect(await currentNavItems(page)).toEqual(['Dashboard']);
    // No drawer toggle on extra-large screens.
    expect(await page.getByRole('button', { name: 'Navigation menu' }).isVisible()).toBe(false);

    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor({ timeout: WAIT_MS });
    expect(await currentNavItems(page)).toEqual(['Settings']);
  });

  test('at 390px it is hidden; the menu toggle opens it over an overlay; Escape and the overlay close it', async () => {
    const { page } = await signedInPage({ width: 390, height: 844 });
    await page.goto('/');
    await waitForDashboard(page);
    const nav = sidebar(page);
    const toggle = page.getByRole('button', { name: 'Navigation menu' });
    expect(await nav.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    await nav.waitFor({ state: 'visible', timeout: WAIT_MS });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await nav.getByRole('link', { name: 'Marketplace' }).isVisible()).toBe(true);
    // Focus moves into the drawer.
    await expectFocused(page, { tag: 'a' });
    // The rest of the page is covered: a click right of the drawer lands on the overlay, not the page.
    const covering = await page.evaluate(() => {
      const element = document.elementFromPoint(window.innerWidth - 20, window.innerHeight / 2);
      return element?.closest('#main, header') === null;
    });
    expect(covering).toBe(true);

    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden', timeout: WAIT_MS });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expectFocused(page, { id: 'sidebar-toggle' });

    // Clicking the overlay closes it too.
    await toggle.click();
    await nav.waitFor({ state: 'visible', timeout: WAIT_MS });
    await page.mouse.click(370, 600);
    await nav.waitFor({ state: 'hidden', timeout: WAIT_MS });
  });
});

describe('user menu', () => {
  test('shows the full name, company and initials, with Profile, Settings and Log out', async () => {
    const { page, email } = await signedInPage({ width: 1440 });
    await page.goto('/');
    const trigger = userMenuTrigger(page, /Erin Ellis/);
    await trigger.waitFor({ timeout: WAIT_MS });
    expect(await headerIdentity(trigger)).toEqual({
      initials: 'EE',
      name: 'Erin Ellis',
      company: 'Ellis Joinery',
    });

    await trigger.click();
    const menu = page.getByRole('menu');
    await menu.waitFor({ timeout: WAIT_MS });
    expect(await menu.getByText('Erin Ellis', { exact: true }).isVisible()).toBe(true);
    expect(await menu.getByText(email, { exact: true }).isVisible()).toBe(true);
    const items = await menu.getByRole('menuitem').allInnerTexts();
    expect(items.map((text) => text.trim())).toEqual(['Profile', 'Settings', 'Log out']);
    expect(await menu.getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/settings');
    expect(await menu.getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    expect(await menu.getByRole('menuitem', { name: 'Log out' }).getAttribute('href')).toBe('/api/logout');
  });
});

describe('keyboard: header menus', () => {
  test('the help menu and the user menu open with Enter or Space, close with Escape, and give focus back', async () => {
    const { page } = await signedInPage({ width: 1280 });
    await page.goto('/');
    await waitForDashboard(page);
    const triggers = [
      page.getByRole('banner').getByRole('button', { name: 'Help' }),
      userMenuTrigger(page, /Erin Ellis/),
    ];
    for (const trigger of triggers) {
      for (const key of ['Enter', 'Space']) {
        await trigger.focus();
        await page.keyboard.press(key);
        const menu = page.getByRole('menu');
        await menu.waitFor({ state: 'visible', timeout: WAIT_MS });
        expect(await trigger.getAttribute('aria-expanded')).toBe('true');
        // Focus moves inside the menu (a frame after it opens), so arrow keys move between its items.
        const menuHandle = await menu.elementHandle();
        await page.waitForFunction((element) => element?.contains(document.activeElement), menuHandle, {
          timeout: WAIT_MS,
        });
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached', timeout: WAIT_MS });
        expect(await trigger.getAttribute('aria-expanded')).toBe('false');
        // Radix gives focus back to the trigger after the menu closes, also a frame later.
        const triggerHandle = await trigger.elementHandle();
        await page.waitForFunction((element) => element === document.activeElement, triggerHandle, {
          timeout: WAIT_MS,
        });
      }
    }
  });
});

describe('feedback', () => {
  test('Report Bug from the help menu opens the dialog; empty is refused; a filled one is submitted and listed on /support', async () => {
    const { page } = await signedInPage({ width: 1280 });
    await page.goto('/');
    await waitForDashboard(page);
    const helpTrigger = page.getByRole('banner').getByRole('button', { name: 'Help' });
    await helpTrigger.click();
    await page.getByRole('menuitem', { name: 'Report Bug' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a Bug' });
    await dialog.waitFor({ timeout: WAIT_MS });
    expect(await dialog.getByRole('combobox', { name: 'Type' }).textContent()).toContain('Bug report');

    await dialog.getByRole('button', { name: 'Submit' }).click();
    await waitForToast(page, 'Missing Information', 'Please fill in both subject and message fields.');
    expect(await dialog.isVisible()).toBe(true);
    // decision 071: the contract's messages sit on the fields too, focus on the first.
    await expectFieldRefused(page, dialog.getByRole('textbox', { name: 'Subject' }), 'Subject is required');
    expect(await dialog.getByText('Message is required').isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Email (optional)' }).fill('me@example');

    const subject = `Export button does nothing ${crypto.randomUUID().slice(0, 6)}`;
    await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await dialog.getByRole('textbox', { name: 'Message' }).fill('I clicked Export and nothing happened.');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectFieldRefused(
      page,
      dialog.getByRole('textbox', { name: 'Email (optional)' }),
      'Enter a valid email address',
    );
    await dialog.getByRole('textbox', { name: 'Email (optional)' }).fill('');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await waitForToast(
      page,
      'Feedback Submitted',
      "Thank you for your feedback! We'll get back to you soon.",
    );
    await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });
    // Focus goes back to the help button that opened the dialog.
    await page.waitForFunction(
      (element) => element === document.activeElement,
      await helpTrigger.elementHandle(),
      {
        timeout: WAIT_MS,
      },
    );

    await page.goto('/support');
    const history = page.getByRole('region', { name: 'Your feedback' });
    const entry = history.getByRole('listitem').filter({ hasText: subject });
    await entry.waitFor({ timeout: WAIT_MS });
    expect(await entry.getByText('I clicked Export and nothing happened.').isVisible()).toBe(true);
    expect(await entry.getByText('Bug report', { exact: true }).isVisible()).toBe(true);
    expect(await entry.getByText('Open', { exact: true }).isVisible()).toBe(true);
  });
});

describe('settings: profile', () => {
  test('saving a new first name and company shows the success toast, updates the header, and survives a reload', async () => {
    const { page } = await signedInPage({ width: 1280 });
    await page.goto('/settings');
    const firstName = page.getByRole('textbox', { name: 'First name' });
    await firstName.waitFor({ timeout: WAIT_MS });
    expect(await firstName.inputValue()).toBe('Erin');
    await firstName.fill('Morgan');
    await page.getByRole('textbox', { name: 'Company name' }).fill('Morgan Timber Ltd');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await waitForToast(page, 'Success', 'Profile updated successfully');

    const trigger = userMenuTrigger(page, /Morgan Ellis/);
    await trigger.waitFor({ timeout: WAIT_MS });
    expect(await headerIdentity(trigger)).toEqual({
      initials: 'ME',
      name: 'Morgan Ellis',
      company: 'Morgan Timber Ltd',
    });

    await page.reload();
    await userMenuTrigger(page, /Morgan Ellis/).waitFor({ timeout: WAIT_MS });
    expect(await headerIdentity(userMenuTrigger(page, /Morgan Ellis/))).toEqual({
      initials: 'ME',
      name: 'Morgan Ellis',
      company: 'Morgan Timber Ltd',
    });
    await page.getByRole('textbox', { name: 'First name' }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByRole('textbox', { name: 'First name' }).inputValue()).toBe('Morgan');
    expect(await page.getByRole('textbox', { name: 'Company name' }).inputValue()).toBe('Morgan Timber Ltd');
  });
});
