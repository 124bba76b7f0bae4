/**
 * Settings → Team and Billing, and the /invite page, in a real browser: an admin invites (no SMTP,
 * so the link is shown), a second browser accepts as a new account, the admin makes them a viewer,
 * and the viewer sees the team read-only. axe on each screen; 390 px without sideways scrolling.
 */
import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations, startE2E } from './harness';
import {
  expectFieldRefused,
  openSettingsTab,
  WAIT_MS,
  waitForDashboard,
  waitForPath,
  waitForToast,
} from './helpers';

const e2e = startE2E();

async function waitForTeam(page: Page) {
  await page.getByRole('list', { name: 'Team members' }).waitFor({ timeout: WAIT_MS });
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

describe('team invitations', () => {
  test('admin invites, a new account joins by the link, becomes a viewer and sees the team read-only', async () => {
    const { page: admin } = await e2e.newPage({ width: 1280 });
    await e2e.signUp(admin, { companyName: 'Ellis Joinery' });
    await openSettingsTab(admin, 'Team');
    await waitForTeam(admin);
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);

    // A malformed address is refused by the contract beside the field (decision 071).
    const emailField = admin.getByRole('textbox', { name: 'Email address' });
    await emailField.fill('nia@example');
    await admin.getByRole('button', { name: 'Send Invitation' }).click();
    await expectFieldRefused(admin, emailField, 'Enter a valid email address');

    const email = `nia-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await admin.getByRole('textbox', { name: 'Email address' }).fill(email);
    expect(await admin.getByRole('textbox', { name: 'Email address' }).getAttribute('type')).toBe('email');
    expect(await admin.getByRole('combobox', { name: 'Role', exact: true }).textContent()).toContain(
      'Member',
    );
    await admin.getByRole('button', { name: 'Send Invitation' }).click();
    const linkField = admin.getByRole('textbox', { name: `Invitation link for ${email}` });
    await linkField.waitFor({ timeout: WAIT_MS });
    expect(
      await admin.getByText('Email is not configured on this server, so no email was sent.').count(),
    ).toBe(1);
    expect(await admin.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/invite\?token=[a-z2-7]{32}$/);
    await admin
      .getByRole('list', { name: 'Pending invitations' })
      .getByText(email)
      .waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);

    // Billing tab: the real plan, honest about payments.
    await admin.getByRole('tab', { name: 'Billing' }).click();
    await admin.getByRole('heading', { name: 'Growth Plan' }).waitFor({ timeout: WAIT_MS });
    expect(await admin.getByText('Most Popular').count()).toBeGreaterThan(0);
    expect(await admin.getByText(/No card is on file/).count()).toBeGreaterThan(0);
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Change plan' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Change plan' });
    await dialog.getByRole('radio', { name: /^Enterprise/ }).check();
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Request change' }).click();
    await waitForToast(admin, 'Plan change requested');
    const history = admin.getByRole('list', { name: 'Plan change requests' });
    await history.getByText('Growth → Enterprise').waitFor({ timeout: WAIT_MS });
    expect(await history.getByText('Requested', { exact: true }).count()).toBe(1);

    // A second browser, signed out, opens the link and creates an account.
    const { page: guest } = await e2e.newPage({ width: 1280 });
    await guest.goto(new URL(link).pathname + new URL(link).search);
    await guest
      .getByRole('heading', { level: 1, name: 'Join Ellis Joinery on ESG Pilot' })
      .waitFor({ timeout: WAIT_MS });
    expect(
      await guest.getByText('Erin invited you to join Ellis Joinery as a Member.', { exact: false }).count(),
    ).toBe(1);
    expect(await guest.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
    expect(await seriousAccessibilityViolations(guest)).toEqual([]);
    await guest.getByRole('textbox', { name: 'First name' }).fill('Nia');
    await guest.getByRole('textbox', { name: 'Last name' }).fill('Newcomer');
    await guest.getByLabel('Password').fill('nia correct horse');
    await guest.getByRole('button', { name: 'Create account and join Ellis Joinery' }).click();
    await waitForPath(guest, '/');
    await waitForDashboard(guest);

    // The admin makes the newcomer a viewer.
    await openSettingsTab(admin, 'Team');
    await waitForTeam(admin);
    await admin.getByRole('combobox', { name: 'Role of Nia Newcomer' }).click();
    await admin.getByRole('option', { name: 'Viewer', exact: true }).click();
    await waitForToast(admin, 'Role updated', 'Nia Newcomer is now a Viewer.');

    // The viewer sees the list, read-only.
    await openSettingsTab(guest, 'Team');
    await waitForTeam(guest);
    const members = guest.getByRole('list', { name: 'Team members' });
    expect(await members.getByRole('listitem').count()).toBe(2);
    expect(await members.getByText('Viewer', { exact: true }).count()).toBe(1);
    expect(await guest.getByRole('button', { name: 'Send Invitation' }).count()).toBe(0);
    expect(await guest.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await guest.getByText(/Only an admin can invite people/).count()).toBe(1);
    expect(await seriousAccessibilityViolations(guest)).toEqual([]);

    // 390 px: the team list, billing and a used invitation link read without sideways scrolling.
    await guest.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(guest);
    await guest.getByRole('tab', { name: 'Billing' }).click();
    await guest.getByRole('heading', { name: 'Growth Plan' }).waitFor({ timeout: WAIT_MS });
    expect(await guest.getByText('Only an admin can change the plan.').count()).toBe(1);
    await noSidewaysScroll(guest);
    await admin.setViewportSize({ width: 390, height: 844 });
    await openSettingsTab(admin, 'Team');
    await waitForTeam(admin);
    await noSidewaysScroll(admin);
    await admin.goto(new URL(link).pathname + new URL(link).search);
    await admin
      .getByRole('heading', { level: 1, name: 'This invitation has already been used' })
      .waitFor({ timeout: WAIT_MS });
    await noSidewaysScroll(admin);
  }, 90_000);
});
