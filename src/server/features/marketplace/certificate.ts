// The certificate of one order, as a PDF (pdf-lib): an order confirmation while the order awaits
// payment and retirement, a retirement certificate once an admin recorded the retirement. Built
// only from the order row, whose names, prices and serials were copied at purchase time, and dated
// with the purchase (then retirement) time, so the same order in the same state gives the same bytes.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { AuthedContext } from '../../context.ts';
import { centsToDollars } from './catalogue.ts';
import { getOrder, type OrderRow, serialNumber } from './service.ts';

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 56;
const GREY = rgb(0.35, 0.35, 0.35);

/**
 * The standard fonts only encode WinAnsi: accents are folded (é → e) and anything else becomes
 * '?', so a company name in another script cannot break the certificate.
 */
export function printable(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
}

const utcDateTime = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * The heading and the plain-words status line for the order's state. Our own wording keeps its em
 * dash (WinAnsi has it); every value from the order goes through `printable` first, so both lines
 * are drawn as they are.
 */
function statusLines(order: OrderRow): { heading: string; status: string } {
  const invoice = printable(order.invoiceReference);
  if (order.status === 'retired') {
    // Every retirement through the product records its time; 'a date not recorded' is only for a
    // row changed outside it, which must still not read as pending.
    const on = order.retiredAt ? order.retiredAt.toISOString().slice(0, 10) : 'a date not recorded';
    const recorded = order.retiredAt ? ` on ${utcDateTime(order.retiredAt)}` : '';
    return {
      heading: `Retirement certificate — retired on ${on}`,
      status: `An administrator of ${printable(order.companyName)} recorded${recorded} that invoice ${invoice} was paid and that these credits were retired at the registry.`,
    };
  }
  return {
    heading: `Order confirmation — credits reserved, pending payment of invoice ${invoice} and retirement`,
    status:
      'No payment was taken: no payment provider is connected. The credits below are reserved for this order; they are retired at the registry once the invoice is paid, and this document then becomes a retirement certificate.',
  };
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

class Writer {
  private y = PAGE.height - MARGIN;
  constructor(
    private readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  /** `encoded`: the text is already safe for the font (see `statusLines`), draw it as it is. */
  text(
    value: string,
    options: { size?: number; bold?: boolean; grey?: boolean; gap?: number; encoded?: boolean } = {},
  ) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const safe = options.encoded ? value : printable(value);
    for (const line of wrap(safe, font, size, PAGE.width - 2 * MARGIN)) {
      this.y -= size * 1.35;
      this.page.drawText(line, {
        x: MARGIN,
        y: this.y,
        size,
        font,
        color: options.grey ? GREY : rgb(0, 0, 0),
      });
    }
    this.y -= options.gap ?? 0;
  }

  field(label: string, value: string) {
    const size = 10;
    this.y -= size * 1.6;
    this.page.drawText(printable(label), { x: MARGIN, y: this.y, size, font: this.bold });
    this.page.drawText(printable(value), { x: MARGIN + 150, y: this.y, size, font: this.regular });
  }

  space(points: number) {
    this.y -= points;
  }
}

/** The certificate's bytes for an order row. Pure apart from pdf-lib: same row, same bytes. */
export async function renderCertificate(order: OrderRow): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const { heading, status } = statusLines(order);
  const isRetired = order.status === 'retired';
  pdf.setTitle(`Carbon credit ${isRetired ? 'retirement certificate' : 'order confirmation'} ${order.id}`);
  pdf.setSubject('Carbon credit order and retirement record');
  pdf.setAuthor('ESG reporting');
  pdf.setCreator('ESG reporting');
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(order.createdAt);
  pdf.setModificationDate(order.retiredAt ?? order.createdAt);

  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const out = new Writer(page, regular, bold);

  out.text(heading, { size: 16, bold: true, gap: 4, encoded: true });
  out.text(status, { grey: true, gap: 6, encoded: true });
  // decision 053: the reporting year these credits are compared with, chosen at purchase.
  out.text(`Claimed against ${order.claimYear} emissions`, { bold: true, size: 12, gap: 8 });

  const serials = `${serialNumber(order.registryProjectId, order.vintageYear, order.serialFrom)} to ${serialNumber(order.registryProjectId, order.vintageYear, order.serialTo)}`;
  out.field('Company', order.companyName);
  out.field('Purchased by', order.purchasedByName ?? '-');
  out.field('Project', order.projectName);
  out.field('Registry', order.registry);
  out.field('Registry project id', order.registryProjectId);
  out.field('Vintage', String(order.vintageYear));
  out.field('Quantity', `${order.quantity} tCO2e (${order.quantity} credits)`);
  out.field('Serial numbers', serials);
  out.field('Claimed against', `${order.claimYear} emissions`);
  out.field('Transaction id', order.id);
  out.field('Invoice reference', order.invoiceReference);
  out.field('Status', isRetired ? 'Retired' : 'Ordered, awaiting payment and retirement');
  out.field('Date', utcDateTime(order.createdAt));
  if (order.retiredAt) out.field('Retired on', utcDateTime(order.retiredAt));
  out.field('Price per tCO2e', `${centsToDollars(order.priceCents)} ${order.currency}`);
  out.field('Total', `${centsToDollars(order.totalCents)} ${order.currency}`);
  out.space(24);

  out.text('How to report these credits', { bold: true, size: 11, gap: 2 });
  out.text(
    'Carbon credits are reported separately from gross emissions. They are never subtracted from Scope 1, 2 or 3 totals; a claim names the credits, their registry, vintage and serial numbers next to the gross figures.',
    { gap: 10 },
  );
  out.text('About the catalogue', { bold: true, size: 11, gap: 2 });
  out.text(
    order.illustrative
      ? 'This project comes from the ILLUSTRATIVE catalogue bundled with this product: its name, registry project id, stock and price are examples, not a real registry listing. This certificate records an order in this product; it is not a registry retirement statement.'
      : 'The catalogue is supplied by the configured offset feed. This certificate records an order in this product; the registry retirement statement is the authoritative record once the credits are retired.',
  );

  return pdf.save({ useObjectStreams: false });
}

/** GET /api/carbon-offsets/purchases/:id/certificate: one of the company's orders, or 404. */
export async function getCertificate(ctx: AuthedContext, id: string) {
  const order = await getOrder(ctx, id);
  return { fileName: `offset-certificate-${order.id}.pdf`, bytes: await renderCertificate(order) };
}
