// A company's report branding in the PDF (Enterprise; docs/decisions/027-custom-branding.md): the
// accent colour on headings, rules, the cover band and table headers, the brand name on the
// cover and in the footers, the logo on the cover. Everything comes from the frozen snapshot, so
// a branded report renders to the same bytes every time; a snapshot without branding (older ones,
// or a plan without custom branding) keeps the default look.
import { decodeBase64 } from '@oslojs/encoding';
import { type PDFDocument, type PDFImage, type RGB, rgb } from 'pdf-lib';
import { parseHexColour } from '../../branding/contrast.ts';
import { measurePngData } from '../../branding/png-data.ts';
import type { ReportSnapshot, SnapshotBranding } from '../snapshot.ts';
import { COLOURS, MARGIN, PAGE_HEIGHT, PAGE_WIDTH, type PdfLayout } from './layout.ts';

/** The logo's box on the cover, in points (it keeps its aspect ratio inside). */
const LOGO_BOX = { width: 150, height: 70 };

/** The name readers see: the brand name when one is set, else the company name. */
export function displayName(snapshot: ReportSnapshot): string {
  return snapshot.branding?.brandName ?? snapshot.company.name;
}

/** `#RRGGBB` as a pdf-lib colour, or null when it is not one. */
function hexToRgb(hex: string): RGB | null {
  const channels = parseHexColour(hex);
  return channels ? rgb(channels[0] / 255, channels[1] / 255, channels[2] / 255) : null;
}

/** 12 % of the colour over white: the pale fill the default look uses for table headers. */
function tintOf(hex: string): RGB | null {
  const channels = parseHexColour(hex);
  if (!channels) return null;
  const [r, g, b] = channels.map((channel) => 0.88 + (0.12 * channel) / 255) as [number, number, number];
  return rgb(r, g, b);
}

/**
 * Sets the layout's accent and tint from the branding. Returns the colour of text on the cover
 * band: pure white when branded, since the colour was checked for 4.5:1 against white (WCAG 2.1
 * AA), and the default's near-white otherwise.
 */
export function applyBrandColours(layout: PdfLayout, branding: SnapshotBranding | null | undefined): RGB {
  const accent = branding ? hexToRgb(branding.accentColour) : null;
  const tint = branding ? tintOf(branding.accentColour) : null;
  if (!accent || !tint) return COLOURS.shade;
  layout.accent = accent;
  layout.tint = tint;
  return rgb(1, 1, 1);
}

/** The logo as a PDF image, or null without one; pdf-lib reads the base64 text directly. */
export async function embedLogo(
  doc: PDFDocument,
  branding: SnapshotBranding | null | undefined,
): Promise<PDFImage | null> {
  const logo = branding?.logo;
  if (!logo) return null;
  // The upload was already embedded once when it was checked (server branding/logo.ts); should a
  // stored logo still fail, the report is rendered without it rather than not at all. A PNG stored
  // before its image data was measured at upload is measured here too: embedPng inflates it whole.
  try {
    if (logo.contentType === 'image/jpeg') return await doc.embedJpg(logo.base64);
    if (!measurePngData(decodeBase64(logo.base64))?.fits) return null;
    return await doc.embedPng(logo.base64);
  } catch {
    return null;
  }
}

/**
 * The logo on the cover, right-aligned on the white below the band, scaled into LOGO_BOX. Answers
 * the width it takes, so what shares that row can keep clear of it.
 */
export function drawCoverLogo(layout: PdfLayout, image: PDFImage): number {
  const scale = Math.min(LOGO_BOX.width / image.width, LOGO_BOX.height / image.height, 1);
  const width = image.width * scale;
  const height = image.height * scale;
  layout.page.drawImage(image, {
    x: PAGE_WIDTH - MARGIN - width,
    y: PAGE_HEIGHT - 270 - height,
    width,
    height,
  });
  return width;
}
