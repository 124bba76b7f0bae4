import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { createLibsqlDb } from '../../db/client.ts';
import { memberships } from '../../db/schema/auth.ts';
import type { Role } from '../../src/domain/contracts/auth.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { expectFieldRefused, openSettingsTab, WAIT_MS, waitForToast } from './helpers.ts';

const e2e = startE2E();

async function currentUser(page: Page): Promise<{ id: string; companyId: string; role: Role }> {
  const response = await page.request.get('/api/auth/user');
  expect(response.status()).toBe(200);
  return response.json();
}

/**
 * A second person moved into `companyId` with `role` in the server's database, as
 * tests/e2e/roles.test.ts makes its viewer; signing in again gives a session in that company.
 */
async function joinAs(page: Page, companyId: string, role: Role) {
  const { email, password } = await e2e.signUp(page);
  const { id } = await currentUser(page);
  const { db, client } = createLibsqlDb({ url: e2e.databaseUrl });
  try {
    await db.update(memberships).set({ companyId, role }).where(eq(memberships.userId, id));
  } finally {
    client.close();
  }
  const signIn = await page.request.post('/api/auth/signin', {
    headers: { Origin: e2e.baseUrl },
    data: { email, password },
  });
  expect(signIn.status()).toBe(200);
  expect(await currentUser(page)).toMatchObject({ companyId, role });
}

describe('API keys', () => {
  test('a key created in Settings works with Bearer until it is revoked there', async () => {
    const { page, context } = await e2e.newPage({ width: 1280, height: 1000 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
    await page.goto('/');
    await e2e.signUp(page);
    await openSettingsTab(page, 'API Keys');
    const name = page.getByLabel('Key name');
    await name.waitFor({ timeout: WAIT_MS });
    await page.getByText('No API keys yet.').waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // An empty name is refused by the contract beside the field (decision 071).
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await expectFieldRefused(page, name, 'Name is required');

    await name.fill('CI export');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    await waitForToast(page, 'Success', 'API key “CI export” created');
    const reveal = page.getByRole('region', { name: 'Copy your new key “CI export” now' });
    const shown = reveal.locator('code');
    await expect(shown.textContent()).resolves.toMatch(/^esgp_[\w-]{7}•+$/);
    await reveal.getByRole('button', { name: 'Show key' }).click();
    const secret = (await shown.textContent())!;
    expect(secret).toMatch(/^esgp_[A-Za-z0-9_-]{43}$/);
    await reveal.getByRole('button', { name: 'Hide key' }).click();
    await expect(shown.textContent()).resolves.not.toBe(secret);
    await reveal.getByRole('button', { name: 'Copy' }).click();
    await waitForToast(page, 'Success', 'API key copied to the clipboard');
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await reveal.getByRole('button', { name: 'I have stored the key' }).click();
    await expect(page.getByText(secret).count()).resolves.toBe(0);

    // The integration's side: no cookie, no Origin, only the key.
    const bearer = { Authorization: `Bearer ${secret}` };
    const created = await fetch(`${e2e.baseUrl}/api/sites`, {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Depot', country: 'GB' }),
    });
    expect(created.status).toBe(201);
    const listed = await fetch(`${e2e.baseUrl}/api/sites`, { headers: bearer });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { name: string }[]).map((site) => site.name)).toEqual(['Depot']);

    await page.getByRole('button', { name: 'Revoke CI export' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this API key?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await waitForToast(page, 'Success', 'API key “CI export” revoked');
    await page.getByText('No API keys yet.').waitFor({ timeout: WAIT_MS });
    const after = await fetch(`${e2e.baseUrl}/api/sites`, { headers: bearer });
    expect(after.status).toBe(401);
  }, 60_000);

  test('a member and a viewer read why instead of the key controls, and the keys are never asked for', async () => {
    const owner = await e2e.newPage();
    await e2e.signUp(owner.page);
    const { companyId } = await currentUser(owner.page);
    const created = await owner.page.request.post('/api/api-keys', {
      headers: { Origin: e2e.baseUrl },
      data: { name: 'Nightly sync' },
    });
    expect(created.status()).toBe(201);

    for (const role of ['member', 'viewer'] as const) {
      const { page } = await e2e.newPage({ width: 1280, height: 900 });
      await joinAs(page, companyId, role);
      const keyCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/api-keys')) keyCalls.push(request.url());
      });
      await openSettingsTab(page, 'API Keys');
      const panel = page.getByRole('tabpanel', { name: 'API Keys' });
      await panel.getByText('Only an admin can manage API keys.').waitFor({ timeout: WAIT_MS });
      expect(await panel.getByLabel('Key name').count()).toBe(0);
      expect(await panel.getByRole('button', { name: 'Create API Key' }).count()).toBe(0);
      expect(await panel.getByText('Nightly sync').count()).toBe(0);
      expect(await panel.getByRole('button', { name: /^(Revoke|Regenerate) / }).count()).toBe(0);
      expect(keyCalls).toEqual([]);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }
  }, 60_000);

  test('the API reference renders the documented endpoints and passes axe at phone and desktop widths', async () => {
    for (const width of [390, 1440]) {
      const { page } = await e2e.newPage({ width, height: 900 });
      await page.goto('/developers');
      await page
        .getByRole('heading', { level: 1, name: 'ESG Pilot API reference' })
        .waitFor({ timeout: WAIT_MS });
      await page.getByRole('heading', { level: 2, name: 'Activity ledger' }).waitFor();
      await expect(page.getByRole('heading', { name: /GET\s*\/api\/sites$/ }).count()).resolves.toBe(1);
      const example = await page.locator('#listSites pre').textContent();
      expect(example).toContain('Authorization: Bearer $ESG_PILOT_API_KEY');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  }, 60_000);
});
