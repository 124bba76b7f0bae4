// The PDF report (issue 7): a pure function of a frozen snapshot. Every date, name and identifier
// in the file comes from the snapshot, never the clock or a random source, so rendering a stored
// snapshot again gives the same bytes. Fonts are embedded (subsetted) so text is selectable and
// looks the same everywhere; charts are vector drawing operations.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFHexString, type PDFImage, PDFName, type RGB } from 'pdf-lib';
import type { ReportFramework } from '../../contracts/reports.ts';
import type { RenderedReport, ReportSnapshot } from '../snapshot.ts';
import { applyBrandColours, displayName, drawCoverLogo, embedLogo } from './branding.ts';
import type { ReportFonts } from './fonts.ts';
import { formatDate } from './format.ts';
import { COLOURS, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, PdfLayout } from './layout.ts';
import { drawNarratives, drawOffsets, drawSecr, drawSocialGovernance } from './sections-disclosures.ts';
import { drawEnergy, drawInventory, drawProfile } from './sections-environment.ts';
import { drawEvidence, drawMethodology } from './sections-methodology.ts';

/** The product name printed on the cover (the same as the client's PRODUCT_NAME). */
const PRODUCT_NAME = 'ESG Pilot';

const FRAMEWORK_LABELS: Record<ReportFramework, string> = {
  csrd: 'EU CSRD: Voluntary SME standard (VSME)',
  secr: 'UK Streamlined Energy and Carbon Reporting (SECR)',
  gri: 'GRI Standards',
  sasb: 'SASB Standards',
  tcfd: 'TCFD recommendations',
};

interface Section {
  title: string;
  draw: (layout: PdfLayout) => void;
}

function sectionsOf(snapshot: ReportSnapshot): Section[] {
  const { uk, offsets } = snapshot;
  const sections: (Section | null)[] = [
    { title: 'Company profile and reporting boundary', draw: (layout) => drawProfile(layout, snapshot) },
    { title: 'Greenhouse gas inventory', draw: (layout) => drawInventory(layout, snapshot) },
    { title: 'Energy, water and waste', draw: (layout) => drawEnergy(layout, snapshot) },
    { title: 'Social and governance', draw: (layout) => drawSocialGovernance(layout, snapshot) },
    { title: 'Narrative', draw: (layout) => drawNarratives(layout, snapshot) },
    uk
      ? {
          title: 'Streamlined Energy and Carbon Reporting (SECR)',
          draw: (layout) => drawSecr(layout, uk, snapshot),
        }
      : null,
    offsets ? { title: 'Carbon credits', draw: (layout) => drawOffsets(layout, offsets) } : null,
    { title: 'Methodology', draw: (layout) => drawMethodology(layout, snapshot) },
    { title: 'Evidence appendix', draw: (layout) => drawEvidence(layout, snapshot) },
  ];
  return sections.filter((section): section is Section => section !== null);
}

/** `onBand`: the colour of text on the accent band (branding.ts). */
function drawCover(layout: PdfLayout, snapshot: ReportSnapshot, onBand: RGB, logo: PDFImage | null): void {
  const { page } = layout;
  page.drawRectangle({ x: 0, y: PAGE_HEIGHT - 230, width: PAGE_WIDTH, height: 230, color: layout.accent });
  page.drawRectangle({ x: 0, y: PAGE_HEIGHT - 238, width: PAGE_WIDTH, height: 8, color: layout.tint });
  const white = onBand;
  const name = displayName(snapshot);
  layout.drawText(name, MARGIN, PAGE_HEIGHT - 120, 26, true, white);
  if (logo) drawCoverLogo(layout, logo);
  layout.y = PAGE_HEIGHT - 150;
  for (const line of layout.wrap(snapshot.report.title, PAGE_WIDTH - 2 * MARGIN, 15)) {
    layout.drawText(line, MARGIN, layout.y - 15, 15, false, white);
    layout.y -= 20;
  }
  layout.y = PAGE_HEIGHT - 300;
  const { report } = snapshot;
  const facts: [string, string][] = [
    // A brand name never hides who reports: the legal name stays on the cover.
    ...(name === snapshot.company.name
      ? []
      : [['Reporting entity', snapshot.company.name] as [string, string]]),
    ['Reporting period', `${formatDate(report.periodStart)} to ${formatDate(report.periodEnd)}`],
    ['Framework', FRAMEWORK_LABELS[report.framework]],
    ['Jurisdiction', report.jurisdiction],
    ['Generated', formatDate(snapshot.generatedAt)],
    ['Report reference', report.id],
  ];
  for (const [label, value] of facts) {
    layout.drawText(label, MARGIN, layout.y, 9, false, COLOURS.muted);
    layout.drawText(value, MARGIN, layout.y - 15, 12, true);
    layout.y -= 40;
  }
  layout.drawText(`Prepared with ${PRODUCT_NAME}`, MARGIN, 110, 10, false, COLOURS.muted);
}

function drawContents(layout: PdfLayout, entries: { title: string; page: number }[]): void {
  layout.heading('Contents', 1);
  const size = 11;
  for (const entry of entries) {
    const number = String(entry.page);
    const right = PAGE_WIDTH - MARGIN;
    const numberWidth = layout.measure(number, size);
    layout.drawText(entry.title, MARGIN, layout.y - size, size);
    const titleEnd = MARGIN + layout.measure(entry.title, size) + 6;
    // Dotted leader between the title and its page number.
    layout.page.drawLine({
      start: { x: titleEnd, y: layout.y - size + 1 },
      end: { x: right - numberWidth - 6, y: layout.y - size + 1 },
      thickness: 0.8,
      color: COLOURS.rule,
      dashArray: [1, 3],
    });
    layout.drawText(number, right - numberWidth, layout.y - size, size);
    layout.y -= size * 2;
  }
}

function drawFooters(layout: PdfLayout, snapshot: ReportSnapshot): void {
  const pages = layout.doc.getPages();
  const size = 7.5;
  pages.forEach((page, index) => {
    layout.page = page;
    page.drawLine({
      start: { x: MARGIN, y: 46 },
      end: { x: PAGE_WIDTH - MARGIN, y: 46 },
      thickness: 0.4,
      color: COLOURS.rule,
    });
    const left = `${displayName(snapshot)} · ${snapshot.report.period}`;
    layout.drawText(left, MARGIN, 34, size, false, COLOURS.muted);
    const label = `Page ${index + 1} of ${pages.length}`;
    layout.drawText(label, PAGE_WIDTH - MARGIN - layout.measure(label, size), 34, size, false, COLOURS.muted);
  });
}

/** Hex digits of the report id, used as the file identifier (the trailer /ID). */
function documentId(snapshot: ReportSnapshot): string {
  const hex = snapshot.report.id.replace(/[^0-9a-fA-F]/g, '').toUpperCase();
  return hex.length > 0 ? hex : '00';
}

export async function renderReportPdf(snapshot: ReportSnapshot, fonts: ReportFonts): Promise<RenderedReport> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  // Fixed subset tags instead of pdf-lib's generated suffix, so font names do not vary.
  const regular = await doc.embedFont(fonts.regular, { subset: true, customName: 'ESGPAA+DejaVuSans' });
  const bold = await doc.embedFont(fonts.bold, { subset: true, customName: 'ESGPAB+DejaVuSans-Bold' });
  const layout = new PdfLayout(doc, { regular, bold });

  const onBand = applyBrandColours(layout, snapshot.branding);
  const logo = await embedLogo(doc, snapshot.branding);
  layout.newPage();
  drawCover(layout, snapshot, onBand, logo);

  const entries: { title: string; page: number }[] = [];
  sectionsOf(snapshot).forEach((section, index) => {
    layout.newPage();
    const title = `${index + 1}. ${section.title}`;
    // +2: page numbers are 1-based, and the contents page goes in after the cover.
    entries.push({ title, page: layout.pageIndex + 2 });
    layout.heading(title, 1);
    section.draw(layout);
  });

  layout.page = doc.insertPage(1, [PAGE_WIDTH, PAGE_HEIGHT]);
  layout.y = PAGE_HEIGHT - MARGIN;
  drawContents(layout, entries);
  drawFooters(layout, snapshot);

  const date = new Date(snapshot.generatedAt);
  doc.setTitle(snapshot.report.title, { showInWindowTitleBar: true });
  doc.setAuthor(snapshot.company.name);
  doc.setSubject(`${FRAMEWORK_LABELS[snapshot.report.framework]} report for ${snapshot.report.period}`);
  doc.setKeywords([
    'ESG',
    'sustainability',
    'greenhouse gas',
    snapshot.report.jurisdiction,
    snapshot.report.period,
  ]);
  doc.setCreator(PRODUCT_NAME);
  doc.setProducer(`${PRODUCT_NAME} (pdf-lib)`);
  doc.setLanguage('en-GB');
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  const id = PDFHexString.of(documentId(snapshot));
  doc.context.trailerInfo.ID = doc.context.obj([id, id]);
  doc.catalog.set(PDFName.of('PageMode'), PDFName.of('UseNone'));

  const bytes = await doc.save();
  return { fileName: `report-${snapshot.report.id}.pdf`, contentType: 'application/pdf', bytes };
}
