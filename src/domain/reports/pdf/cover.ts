// The cover and the contents page (issue 18): who reports, for which period and framework, which
// version of the report this is and when it was made, and, when the period has no activity data,
// a notice saying so, so that a reader never takes an empty report for a measured zero.
import type { PDFImage, RGB } from 'pdf-lib';
import type { ReportFramework } from '../../contracts/export.ts';
import type { ReportSnapshot } from '../snapshot.ts';
import { displayName, drawCoverLogo } from './branding.ts';
import { formatDate, formatDateTime, formatNumber } from './format.ts';
import { COLOURS, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, type PdfLayout } from './layout.ts';

/** The product name printed on the cover (the same as the client's PRODUCT_NAME). */
export const PRODUCT_NAME = 'ESG Pilot';

export const FRAMEWORK_LABELS: Record<ReportFramework, string> = {
  csrd: 'EU CSRD: Voluntary SME standard (VSME)',
  secr: 'UK Streamlined Energy and Carbon Reporting (SECR)',
  gri: 'GRI Standards',
  sasb: 'SASB Standards',
  tcfd: 'TCFD recommendations',
};

export const NO_ACTIVITY_DATA = 'No activity data recorded for this period';

/**
 * The cover's notice about the period's data, or null when there are figures: no ledger line at
 * all, or lines none of which could be counted (decision 051's coverage).
 */
export function activityNotice(snapshot: ReportSnapshot): string | null {
  const coverage = snapshot.coverage;
  if (coverage) {
    if (coverage.lineCount === 0) return snapshot.inventory ? null : NO_ACTIVITY_DATA;
    if (coverage.notCounted.lineCount < coverage.lineCount) return null;
    const lines = `${formatNumber(coverage.lineCount, 0)} ledger ${coverage.lineCount === 1 ? 'line' : 'lines'}`;
    return `No emissions figures for this period: none of its ${lines} could be counted`;
  }
  // Snapshots stored before coverage: no section has a figure.
  const { inventory, energy, water, waste } = snapshot;
  return inventory || energy || water || waste ? null : NO_ACTIVITY_DATA;
}

/** ["Version", "v2, generated 15 January 2026, 09:30 UTC"]; "Generated" alone before versions. */
function versionFact(snapshot: ReportSnapshot): [string, string] {
  const generated = formatDateTime(snapshot.generatedAt);
  const { version } = snapshot.report;
  return version ? ['Version', `v${version}, generated ${generated}`] : ['Generated', generated];
}

/** `onBand`: the colour of text on the accent band (branding.ts). */
export function drawCover(
  layout: PdfLayout,
  snapshot: ReportSnapshot,
  onBand: RGB,
  logo: PDFImage | null,
): void {
  const { page } = layout;
  page.drawRectangle({ x: 0, y: PAGE_HEIGHT - 230, width: PAGE_WIDTH, height: 230, color: layout.accent });
  page.drawRectangle({ x: 0, y: PAGE_HEIGHT - 238, width: PAGE_WIDTH, height: 8, color: layout.tint });
  const name = displayName(snapshot);
  layout.drawText(name, MARGIN, PAGE_HEIGHT - 120, 26, true, onBand);
  const logoWidth = logo ? drawCoverLogo(layout, logo) : 0;
  layout.y = PAGE_HEIGHT - 150;
  for (const line of layout.wrap(snapshot.report.title, PAGE_WIDTH - 2 * MARGIN, 15)) {
    layout.drawText(line, MARGIN, layout.y - 15, 15, false, onBand);
    layout.y -= 20;
  }
  layout.y = PAGE_HEIGHT - 300;
  const notice = activityNotice(snapshot);
  // Beside the logo, never under it.
  if (notice) drawNotice(layout, notice, PAGE_WIDTH - 2 * MARGIN - (logoWidth > 0 ? logoWidth + 16 : 0));
  const { report } = snapshot;
  const facts: [string, string][] = [
    // A brand name never hides who reports: the legal name stays on the cover.
    ...(name === snapshot.company.name
      ? []
      : [['Reporting entity', snapshot.company.name] as [string, string]]),
    ['Reporting period', `${formatDate(report.periodStart)} to ${formatDate(report.periodEnd)}`],
    ['Framework', FRAMEWORK_LABELS[report.framework]],
    ['Jurisdiction', report.jurisdiction],
    versionFact(snapshot),
    ['Report reference', report.id],
  ];
  for (const [label, value] of facts) {
    layout.drawText(label, MARGIN, layout.y, 9, false, COLOURS.muted);
    layout.drawText(value, MARGIN, layout.y - 15, 12, true);
    layout.y -= 40;
  }
  layout.drawText(`Prepared with ${PRODUCT_NAME}`, MARGIN, 110, 10, false, COLOURS.muted);
}

/** A boxed line in the accent colour above the cover's facts. */
function drawNotice(layout: PdfLayout, text: string, width: number): void {
  const size = 12;
  const lines = layout.wrap(text, width - 24, size, true);
  const height = lines.length * size * 1.4 + 16;
  layout.page.drawRectangle({
    x: MARGIN,
    y: layout.y - height + 12,
    width,
    height,
    borderColor: layout.accent,
    borderWidth: 1.2,
    color: layout.tint,
  });
  lines.forEach((line, index) => {
    layout.drawText(line, MARGIN + 12, layout.y - 8 - index * size * 1.4, size, true, COLOURS.text);
  });
  layout.y -= height + 24;
}

export function drawContents(layout: PdfLayout, entries: { title: string; page: number }[]): void {
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
