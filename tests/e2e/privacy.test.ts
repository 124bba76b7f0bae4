/**
 * Privacy & Data Settings and Settings → Audit Log in the browser against the real server: the
 * export downloads a timestamped JSON file holding the person's data, account deletion asks for
 * the understanding checkbox, says the company goes too, then signs out to the login page after
 * 3 s; the Audit Log tab lists entries and verifies the chain. Axe on both.
 */
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { openSettingsTab, WAIT_MS, waitForPath, waitForToast } from './helpers.ts';

const e2e = startE2E();

describe('privacy settings', () => {
  test('exports a timestamped JSON file with the person profile', async () => {
    const { page } = await e2e.newPage();
    const { email } = await e2e.signUp(page, { firstName: 'Priya', lastName: 'Natarajan' });
    await page.goto('/privacy');
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Data overview' }).waitFor({ timeout: WAIT_MS });
    await main.getByText(email).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const download = page.waitForEvent('download', { timeout: WAIT_MS });
    await main.getByRole('button', { name: 'Export data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^esg-pilot-data-export-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.json$/,
    );
    const data = JSON.parse(readFileSync((await file.path())!, 'utf8'));
    expect(data.profile).toMatchObject({ email, firstName: 'Priya', lastName: 'Natarajan' });
    expect(data.memberships).toHaveLength(1);
    await waitForToast(page, 'Success', 'Data export completed');
  });

  test('deletes the account after the checkbox is ticked and goes to sign in', async () => {
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    const { email, password } = await e2e.signUp(page, { companyName: 'Short Lived Ltd' });
    await page.goto('/privacy');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor({ timeout: WAIT_MS });
    await dialog.getByText('Short Lived Ltd').first().waitFor();
    expect(await dialog.textContent()).toContain('will be deleted with all its data');
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByLabel('Reason for leaving (optional)').fill('Just trying it out');
    await dialog.getByRole('checkbox', { name: /I understand/ }).check();
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await waitForToast(page, 'Success', 'Account deleted successfully');
    // spec §9: 3000 ms, then /api/login, which sends the browser to the sign-in page.
    await waitForPath(page, '/login', { timeout: WAIT_MS });
    const signIn = await page.request.post('/api/auth/signin', {
      headers: { Origin: e2e.baseUrl },
      data: { email, password },
    });
    expect(signIn.status()).toBe(401);
  });

  test('a visitor sees the log-in sentence, not a blank page, before the sign-in redirect', async () => {
    const { page } = await e2e.newPage();
    await page.addInitScript(() => {
      const seen = { message: false };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Please log in to access privacy settings.'))
          seen.message = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/privacy');
    await page.waitForFunction(
      () => (window as unknown as { seen: { message: boolean } }).seen.message,
      null,
      {
        timeout: WAIT_MS,
      },
    );
    await waitForPath(page, '/login');
  });
});

describe('Settings → Audit Log', () => {
  test('lists the latest entries and verifies the chain', async () => {
    const { page } = await e2e.newPage();
    await e2e.signUp(page, { firstName: 'Audra', lastName: 'Tester' });
    for (const subject of ['One', 'Two']) {
      const response = await page.request.post('/api/support/feedback', {
        headers: { Origin: e2e.baseUrl },
        data: { subject, message: 'm' },
      });
      expect(response.status()).toBe(201);
    }
    await openSettingsTab(page, 'Audit Log');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor({ timeout: WAIT_MS });
    const table = page.getByRole('region', { name: 'Audit log entries' });
    await table.waitFor({ timeout: WAIT_MS });
    const rows = table.getByRole('row');
    // Header + account created + two feedback entries.
    expect(await rows.count()).toBe(4);
    expect(await rows.nth(1).textContent()).toContain('Feedback submitted');
    expect(await rows.nth(1).textContent()).toContain('Audra Tester');
    await page.getByRole('button', { name: 'Verify integrity' }).click();
    await page.getByText('Integrity verified').waitFor({ timeout: WAIT_MS });
    expect(await page.getByText('3 entries checked').count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
