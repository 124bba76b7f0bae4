/**
 * The user menu's company switcher (decision 031) in a real browser: a person who joined a second
 * company by invitation switches back by keyboard (busy state seen while the call is held), signs
 * out and in again and lands in the company she chose (decision 034), then switches by mouse after
 * being removed from the other company (error toast, nothing changes). Someone in one company sees
 * no switcher. axe with the menu open.
 */
import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations, startE2E } from './harness';
import {
  focusedElement,
  userMenuTrigger,
  WAIT_MS,
  waitForDashboard,
  waitForPath,
  waitForToast,
} from './helpers';

const e2e = startE2E();

const companiesLoaded = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/companies', {
    timeout: WAIT_MS,
  });

function switchGroup(page: Page) {
  return page.getByRole('menu').getByRole('group', { name: 'Switch company' });
}

describe('company switcher', () => {
  test('a person in two companies switches from the user menu and the header follows', async () => {
    const { page: host } = await e2e.newPage();
    await e2e.signUp(host, { firstName: 'Hugo', lastName: 'Hart', companyName: 'Harbour Freight' });
    const { page } = await e2e.newPage();
    const { email, password } = await e2e.signUp(page, { companyName: 'Ellis Joinery' });

    // Hugo invites Erin as a viewer; Erin accepts while signed in, which moves her session there.
    const origin = { Origin: e2e.baseUrl };
    const sent = await host.request.post('/api/team/invites', {
      headers: origin,
      data: { email, role: 'viewer' },
    });
    expect(sent.status()).toBe(201);
    const token = new URL((await sent.json()).link).searchParams.get('token');
    const accepted = await page.request.post('/api/invites/accept', { headers: origin, data: { token } });
    expect(accepted.status()).toBe(200);

    // One company: no switcher at all.
    await host.goto('/');
    const hostTrigger = userMenuTrigger(host, /Hugo Hart/);
    await hostTrigger.waitFor({ timeout: WAIT_MS });
    const hostList = companiesLoaded(host);
    await hostTrigger.hover();
    await hostList;
    await hostTrigger.click();
    const hostItems = await host.getByRole('menu').getByRole('menuitem').allInnerTexts();
    expect(hostItems.map((text) => text.trim())).toEqual(['Profile', 'Settings', 'Log out']);
    expect(await host.getByText('Switch company').count()).toBe(0);

    // Erin, on Settings in Harbour Freight, switches to Ellis Joinery by keyboard.
    await page.goto('/settings');
    const trigger = userMenuTrigger(page, /Erin Ellis/);
    await trigger.waitFor({ timeout: WAIT_MS });
    expect(await trigger.textContent()).toContain('Harbour Freight');
    const list = companiesLoaded(page);
    await trigger.focus();
    await list;
    await page.keyboard.press('Enter');
    const group = switchGroup(page);
    await group.waitFor({ timeout: WAIT_MS });
    const home = group.getByRole('menuitem', { name: /Ellis Joinery/ });
    expect(await group.getByRole('menuitem').count()).toBe(1);
    expect(await home.textContent()).toContain('Admin');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Hold the call so the busy state can be seen, then let it through.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/switch-company', async (route) => {
      await held;
      await route.continue();
    });
    await page.keyboard.press('Home');
    expect((await focusedElement(page)).text).toContain('Ellis Joinery');
    await page.keyboard.press('Enter');
    await home.getByText('Switching…').waitFor({ timeout: WAIT_MS });
    expect(await home.getAttribute('aria-disabled')).toBe('true');
    release();
    await userMenuTrigger(page, /Ellis Joinery/).waitFor({ timeout: WAIT_MS });
    await waitForPath(page, '/settings');
    await page.unroute('**/api/auth/switch-company');

    // She signs out and in again: sign-in opens Ellis Joinery, the company she chose, not Harbour
    // Freight, the one she joined last (decision 034).
    await userMenuTrigger(page, /Ellis Joinery/).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/');
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/');
    await waitForDashboard(page);
    await userMenuTrigger(page, /Ellis Joinery/).waitFor({ timeout: WAIT_MS });

    // Back the other way, by mouse; Hugo removes Erin while her menu is open: an error toast, and
    // nothing changes.
    const again = userMenuTrigger(page, /Ellis Joinery/);
    await again.hover();
    await again.click();
    const harbour = switchGroup(page).getByRole('menuitem', { name: /Harbour Freight/ });
    await harbour.waitFor({ timeout: WAIT_MS });
    expect(await harbour.textContent()).toContain('Viewer');
    const team = await (await host.request.get('/api/team')).json();
    const erin = team.members.find((member: { email: string }) => member.email === email);
    const removed = await host.request.delete(`/api/team/members/${erin.id}`, { headers: origin });
    expect(removed.status()).toBe(204);
    await harbour.click();
    await waitForToast(
      page,
      'Error',
      'Operation failed: You are not a member of that company. Ask one of its admins to invite you.',
    );
    expect(await harbour.getAttribute('aria-disabled')).toBeNull();
    expect(await userMenuTrigger(page, /Ellis Joinery/).count()).toBe(1);
  }, 90_000);
});
