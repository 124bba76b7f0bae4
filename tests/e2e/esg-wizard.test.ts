/**
 * The ESG Wizard in the browser, once per jurisdiction: the info panel and its dated status line,
 * initialisation, the 70 % gate on 'Continue to Review', completion by toggle, edit dialog and API,
 * the review grouped by section and the Complete step. The CSRD journey also checks the
 * applicability check, a ledger figure filling an indicator, evidence upload and the dashboard.
 */
import { describe, expect, test } from 'bun:test';
import type { Locator, Page } from 'playwright-core';
import type { Jurisdiction } from '../../src/domain/contracts/auth.ts';
import type { EsgProgressResponse } from '../../src/domain/contracts/esg-wizard.ts';
import type { ReportingYear } from '../../src/domain/contracts/reporting-year.ts';
import { RULE_PACKS } from '../../src/domain/esg/rule-packs/index.ts';
import { eventually } from '../helpers/eventually.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { expectFocused, WAIT_MS, waitForDashboard, waitForToast } from './helpers.ts';

const e2e = startE2E();
/**
 * The year of the ledger line the test adds: last year, which then becomes the company's reporting
 * year (the latest year with data, decision 053) and so the checklist's (decision 086).
 */
const reportingYear = new Date().getFullYear() - 1;
const day = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const asOfText = (asOf: string) => day.format(new Date(`${asOf}T00:00:00Z`));

const PANEL_TEXT: Record<Jurisdiction, string[]> = {
  CSRD: [
    'VSME: the voluntary standard for SMEs',
    'CSRD only above 1,000 employees and €450m turnover',
    'Requests to SMEs capped at the VSME from FY2027',
    'Large companies not yet reporting: first on FY2027',
  ],
  SECR: [
    'Energy and carbon reporting',
    'Two of: more than 250 employees, £36m turnover, £18m balance sheet, two years running',
    'Mandatory since April 2019',
  ],
  SEC: [
    'SEC rule stayed; rescission proposed 29 May 2026',
    'California SB 253: revenue above $1bn',
    'Scope 1 and 2 first due 10 Aug 2026 (passed)',
    'Scope 3 from 2027',
  ],
};

const visible = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first().waitFor({ timeout: WAIT_MS });
const main = (page: Page) => page.getByRole('main');
/** What describes a control (its hint, its message), read as a screen reader would. */
const describedBy = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );
const continueButton = (page: Page) => main(page).getByRole('button', { name: 'Continue to Review' });

/** Records the usage events the page announces (src/client/lib/analytics.ts). */
async function recordEvents(page: Page) {
  await page.addInitScript(() => {
    const events: string[] = [];
    (window as unknown as { recordedEvents: string[] }).recordedEvents = events;
    window.addEventListener('analytics:event', (event) => {
      const { eventName, eventData } = (event as CustomEvent).detail;
      events.push(eventData.step ? `${eventName}:${eventData.step}` : eventName);
    });
  });
}
const recordedEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { recordedEvents: string[] }).recordedEvents);

/** Opens the wizard on step 1 and checks the info panel and current status of this jurisdiction. */
async function openStepOne(page: Page, jurisdiction: Jurisdiction) {
  await page.goto('/esg-wizard');
  // The first load also hydrates the island and loads the user: allow for a busy machine.
  await main(page)
    .getByRole('button', { name: 'Initialize ESG Checklist' })
    .waitFor({ timeout: 2 * WAIT_MS });
  for (const text of PANEL_TEXT[jurisdiction]) await visible(page, text);
  const status = RULE_PACKS[jurisdiction].currentStatus[0]!;
  const line = main(page).locator('p', { hasText: status.text });
  expect(await line.textContent()).toContain(`Current status (as of ${asOfText(status.asOf)}):`);
  expect(await line.getByRole('link').count()).toBe(status.sources.length);
}

async function initialise(page: Page) {
  await main(page).getByRole('button', { name: 'Initialize ESG Checklist' }).click();
  await waitForToast(page, 'Success', 'ESG checklist initialized successfully');
  for (const section of ['Environmental (E)', 'Social (S)', 'Governance (G)']) {
    await main(page).getByRole('heading', { name: section }).waitFor({ timeout: WAIT_MS });
  }
  expect(await continueButton(page).isDisabled()).toBe(true);
  await visible(page, 'Complete at least 70% to continue — now 0%');
}

const getProgress = async (page: Page, jurisdiction: Jurisdiction) => {
  const response = await page.request.get(`/api/esg/progress?jurisdiction=${jurisdiction}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as EsgProgressResponse;
};

/** Answers open indicators through the API until the server's overall progress reaches 70 %. */
async function completeThroughApi(page: Page, jurisdiction: Jurisdiction) {
  let progress = await getProgress(page, jurisdiction);
  for (const item of progress.progress.filter((entry) => !entry.isCompleted)) {
    if ((progress.complianceStatus?.overallProgress ?? 0) >= 70) break;
    const response = await page.request.put('/api/esg/progress', {
      headers: { Origin: e2e.baseUrl },
      data: { jurisdiction, indicator: item.indicator, value: 'Answered in the browser test' },
    });
    expect(response.status()).toBe(200);
    progress = (await response.json()) as EsgProgressResponse;
  }
  return progress;
}

/** Continues to the review (checking `answer` is shown there), then completes the wizard. */
async function reviewAndComplete(page: Page, overall: number, answer?: string) {
  await continueButton(page).click();
  await main(page).getByRole('heading', { name: 'Review your answers' }).waitFor({ timeout: WAIT_MS });
  for (const section of ['Environmental (E)', 'Social (S)', 'Governance (G)']) {
    await main(page).getByRole('heading', { name: section }).waitFor({ timeout: WAIT_MS });
  }
  await main(page).getByRole('heading', { name: 'Still missing' }).waitFor({ timeout: WAIT_MS });
  if (answer) await main(page).getByText(answer).waitFor({ timeout: WAIT_MS });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await main(page).getByRole('button', { name: 'Complete', exact: true }).click();
  await main(page).getByRole('heading', { name: 'Checklist complete' }).waitFor({ timeout: WAIT_MS });
  expect(await main(page).getByRole('definition').first().textContent()).toBe(`${overall}%`);
  expect(await main(page).getByRole('link', { name: 'Generate narrative' }).getAttribute('href')).toBe(
    '/narrative-builder',
  );
  expect(await main(page).getByRole('link', { name: 'Export report' }).getAttribute('href')).toBe('/export');
  await main(page).getByRole('button', { name: 'Back to Review' }).waitFor({ timeout: WAIT_MS });
}

/** Each journey takes a few seconds; the limit leaves room on a busy 2-core machine. */
const JOURNEY_TIMEOUT_MS = 60_000;

describe('ESG Wizard', () => {
  test(
    'SEC: initialise, complete indicators by toggle and edit dialog, review and complete',
    async () => {
      const { page } = await e2e.newPage({ width: 1440, height: 900 });
      await recordEvents(page);
      await e2e.signUp(page, { jurisdiction: 'SEC' });
      await openStepOne(page, 'SEC');
      expect(await main(page).getByRole('combobox', { name: 'Jurisdiction' }).textContent()).toContain(
        'US SEC',
      );
      await initialise(page);

      const items = (await getProgress(page, 'SEC')).progress;
      // The fewest answers whose whole-number percentage reaches 70.
      let needed = 1;
      while (Math.round((needed / items.length) * 100) < 70) needed += 1;
      const toggled = items.slice(0, needed - 1);
      for (const item of toggled) {
        const toggle = main(page).getByRole('switch', { name: item.title, exact: true });
        await toggle.click();
        await page.waitForFunction(
          (element) => element?.getAttribute('aria-checked') === 'true' && !element.hasAttribute('disabled'),
          await toggle.elementHandle(),
          { timeout: WAIT_MS },
        );
      }
      await waitForToast(page, 'Progress Updated', 'ESG indicator updated successfully');
      expect(await continueButton(page).isDisabled()).toBe(true);

      // The last one through the edit dialog: typing an answer marks it completed.
      const last = items[needed - 1]!;
      await main(page)
        .getByRole('button', { name: `Edit ${last.title}`, exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: last.title });
      await dialog
        .getByRole('textbox', { name: 'Value/Description' })
        .fill('Board reviews climate risk every quarter');
      expect(
        await dialog.getByRole('switch', { name: 'Mark as completed' }).getAttribute('aria-checked'),
      ).toBe('true');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await waitForToast(page, 'Progress Updated', 'ESG indicator updated successfully');
      await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });

      const overall = (await getProgress(page, 'SEC')).complianceStatus!.overallProgress;
      expect(overall).toBeGreaterThanOrEqual(70);
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('main button')].some(
            (button) =>
              button.textContent === 'Continue to Review' && !(button as HTMLButtonElement).disabled,
          ),
        undefined,
        { timeout: WAIT_MS },
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await reviewAndComplete(page, overall, 'Board reviews climate risk every quarter');
      expect(await recordedEvents(page)).toEqual([
        'wizard_started',
        'wizard_step_completed:1',
        ...Array(needed).fill('esg_progress_updated'),
        'wizard_step_completed:2',
        'wizard_step_completed:3',
        'wizard_completed',
      ]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'CSRD: applicability check, ledger auto-fill, evidence in the review, and the dashboard figure',
    async () => {
      const { page } = await e2e.newPage({ width: 1280, height: 900 });
      await e2e.signUp(page, { jurisdiction: 'CSRD' });
      await openStepOne(page, 'CSRD');

      // "Does this apply to us?": checked on the page, nothing sent.
      await main(page).getByRole('button', { name: 'Does this apply to us?' }).click();
      await main(page).getByRole('button', { name: 'Check', exact: true }).click();
      await visible(page, 'Enter the average number of employees as a whole number, 0 or more');
      // Each field says what is wrong through its aria-describedby, and focus is on the first (decision 071).
      const employees = main(page).getByLabel('Employees (average in the last financial year)');
      expect(await employees.getAttribute('aria-invalid')).toBe('true');
      expect(await describedBy(employees)).toBe(
        'Enter the average number of employees as a whole number, 0 or more',
      );
      expect(await describedBy(main(page).getByLabel('Country of incorporation'))).toBe(
        'Two-letter ISO code, e.g. GB, DE, FR or US. | Enter the two-letter code of the country you are incorporated in, e.g. GB, DE or US',
      );
      await expectFocused(page, { id: (await employees.getAttribute('id')) ?? 'no id' });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await main(page).getByLabel('Employees (average in the last financial year)').fill('40');
      await main(page).getByLabel('Country of incorporation').fill('de');
      await main(page).getByLabel('Turnover (last financial year)').fill('6m');
      await main(page).getByLabel('Balance sheet total').fill('3,000,000');
      // Only the listing is missing: its first radio takes the focus, the group names why.
      await main(page).getByRole('button', { name: 'Check', exact: true }).click();
      await visible(page, 'Say whether your shares or bonds are listed on a stock market');
      const listedYes = main(page).getByRole('radio', { name: 'Yes, listed' });
      await eventually(async () =>
        expect(await listedYes.evaluate((radio) => radio === document.activeElement)).toBe(true),
      );
      await main(page).getByRole('radio', { name: 'No, not listed' }).check();
      await main(page).getByRole('button', { name: 'Check', exact: true }).click();
      const csrd = main(page).locator('li', {
        has: page.getByRole('heading', {
          level: 4,
          name: 'EU Corporate Sustainability Reporting Directive (CSRD)',
        }),
      });
      expect(await csrd.textContent()).toContain('Does not apply');
      const vsme = main(page).locator('li', {
        has: page.getByRole('heading', { level: 4, name: /\(VSME\)$/ }),
      });
      expect(await vsme.textContent()).toContain('Voluntary');
      expect(await vsme.textContent()).toContain(`Facts checked ${asOfText(RULE_PACKS.CSRD.asOf)}`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      // Folding the check and opening it again keeps the answers and the verdicts.
      const disclosure = main(page).getByRole('button', { name: 'Does this apply to us?' });
      await disclosure.click();
      await csrd.waitFor({ state: 'hidden', timeout: WAIT_MS });
      await disclosure.click();
      await csrd.waitFor({ timeout: WAIT_MS });
      expect(await main(page).getByLabel('Turnover (last financial year)').inputValue()).toBe('6m');

      await initialise(page);
      expect(await main(page).getByText('Auto-filled', { exact: true }).count()).toBe(0);
      // No data yet: the checklist shows the company's reporting year, as the dashboard does.
      const automatic = (await (await page.request.get('/api/reporting-year')).json()) as ReportingYear;
      expect(automatic.source).toBe('current');
      await visible(
        page,
        `Reporting year ${automatic.year} · ${RULE_PACKS.CSRD.framework} · rule pack ${RULE_PACKS.CSRD.version}, checked ${asOfText(RULE_PACKS.CSRD.asOf)}`,
      );

      // A ledger line for the reporting year fills the energy and emissions indicators.
      const site = await page.request.post('/api/sites', {
        headers: { Origin: e2e.baseUrl },
        data: { name: 'Leipzig workshop', country: 'GB' },
      });
      expect(site.status()).toBe(201);
      const line = await page.request.post('/api/activities', {
        headers: { Origin: e2e.baseUrl },
        data: {
          siteId: (await site.json()).id,
          date: `${reportingYear}-03-01`,
          category: 'electricity',
          quantity: 10000,
          unit: 'kWh',
        },
      });
      expect(line.status()).toBe(201);
      await page.reload();
      const energy = (await getProgress(page, 'CSRD')).progress.find(
        (item) => item.indicator === 'energy_consumption',
      )!;
      expect(energy.autoFilled).toBe(true);
      const energyRow = main(page).locator('li', {
        has: page.getByRole('heading', { name: energy.title, exact: true }),
      });
      await energyRow.getByText(energy.value, { exact: true }).waitFor({ timeout: WAIT_MS });
      expect(await energyRow.textContent()).toContain('Auto-filled');
      expect(await energyRow.textContent()).toContain(`From your ledger (reporting year ${reportingYear})`);

      // Clearing a ledger value overrides it; 'Use ledger figure' in the dialog brings it back.
      await energyRow.getByRole('switch').click();
      await energyRow.getByText('Overridden', { exact: true }).waitFor({ timeout: WAIT_MS });
      expect(await energyRow.textContent()).toContain(`Overrides the ledger figure ${energy.value}`);
      await energyRow.getByRole('button', { name: `Edit ${energy.title}`, exact: true }).click();
      const energyDialog = page.getByRole('dialog', { name: energy.title });
      await energyDialog
        .getByText(`Your ledger says ${energy.value} for ${reportingYear}.`)
        .waitFor({ timeout: WAIT_MS });
      // A file of 10 MB or more is refused before it is sent.
      await energyDialog.getByLabel('Upload evidence').setInputFiles({
        name: 'meter-photos.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.alloc(10 * 1024 * 1024),
      });
      await energyDialog
        .getByRole('alert')
        .getByText('File size must be less than 10MB')
        .waitFor({ timeout: WAIT_MS });
      await energyDialog.getByRole('button', { name: 'Use ledger figure' }).click();
      await waitForToast(page, 'Progress Updated', 'ESG indicator updated successfully');
      await energyDialog.waitFor({ state: 'detached', timeout: WAIT_MS });
      await energyRow.getByText('Auto-filled', { exact: true }).waitFor({ timeout: WAIT_MS });

      // Evidence and an answer through the edit dialog.
      const policy = (await getProgress(page, 'CSRD')).progress.find(
        (item) => !item.ledgerBacked && !item.isCompleted,
      )!;
      await main(page)
        .getByRole('button', { name: `Edit ${policy.title}`, exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: policy.title });
      await dialog.getByLabel('Upload evidence').setInputFiles({
        name: 'policy.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      });
      await dialog.getByRole('link', { name: 'policy.pdf' }).waitFor({ timeout: WAIT_MS });
      await dialog
        .getByRole('textbox', { name: 'Value/Description' })
        .fill('Written policy approved by the owners');
      await dialog.getByRole('textbox', { name: 'Note' }).fill('See the signed PDF');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await waitForToast(page, 'Progress Updated', 'ESG indicator updated successfully');

      const overall = (await completeThroughApi(page, 'CSRD')).complianceStatus!.overallProgress;
      await page.reload();
      await continueButton(page).waitFor({ timeout: 2 * WAIT_MS });
      expect(await continueButton(page).isDisabled()).toBe(false);
      await continueButton(page).click();
      await main(page).getByRole('heading', { name: 'Review your answers' }).waitFor({ timeout: WAIT_MS });
      const evidenceLink = main(page).getByRole('link', { name: 'policy.pdf' });
      const download = await page.request.get((await evidenceLink.getAttribute('href'))!);
      expect(download.headers()['content-type']).toBe('application/pdf');
      await main(page).getByRole('button', { name: 'Back to Checklist' }).click();
      await reviewAndComplete(page, overall, 'See the signed PDF');

      await page.goto('/');
      await waitForDashboard(page);
      await visible(page, 'Continue your ESG compliance journey');
      const card = main(page)
        .locator('section', { has: page.getByRole('heading', { name: 'ESG compliance', exact: true }) })
        .last();
      expect(await card.textContent()).toContain(`${overall}%`);
    },
    JOURNEY_TIMEOUT_MS,
  );

  test(
    'SECR at phone width: toggling off undoes completion, the API fills the rest, review and complete',
    async () => {
      const { page } = await e2e.newPage({ width: 390, height: 844 });
      await e2e.signUp(page, { jurisdiction: 'SECR' });
      await openStepOne(page, 'SECR');
      await initialise(page);
      const first = (await getProgress(page, 'SECR')).progress[0]!;
      const toggle = main(page).getByRole('switch', { name: first.title, exact: true });
      // By keyboard: Space toggles the focused switch.
      await toggle.focus();
      await page.keyboard.press('Space');
      await waitForToast(page, 'Progress Updated', 'ESG indicator updated successfully');
      await page
        .getByText(/^Complete at least 70% to continue — now [1-9]\d?%$/)
        .waitFor({ timeout: WAIT_MS });
      await toggle.click();
      await visible(page, 'Complete at least 70% to continue — now 0%');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      const overall = (await completeThroughApi(page, 'SECR')).complianceStatus!.overallProgress;
      await page.reload();
      await continueButton(page).waitFor({ timeout: 2 * WAIT_MS });
      expect(await continueButton(page).isDisabled()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await reviewAndComplete(page, overall);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
