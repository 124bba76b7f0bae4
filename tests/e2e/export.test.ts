/**
 * Export & Filing in the browser, against the real server and its in-process job runner: a UK
 * company (SECR) with a year of ledger lines generates a GRI PDF (progress bar, queued report,
 * 'Download immediately'), marks it final, saves its company number in the company profile, exports
 * XBRL of that PDF report, generates an SECR XBRL report with the number from the profile, exports
 * XBRL, files it with Companies House in the sandbox and watches the filing reach Accepted and the
 * report Filed. A mistyped company number is refused on the form with the contract's message.
 * Axe at a wide and a phone width. Expected values come from the API, never literals.
 */
import { describe, expect, test } from 'bun:test';
import type { Locator, Page } from 'playwright-core';
import { xbrlFileName } from '../../src/client/features/export/export.ts';
import { companyNumberProblem } from '../../src/domain/company-profile/identifiers.ts';
import type { Filing, Regulator, Report } from '../../src/domain/contracts/export.ts';
import { VSME_DEFAULT_VERSION_REASON } from '../../src/domain/contracts/export.ts';
import type { ReportingYear } from '../../src/domain/contracts/reporting-year.ts';
import { eventually } from '../helpers/eventually.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { expectFieldRefused, WAIT_MS, waitForToast } from './helpers.ts';

const e2e = startE2E();
/** The year of the company's ledger lines: its reporting year (the latest with data), so the default period. */
const YEAR = new Date().getFullYear() - 1;
/** Companies House names UK companies by their registration number (8 digits). */
const COMPANY_NUMBER = '01234567';
/** Seven digits: Companies House pads it with a leading zero. */
const SHORT_NUMBER = COMPANY_NUMBER.slice(1);
/** Generation and the filing decision are jobs: allow them time on a busy machine. */
const JOB_WAIT_MS = 20_000;

const main = (page: Page) => page.getByRole('main');
const generator = (page: Page) => main(page).getByRole('region', { name: 'Generate a report' });
const reportItem = (page: Page, report: Report) =>
  main(page).getByRole('region', { name: 'Generated reports' }).getByRole('article', { name: report.title });

/** A GB site with electricity and gas in kWh, revenue and the SECR methodology: what SECR needs. */
async function addCompanyData(page: Page) {
  const headers = { Origin: e2e.baseUrl };
  const site = await page.request.post('/api/sites', {
    headers,
    data: { name: 'Mill Lane workshop', country: 'GB' },
  });
  expect(site.status()).toBe(201);
  const siteId = (await site.json()).id;
  for (const line of [
    { date: `${YEAR}-02-01`, category: 'electricity', quantity: 12000, unit: 'kWh' },
    { date: `${YEAR}-07-01`, category: 'natural_gas', quantity: 20000, unit: 'kWh' },
  ]) {
    const response = await page.request.post('/api/activities', { headers, data: { siteId, ...line } });
    expect(response.status()).toBe(201);
  }
  const financials = await page.request.put('/api/financials', {
    headers,
    data: { year: YEAR, revenue: 2_400_000, currency: 'GBP', employees: 30 },
  });
  expect(financials.ok()).toBe(true);
  expect(
    (await page.request.post('/api/esg/initialize', { headers, data: { jurisdiction: 'SECR' } })).ok(),
  ).toBe(true);
  for (const [indicator, value] of [
    ['reporting_methodology', 'GHG Protocol Corporate Standard with DESNZ conversion factors.'],
    ['energy_efficiency_actions', 'LED lighting in the workshop.'],
  ]) {
    const response = await page.request.put('/api/esg/progress', {
      headers,
      data: { jurisdiction: 'SECR', indicator, value },
    });
    expect(response.status()).toBe(200);
  }
}

/** Records usage events and whether the generation progress bar was ever on screen. */
async function recordPage(page: Page) {
  await page.addInitScript(() => {
    const state = { events: [] as string[], sawProgress: false };
    (window as unknown as { recorded: typeof state }).recorded = state;
    window.addEventListener('analytics:event', (event) => {
      const { eventName, eventData } = (event as CustomEvent).detail;
      state.events.push(`${eventName}:${eventData.format ?? ''}`);
    });
    new MutationObserver(() => {
      if (document.querySelector('[role="progressbar"][aria-label="Report generation progress"]')) {
        state.sawProgress = true;
      }
    }).observe(document, { subtree: true, childList: true });
  });
}
const recorded = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { recorded: { events: string[]; sawProgress: boolean } }).recorded,
  );

async function choose(page: Page, scope: Locator, select: string, option: string) {
  await scope.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  expect(await scope.getByRole('combobox', { name: select }).textContent()).toContain(option);
}

async function listReports(page: Page): Promise<Report[]> {
  const response = await page.request.get('/api/reports');
  expect(response.status()).toBe(200);
  return (await response.json()) as Report[];
}

/** Clicks Generate and returns the new report (the server answers 202 with it queued). */
async function generate(page: Page): Promise<Report> {
  const known = new Set((await listReports(page)).map((report) => report.id));
  await generator(page).getByRole('button', { name: 'Generate report' }).click();
  let created: Report | undefined;
  await eventually(
    async () => {
      created = (await listReports(page)).find((report) => !known.has(report.id));
      expect(created).toBeDefined();
    },
    { timeout: WAIT_MS },
  );
  await reportItem(page, created!).waitFor({ timeout: WAIT_MS });
  // Reports of one title are told apart by version (issue 18).
  await reportItem(page, created!).getByText(`version ${created!.version}`).waitFor();
  return created!;
}

async function markFinal(page: Page, report: Report) {
  const item = reportItem(page, report);
  await item.getByRole('button', { name: /^Mark as final/ }).click({ timeout: JOB_WAIT_MS });
  // Final cannot be undone, so it is confirmed (issue 18).
  const confirm = page.getByRole('alertdialog', { name: 'Mark this report as final?' });
  await confirm.getByRole('button', { name: 'Mark as final' }).click({ timeout: WAIT_MS });
  await item.getByText('Final', { exact: true }).waitFor({ timeout: WAIT_MS });
  await item.getByRole('button', { name: /^Export XBRL/ }).waitFor();
  await item.getByRole('button', { name: /^File with Regulator/ }).waitFor();
}

describe('Export & Filing', () => {
  test('generates, finalises, exports XBRL and files with Companies House in the sandbox', async () => {
    const { page } = await e2e.newPage({ width: 1440, height: 1000 });
    await recordPage(page);
    await e2e.signUp(page);
    await addCompanyData(page);
    const regulators = (await (
      await page.request.get('/api/regulatory/regulators/SECR')
    ).json()) as Regulator[];
    const companiesHouse = regulators.find((regulator) => regulator.name === 'Companies House')!;
    expect(companiesHouse).toBeDefined();

    await page.goto('/export');
    await main(page)
      .getByText('No reports yet.')
      .waitFor({ timeout: 2 * WAIT_MS });
    const companiesHouseCard = main(page).getByRole('article', { name: new RegExp(companiesHouse.name) });
    await companiesHouseCard.waitFor({ timeout: WAIT_MS });
    // The facts' review date (issue 18 item 8), read as a calendar day.
    expect(companiesHouse.asOf).toBe('2026-11-26');
    await companiesHouseCard.getByText('26 Nov 2026').waitFor();
    await main(page).getByText('Filings are recorded in sandbox mode.').first().waitFor();
    // The default period is the company's one reporting year (decision 086).
    const reportingYear = (await (await page.request.get('/api/reporting-year')).json()) as ReportingYear;
    expect(reportingYear).toMatchObject({ year: YEAR, source: 'latest_with_data' });
    await generator(page)
      .getByRole('combobox', { name: 'Reporting period' })
      .getByText(`${reportingYear.year} (full year)`)
      .waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // The framework starts on the company's jurisdiction: SECR for this UK company (issue 18).
    const frameworkSelect = generator(page).getByRole('combobox', { name: 'Reporting framework' });
    expect(await frameworkSelect.textContent()).toContain('UK SECR');
    await choose(page, generator(page), 'Reporting framework', 'GRI');

    // 1. A GRI PDF for last year, downloaded as soon as the job has rendered it.
    const pdfDownload = page.waitForEvent('download', { timeout: JOB_WAIT_MS });
    const pdf = await generate(page);
    expect(pdf).toMatchObject({ format: 'pdf', framework: 'gri', period: String(YEAR) });
    expect((await recorded(page)).sawProgress).toBe(true);
    await waitForToast(page, 'Report Generated', 'Your PDF report is ready.');
    const generatedPdf = (await listReports(page)).find((report) => report.id === pdf.id)!;
    expect((await pdfDownload).suggestedFilename()).toBe(generatedPdf.fileName!);
    const pdfLink = reportItem(page, pdf).getByRole('link', { name: /^Download PDF/ });
    const file = await page.request.get((await pdfLink.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('application/pdf');
    expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await markFinal(page, pdf);

    // 2. The company number lives in the company profile (decision 057): a short one is refused
    //    with its padded form, the right one saved with the consolidation approach.
    await page.goto('/settings');
    const details = main(page).getByRole('region', { name: 'Company details' });
    const numberField = details.getByRole('textbox', { name: 'UK company number' });
    await numberField.fill(COMPANY_NUMBER.slice(1), { timeout: WAIT_MS });
    await details.getByRole('button', { name: 'Save company details' }).click();
    await details.getByText(`as ${COMPANY_NUMBER}.`, { exact: false }).waitFor({ timeout: WAIT_MS });
    expect(await numberField.getAttribute('aria-invalid')).toBe('true');
    await numberField.fill(COMPANY_NUMBER);
    await choose(page, details, 'Consolidation approach (GHG Protocol)', 'Operational control');
    await details.getByRole('button', { name: 'Save company details' }).click();
    await waitForToast(page, 'Success', 'Company details saved');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.goto('/export');

    // Export XBRL of the final GRI report, generated before the profile had a number, now works.
    const pdfXbrl = page.waitForEvent('download', { timeout: WAIT_MS });
    await reportItem(page, pdf)
      .getByRole('button', { name: /^Export XBRL/ })
      .click({ timeout: 2 * WAIT_MS });
    await pdfXbrl;
    await waitForToast(page, 'XBRL Generated');

    // 3. An SECR report in XBRL: the company number comes from the profile; no automatic download.
    await generator(page).getByRole('radio', { name: 'XBRL', exact: true }).click();
    // CSRD XBRL offers the VSME taxonomy version and says why the default is the default (issue 18).
    await choose(page, generator(page), 'Reporting framework', 'CSRD (VSME)');
    const version = generator(page).getByRole('combobox', { name: 'VSME taxonomy version' });
    await version.waitFor();
    expect(await version.textContent()).toContain('2026-05-01');
    await generator(page).getByText(VSME_DEFAULT_VERSION_REASON).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await choose(page, generator(page), 'Reporting framework', 'UK SECR');
    expect(await version.count()).toBe(0);
    const companyNumber = generator(page).getByRole('textbox', { name: 'Company number (Companies House)' });
    expect(await companyNumber.inputValue()).toBe(COMPANY_NUMBER);
    // A number the contract refuses is refused before anything is sent, with the contract's own
    // message on the field, focus on it and the typed text kept; fixed, the message goes.
    await companyNumber.fill(SHORT_NUMBER);
    await generator(page)
      .getByRole('checkbox', { name: 'Save this identifier to the company profile' })
      .waitFor();
    // Left, the field says what is wrong; Generate then moves focus back to it.
    await companyNumber.press('Tab');
    await generator(page).getByText(companyNumberProblem(SHORT_NUMBER)!).waitFor();
    await generator(page).getByRole('button', { name: 'Generate report' }).click();
    await expectFieldRefused(page, companyNumber, companyNumberProblem(SHORT_NUMBER)!);
    expect(await companyNumber.inputValue()).toBe(SHORT_NUMBER);
    await companyNumber.fill(COMPANY_NUMBER);
    await generator(page).getByText(companyNumberProblem(SHORT_NUMBER)!).waitFor({ state: 'detached' });
    expect(await companyNumber.getAttribute('aria-invalid')).toBeNull();
    expect(
      await generator(page)
        .getByRole('checkbox', { name: 'Save this identifier to the company profile' })
        .count(),
    ).toBe(0);
    await generator(page).getByRole('checkbox', { name: 'Download immediately' }).uncheck();
    const xbrl = await generate(page);
    expect(xbrl).toMatchObject({ format: 'xbrl', framework: 'secr' });
    await reportItem(page, xbrl)
      .getByRole('link', { name: /^Download XBRL/ })
      .waitFor({ timeout: JOB_WAIT_MS });
    await markFinal(page, xbrl);

    // 4. Export XBRL saves the file under the server's name (report-{id}.xbrl when it names none).
    const direct = await page.request.post(`/api/reports/${xbrl.id}/xbrl`, {
      headers: { Origin: e2e.baseUrl, 'Content-Type': 'application/json' },
    });
    expect(direct.status()).toBe(200);
    const xbrlDownload = page.waitForEvent('download', { timeout: WAIT_MS });
    await reportItem(page, xbrl)
      .getByRole('button', { name: /^Export XBRL/ })
      .click();
    expect((await xbrlDownload).suggestedFilename()).toBe(
      xbrlFileName(xbrl.id, direct.headers()['content-disposition']),
    );
    await waitForToast(page, 'XBRL Generated');

    // 5. File with Companies House: the filing type appears only once a regulator is chosen.
    await reportItem(page, xbrl)
      .getByRole('button', { name: /^File with Regulator/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'File with Regulator' });
    await dialog.waitFor({ timeout: WAIT_MS });
    expect(await dialog.getByRole('combobox', { name: 'Filing type' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Submit sandbox filing' }).isDisabled()).toBe(true);
    await choose(page, dialog, 'Regulator', companiesHouse.name);
    expect(await dialog.getByRole('button', { name: 'Submit sandbox filing' }).isDisabled()).toBe(true);
    const filingType = companiesHouse.filingTypes.find((type) => type.includes('SECR'))!;
    await choose(page, dialog, 'Filing type', filingType);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Submit sandbox filing' }).click();
    await waitForToast(page, 'Sandbox filing recorded');
    await dialog.waitFor({ state: 'detached', timeout: WAIT_MS });
    const [filing] = (await (await page.request.get('/api/regulatory/filings')).json()) as Filing[];
    expect(filing).toMatchObject({ reportId: xbrl.id, regulatorCode: companiesHouse.code, sandbox: true });
    await waitForToast(
      page,
      'Sandbox filing recorded',
      `${companiesHouse.code} sandbox confirmation number: ${filing!.confirmationNumber}`,
    );

    // 6. The filing is listed as a sandbox filing and the job moves it to Accepted; the report is Filed.
    const filingItem = main(page)
      .getByRole('region', { name: 'Regulatory filings' })
      .getByRole('article', { name: xbrl.title });
    await filingItem.getByText('Sandbox filing — no regulator received this').waitFor({ timeout: WAIT_MS });
    await filingItem.getByText(filing!.confirmationNumber).waitFor();
    await filingItem.getByText('Accepted', { exact: true }).waitFor({ timeout: JOB_WAIT_MS });
    await reportItem(page, xbrl).getByText('Filed', { exact: true }).waitFor({ timeout: WAIT_MS });
    const summary = main(page).getByRole('region', { name: 'Summary' });
    expect((await summary.textContent())?.replace(/\s+/g, '')).toContain(
      'Totalreports2Filedreports1Pendingfilings0',
    );
    expect(await filingItem.getByRole('link', { name: /^Download submission package/ }).count()).toBe(1);
    // The recorder starts again on each page load: these are the events since /export reopened.
    expect((await recorded(page)).events).toEqual([
      'report_exported:xbrl',
      'report_exported:xbrl',
      'report_exported:xbrl',
    ]);

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  }, 75_000);
});
