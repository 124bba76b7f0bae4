import { beforeAll, describe, expect, test } from 'bun:test';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { demoSnapshot } from '../fixtures.ts';
import { secrIntensityRatios } from '../secr-figures.ts';
import type { RenderedReport, ReportSnapshot } from '../snapshot.ts';
import { loadReportFonts } from './fonts.ts';
import { renderReportPdf } from './render-pdf.ts';

/** Text of each page, with runs of whitespace (line breaks from wrapping) collapsed to one space. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

const noneNotCounted = { lineCount: 0, spend: [], quantities: [], reasons: [] };

function emptySnapshot(): ReportSnapshot {
  const base = demoSnapshot();
  return {
    ...base,
    company: { ...base.company, identifier: null, country: null, sites: [], employees: null, revenue: null },
    inventory: null,
    energy: null,
    water: null,
    waste: null,
    uk: null,
    workforce: null,
    target: null,
    factors: [],
    checklist: null,
    narratives: [],
    offsets: null,
    evidence: [],
  };
}

/** A UK company's second SECR report of 2025, with turnover, a prior year and business travel. */
function secrSnapshot(overrides: { hasActivityOutsideUk?: boolean; period?: string } = {}): ReportSnapshot {
  const base = demoSnapshot({
    framework: 'secr',
    jurisdiction: 'SECR',
    title: 'Northwind Bakery Ltd — Streamlined Energy and Carbon Report (SECR) 2025, v2',
    version: 2,
    ...(overrides.period ? { period: overrides.period } : {}),
  });
  const uk = base.uk!;
  // As the server builds a quarter: no ratio over the year's turnover (snapshot-sections.ts).
  if (overrides.period?.includes('-q'))
    base.inventory = { ...base.inventory!, intensityPerRevenue: null, intensityPerEmployee: null };
  const hasActivityOutsideUk = overrides.hasActivityOutsideUk ?? false;
  return {
    ...base,
    uk: {
      ...uk,
      scope3BusinessTravel: 1.5,
      hasActivityOutsideUk,
      ratios: secrIntensityRatios({
        period: base.report.period,
        revenue: base.company.revenue,
        employees: base.company.employees,
        ukScope1: uk.scope1,
        ukScope2Location: uk.scope2Location,
        companyScope1: base.inventory!.scope1,
        companyScope2Location: base.inventory!.scope2Location,
        hasActivityOutsideUk,
      }),
      previous: {
        period: '2024',
        energyKwh: { gas: 150_000, electricity: 90_000, transport: null, total: 240_000 },
        scope1: 30,
        scope2Location: 16,
        scope3BusinessTravel: null,
      },
    },
  };
}

describe('renderReportPdf: an SECR report', () => {
  let pages: string[];
  beforeAll(async () => {
    pages = await pageTexts((await renderReportPdf(secrSnapshot(), loadReportFonts())).bytes);
  });

  test('has a cover with the company, the period, the framework by name and the version with its date and time', () => {
    const cover = pages[0]!;
    expect(cover).toStartWith(
      'Northwind Bakery Ltd Northwind Bakery Ltd — Streamlined Energy and Carbon Report (SECR) 2025, v2 ',
    );
    expect(cover).toContain('Reporting period 1 January 2025 to 31 December 2025');
    expect(cover).toContain('Framework UK Streamlined Energy and Carbon Reporting (SECR)');
    expect(cover).toContain('Version v2, generated 15 January 2026, 09:30 UTC');
  });

  test('puts the statutory SECR statement right after the company profile', () => {
    expect(pages[1]).toContain(
      '1. Company profile and reporting boundary 3 2. Streamlined Energy and Carbon Reporting (SECR) 4',
    );
    expect(pages[3]).toStartWith('2. Streamlined Energy and Carbon Reporting (SECR) ');
  });

  test('prints every SECR row with the prior year: energy by source, scope 1, scope 2, business travel and totals', () => {
    const secr = pages[3]!;
    for (const row of [
      'Energy source 2025 kWh 2024 kWh',
      'Gas 187,200 150,000',
      'Electricity 98,400 90,000',
      'Transport fuel Not recorded Not recorded',
      'Total UK energy use 285,600 240,000',
      'Emissions 2025 tCO2e 2024 tCO2e',
      'Scope 1: direct emissions 41.27 30.00',
      'Scope 2: purchased electricity, location-based 17.42 16.00',
      'Total Scope 1 and 2 58.69 46.00',
      'Scope 3: business travel 1.50 Not recorded',
      'Total gross emissions (Scope 1, 2 and Scope 3 business travel) 60.19 46.00',
      'Energy efficiency actions Replaced the two deck ovens at the Bristol bakery with heat-recovery models.',
    ])
      expect(secr).toContain(row);
  });

  test('prints the intensity ratios when turnover and employees are known', () => {
    // 58.69 tCO2e over £3.2m turnover and over 28 employees.
    expect(pages[3]).toContain(
      'Intensity ratio: per million of turnover 18.34 tCO2e (scope 1 and 2) per million GBP turnover',
    );
    expect(pages[3]).toContain('Intensity ratio: per employee 2.10 tCO2e (scope 1 and 2) per employee');
    expect(pages[3]).not.toContain('whole company’s Scope 1');
  });

  test('says when the ratios are the whole company’s because it has sites outside the UK', async () => {
    const all = (
      await pageTexts(
        (
          await renderReportPdf(secrSnapshot({ hasActivityOutsideUk: true }), loadReportFonts())
        ).bytes,
      )
    ).join(' ');
    // (41.27 + 23.91) tCO2e over £3.2m.
    expect(all).toContain('Intensity ratio: per million of turnover 20.37 tCO2e');
    expect(all).toContain(
      'these ratios divide the whole company’s Scope 1 and location-based Scope 2 emissions',
    );
  });

  test('a quarter’s ratio reads as not applicable rather than Not recorded', async () => {
    const all = (
      await pageTexts((await renderReportPdf(secrSnapshot({ period: '2025-q2' }), loadReportFonts())).bytes)
    ).join(' ');
    expect(all).toContain('Intensity ratio: per million of turnover Not applicable to a quarter');
    expect(all).toContain(
      'Per revenue (gross location-based total, scopes 1, 2 and 3) Not applicable to a quarter',
    );
  });
});

describe('renderReportPdf', () => {
  let rendered: RenderedReport;
  let text: string;

  beforeAll(async () => {
    rendered = await renderReportPdf(demoSnapshot(), loadReportFonts());
    text = (await pageTexts(rendered.bytes)).join(' ');
  });

  test('names the file after the report and returns a PDF', () => {
    expect(rendered.fileName).toBe('report-0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.pdf');
    expect(rendered.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode(rendered.bytes.subarray(0, 5))).toBe('%PDF-');
  });

  test('prints the inventory: scope 1, the gross total and every Scope 3 category', () => {
    expect(text).toContain('Northwind Bakery Ltd');
    expect(text).toContain('41.27');
    expect(text).toContain('100.66');
    expect(text).toContain('95.39');
    for (const category of demoSnapshot().inventory!.scope3ByCategory) expect(text).toContain(category.name);
    expect(text).toContain('20.30 tCO2e per million GBP');
    // The Open Government Licence statement DESNZ figures must carry (issue 18).
    expect(text).toContain(
      'Contains public sector information licensed under the Open Government Licence v3.0. Source: Department for Energy Security and Net Zero, Greenhouse gas reporting: conversion factors 2025.',
    );
  });

  test('numbers every page and lists each section in the contents at the page its heading is on', async () => {
    const pages = await pageTexts(rendered.bytes);
    expect(pages[0]).toContain(`Page 1 of ${pages.length}`);
    expect(pages[1]).toStartWith('Contents ');
    const entries = [...pages[1]!.matchAll(/((?:\d+|Appendix [A-Z])\. [A-Za-z ,()]+?) (\d+)(?= |$)/g)];
    expect(entries.map((entry) => entry[1])).toEqual([
      '1. Company profile and reporting boundary',
      '2. Greenhouse gas inventory',
      '3. Energy, water and waste',
      '4. Social and governance',
      '5. Narrative',
      '6. Streamlined Energy and Carbon Reporting (SECR)',
      '7. Carbon credits',
      '8. Methodology',
      'Appendix A. Disclosure checklist',
      'Appendix B. Evidence and audit log',
    ]);
    for (const [, title, page] of entries) expect(pages[Number(page) - 1]).toStartWith(`${title} `);
  });

  test('puts the checklist working papers in an appendix after every body section', async () => {
    const pages = await pageTexts(rendered.bytes);
    const appendix = pages.findIndex((page) => page.startsWith('Appendix A. Disclosure checklist'));
    const methodology = pages.findIndex((page) => page.startsWith('8. Methodology'));
    expect(appendix).toBeGreaterThan(methodology);
    const workingPapers = pages.flatMap((page, index) => (page.includes('Source Maps to') ? [index] : []));
    expect(workingPapers.length).toBeGreaterThan(0);
    for (const index of workingPapers) expect(index).toBeGreaterThanOrEqual(appendix);
    expect(pages.slice(0, appendix).join(' ')).not.toContain('Required indicators not yet answered');
  });

  test('includes the approved narrative, the SECR figures, the credits and the evidence appendix', () => {
    expect(text).toContain(
      'In 2025 Northwind Bakery Ltd emitted 100.66 tCO2e (location-based), of which 41.27 tCO2e were Scope 1.',
    );
    expect(text).toContain('187,200');
    expect(text).toContain('Transport fuel Not recorded');
    expect(text).toContain('ILLUSTRATIVE-VCS-001-2023-000001 to ILLUSTRATIVE-VCS-001-2023-000020');
    expect(text).toContain('not subtracted from the greenhouse gas inventory');
    expect(text).toContain('gas-bills-2025.pdf');
    expect(text).toContain('a3f1c2d4e5b6a7980112233445566778');
  });

  test('embeds its fonts as subsetted TrueType and uses no standard-14 font', async () => {
    const document = await PDFDocument.load(rendered.bytes);
    const fontFiles: string[] = [];
    const baseFonts: string[] = [];
    for (const [, object] of document.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFDict)) continue;
      if (object.has(PDFName.of('FontFile2'))) fontFiles.push(String(object.get(PDFName.of('FontName'))));
      const baseFont = object.get(PDFName.of('BaseFont'));
      if (baseFont) baseFonts.push(String(baseFont));
    }
    expect(fontFiles.sort()).toEqual(['/ESGPAA+DejaVuSans', '/ESGPAB+DejaVuSans-Bold']);
    for (const name of baseFonts) expect(name).not.toMatch(/Helvetica|Times|Courier|Symbol|ZapfDingbats/);
  });

  test('takes its metadata from the snapshot, not the clock', async () => {
    const document = await PDFDocument.load(rendered.bytes, { updateMetadata: false });
    expect(document.getTitle()).toBe('Northwind Bakery Ltd — Sustainability report 2025');
    expect(document.getAuthor()).toBe('Northwind Bakery Ltd');
    expect(document.getCreationDate()?.toISOString()).toBe('2026-01-15T09:30:00.000Z');
    expect(document.getModificationDate()?.toISOString()).toBe('2026-01-15T09:30:00.000Z');
    expect(document.getProducer()).toBe('ESG Pilot (pdf-lib)');
  });

  test('renders the same snapshot to identical bytes', async () => {
    const again = await renderReportPdf(demoSnapshot(), loadReportFonts());
    expect(Buffer.from(again.bytes).equals(Buffer.from(rendered.bytes))).toBe(true);
  });

  test('shows a prior-period column with changes when the snapshot has one', async () => {
    const snapshot = demoSnapshot();
    const inventory = snapshot.inventory!;
    inventory.previous = {
      ...inventory,
      period: '2024',
      scope1: 45,
      scope3ByCategory: inventory.scope3ByCategory.filter((category) => category.category !== 6),
    };
    const pages = await pageTexts((await renderReportPdf(snapshot, loadReportFonts())).bytes);
    const all = pages.join(' ');
    expect(all).toContain('2025 tCO2e 2024 tCO2e Change');
    expect(all).toContain('Scope 1: direct emissions 41.27 45.00 -8.3%');
    expect(all).toContain('Category 6: Business travel 3.25 Not recorded Not recorded');
  });

  test('renders a snapshot without data as "Not recorded" and leaves out SECR and credits', async () => {
    const pages = await pageTexts((await renderReportPdf(emptySnapshot(), loadReportFonts())).bytes);
    const all = pages.join(' ');
    expect(all).toContain('Not recorded: no greenhouse gas emissions have been calculated for this period.');
    expect(all).toContain('Energy consumption: Not recorded.');
    expect(all).toContain('Employees Not recorded');
    expect(all).toContain('No narrative has been approved for this report.');
    expect(all).not.toContain('Streamlined Energy and Carbon Reporting');
    expect(all).not.toContain('Carbon credits');
    expect(all).toContain('Appendix A. Evidence and audit log');
    expect(all).not.toMatch(/\b0\.00\b/);
  });

  test('says on the cover and in the coverage statement that a period without ledger lines has no activity data', async () => {
    const snapshot = { ...emptySnapshot(), coverage: { lineCount: 0, notCounted: noneNotCounted } };
    const pages = await pageTexts((await renderReportPdf(snapshot, loadReportFonts())).bytes);
    expect(pages[0]).toContain('No activity data recorded for this period');
    expect(pages.join(' ')).toContain(
      'No activity data is recorded for this period: no ledger line is dated in it',
    );
    expect(pages.join(' ')).not.toMatch(/\b0\.00\b|covers 0 lines/);
  });

  test('prints no inventory of zeros when none of the period’s lines could be counted', async () => {
    const snapshot = demoSnapshot();
    snapshot.coverage = { lineCount: 3, notCounted: { ...noneNotCounted, lineCount: 3 } };
    const pages = await pageTexts((await renderReportPdf(snapshot, loadReportFonts())).bytes);
    expect(pages[0]).toContain(
      'No emissions figures for this period: none of its 3 ledger lines could be counted',
    );
    const inventory = pages.find((page) => page.startsWith('2. Greenhouse gas inventory'))!;
    expect(inventory).toContain(
      'Not recorded: no greenhouse gas emissions have been calculated for this period.',
    );
    expect(inventory).not.toContain('Scope 1: direct emissions');
  });

  test('a report with data has no such notice on its cover', () => {
    expect(text).not.toContain('No activity data recorded');
    expect(text).not.toContain('No emissions figures for this period');
  });

  test('wraps a long narrative across pages without losing any of it', async () => {
    const snapshot = demoSnapshot();
    const sentence = 'The bakery moved its delivery fleet to electric vans and measured every kilowatt-hour.';
    snapshot.narratives = [
      {
        ...snapshot.narratives[0]!,
        content: `${Array(120).fill(sentence).join(' ')}\n\nClosing-paragraph marker.`,
      },
    ];
    const short = await pageTexts(rendered.bytes);
    const pages = await pageTexts((await renderReportPdf(snapshot, loadReportFonts())).bytes);
    expect(pages.length).toBeGreaterThan(short.length);
    const start = pages.findIndex((page) => page.includes('5. Narrative '));
    const end = pages.findIndex((page) => page.includes('Closing-paragraph marker.'));
    expect(end).toBeGreaterThan(start);
    // Without the page footers, the text flows on from page to page.
    const body = pages.map((page) => page.replace(/Northwind Bakery Ltd · 2025 Page \d+ of \d+/, '').trim());
    const occurrences = body.join(' ').split(sentence).length - 1;
    expect(occurrences).toBe(120);
  });
});
