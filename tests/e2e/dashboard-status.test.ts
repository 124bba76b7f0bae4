import { describe, expect, test } from 'bun:test';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { WAIT_MS, waitForDashboard } from './helpers.ts';

// The app server runs without any connector's app registration (no OAuth settings in its env).
const e2e = startE2E();

describe('truthful status (issue 17 item 8)', () => {
  test("a first visit says 'Welcome', the cards show the real state, and the next steps come from it", async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 1000 });
    await page.goto('/');
    await e2e.signUp(page);
    await page.goto('/');
    await waitForDashboard(page);
    await page.getByRole('heading', { name: 'Welcome, Erin' }).waitFor({ timeout: WAIT_MS });
    await page.getByText('0 of 4', { exact: true }).waitFor({ timeout: WAIT_MS });
    const recommendations = page.getByRole('region', { name: 'Recommendations' });
    await recommendations
      .getByRole('heading', { name: 'Bring in your activity data' })
      .waitFor({ timeout: WAIT_MS });
    await recommendations.getByRole('link', { name: 'Add data' }).waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 30_000);

  test('the Connect dialog says a connector is not set up on this server before Connect is clicked', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 1000 });
    await page.goto('/');
    await e2e.signUp(page);
    await page.goto('/data-sources');
    await page.getByRole('button', { name: 'Connect Your First Source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a data source' });
    await dialog.getByRole('combobox', { name: 'Source type' }).click();
    await page.getByRole('option', { name: 'Xero (not set up on this server)' }).click();
    // The list has closed (its closing animation would otherwise be what axe sees).
    await page.getByRole('listbox').waitFor({ state: 'detached', timeout: WAIT_MS });
    const note = dialog.getByText('Xero is not set up on this server yet — ask your administrator.');
    await note.waitFor({ timeout: WAIT_MS });
    expect(await dialog.getByRole('button', { name: 'Connect Data Source' }).isDisabled()).toBe(true);
    expect(await dialog.textContent()).not.toMatch(/CLIENT_ID|CLIENT_SECRET/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 30_000);
});
