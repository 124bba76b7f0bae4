/**
 * Passwords in a real browser (decision 045), on a server without SMTP: the forgot-password page
 * says email is not set up; an admin issues a reset link in Settings → Team; the member opens it,
 * meets the policy, sets a new password and signs in with it; the owner changes their own password
 * in Settings → Profile. axe on each screen.
 */
import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations, startE2E } from './harness';
import { openSettingsTab, WAIT_MS, waitForDashboard, waitForPath, waitForToast } from './helpers';

// 400: the policy's and the wrong current password's refusals, which the forms show.
const e2e = startE2E({ expectedStatuses: [400] });

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('forgot and reset password without email', () => {
  test('sign-in links to the forgot page, which says email is not set up and whom to ask', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    await page.getByRole('heading', { name: 'Email is not set up here' }).waitFor({ timeout: WAIT_MS });
    expect(await page.getByText(/Ask an admin of your company/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Send reset link' }).isVisible()).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  test('an admin issues a reset link; the member sets a new password through the policy and signs in', async () => {
    const { page: admin } = await e2e.newPage();
    await e2e.signUp(admin);
    const memberEmail = `nia-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const invited = await admin.request.post('/api/team/invites', {
      headers: { Origin: e2e.baseUrl },
      data: { email: memberEmail, role: 'member' },
    });
    const inviteToken = new URL((await invited.json()).link).searchParams.get('token');
    const { page: member } = await e2e.newPage();
    const joined = await member.request.post('/api/invites/signup', {
      headers: { Origin: e2e.baseUrl },
      data: { token: inviteToken, firstName: 'Nia', lastName: 'Okafor', password: 'nia correct horse' },
    });
    expect(joined.status()).toBe(201);

    await openSettingsTab(admin, 'Team');
    await admin.getByRole('button', { name: 'Issue a password reset link for Nia Okafor' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Password reset link for Nia Okafor' });
    const linkField = dialog.getByRole('textbox', { name: 'Password reset link for Nia Okafor' });
    await linkField.waitFor({ timeout: WAIT_MS });
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/reset-password\?token=[a-z2-7]{32}$/);
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);

    // A fresh browser: the member is signed out everywhere by the reset anyway.
    const { page: visitor } = await e2e.newPage();
    await visitor.goto(new URL(link).pathname + new URL(link).search);
    await visitor.getByRole('textbox', { name: 'Account' }).waitFor({ timeout: WAIT_MS });
    expect(await visitor.getByRole('textbox', { name: 'Account' }).inputValue()).toBe(memberEmail);
    expect(await seriousAccessibilityViolations(visitor)).toEqual([]);
    const password = visitor.getByLabel('New password', { exact: true });
    await password.fill('qwertyuiop');
    await visitor.getByRole('button', { name: 'Save new password' }).click();
    await visitor.getByText('This password is too common').first().waitFor({ timeout: WAIT_MS });
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousAccessibilityViolations(visitor)).toEqual([]);
    await password.fill('nia chose this one');
    await visitor.getByRole('button', { name: 'Save new password' }).click();
    await visitor
      .getByRole('heading', { name: 'Your password has been changed' })
      .waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(visitor)).toEqual([]);

    await signInThroughForm(visitor, memberEmail, 'nia chose this one');
    await waitForPath(visitor, '/');
    await waitForDashboard(visitor);
    // The link worked once: opening it again says so.
    const { page: again } = await e2e.newPage();
    await again.goto(new URL(link).pathname + new URL(link).search);
    await again.getByRole('link', { name: 'Ask for a new link' }).waitFor({ timeout: WAIT_MS });
    expect(await again.getByRole('alert').first().textContent()).toContain('This reset link is not valid');
  }, 60_000);
});

describe('change password in Settings → Profile', () => {
  test('asks for the current password, refuses a wrong one beside the field, and changes it', async () => {
    const { page } = await e2e.newPage();
    const { email, password } = await e2e.signUp(page);
    await openSettingsTab(page, 'Profile');
    const current = page.getByLabel('Current password', { exact: true });
    const next = page.getByLabel('New password', { exact: true });
    await current.waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await current.fill('not my password');
    await next.fill('erin chose a new one');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is not correct').first().waitFor({ timeout: WAIT_MS });
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await current.fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await waitForToast(page, 'Password changed');
    expect(await current.inputValue()).toBe('');

    const { page: fresh } = await e2e.newPage();
    await signInThroughForm(fresh, email, 'erin chose a new one');
    await waitForPath(fresh, '/');
    await waitForDashboard(fresh);
  }, 60_000);
});
