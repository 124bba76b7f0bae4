import { describe, expect, test } from 'bun:test';
import { pngImage } from '../../../../tests/fixtures/images/encode.ts';
import { inspectPdf } from '../../../../tests/helpers/pdf-inspect.ts';
import { demoSnapshot } from '../fixtures.ts';
import type { ReportSnapshot, SnapshotBranding } from '../snapshot.ts';
import { loadReportFonts } from './fonts.ts';
import { renderReportPdf } from './render-pdf.ts';

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

function branded(branding: SnapshotBranding | null | undefined): ReportSnapshot {
  return { ...demoSnapshot(), branding };
}

const BRANDING: SnapshotBranding = {
  brandName: 'Northwind Bread',
  accentColour: '#1D4ED8',
  logo: { contentType: 'image/png', width: 120, height: 60, base64: base64(pngImage(120, 60)) },
};

describe('branded PDF reports', () => {
  test('prints the brand name, keeps the legal name, paints the accent and the logo', async () => {
    const { pages, colours, pagesWithImages } = await inspectPdf(
      (await renderReportPdf(branded(BRANDING), loadReportFonts())).bytes,
    );
    expect(pages[0]).toContain('Northwind Bread');
    expect(pages[0]).toContain('Reporting entity Northwind Bakery Ltd');
    expect(pages[3]).toContain('Northwind Bread · 2025');
    expect(colours).toContain('#1d4ed8');
    expect(pagesWithImages).toEqual([1]);
  });

  test('renders the same branded snapshot to the same bytes', async () => {
    const first = await renderReportPdf(branded(BRANDING), loadReportFonts());
    const second = await renderReportPdf(structuredClone(branded(BRANDING)), loadReportFonts());
    expect(Buffer.compare(Buffer.from(first.bytes), Buffer.from(second.bytes))).toBe(0);
  });

  test('a snapshot without branding (older, or no entitlement) keeps the default look', async () => {
    const older = demoSnapshot();
    delete older.branding;
    const [absent, none] = await Promise.all([
      renderReportPdf(older, loadReportFonts()),
      renderReportPdf(branded(null), loadReportFonts()),
    ]);
    expect(Buffer.compare(Buffer.from(absent.bytes), Buffer.from(none.bytes))).toBe(0);
    const { pages, colours, pagesWithImages } = await inspectPdf(absent.bytes);
    expect(pages[0]).not.toContain('Reporting entity');
    expect(colours).toContain('#0d6b54');
    expect(pagesWithImages).toEqual([]);
  });

  test('a brand name without a logo, and a logo that cannot be embedded, still render', async () => {
    const { pages, pagesWithImages } = await inspectPdf(
      (
        await renderReportPdf(
          branded({ ...BRANDING, logo: { ...BRANDING.logo!, base64: base64(new Uint8Array([1, 2, 3])) } }),
          loadReportFonts(),
        )
      ).bytes,
    );
    expect(pages[0]).toContain('Northwind Bread');
    expect(pagesWithImages).toEqual([]);
  });
});
