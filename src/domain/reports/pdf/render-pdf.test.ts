import { beforeAll, describe, expect, test } from 'bun:test';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { demoSnapshot } from '../fixtures.ts';
import type { RenderedReport, ReportSnapshot } from '../snapshot.ts';
import { loadReportFonts } from './fonts.ts';
import { renderReportPdf } from './render-pdf.ts';

/** Text of each page, with runs of whitespace (line breaks from wrapping) collapsed to one space. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

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

  test('numbers every page and lists the sections with their pages in the contents', () => {
    expect(text).toContain('Page 1 of 11');
    expect(text).toContain('Page 11 of 11');
    expect(text).toContain('Contents');
    expect(text).toContain('9. Evidence appendix 11');
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
    expect(all).toContain('7. Evidence appendix');
    expect(all).not.toMatch(/\b0\.00\b/);
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
