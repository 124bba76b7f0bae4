/**
 * Report branding in a real browser (issue 9, decision 027): on Growth an admin sees that branding
 * needs Enterprise and where to ask for it; once the company is on Enterprise (set directly in the
 * server's database, as tests/e2e/roles.test.ts moves memberships: no payment provider exists to
 * change a plan), the admin sets a brand name and a colour, is told why a light colour is refused,
 * uploads a PNG the test makes and sees it previewed. At 390 px wide, with axe on each state.
 */
import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { createLibsqlDb } from '../../db/client.ts';
import { companies } from '../../db/schema/auth.ts';
import { pngImage } from '../fixtures/images/encode.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { openSettingsTab, WAIT_MS, waitForToast } from './helpers.ts';

const e2e = startE2E();

async function openBilling(page: Page) {
  await openSettingsTab(page, 'Billing');
  await page.getByRole('heading', { name: 'Report branding' }).waitFor({ timeout: WAIT_MS });
}

async function setPlanToEnterprise(page: Page) {
  const user = (await (await page.request.get('/api/auth/user')).json()) as { companyId: string };
  const { db, client } = createLibsqlDb({ url: e2e.databaseUrl });
  try {
    await db.update(companies).set({ plan: 'enterprise' }).where(eq(companies.id, user.companyId));
  } finally {
    client.close();
  }
}

const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('Report branding', () => {
  test('Growth sees the plan it needs; Enterprise sets name, colour and logo', async () => {
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await page.goto('/');
    await e2e.signUp(page, { companyName: 'Northwind Bakery Ltd' });

    await openBilling(page);
    await page.getByText('Custom branding is part of the Enterprise plan').waitFor({ timeout: WAIT_MS });
    await page.getByText('choose Change plan above and request the Enterprise plan').waitFor();
    expect(await page.getByLabel('Brand name').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await setPlanToEnterprise(page);
    await openBilling(page);
    const name = page.getByLabel('Brand name');
    await name.waitFor({ timeout: WAIT_MS });
    await name.fill('Northwind Bread');

    const colour = page.getByRole('textbox', { name: 'Accent colour', exact: true });
    const save = page.getByRole('button', { name: 'Save branding' });
    await colour.fill('#FFD700');
    await page.getByText(/White text on #FFD700 has a contrast of 1\.\d\d:1/).waitFor({ timeout: WAIT_MS });
    expect(await save.isDisabled()).toBe(true);
    await colour.fill('#1D4ED8');
    await page.getByText(/contrast of \d+\.\d\d:1, which meets WCAG 2\.1 AA/).waitFor({ timeout: WAIT_MS });
    await save.click();
    await waitForToast(page, 'Success', 'Report branding saved');

    await page.getByLabel('Choose a logo file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(pngImage(160, 64, [29, 78, 216])),
    });
    await waitForToast(page, 'Success', 'Logo uploaded');
    const preview = page.getByRole('img', { name: 'Current report logo' });
    await preview.waitFor({ timeout: WAIT_MS });
    expect(await preview.getAttribute('src')).toMatch(/^\/api\/company\/branding\/logo\?v=\d+$/);
    await page.waitForFunction(
      () =>
        (document.querySelector('img[alt="Current report logo"]') as HTMLImageElement | null)
          ?.naturalWidth === 160,
      undefined,
      { timeout: WAIT_MS },
    );
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Saved for real: a reload shows the stored values.
    await openBilling(page);
    await page.getByLabel('Brand name').waitFor({ timeout: WAIT_MS });
    expect(await page.getByLabel('Brand name').inputValue()).toBe('Northwind Bread');
    expect(await page.getByRole('textbox', { name: 'Accent colour', exact: true }).inputValue()).toBe(
      '#1D4ED8',
    );

    await page.getByRole('button', { name: 'Remove logo' }).click();
    await waitForToast(page, 'Success', 'Logo removed');
    await page.getByText('No logo').waitFor({ timeout: WAIT_MS });
  }, 60_000);
});
