/**
 * The proof of issue 22 in a real browser: the demo company (db/seed/demo.ts, a year of ledger
 * lines) records a VSME Basic request from a customer, sees it answered mostly from its ledger
 * with the lender view's PCAF scores, sees an overdue bank request first on the dashboard, is told
 * which row of an uploaded CSV of questions is bad, shares
 * the customer's request; a fresh browser context without cookies opens the link, downloads the
 * JSON pack and the test verifies its Ed25519 signature against /.well-known/jwks.json over the
 * pack's JCS (RFC 8785) bytes; a tampered pack fails; after revocation the link answers 410 and the page says
 * so. Axe at a wide and a phone width. Expected values come from the API, never literals.
 */
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { DataRequest, Jwks, LenderView, SignedPack } from '../../src/domain/contracts/data-requests.ts';
import type { ReportingYear } from '../../src/domain/contracts/reporting-year.ts';
import { eventually } from '../helpers/eventually.ts';
import { seriousAccessibilityViolations, startE2E } from './harness.ts';
import { expectFieldRefused, WAIT_MS, waitForToast } from './helpers.ts';

const e2e = startE2E({ demo: true, expectedStatuses: [410] });
/** The demo ledger's full year (db/seed/demo-ledger.ts BASE_YEAR). */
const DEMO_YEAR = '2025';

const main = (page: Page) => page.getByRole('main');
/** Nothing wider than the screen: a phone never scrolls sideways. */
const fitsTheWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * RFC 8785 JSON Canonicalization Scheme, written here apart from the server's so the check is
 * independent: object keys sorted by UTF-16 code units (JavaScript's default sort), no whitespace,
 * strings and numbers as ECMAScript's JSON.stringify writes them (the scheme's own rule).
 */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}

/** Ed25519 verification with the JWKS key the pack names (Web Crypto, RFC 8037 OKP key). */
async function verifies(
  signed: Pick<SignedPack, 'pack' | 'keyId' | 'signature'>,
  jwks: Jwks,
): Promise<boolean> {
  const jwk = jwks.keys.find((key) => key.kid === signed.keyId);
  if (!jwk) return false;
  const key = await crypto.subtle.importKey(
    'jwk',
    { kty: jwk.kty, crv: jwk.crv, x: jwk.x },
    { name: 'Ed25519' },
    false,
    ['verify'],
  );
  const signature = Buffer.from(signed.signature, 'base64url');
  return crypto.subtle.verify(
    { name: 'Ed25519' },
    key,
    signature,
    new TextEncoder().encode(canonicalJson(signed.pack)),
  );
}

async function getRequest(page: Page, id: string): Promise<DataRequest> {
  const response = await page.request.get(`/api/data-requests/${id}`);
  expect(response.status()).toBe(200);
  return response.json();
}

describe('data requests', () => {
  test('the demo company answers a VSME Basic request, shares a signed pack, and revokes it', async () => {
    const { page, context } = await e2e.newPage({ width: 1440, height: 1000 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
    await e2e.signInAsDemo(page);

    // The inbox, from the sidebar.
    await page.goto('/');
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Requests' })
      .click();
    await main(page).getByRole('heading', { name: 'Requests', level: 1 }).waitFor({ timeout: WAIT_MS });
    await main(page).getByText('No requests yet.', { exact: false }).waitFor({ timeout: WAIT_MS });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // A customer's VSME Basic request for the demo's full year, due in three weeks.
    await main(page).getByRole('button', { name: 'New request' }).click();
    const form = main(page).getByRole('region', { name: 'New request' });
    await form.getByRole('textbox', { name: 'Requester', exact: true }).fill('Harbour Foods plc');
    // The period starts on the company's one reporting year (decision 086), then the test picks one.
    const { year } = (await (await page.request.get('/api/reporting-year')).json()) as ReportingYear;
    await eventually(async () =>
      expect(await form.getByRole('textbox', { name: 'Period' }).inputValue()).toBe(String(year)),
    );
    await form.getByRole('textbox', { name: 'Period' }).fill(DEMO_YEAR);
    // A due date far ahead, so the request stays open whatever the day the test runs.
    await form.getByLabel('Due date (optional)').fill('2099-06-30');
    // The library has loaded once the chosen template's items are offered for reading.
    await form.getByText(/^The \d+ items of this template$/).waitFor({ timeout: WAIT_MS });
    expect(await form.getByRole('combobox', { name: 'Template' }).textContent()).toBe('VSME Basic module');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Record the request' }).click();

    // The request page: answers from the ledger with their provenance.
    await page.waitForURL(/\/requests\/[^/]+$/, { timeout: WAIT_MS });
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const request = await getRequest(page, id);
    expect(request).toMatchObject({
      requesterName: 'Harbour Foods plc',
      template: 'vsme_basic',
      period: DEMO_YEAR,
    });
    await main(page)
      .getByRole('heading', { name: 'Harbour Foods plc', level: 1 })
      .waitFor({ timeout: WAIT_MS });
    const { answered, missing, beyondCap, declined } = request.counts;
    // Most VSME Basic items are answered from what the demo company recorded (ledger, company
    // records, checklist), and scopes 1, 2 and 3 come from the ledger with their factor datasets.
    expect(answered * 2).toBeGreaterThan(request.answers.length);
    const fromLedger = request.answers.filter(
      (answer) => answer.status === 'answered' && answer.sources.some((source) => source.kind === 'ledger'),
    );
    for (const key of ['scope_1_emissions', 'scope_2_emissions', 'scope_3_emissions']) {
      const scope = fromLedger.find((answer) => answer.key === key);
      expect(scope?.sources.find((source) => source.kind === 'ledger')?.datasets?.length).toBeGreaterThan(0);
    }
    await main(page)
      .getByText(
        `${answered} answered, ${missing} missing, ${beyondCap} beyond the cap, ${declined} declined.`,
      )
      .waitFor({ timeout: WAIT_MS });
    const ledgerAnswer = main(page).getByRole('article', { name: fromLedger[0]!.question });
    await ledgerAnswer.getByText(fromLedger[0]!.display!, { exact: true }).waitFor({ timeout: WAIT_MS });
    await ledgerAnswer
      .getByText(/^Ledger: /)
      .first()
      .waitFor({ timeout: WAIT_MS });
    const firstMissing = request.answers.find(
      (answer) => answer.status === 'missing' && answer.missing?.href,
    );
    if (firstMissing) {
      const link = main(page)
        .getByRole('article', { name: firstMissing.question })
        .getByRole('link', { name: firstMissing.missing!.action ?? 'Add it' });
      expect(await link.getAttribute('href')).toBe(firstMissing.missing!.href);
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Editing a figure: text is refused beside the answer, in the figure's unit (decision 071).
    const scope1 = fromLedger.find((answer) => answer.key === 'scope_1_emissions')!;
    await main(page)
      .getByRole('button', { name: `Edit: ${scope1.question}` })
      .click();
    const editDialog = page.getByRole('dialog', { name: 'Edit the answer' });
    const answerField = editDialog.getByRole('textbox', { name: 'Answer', exact: true });
    expect(await answerField.inputValue()).toBe(String(scope1.value));
    await answerField.fill('about ten');
    await editDialog.getByRole('button', { name: 'Save the answer' }).click();
    await expectFieldRefused(page, answerField, `Enter a number in ${scope1.unit}`);
    await editDialog.getByRole('button', { name: 'Cancel' }).click();
    await editDialog.waitFor({ state: 'detached', timeout: WAIT_MS });

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsTheWidth(page)).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 1000 });

    // The lender view: the PCAF score of each scope, as the API computes it.
    const lenderResponse = await page.request.get(`/api/data-requests/lender-view?period=${DEMO_YEAR}`);
    expect(lenderResponse.status()).toBe(200);
    const lender = main(page).getByRole('region', { name: 'Lender view' });
    for (const scope of ((await lenderResponse.json()) as LenderView).scopes) {
      await lender
        .getByText(`PCAF score ${scope.score.toFixed(1)}`)
        .first()
        .waitFor({ timeout: WAIT_MS });
    }

    // A bank's request recorded through the API, due long ago: overdue, and on the dashboard
    // above the customer's.
    const bank = await page.request.post('/api/data-requests', {
      headers: { Origin: e2e.baseUrl },
      data: {
        requesterName: 'Westcountry Bank',
        requesterType: 'bank',
        template: 'bank',
        period: DEMO_YEAR,
        dueDate: '2020-01-31',
      },
    });
    expect(bank.status()).toBe(201);
    expect(((await bank.json()) as DataRequest).status).toBe('overdue');
    await page.goto('/');
    const dueCard = main(page).getByRole('region', { name: 'Data requests due' });
    await dueCard.getByText('1 request is overdue.').waitFor({ timeout: WAIT_MS });
    expect(await dueCard.getByRole('link').allTextContents()).toEqual([
      expect.stringMatching(/^Westcountry Bank: /),
      expect.stringMatching(/^Harbour Foods plc: /),
    ]);
    await page.goto('/requests');
    const bankRow = main(page).getByRole('row', { name: /Westcountry Bank/ });
    await bankRow.getByText('Overdue', { exact: true }).waitFor({ timeout: WAIT_MS });
    // A custom list uploaded as CSV: a row with too many cells is named, and nothing is recorded.
    await main(page).getByRole('button', { name: 'New request' }).click();
    const custom = main(page).getByRole('region', { name: 'New request' });
    await custom.getByRole('textbox', { name: 'Requester', exact: true }).fill('Quayside Retail');
    await custom.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Custom list' }).click();
    await custom.getByRole('radio', { name: 'Upload a CSV' }).click();
    await custom.getByLabel('CSV file of questions').setInputFiles({
      name: 'questions.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('question,unit\nWater withdrawn,m3\nPackaging recycled,t,extra\n'),
    });
    await custom.getByText('1 question read from questions.csv.').waitFor({ timeout: WAIT_MS });
    await custom.getByText(/^Row 3: This row has 3 cells/).waitFor({ timeout: WAIT_MS });
    await custom.getByRole('button', { name: 'Record the request' }).click();
    await custom
      .getByText('Fix the rows named below and choose the file again')
      .waitFor({ timeout: WAIT_MS });
    expect((await (await page.request.get('/api/data-requests')).json()).requests).toHaveLength(2);
    await page.goto(`/requests/${id}`);

    // Share: the link is shown once, with a copy button.
    const share = main(page).getByRole('region', { name: 'Share a signed pack' });
    await share.getByRole('button', { name: 'Share', exact: true }).click();
    await waitForToast(page, 'Success', 'Pack version 1 shared');
    const linkField = share.getByRole('textbox', { name: 'Link to the shared pack' });
    const url = await linkField.inputValue({ timeout: WAIT_MS });
    expect(url).toMatch(/\/shared#[A-Za-z0-9_-]{20,}$/);
    await share.getByRole('button', { name: 'Copy' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const token = new URL(url).hash.slice(1);

    // A stranger's browser: no cookies, the link only.
    const stranger = await e2e.newPage({ width: 390, height: 844 });
    expect(await stranger.context.cookies()).toEqual([]);
    await stranger.page.goto(url);
    const title = stranger.page.getByRole('heading', { level: 1, name: /: ESG data for Harbour Foods plc$/ });
    await title.waitFor({ timeout: WAIT_MS });
    expect(await stranger.page.getByRole('link', { name: 'Requests' }).count()).toBe(0);
    const facts = stranger.page.getByRole('region', { name: 'Answers' }).getByRole('article');
    expect(await facts.count()).toBe(request.answers.length);
    // An enumeration reads as its taxonomy label, never as the member's URL.
    const basis = request.answers.find((answer) => answer.key === 'basis_for_preparation')!;
    expect(String(basis.value)).toMatch(/^https?:/);
    const basisFact = facts.filter({ hasText: basis.question });
    await basisFact.getByText(basis.display!, { exact: true }).waitFor({ timeout: WAIT_MS });
    expect(await basisFact.textContent()).not.toContain(String(basis.value));
    expect(await seriousAccessibilityViolations(stranger.page)).toEqual([]);
    expect(await fitsTheWidth(stranger.page)).toBe(true);

    const download = stranger.page.waitForEvent('download', { timeout: WAIT_MS });
    await stranger.page.getByRole('link', { name: /JSON/ }).click();
    const signed = JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as SignedPack;
    expect(signed.pack.requester.name).toBe('Harbour Foods plc');
    expect(signed.pack.facts.length).toBe(request.answers.length);
    expect(signed.pack.facts.find((fact) => fact.key === 'basis_for_preparation')?.displayValue).toBe(
      basis.display!,
    );

    // The signature holds against the published keys; a tampered pack does not.
    const jwksResponse = await stranger.page.request.get('/.well-known/jwks.json');
    expect(jwksResponse.status()).toBe(200);
    const jwks = (await jwksResponse.json()) as Jwks;
    expect(await verifies(signed, jwks)).toBe(true);
    const tampered = structuredClone(signed);
    const answeredFact = tampered.pack.facts.find((fact) => typeof fact.value === 'number')!;
    answeredFact.value = (answeredFact.value as number) + 1;
    expect(await verifies(tampered, jwks)).toBe(false);
    expect(await verifies({ ...signed, pack: { ...signed.pack, period: '2024' } }, jwks)).toBe(false);

    // The company sees the opening counted, then revokes the link.
    await page.reload();
    const shareAfter = main(page).getByRole('region', { name: 'Share a signed pack' });
    const opened = (await getRequest(page, id)).share!.accessCount;
    expect(opened).toBeGreaterThan(0);
    await shareAfter
      .getByText(opened === 1 ? '1 time' : `${opened} times`, { exact: false })
      .waitFor({ timeout: WAIT_MS });
    await shareAfter.getByRole('button', { name: 'Revoke the link' }).click();
    await page
      .getByRole('alertdialog', { name: 'Revoke the link?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await waitForToast(page, 'Success', 'The link is revoked: it no longer opens the pack');
    expect((await getRequest(page, id)).share?.state).toBe('revoked');

    // Revoked: 410 from the API and the page says so, with no data.
    const gone = await stranger.page.request.get(`/api/shared/${token}`);
    expect(gone.status()).toBe(410);
    await stranger.page.reload();
    await stranger.page
      .getByRole('heading', { level: 1, name: 'This link was revoked' })
      .waitFor({ timeout: WAIT_MS });
    expect(await stranger.page.getByRole('region', { name: 'Answers' }).isVisible()).toBe(false);
    expect(await seriousAccessibilityViolations(stranger.page)).toEqual([]);
    const unknown = await stranger.page.request.get(`/api/shared/${'x'.repeat(token.length)}`);
    expect(unknown.status()).toBe(404);
  }, 120_000);
});
