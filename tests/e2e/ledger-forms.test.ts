import { describe, expect, test } from 'bun:test';
import type { Locator, Page } from 'playwright-core';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { expectFocused, focusedElement, showActivityData, WAIT_MS, waitForToast } from './helpers.ts';

// 400: the server refuses a unit it does not know, with the message on the field (decision 071).
const e2e = startE2E({ expectedStatuses: [400] });

/** The control's error message, read through its aria-describedby as a screen reader would. */
async function describedErrors(page: Page, label: string): Promise<string> {
  return page
    .getByRole('dialog')
    .getByLabel(label, { exact: true })
    .evaluate((control) => {
      const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
    });
}

/** The control's id, which the focus checks compare with the focused element's. */
async function idOf(control: Locator): Promise<string> {
  return (await control.getAttribute('id')) ?? 'no id';
}

describe('The ledger and KPI forms (one form approach)', () => {
  test('check entries with the contract, focus the first field in error, show the server’s field message and save', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 1000 });
    await page.goto('/');
    await e2e.signUp(page);
    await page.goto('/data-sources');
    // The activity cards' stand-ins (titles and skeletons) pass axe before they are reached.
    await page.getByRole('button', { name: 'Connect Your First Source' }).waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await showActivityData(page);
    await page.getByText(/^No sites yet\./).waitFor({ timeout: WAIT_MS });

    // Site: an empty name is refused in the browser, beside the field, with focus on it.
    await page.getByRole('button', { name: 'Add site', exact: true }).click();
    const siteDialog = page.getByRole('dialog', { name: 'Add a site' });
    await siteDialog.waitFor({ timeout: WAIT_MS });
    await siteDialog.getByRole('button', { name: 'Add site' }).click();
    const siteName = siteDialog.getByLabel('Site name');
    await siteDialog.getByText('Name is required').waitFor({ timeout: WAIT_MS });
    expect(await siteName.getAttribute('aria-invalid')).toBe('true');
    expect(await describedErrors(page, 'Site name')).toBe('Name is required');
    expect((await focusedElement(page)).id).toBe(await idOf(siteName));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await siteName.fill('Bristol bakery');
    await siteDialog.getByRole('button', { name: 'Add site' }).click();
    await waitForToast(page, 'Site added');
    await page.getByRole('cell', { name: 'Bristol bakery' }).first().waitFor({ timeout: WAIT_MS });

    // Line: blanks are refused first; then a unit only the server can judge comes back on its field.
    await page.getByRole('button', { name: 'Add line', exact: true }).click();
    const lineDialog = page.getByRole('dialog', { name: 'Add an activity line' });
    await lineDialog.waitFor({ timeout: WAIT_MS });
    await lineDialog.getByLabel('Evidence link (optional)').fill('drive/bill.pdf');
    await lineDialog.getByRole('button', { name: 'Add line' }).click();
    await lineDialog.getByText('Enter the quantity').waitFor({ timeout: WAIT_MS });
    expect(await describedErrors(page, 'Evidence link (optional)')).toContain(
      'Use a web link starting with https://',
    );
    expect((await focusedElement(page)).id).toBe(
      await idOf(lineDialog.getByLabel('Quantity', { exact: true })),
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await lineDialog.getByLabel('Quantity', { exact: true }).fill('1,200');
    await lineDialog.getByLabel('Unit', { exact: true }).fill('furlong');
    await lineDialog.getByLabel('Evidence link (optional)').fill('');
    await lineDialog.getByRole('button', { name: 'Add line' }).click();
    await lineDialog.getByText(/^"furlong" is not a unit we know/).waitFor({ timeout: WAIT_MS });
    expect(await describedErrors(page, 'Unit')).toContain('"furlong" is not a unit we know');
    expect((await focusedElement(page)).id).toBe(await idOf(lineDialog.getByLabel('Unit', { exact: true })));

    await lineDialog.getByLabel('Unit', { exact: true }).fill('kWh');
    await lineDialog.getByRole('button', { name: 'Add line' }).click();
    await waitForToast(page, 'Activity line added');
    await expect(lineDialog.isVisible()).resolves.toBe(false);
    await page.getByRole('cell', { name: 'Electricity' }).first().waitFor({ timeout: WAIT_MS });
  }, 90_000);

  test('the KPI record forms and the recalculation range refuse what the contract refuses, focus it, and save', async () => {
    const { page } = await e2e.newPage({ width: 1280, height: 1000 });
    await page.goto('/');
    await e2e.signUp(page);
    await page.goto('/kpi-dashboard');
    // A company without activity is offered the forms on request (decision 082).
    const offer = page.getByRole('button', { name: 'Set target and figures' });
    await offer.waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await offer.click();
    const target = page.getByRole('form', { name: 'Reduction target' });
    await target.getByRole('button', { name: 'Save target' }).waitFor({ timeout: WAIT_MS });
    await target.getByRole('button', { name: 'Save target' }).click();
    await target.getByText('Enter a number').waitFor({ timeout: WAIT_MS });
    expect((await focusedElement(page)).id).toBe(await idOf(target.getByLabel('Reduction (%)')));
    await target.getByLabel('Reduction (%)').fill('42');
    await target.getByRole('button', { name: 'Save target' }).click();
    await waitForToast(page, 'Reduction target saved');

    const figures = page.getByRole('form', { name: /^Revenue and headcount for/ });
    await figures.getByLabel('Employees').fill('12');
    await figures.getByRole('button', { name: 'Save figures' }).click();
    await figures
      .getByText('Say whether this is a headcount or full-time equivalents')
      .waitFor({ timeout: WAIT_MS });
    const basis = figures.getByRole('combobox', { name: 'Counted as' });
    expect(await basis.getAttribute('aria-invalid')).toBe('true');
    expect((await focusedElement(page)).id).toBe(await idOf(basis));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await basis.click();
    await page.getByRole('option', { name: 'Headcount (people)' }).click();
    await figures.getByRole('button', { name: 'Save figures' }).click();
    const heading = (await figures.getByRole('heading').textContent()) ?? '';
    await waitForToast(page, `${heading} saved`);

    // The recalculation range is offered once the year holds activity (decision 082): one line in
    // a past year, which the automatic reporting year then shows.
    const headers = { Origin: e2e.baseUrl };
    const site = await page.request.post('/api/sites', { headers, data: { name: 'Office', country: 'GB' } });
    expect(site.status()).toBe(201);
    const line = await page.request.post('/api/activities', {
      headers,
      data: {
        siteId: (await site.json()).id,
        date: '2024-03-01',
        category: 'diesel',
        quantity: 100,
        unit: 'litre',
      },
    });
    expect(line.status()).toBe(201);
    await page.reload();

    // The recalculation range: refused beside its field, with the focus, before any confirmation.
    const recalculation = page.getByRole('heading', { name: 'Recalculate with the current factor library' });
    await recalculation.waitFor({ timeout: WAIT_MS });
    await recalculation.scrollIntoViewIfNeeded();
    const range = page.getByRole('form', { name: 'Recalculate with the current factor library' });
    const from = range.getByLabel('From', { exact: true });
    const to = range.getByLabel('To', { exact: true });
    await from.fill('');
    await range.getByRole('button', { name: 'Recalculate', exact: true }).click();
    await range.getByText('Choose a start date').waitFor({ timeout: WAIT_MS });
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    await expectFocused(page, { id: await idOf(from) });
    await from.fill('2999-01-01');
    await range.getByRole('button', { name: 'Recalculate', exact: true }).click();
    await range.getByText('Choose a period whose start is not after its end').waitFor({ timeout: WAIT_MS });
    expect(await from.getAttribute('aria-invalid')).toBeNull();
    expect(await to.getAttribute('aria-invalid')).toBe('true');
    await expectFocused(page, { id: await idOf(to) });
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 90_000);
});
