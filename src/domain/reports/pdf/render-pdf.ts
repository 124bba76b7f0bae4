// The PDF report (issue 7): a pure function of a frozen snapshot. Every date, name and identifier
// in the file comes from the snapshot, never the clock or a random source, so rendering a stored
// snapshot again gives the same bytes. Fonts are embedded (subsetted) so text is selectable and
// looks the same everywhere; charts are vector drawing operations.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFHexString, PDFName } from 'pdf-lib';
import type { RenderedReport, ReportSnapshot } from '../snapshot.ts';
import { applyBrandColours, displayName, embedLogo } from './branding.ts';
import { drawContents, drawCover, FRAMEWORK_LABELS, PRODUCT_NAME } from './cover.ts';
import type { ReportFonts } from './fonts.ts';
import { COLOURS, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, PdfLayout } from './layout.ts';
import { drawChecklistAppendix } from './sections-appendix.ts';
import { drawNarratives, drawOffsets, drawSocialGovernance } from './sections-disclosures.ts';
import { drawEnergy, drawInventory, drawProfile } from './sections-environment.ts';
import { drawEvidence, drawMethodology } from './sections-methodology.ts';
import { drawSecr } from './sections-secr.ts';

interface Section {
  title: string;
  draw: (layout: PdfLayout) => void;
}

/**
 * The body: what the report states, the statutory SECR statement first in an SECR report. Then the
 * appendices: the working papers and evidence behind the statements (issue 18, decision 059).
 */
function sectionsOf(snapshot: ReportSnapshot): { body: Section[]; appendices: Section[] } {
  const { uk, offsets, checklist } = snapshot;
  const secr: Section | null = uk
    ? {
        title: 'Streamlined Energy and Carbon Reporting (SECR)',
        draw: (layout) => drawSecr(layout, snapshot, uk),
      }
    : null;
  const isSecr = snapshot.report.framework === 'secr';
  const body: (Section | null)[] = [
    { title: 'Company profile and reporting boundary', draw: (layout) => drawProfile(layout, snapshot) },
    isSecr ? secr : null,
    { title: 'Greenhouse gas inventory', draw: (layout) => drawInventory(layout, snapshot) },
    { title: 'Energy, water and waste', draw: (layout) => drawEnergy(layout, snapshot) },
    { title: 'Social and governance', draw: (layout) => drawSocialGovernance(layout, snapshot) },
    { title: 'Narrative', draw: (layout) => drawNarratives(layout, snapshot) },
    isSecr ? null : secr,
    offsets ? { title: 'Carbon credits', draw: (layout) => drawOffsets(layout, offsets) } : null,
    { title: 'Methodology', draw: (layout) => drawMethodology(layout, snapshot) },
  ];
  const appendices: (Section | null)[] = [
    checklist
      ? { title: 'Disclosure checklist', draw: (layout) => drawChecklistAppendix(layout, checklist) }
      : null,
    { title: 'Evidence and audit log', draw: (layout) => drawEvidence(layout, snapshot) },
  ];
  const present = (section: Section | null): section is Section => section !== null;
  return { body: body.filter(present), appendices: appendices.filter(present) };
}

/** Numbered titles: "1. Methodology" in the body, "Appendix A. Disclosure checklist" after it. */
function numbered(snapshot: ReportSnapshot): Section[] {
  const { body, appendices } = sectionsOf(snapshot);
  return [
    ...body.map((section, index) => ({ ...section, title: `${index + 1}. ${section.title}` })),
    ...appendices.map((section, index) => ({
      ...section,
      title: `Appendix ${String.fromCharCode(65 + index)}. ${section.title}`,
    })),
  ];
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
    const { period, version } = snapshot.report;
    // The version on every page, so printed pages of two versions are not mixed up.
    const left = `${displayName(snapshot)} · ${period}${version ? ` · v${version}` : ''}`;
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

  // Sections are laid out first and the contents page is put in after the cover once their pages
  // are known (it fits on one page: at most a dozen entries).
  const entries: { title: string; page: number }[] = [];
  for (const section of numbered(snapshot)) {
    layout.newPage();
    // +2: page numbers are 1-based, and the contents page goes in after the cover.
    entries.push({ title: section.title, page: layout.pageIndex + 2 });
    layout.heading(section.title, 1);
    section.draw(layout);
  }

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
