// Per-figure provenance through POST /api/reports/generate (issue 18, item 4; decision 058): a
// company whose only figures are UK grid electricity (UK DESNZ factors, scope 2) and one purchase
// at a US site (US EPA supply-chain factor, scope 3 category 1). The electricity also makes scope 3
// category 3 (DESNZ transmission and well-to-tank factors). The stored snapshot, the CSV, the PDF and
// the Inline XBRL each cite DESNZ alone on scope 2 and category 3, EPA alone on category 1, and both
// on the scope 3 total.
import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { reports } from '../../db/schema/export-reports.ts';
import { parseFactsCsv } from '../../src/domain/reports/csv/render-csv.ts';
import type { ReportSnapshot } from '../../src/domain/reports/snapshot.ts';
import { warmRenderThreadForFile } from '../helpers/cpu-thread.ts';
import { addLine, addSite } from '../helpers/ledger.ts';
import { createTestApp, ORIGIN } from '../helpers/test-app.ts';

warmRenderThreadForFile();

const NOW = new Date('2026-03-15T10:00:00Z');
const t = await createTestApp({ now: () => NOW });
const LEI = '529900T8BM49AURSDO55';
const DESNZ = 'UK DESNZ, Greenhouse gas reporting: conversion factors 2025';
const EPA = 'Supply Chain Greenhouse Gas Emission Factors v1.3 by NAICS-6';

async function twoDatasetCompany(jurisdiction: string) {
  const owner = await t.signUpCompany({ companyName: 'Provenance Ltd', jurisdiction });
  const leeds = await addSite(t, owner.cookie, 'Leeds office', 'GB');
  const boston = await addSite(t, owner.cookie, 'Boston office', 'US');
  await addLine(t, owner.cookie, {
    siteId: leeds,
    date: '2025-03-01',
    category: 'electricity',
    quantity: 10_000,
    unit: 'kWh',
  });
  const spend = await addLine(t, owner.cookie, {
    siteId: boston,
    date: '2025-04-01',
    category: 'purchased_goods',
    variant: 'packaging',
    spend: 1000,
    currency: 'USD',
  });
  expect(spend.results[0]).toMatchObject({ scope: 'scope_3', scope3Category: 1 });
  expect(spend.results[0].factorId).toStartWith('epa13-');
  return owner;
}

async function generated(cookie: string, body: Record<string, unknown>) {
  const requested = await t.call('POST', '/api/reports/generate', { cookie, body });
  expect(requested.status).toBe(202);
  await t.runJobs();
  const report = (await t.call('GET', `/api/reports/${requested.json.id}`, { cookie })).json;
  expect(report.generation).toBe('succeeded');
  return report;
}

const download = async (cookie: string, id: string) =>
  new Uint8Array(
    await (
      await t.app.request(`${ORIGIN}/api/reports/${id}/file`, { headers: { Cookie: cookie } })
    ).arrayBuffer(),
  );

async function storedSnapshot(id: string): Promise<ReportSnapshot> {
  const row = await t.db.select({ snapshot: reports.snapshot }).from(reports).where(eq(reports.id, id)).get();
  return JSON.parse(row!.snapshot);
}

describe('reports cite, for each figure, only the datasets that produced it', () => {
  test('the snapshot carries the datasets of each figure; the CSV lines cite only theirs', async () => {
    const { cookie } = await twoDatasetCompany('SECR');
    const report = await generated(cookie, { format: 'csv', framework: 'secr', period: '2025' });
    const snapshot = await storedSnapshot(report.id);
    expect(snapshot.inventory?.datasets).toEqual({
      scope1: [],
      scope2Location: ['DESNZ 2025'],
      scope2Market: ['DESNZ 2025'],
      scope3: ['DESNZ 2025', 'EPA Supply Chain v1.3'],
      scope3ByCategory: [
        { category: 1, datasets: ['EPA Supply Chain v1.3'] },
        { category: 3, datasets: ['DESNZ 2025'] },
      ],
      outsideScopes: [],
    });
    // The UK section covers the Leeds site only: its scope 2 is DESNZ's.
    expect(snapshot.uk?.datasets).toEqual({
      scope1: [],
      scope2Location: ['DESNZ 2025'],
      scope3BusinessTravel: [],
    });

    const rows = parseFactsCsv(new TextDecoder().decode(await download(cookie, report.id)));
    const source = (concept: string, category?: string) =>
      rows.find(
        (row) =>
          row.concept === `esgp:${concept}` && (category === undefined || row.category.startsWith(category)),
      )!.source;
    expect(source('Scope2LocationBasedEmissions')).toContain(DESNZ);
    expect(source('Scope2LocationBasedEmissions')).not.toContain(EPA);
    expect(source('Scope3CategoryEmissions', '1 ')).toContain(EPA);
    expect(source('Scope3CategoryEmissions', '1 ')).not.toContain('DESNZ');
    expect(source('Scope3CategoryEmissions', '3 ')).toContain(DESNZ);
    expect(source('Scope3CategoryEmissions', '3 ')).not.toContain(EPA);
    expect(source('Scope1Emissions')).toBe('');
    expect(source('TotalLocationBasedEmissions')).toContain(DESNZ);
    expect(source('TotalLocationBasedEmissions')).toContain(EPA);
    // The method actually used for market-based scope 2, from the data: no contract was recorded.
    expect(rows.map((row) => row.value).join(' ')).toContain(
      'Market-based scope 2 method: location-based grid factors are used as a proxy for all purchased electricity, heat and steam (10,000 kWh',
    );
  });

  test('the PDF names each row’s numbered sources, and the Inline XBRL links each fact to its own', async () => {
    const { cookie } = await twoDatasetCompany('CSRD');
    const pdf = await generated(cookie, { format: 'pdf', framework: 'csrd', period: '2025' });
    const document = await getDocumentProxy(await download(cookie, pdf.id));
    const text = (await extractText(document, { mergePages: true })).text.replace(/\s+/g, ' ');
    // Sources are numbered in the snapshot's dataset order: DESNZ 2025 is 1, EPA 2.
    expect(text).toMatch(/Scope 2: purchased energy, location-based [\d.,]+ [\d.]+% 1 /);
    expect(text).toMatch(/Category 1: Purchased goods and services [\d.,]+ [\d.]+% 2 /);
    expect(text).toMatch(/Category 3: Fuel- and energy-related activities [\d.,]+ [\d.]+% 1 /);
    expect(text).toMatch(/Scope 3: value chain [\d.,]+ [\d.]+% 1, 2 /);
    expect(text).toContain(
      'Contains public sector information licensed under the Open Government Licence v3.0. Source: Department for Energy Security and Net Zero, Greenhouse gas reporting: conversion factors 2025.',
    );

    const xbrl = await generated(cookie, {
      format: 'xbrl',
      framework: 'csrd',
      period: '2025',
      entityIdentifier: { value: LEI },
    });
    const files = unzipSync(await download(cookie, xbrl.id));
    const xhtml = strFromU8(files[`report-${xbrl.id}/reports/report-${xbrl.id}.xhtml`]!);
    const factId = (concept: string) =>
      new RegExp(`name="vsme:${concept}"[^>]* id="(f\\d+)"`).exec(xhtml)![1]!;
    const footnoteOf = (id: string) =>
      [...xhtml.matchAll(/<ix:relationship fromRefs="([^"]+)" toRefs="([^"]+)"\/>/g)]
        .filter((match) => match[1]!.split(' ').includes(id))
        .map((match) => new RegExp(`<ix:footnote id="${match[2]}">([^<]+)</ix:footnote>`).exec(xhtml)![1]!);
    const scope2 = footnoteOf(factId('GrossLocationBasedScope2GreenhouseGasEmissions'));
    expect(scope2).toHaveLength(1);
    expect(scope2[0]).toContain(DESNZ);
    const scope3 = footnoteOf(factId('GrossScope3GreenhouseGasEmissions'));
    expect(scope3).toHaveLength(2);
    expect(scope3.join(' ')).toContain(EPA);
    expect(footnoteOf(factId('GrossScope1GreenhouseGasEmissions'))).toEqual([]);
  });
});
