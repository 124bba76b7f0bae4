/**
 * The marketplace journey against the real server and its bundled catalogue: search, type filter,
 * a purchase of 3 credits (total, toast, stock, history), the certificate PDF, the admin marking
 * the order retired, and the dashboard's credits reported apart from emissions.
 * Expected figures come from the API and the client's own pure helpers, never from literals.
 */
import { describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import {
  formatCredits,
  formatNeutralization,
  offsetTip,
} from '../../src/client/features/dashboard/summary.ts';
import {
  filterProjects,
  formatCents,
  formatCount,
  humanizeType,
  totalCents,
} from '../../src/client/features/marketplace/marketplace.ts';
import type { DashboardOverview } from '../../src/domain/contracts/dashboard.ts';
import type { OffsetProject, OffsetStats } from '../../src/domain/contracts/marketplace.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { WAIT_MS, waitForDashboard, waitForToast } from './helpers.ts';

const e2e = startE2E();
const QUANTITY = 3;

const cards = (page: Page) => page.locator('ul[aria-label="Projects"] > li');
const card = (page: Page, project: OffsetProject) =>
  page.getByRole('region', { name: project.name, exact: true });

async function openMarketplace(page: Page): Promise<OffsetProject[]> {
  await e2e.signUp(page);
  const response = await page.request.get('/api/carbon-offsets/projects');
  expect(response.status()).toBe(200);
  const projects = (await response.json()) as OffsetProject[];
  expect(projects.length).toBeGreaterThan(1);
  await page.goto('/marketplace');
  // Hydrated and loaded: the first project's card is on screen.
  await card(page, projects[0]!).waitFor({ timeout: WAIT_MS });
  return projects;
}

async function waitForCardCount(page: Page, count: number) {
  await page.waitForFunction(
    (expected) => document.querySelectorAll('ul[aria-label="Projects"] > li').length === expected,
    count,
    { timeout: WAIT_MS },
  );
}

describe('Marketplace', () => {
  test('searches, filters by type, buys 3 credits, downloads the certificate, retires the order and sees it on the dashboard', async () => {
    const { page } = await e2e.newPage({ width: 1440, height: 1000 });
    const projects = await openMarketplace(page);
    const stats = (await (await page.request.get('/api/carbon-offsets/stats')).json()) as OffsetStats;

    await page.getByText('Illustrative catalogue.').waitFor({ timeout: WAIT_MS });
    await page.getByText('Neutralisation (credits bought ÷ gross emissions)').first().waitFor();
    const totalCard = page.getByRole('region', { name: 'Total projects' });
    await expect(totalCard.textContent()).resolves.toContain(formatCount(stats.totalProjects));
    expect(await cards(page).count()).toBe(projects.length);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sync projects' }).click();
    await waitForToast(page, 'Projects Updated');

    // Search: the upper-cased name of one project matches that project only.
    const target = projects.find((project) => project.availableCredits >= QUANTITY)!;
    const search = page.getByRole('searchbox', { name: 'Search projects' });
    const query = target.name.toUpperCase();
    const matches = filterProjects(projects, query, 'all');
    expect(matches.length).toBeLessThan(projects.length);
    await search.fill(query);
    await waitForCardCount(page, matches.length);
    await card(page, target).waitFor();

    // Type filter: only cards of that type; 'All' and a cleared search bring every card back.
    await search.fill('');
    const type = projects.find((project) => project.projectType !== projects[0]!.projectType)!.projectType;
    const ofType = filterProjects(projects, '', type);
    await page.getByRole('button', { name: humanizeType(type), exact: true }).click();
    await waitForCardCount(page, ofType.length);
    for (const project of ofType) await card(page, project).waitFor();
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await waitForCardCount(page, projects.length);

    // Purchase 3 credits: the total is price × 3, live.
    await card(page, target)
      .getByRole('button', { name: /^Purchase/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Purchase carbon credits' });
    const quantity = dialog.getByRole('spinbutton', { name: 'Quantity (tCO2e)' });
    expect(await quantity.inputValue()).toBe('1');
    await quantity.fill(String(QUANTITY));
    const expectedTotal = formatCents(totalCents(target.pricePerTon, QUANTITY)!);
    await dialog.getByTestId('purchase-total').getByText(expectedTotal, { exact: true }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm purchase' }).click();
    await waitForToast(page, 'Purchase Successful!');
    await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });
    // Focus returns to the card's purchase button (a frame after the dialog closes).
    await page.waitForFunction(
      (name) => document.activeElement?.textContent?.includes(name) ?? false,
      target.name,
      {
        timeout: WAIT_MS,
      },
    );

    // Stock drops by 3 and the order is in the history with its certificate.
    await card(page, target)
      .getByText(`${formatCount(target.availableCredits - QUANTITY)} credits available`)
      .waitFor({ timeout: WAIT_MS });
    const history = page.getByRole('region', { name: 'Purchase history' }).getByRole('table');
    const row = history.getByRole('row').filter({ hasText: target.name });
    await row.waitFor({ timeout: WAIT_MS });
    expect(await row.textContent()).toContain(`${QUANTITY} tCO2e`);
    expect(await row.textContent()).toContain(expectedTotal);

    const href = await row.getByRole('link', { name: /^Certificate \(PDF\)/ }).getAttribute('href');
    expect(href).toBeTruthy();
    const certificate = await page.request.get(href!);
    expect(certificate.status()).toBe(200);
    expect(certificate.headers()['content-type']).toContain('application/pdf');
    expect((await certificate.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The signed-up user is the company's admin: they record the retirement, after a confirmation.
    expect(await row.textContent()).toContain('Ordered');
    await row.getByRole('button', { name: /^Mark as retired/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Mark these credits as retired?' });
    await confirm.getByText(/records that invoice .+ was paid/).waitFor({ timeout: WAIT_MS });
    expect(await confirm.textContent()).toContain('registry retirement');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Mark as retired' }).click();
    await waitForToast(page, 'Credits retired');
    await confirm.waitFor({ state: 'detached', timeout: WAIT_MS });
    await row.getByText('Retired', { exact: true }).waitFor({ timeout: WAIT_MS });
    expect(await row.getByRole('button', { name: /^Mark as retired/ }).count()).toBe(0);

    // The dashboard reports the credits apart from emissions, and the tip from the real figures.
    await page.goto('/');
    await waitForDashboard(page);
    const overview = (await (await page.request.get('/api/dashboard/overview')).json()) as DashboardOverview;
    expect(overview.offsets).toMatchObject({ purchasedTonnes: QUANTITY, retiredTonnes: QUANTITY });
    const credits = page.getByRole('region', { name: 'Carbon credits (reported separately)' });
    await credits.waitFor({ timeout: WAIT_MS });
    const creditsText = await credits.textContent();
    expect(creditsText).toContain(`Purchased${formatCredits(QUANTITY)} tCO2e`);
    expect(creditsText).toContain(`Retired${formatCredits(QUANTITY)} tCO2e`);
    expect(creditsText).toContain(
      `Neutralisation (credits bought ÷ gross emissions)${formatNeutralization(overview.offsets.neutralizationPercentage)}`,
    );
    expect(await credits.getByRole('link').getAttribute('href')).toBe('/marketplace');
    await page
      .getByRole('region', { name: 'Recommendations' })
      .getByText(offsetTip(overview.offsets).text, { exact: true })
      .waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 45_000);

  test('has no serious accessibility violation at phone width', async () => {
    const { page } = await e2e.newPage({ width: 390, height: 844 });
    await openMarketplace(page);
    await page.getByText("You haven't bought any carbon credits yet.").waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 20_000);
});
