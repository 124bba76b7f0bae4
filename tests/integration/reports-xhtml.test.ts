// GET /api/reports/{id}/xhtml (issue 18): the readable XHTML beside a CSRD report's .xbri package,
// the same bytes as the document inside it; refused in words for other reports; another company's
// report is a 404 like a missing one.
import { describe, expect, test } from 'bun:test';
import { unzipSync } from 'fflate';
import { warmRenderThreadForFile } from '../helpers/cpu-thread.ts';
import { addLine, addSite } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

warmRenderThreadForFile();

const NOW = new Date('2026-03-15T10:00:00Z');
const t = await createTestApp({ now: () => NOW });

/** A valid LEI (ISO 17442 check digits). */
const LEI = '529900T8BM49AURSDO55';

async function company(name: string) {
  const owner = await t.signUpCompany({ companyName: name, jurisdiction: 'CSRD' });
  const site = await addSite(t, owner.cookie, 'Duisburg plant', 'DE');
  await addLine(t, owner.cookie, {
    siteId: site,
    date: '2025-03-01',
    category: 'electricity',
    quantity: 12_000,
    unit: 'kWh',
  });
  return owner;
}

async function generated(cookie: string, body: Record<string, unknown>) {
  const requested = await t.call('POST', '/api/reports/generate', { cookie, body });
  expect(requested.status).toBe(202);
  await t.runJobs();
  return (await t.call('GET', `/api/reports/${requested.json.id}`, { cookie })).json;
}

const get = (cookie: string, path: string) =>
  t.app.request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });

describe('GET /api/reports/{id}/xhtml', () => {
  test('answers the Inline XBRL document of a CSRD XBRL report as report-<id>.xhtml, as in the package', async () => {
    const { cookie } = await company('Rheinwerk Präzision GmbH');
    const report = await generated(cookie, {
      format: 'xbrl',
      framework: 'csrd',
      period: '2025',
      taxonomyVersion: '2024-12-17',
      entityIdentifier: { value: LEI },
    });
    expect(report.readableUrl).toBe(`/api/reports/${report.id}/xhtml`);
    const response = await get(cookie, report.readableUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/xhtml+xml');
    expect(response.headers.get('Content-Disposition')).toContain(`report-${report.id}.xhtml`);
    const xhtml = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(xhtml);
    expect(text).toContain('<html xmlns="http://www.w3.org/1999/xhtml"');
    expect(text).toContain('Rheinwerk Präzision GmbH');
    expect(text).toContain('https://xbrl.efrag.org/taxonomy/vsme/2024-12-17/vsme-all.xsd');
    const files = unzipSync(new Uint8Array(await (await get(cookie, report.downloadUrl)).arrayBuffer()));
    expect(
      Buffer.from(files[`report-${report.id}/reports/report-${report.id}.xhtml`]!).equals(Buffer.from(xhtml)),
    ).toBe(true);
  });

  test('refuses a PDF or an SECR report in words, with no readable link', async () => {
    const { cookie } = await company('Northwind Bakery Ltd');
    const pdf = await generated(cookie, { format: 'pdf', framework: 'csrd', period: '2025' });
    const secr = await generated(cookie, {
      format: 'xbrl',
      framework: 'secr',
      period: '2025',
      entityIdentifier: { scheme: 'http://www.companieshouse.gov.uk/', value: '01234567' },
    });
    for (const report of [pdf, secr]) {
      expect(report.generation).toBe('succeeded');
      expect(report.readableUrl).toBeNull();
      const response = await get(cookie, `/api/reports/${report.id}/xhtml`);
      expect(response.status).toBe(409);
      expect((await response.json()).message).toContain('Only a CSRD report in XBRL has a readable XHTML');
    }
  });

  test('another company’s report is a 404, like a missing id', async () => {
    const a = await company('Company A GmbH');
    const report = await generated(a.cookie, {
      format: 'xbrl',
      framework: 'csrd',
      period: '2025',
      entityIdentifier: { value: LEI },
    });
    const b = await company('Company B GmbH');
    const theirs = await get(b.cookie, `/api/reports/${report.id}/xhtml`);
    const missing = await get(b.cookie, '/api/reports/00000000-0000-7000-8000-000000000000/xhtml');
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await theirs.json()).toEqual(await missing.json());
  });
});
