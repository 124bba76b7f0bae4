/**
 * Roles in the browser (issue 9, docs/decisions/019-roles.md): a company's viewer reads Data
 * Sources, Export and the Narrative Builder with every write control hidden and a short note in
 * its place; a write forged from the viewer's browser answers 403; axe passes on each screen.
 *
 * The viewer is made the way the integration tests make one (tests/helpers/ledger.ts): a second
 * person signs up, and the test moves their membership into the owner's company as a viewer in the
 * server's database. Team invitations (a separate feature) are not needed for that, and the
 * product has no path to do it that a person could reach.
 */
import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { createLibsqlDb } from '../../db/client.ts';
import { memberships } from '../../db/schema/auth.ts';
import type { Report } from '../../src/domain/contracts/export.ts';
import { eventually } from '../helpers/eventually.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { showActivityData, WAIT_MS } from './helpers.ts';

const e2e = startE2E();
const VIEWER_NOTE = 'Viewers can read but not change data.';
const JOB_WAIT_MS = 20_000;
const reportingYear = new Date().getFullYear() - 1;

const main = (page: Page) => page.getByRole('main');

async function post(page: Page, path: string, data: unknown) {
  return page.request.post(path, { headers: { Origin: e2e.baseUrl }, data });
}

async function currentUser(page: Page): Promise<{ id: string; companyId: string; role: string }> {
  const response = await page.request.get('/api/auth/user');
  expect(response.status()).toBe(200);
  return response.json();
}

/** Polls until the report's generation succeeded (the job runs in the server process). */
async function waitForReport(page: Page, id: string): Promise<void> {
  await eventually(
    async () => {
      const report = (await (await page.request.get(`/api/reports/${id}`)).json()) as Report;
      expect(report.generation).toBe('succeeded');
    },
    { timeout: JOB_WAIT_MS },
  );
}

/** The owner's company, with something on each screen the viewer will read. */
async function ownerWithData(page: Page) {
  await e2e.signUp(page, { companyName: 'Roles Joinery' });
  expect((await post(page, '/api/data-sources', { type: 'csv', name: 'Utility bills' })).status()).toBe(201);
  const narrative = await post(page, '/api/narratives', {
    section: 'executive_summary',
    framework: 'gri',
    content: 'We measure our footprint every year and publish it.',
  });
  expect(narrative.status()).toBe(201);
  const reports: string[] = [];
  for (const framework of ['gri', 'secr']) {
    const response = await post(page, '/api/reports/generate', {
      format: 'pdf',
      framework,
      period: String(reportingYear),
    });
    expect(response.status()).toBe(202);
    reports.push(((await response.json()) as Report).id);
  }
  for (const id of reports) await waitForReport(page, id);
  // One report final (File with Regulator would show to an admin), one still a draft (Mark as final).
  const final = await page.request.put(`/api/reports/${reports[0]}/status`, {
    headers: { Origin: e2e.baseUrl },
    data: { status: 'final' },
  });
  expect(final.status()).toBe(200);
  return currentUser(page);
}

/** A second person, moved into `companyId` as a viewer; their new session carries the role. */
async function viewerOf(page: Page, companyId: string) {
  const { email, password } = await e2e.signUp(page);
  const { id } = await currentUser(page);
  const { db, client } = createLibsqlDb({ url: e2e.databaseUrl });
  try {
    await db.update(memberships).set({ companyId, role: 'viewer' }).where(eq(memberships.userId, id));
  } finally {
    client.close();
  }
  const signIn = await post(page, '/api/auth/signin', { email, password });
  expect(signIn.status()).toBe(200);
  const user = await currentUser(page);
  expect([user.companyId, user.role]).toEqual([companyId, 'viewer']);
}

async function expectNoButton(page: Page, name: RegExp) {
  expect(await main(page).getByRole('button', { name }).count()).toBe(0);
}

describe('a viewer', () => {
  test('reads every screen with no write control, and a forged write is refused', async () => {
    const owner = await e2e.newPage();
    const company = await ownerWithData(owner.page);
    const { page } = await e2e.newPage();
    await viewerOf(page, company.companyId);

    // Data Sources: the source is listed; connecting, scanning, deleting, importing and editing are not offered.
    await page.goto('/data-sources');
    await main(page).getByRole('heading', { name: 'Utility bills' }).waitFor({ timeout: WAIT_MS });
    await main(page).getByText(VIEWER_NOTE).first().waitFor({ timeout: WAIT_MS });
    // The activity cards are loaded (the template link is theirs) before their buttons are looked for.
    await showActivityData(page);
    await main(page).getByRole('link', { name: 'Download template' }).waitFor({ timeout: WAIT_MS });
    for (const name of [
      /^Connect New Source$/,
      /^Upload Receipt$/,
      /^Delete Utility bills$/,
      /^Upload and import$/,
      /^Add line$/,
      /^Add site$/,
    ]) {
      await expectNoButton(page, name);
    }
    // Reading stays: the CSV template is still offered.
    await main(page).getByRole('link', { name: 'Download template' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Export: both reports are listed; generating is disabled, marking final and filing are absent.
    await page.goto('/export');
    const reports = main(page).getByRole('list', { name: 'Reports, newest first' });
    await reports.getByRole('listitem').nth(1).waitFor({ timeout: WAIT_MS });
    await main(page).getByText('Viewers can download reports; a member or admin generates them.').waitFor();
    expect(await main(page).getByRole('button', { name: 'Generate report' }).isDisabled()).toBe(true);
    await expectNoButton(page, /^Mark as final/);
    await expectNoButton(page, /^File with Regulator/);
    await reports.getByText('An admin of your company files reports.').waitFor();
    // The XBRL export is a download, which a viewer may make.
    await main(page)
      .getByRole('button', { name: /^Export XBRL/ })
      .first()
      .waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Narrative Builder: the owner's draft is readable, with its versions; nothing writes.
    await page.goto('/narrative-builder');
    await main(page).getByRole('article').first().waitFor({ timeout: WAIT_MS });
    await main(page).getByText(VIEWER_NOTE).waitFor({ timeout: WAIT_MS });
    for (const name of [/^Write your own$/, /^Generate with AI$/, /^Edit & Review$/, /^Approve & Save$/]) {
      await expectNoButton(page, name);
    }
    await main(page).getByRole('button', { name: 'Versions' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // What the screens hide, the server refuses: a write sent from the viewer's browser session.
    const headers = { Origin: e2e.baseUrl };
    const forged = await page.request.post('/api/data-sources', {
      headers,
      data: { type: 'csv', name: 'Forged source' },
    });
    expect(forged.status()).toBe(403);
    const deleted = await page.request.delete(
      `/api/data-sources/${(await (await page.request.get('/api/data-sources')).json())[0].id}`,
      { headers },
    );
    expect(deleted.status()).toBe(403);
    const names = ((await (await page.request.get('/api/data-sources')).json()) as { name: string }[]).map(
      (source) => source.name,
    );
    expect(names).toEqual(['Utility bills']);
  }, 90_000);
});
