import { beforeAll, describe, expect, test } from 'bun:test';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { loadReportFonts } from './fonts.ts';
import { CONTENT_WIDTH, PdfLayout } from './layout.ts';

describe('PdfLayout.wrap', () => {
  let layout: PdfLayout;

  beforeAll(async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.registerFontkit(fontkit);
    const fonts = loadReportFonts();
    layout = new PdfLayout(doc, {
      regular: await doc.embedFont(fonts.regular, { subset: true }),
      bold: await doc.embedFont(fonts.bold, { subset: true }),
    });
  });

  test('measures text as the embedded font does', () => {
    const text = 'Scope 2 market-based emissions: 18.64 tCO2e — café, Zürich, Łódź, CO₂';
    expect(layout.measure(text, 9.5)).toBeCloseTo(layout.fonts.regular.widthOfTextAtSize(text, 9.5), 6);
    expect(layout.measure(text, 12, true)).toBeCloseTo(layout.fonts.bold.widthOfTextAtSize(text, 12), 6);
  });

  test('keeps every line within the width and every word in order', () => {
    const text =
      'We replaced two deck ovens with heat-recovery models and switched the shop to a renewable tariff. '.repeat(
        8,
      );
    const lines = layout.wrap(text, 200, 9.5);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(layout.measure(line, 9.5)).toBeLessThanOrEqual(200);
    expect(lines.join(' ')).toBe(text.trim());
  });

  test('keeps hard line breaks and breaks words longer than a line between characters', () => {
    const digest = 'a3f1c2d4e5b6a7980112233445566778899aabbccddeeff00112233445566778';
    const lines = layout.wrap(`First line\n${digest}`, 100, 8);
    expect(lines[0]).toBe('First line');
    expect(lines.slice(1).join('')).toBe(digest);
    for (const line of lines) expect(layout.measure(line, 8)).toBeLessThanOrEqual(100);
  });
});

test('a section heading wider than the page wraps onto a second line and moves the cursor below both', async () => {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const fonts = loadReportFonts();
  const layout = new PdfLayout(doc, {
    regular: await doc.embedFont(fonts.regular, { subset: true }),
    bold: await doc.embedFont(fonts.bold, { subset: true }),
  });
  const title = '2. Streamlined Energy and Carbon Reporting (SECR)';
  expect(layout.measure(title, 17, true)).toBeGreaterThan(CONTENT_WIDTH);
  layout.newPage();
  const top = layout.y;
  layout.heading('1. Methodology', 1);
  const oneLine = top - layout.y;
  layout.newPage();
  layout.heading(title, 1);
  expect(top - layout.y).toBeGreaterThan(oneLine + 17);
});
