/**
 * Changing the sign-in email in a real browser (decision 041): Settings → Profile shows the new
 * address as pending, Cancel withdraws it, and only the emailed link's page changes the address.
 */
import { afterAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { mailText, startFakeSmtp } from '../fakes/smtp';
import { seriousAccessibilityViolations, startE2E } from './harness';
import { openSettingsTab, WAIT_MS, waitForToast } from './helpers';

const smtp = await startFakeSmtp();
afterAll(() => smtp.close());
const e2e = startE2E({ env: { SMTP_URL: smtp.url(), SMTP_FROM: 'ESG Pilot <pilot@example.com>' } });

/** The token of the newest confirmation link sent to `address`. */
function linkTokenSentTo(address: string): string {
  const mail = smtp.messages.findLast((message) => message.to.includes(address));
  const body = mailText(mail);
  const token = /\/confirm-email\?token=([a-z2-7]{32})/.exec(body)?.[1];
  if (!token) throw new Error(`no confirmation link sent to ${address}`);
  return token;
}

async function askForEmail(page: Page, newEmail: string) {
  await openSettingsTab(page, 'Profile');
  await page.getByRole('textbox', { name: 'Email' }).fill(newEmail);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await waitForToast(
    page,
    `We sent a confirmation link to ${newEmail}. Your email changes when you open it.`,
  );
}

describe('changing the sign-in email', () => {
  test('the new address shows as pending until its link is confirmed on the confirmation page', async () => {
    const { page } = await e2e.newPage();
    const { email } = await e2e.signUp(page);
    const newEmail = `moved-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await askForEmail(page, newEmail);
    const pending = page.getByRole('status').filter({ hasText: 'Pending:' });
    await pending.waitFor({ timeout: WAIT_MS });
    expect(await pending.textContent()).toContain(`Pending: ${newEmail} (confirmation sent)`);
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);

    await page.goto(`/confirm-email?token=${linkTokenSentTo(newEmail)}`);
    await page.getByRole('heading', { name: 'Confirm your new email address' }).waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Opening the page changed nothing yet.
    expect((await (await page.request.get('/api/auth/user')).json()).email).toBe(email);
    await page.getByRole('button', { name: 'Confirm email change' }).click();
    await page.getByRole('heading', { name: 'Your email address is changed' }).waitFor({ timeout: WAIT_MS });
    expect((await (await page.request.get('/api/auth/user')).json()).email).toBe(newEmail);
  });

  test('Cancel change withdraws the pending address and its link stops working', async () => {
    const { page } = await e2e.newPage();
    const { email } = await e2e.signUp(page);
    const newEmail = `withdrawn-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await askForEmail(page, newEmail);
    await page.getByRole('button', { name: 'Cancel change' }).click();
    await waitForToast(page, 'Email change cancelled');
    await page.getByText('Pending:').waitFor({ state: 'detached', timeout: WAIT_MS });

    await page.goto(`/confirm-email?token=${linkTokenSentTo(newEmail)}`);
    await page.getByRole('button', { name: 'Confirm email change' }).click();
    await page.getByRole('alert').getByText('not valid or has expired').waitFor({ timeout: WAIT_MS });
    expect((await (await page.request.get('/api/auth/user')).json()).email).toBe(email);
  });
});
